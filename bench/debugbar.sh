#!/usr/bin/env bash
# Chrome's "started debugging this browser" bar, checked in a headful
# Chromium under Xvfb (apt-get install xvfb): the page's viewport with the
# debugger attached, and what the first call after an attach that brings
# the bar back sees (a release, 7 s for the bar to go, attach-current, eval
# innerHeight at once and 0.5 s later). Without the wait for the new
# viewport (pages/core/debug-bar.ts) the first call sees the old, taller
# one.
#
#   bench/debugbar.sh [BINARY]        # default: a fresh build
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  bin=$(mktemp -d)/browserctl
  go build -o "$bin" .
fi
display=:97
Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb=$!
pages=$(mktemp -d)
echo '<!doctype html><title>size</title><h1>size</h1>' >"$pages/size.html"
port=$((20000 + RANDOM % 20000))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$pages" >/dev/null 2>&1 &
web=$!
export BROWSERCTL_HOME=$(mktemp -d) BROWSERCTL_SERVER=127.0.0.1:$((20000 + RANDOM % 20000)) DISPLAY=$display
cleanup() {
  "$bin" stop >/dev/null 2>&1 || true
  kill "$web" "$xvfb" 2>/dev/null || true
  rm -rf "$BROWSERCTL_HOME" "$pages"
}
trap cleanup EXIT
sleep 1
"$bin" launch >/dev/null 2>&1
"$bin" status --wait 40s >/dev/null
"$bin" session create --url "http://127.0.0.1:$port/size.html" >/dev/null
sleep 1
echo "attached: innerHeight $("$bin" eval innerHeight)"
for i in 1 2 3; do
  "$bin" session release >/dev/null
  sleep 7
  "$bin" session attach-current >/dev/null
  first=$("$bin" eval innerHeight)
  sleep 0.5
  echo "the first call after the attach that brings the bar back: innerHeight $first; 0.5 s later $("$bin" eval innerHeight)"
done
