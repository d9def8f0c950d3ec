#!/usr/bin/env bash
# The representative flow: ten commands a user's script runs (open a login
# page, snapshot -i, fill, fill, click, wait --text, get text, open a list of
# 300 items, snapshot -i, eval), each result checked, as ten one-shot
# processes and as one batch, side by side with agent-browser 0.41.2 when
# bench/node_modules has it (npm ci in bench/ installs it; its native binary,
# Debian's Chromium, the same flags). Both daemons warm; the tools alternate
# which goes first each round. Prints a markdown table with per-step medians
# and the ratios.
#
#   bench/flow.sh [-flow 8] [-ext DIR]
set -euo pipefail
. "$(dirname "$0")/setup.sh"

ab=""
if command -v node >/dev/null 2>&1; then
  if [ ! -d bench/node_modules/agent-browser ]; then
    # --ignore-scripts: agent-browser's postinstall would fetch a binary the
    # package already carries.
    (cd bench && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  fi
  case "$(uname -m)" in
    x86_64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-x64" ;;
    aarch64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-arm64" ;;
  esac
  if [ -n "$ab" ] && [ -f "$ab" ]; then chmod +x "$ab"; else ab=""; fi
fi
[ -n "$ab" ] || echo "flow.sh: no agent-browser; browserctl alone" >&2

args=(-flow 8)
[ $# -gt 0 ] && args=("$@")
go run ./bench/browserbench -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" -agent-browser "$ab" -pages wikipedia.html "${args[@]}"
