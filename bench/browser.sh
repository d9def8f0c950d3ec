#!/usr/bin/env bash
# Browser-level benchmarks: a warm hub and the extension in headless
# Chromium; one-shot `get title` wall time, `snapshot` / `snapshot -i` time
# and size on every corpus page, and Playwright's
# locator('body').ariaSnapshot() and agent-browser's one-shot `get title` and
# `snapshot -i` on the same pages in the same run.
# Prints a markdown table to stdout.
#
#   bench/browser.sh [-titles 200] [-runs 5] [-pages a.html,b.html] [-ext DIR]
#
# -ext loads a freshly built extension dist/ instead of the embedded one.
# Needs Debian's chromium and node/npm (scripts/deps.sh installs them);
# playwright-core uses that Chromium, never a browser download of its own.
set -euo pipefail
. "$(dirname "$0")/setup.sh"

aria=""
ab=""
if command -v node >/dev/null 2>&1; then
  if [ ! -d bench/node_modules/playwright-core ] || [ ! -d bench/node_modules/agent-browser ]; then
    # --ignore-scripts: agent-browser's postinstall would fetch a binary the
    # package already carries.
    (cd bench && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  fi
  aria="$root/bench/aria.mjs"
  case "$(uname -m)" in
    x86_64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-x64" ;;
    aarch64) ab="$root/bench/node_modules/agent-browser/bin/agent-browser-linux-arm64" ;;
  esac
  if [ -n "$ab" ] && [ -f "$ab" ]; then chmod +x "$ab"; else ab=""; fi
else
  echo "browser.sh: no node; skipping the Playwright and agent-browser peers" >&2
fi

go run ./bench/browserbench -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" -aria "$aria" -agent-browser "$ab" "$@"
