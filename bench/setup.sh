# Sourced by the browser benchmarks (browser.sh, mcp.sh): finds the corpus
# and Chromium, and builds the binary as the Makefile ships it (static, no
# libc to load: ~1.5 ms a process) into $tmp, removed on exit.
# Sets: root, corpus, chromium, tmp.
name=$(basename "$0")
cd "$(dirname "$0")/.."
root=$(pwd)

corpus=${BENCH_CORPUS:-}
if [ -z "$corpus" ]; then
  for d in "$root/../shared/corpus/pages" /work/shared/corpus/pages; do
    if [ -d "$d" ]; then corpus=$d; break; fi
  done
fi
[ -n "$corpus" ] || { echo "$name: no corpus (set BENCH_CORPUS)" >&2; exit 1; }
chromium=${BROWSERCTL_CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}
[ -x "$chromium" ] || { echo "$name: no Chromium at $chromium (scripts/deps.sh installs it)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/browserctl" .
