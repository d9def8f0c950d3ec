#!/usr/bin/env bash
# bench/oneshot.sh [N]: N one-shot `browserctl tab active` runs against a
# warm background hub with a fake extension peer, next to curl sending the
# same POST /rpc, and /bin/true as the process floor. Median and p90.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-300}
tmp=$(mktemp -d)
cleanup() {
  [ -n "${fake:-}" ] && kill "$fake" 2>/dev/null || true
  BROWSERCTL_HOME=$tmp "$tmp/browserctl" stop 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/browserctl" .
CGO_ENABLED=0 go build -o "$tmp/browserctl-static" . # no libc to load: ~1.5 ms less per process
go build -o "$tmp/oneshot" ./bench/oneshot
. bench/fakepeer.sh
start_fake_peer "$tmp/browserctl"
port=${BROWSERCTL_SERVER##*:}

body='{"jsonrpc":"2.0","id":1,"method":"tabs.active","params":{}}'
echo "go $(go env GOVERSION), $(nproc) cores, $N runs each"
"$tmp/oneshot" -n "$N" -label "/bin/true" -- /bin/true
"$tmp/oneshot" -n "$N" -label "curl POST /rpc" -- curl -s -o /dev/null -H "Authorization: Bearer $BROWSERCTL_TOKEN" \
  -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$port/rpc"
"$tmp/oneshot" -n "$N" -label "browserctl tab active" -- "$tmp/browserctl" tab active
"$tmp/oneshot" -n "$N" -label "browserctl --json tab active" -- "$tmp/browserctl" --json tab active
"$tmp/oneshot" -n "$N" -label "  same, CGO_ENABLED=0" -- "$tmp/browserctl-static" --json tab active
