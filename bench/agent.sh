#!/usr/bin/env bash
# The agent task benchmark: a scripted agent, no model,
# does six tasks on a test site of two origins (sign in; open one named
# item of a 300-item list and read its number; fill a 12-field form with a
# select, a checkbox and an upload, submit and read the order number;
# follow a link into a new tab and read a value; accept a confirm dialog;
# read a value in a cross-origin frame) through each MCP server's own
# tools: `browserctl mcp`, Playwright MCP 0.0.83 and agent-browser 0.41.2's
# `agent-browser mcp` (its default tools), all driven by the MCP Go SDK's
# client over stdio on Debian's Chromium with the same flags. Two agent
# styles: find first, snapshot first. It counts every character the agent
# reads (tools/list once, then every result's text) and each task's wall
# time, checks each task from the site's records, and prints a table per
# run and style with the ratios browserctl / best peer.
#
#   bench/agent.sh [-agent 3] [-agent-servers browserctl,playwright] [-agent-log]
set -euo pipefail
# The tasks' pages are served by the benchmark itself: no corpus needed.
export BENCH_CORPUS=${BENCH_CORPUS:-unused}
. "$(dirname "$0")/setup.sh"
if [ ! -d bench/mcp/node_modules/@playwright/mcp ]; then
  (cd bench/mcp && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
ab=""
if [ ! -d bench/node_modules/agent-browser ]; then
  # --ignore-scripts: agent-browser's postinstall would fetch a binary the
  # package already carries.
  (cd bench && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) || true
fi
case "$(uname -m)" in
  x86_64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-x64" ;;
  aarch64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-arm64" ;;
esac
if [ -n "$ab" ] && [ -f "$ab" ]; then chmod +x "$ab"; else ab=""; echo "agent.sh: no agent-browser; the two others" >&2; fi

args=(-agent 3)
[ $# -gt 0 ] && args=("$@")
go run ./bench/browserbench -bin "$tmp/browserctl" -chromium "$chromium" \
  -playwright-mcp "$root/bench/mcp/node_modules/@playwright/mcp/cli.js" -agent-browser-mcp "$ab" "${args[@]}"
