#!/usr/bin/env bash
# The main job on a fresh machine: install Chromium when missing, build the
# binary, start the hub, launch Chromium with the extension loaded and
# connected, and open the REPL on it.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
CGO_ENABLED=0 go build -o bin/browserctl .

headless=()
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "demo: no display found, launching Chromium headless" >&2
  headless=(--headless)
fi
# reuses a browser that is already connected (run twice, one browser)
bin/browserctl launch "${headless[@]}"
exec bin/browserctl repl
