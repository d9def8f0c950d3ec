#!/usr/bin/env bash
# The MCP benchmark: browser_snapshot's result through `browserctl mcp` and
# through Playwright MCP 0.0.83, both driven by the MCP Go SDK's client over
# stdio, on every corpus page, Debian's Chromium with the same flags.
# Characters (tokens ~ chars/4), the controls each names, and time. With
# -mcp-tools N instead: browser_navigate, browser_snapshot, browser_type and
# browser_click timed per call on a login page, N rounds, the two servers
# alternating, each answer checked, and the ratios; beside them the
# browser's own navigation in the same browser (bare CDP in a tab of its
# own), the floor browser_navigate is measured against.
#
#   bench/mcp.sh [-runs 3] [-pages a.html,b.html]
#   bench/mcp.sh -mcp-tools 8
set -euo pipefail
. "$(dirname "$0")/setup.sh"
if [ ! -d bench/mcp/node_modules/@playwright/mcp ]; then
  # --ignore-scripts: no browser download; Playwright MCP runs Debian's Chromium.
  (cd bench/mcp && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
go run ./bench/browserbench -mcp -runs 3 -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" \
  -playwright-mcp "$root/bench/mcp/node_modules/@playwright/mcp/cli.js" "$@"
