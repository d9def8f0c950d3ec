#!/usr/bin/env bash
# Memory: the hub's resident memory (idle, 10 sessions open, after the
# commands) and the extension service worker's heap after garbage
# collection every 2,000 commands, read over the benchmark's own CDP
# connection to the browser. Batches of 500 lines (reads, evals, one
# snapshot -i in ten) over 10 sessions on corpus pages.
#
#   bench/memory.sh [-memory 10000] [-pages a.html,b.html]
set -euo pipefail
. "$(dirname "$0")/setup.sh"
args=(-memory 10000)
[ $# -gt 0 ] && args=("$@")
go run ./bench/browserbench -bin "$tmp/browserctl" -corpus "$corpus" -chromium "$chromium" \
  -pages lwn-1.html,gitlab-blog.html,heise.html,ars-1.html "${args[@]}"
