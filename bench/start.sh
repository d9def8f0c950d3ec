#!/usr/bin/env bash
# bench/start.sh OLD NEW [N]: the process start of two browserctl binaries,
# interleaved (which goes first alternates each round), N runs of each case
# (default 40): commands that call nothing (`token`, `--version`, `help`),
# usage errors of declared commands (`fill`, `click`, `set viewport`), and
# one-shot calls (`tab active`) to a warm background hub whose extension is
# the fake peer of cmd's tests. Prints each case's medians and the change.
# CASES="token|get title --tab x" narrows the cases.
#
#   CGO_ENABLED=0 go build -o /tmp/new . && (cd ../old && CGO_ENABLED=0 go build -o /tmp/old .)
#   bench/start.sh /tmp/old /tmp/new
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bench/start.sh OLD NEW [N]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2") N=${3:-40}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
fake=""
cleanup() {
  [ -n "$fake" ] && kill "$fake" 2>/dev/null || true
  BROWSERCTL_HOME=$tmp "$new" stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# Both binaries copied afresh, one right after the other: the same binary
# starts 5-6% faster from a file written minutes later than from an older
# one (page cache placement), which would pass for a change of the code.
cp "$old" "$tmp/old" && cp "$new" "$tmp/new"
old=$tmp/old new=$tmp/new
. bench/fakepeer.sh
start_fake_peer "$new"

python3 - "$old" "$new" "$N" <<'PY'
import os, shlex, statistics, subprocess, sys, time
old, new, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
cases = [shlex.split(c) for c in os.environ.get(
    "CASES", "token|--version|help|fill|click|set viewport|tab active|--json tab active").split("|")]
res = {}
for r in range(n):
    for c in cases:
        for b in ((old, new) if r % 2 == 0 else (new, old)):
            t = time.perf_counter()
            subprocess.run([b] + c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            res.setdefault((b, tuple(c)), []).append((time.perf_counter() - t) * 1000)
print("| command | old ms | new ms | change |")
print("|---|---|---|---|")
for c in cases:
    o, w = statistics.median(res[(old, tuple(c))]), statistics.median(res[(new, tuple(c))])
    print("| `%s` | %.2f | %.2f | %+.1f%% |" % (" ".join(c), o, w, (w / o - 1) * 100))
PY
