#!/usr/bin/env bash
# The MCP benchmark: browser_snapshot's result through `browserctl mcp` and
# through Playwright MCP 0.0.83, both driven by the MCP Go SDK's client over
# stdio, on every corpus page, Debian's Chromium with the same flags.
# Characters (tokens ~ chars/4), the controls each names, and time.
#
#   bench/mcp.sh [-runs 3] [-pages a.html,b.html]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
corpus=${BENCH_CORPUS:-}
if [ -z "$corpus" ]; then
  for d in "$root/../shared/corpus/pages" /work/shared/corpus/pages; do
    if [ -d "$d" ]; then corpus=$d; break; fi
  done
fi
[ -n "$corpus" ] || { echo "mcp.sh: no corpus (set BENCH_CORPUS)" >&2; exit 1; }
chromium=${BROWSERCTL_CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/browserctl" .
if [ ! -d bench/mcp/node_modules/@playwright/mcp ]; then
  # --ignore-scripts: no browser download; Playwright MCP runs Debian's Chromium.
  (cd bench/mcp && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
go run ./bench/browserbench -mcp -runs 3 -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" \
  -playwright-mcp "$root/bench/mcp/node_modules/@playwright/mcp/cli.js" "$@"
