#!/usr/bin/env bash
# Record actions: the person's clicks (trusted CDP input) with and without
# a recording, their round trip in ms, and the page's and the extension
# worker's heap after GC every 2,000 recorded clicks.
#
#   bench/record-actions.sh [-record-actions 10000]
set -euo pipefail
. "$(dirname "$0")/setup.sh"
args=(-record-actions 10000)
[ $# -gt 0 ] && args=("$@")
go run ./bench/browserbench -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" \
  -pages lwn-1.html "${args[@]}"
