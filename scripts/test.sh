#!/usr/bin/env bash
# Runs every test of the project, installing what they need first.
# `make test` and .ci/run both call this.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh

echo "== go: generated files match rpc/ (go generate)" >&2
generated=(extension/src/background/protocol.gen.ts docs/protocol.md)
go generate ./...
if [ -n "$(git status --porcelain -- "${generated[@]}")" ]; then
  git --no-pager diff --stat -- "${generated[@]}" >&2
  echo "go generate ./... changed ${generated[*]}: run it and commit what it writes" >&2
  exit 1
fi

echo "== extension: install, typecheck, build" >&2
(cd extension && npm ci --no-audit --no-fund --loglevel=error && npm run build)
echo "== extension: dist matches src" >&2
if ! git diff --quiet --exit-code -- extension/dist; then
  git --no-pager diff --stat -- extension/dist >&2
  echo "extension/dist differs from a fresh build of extension/src: run 'cd extension && npm run build' and commit dist" >&2
  exit 1
fi
if [ -n "$(git status --porcelain --untracked-files=all -- extension/dist)" ]; then
  git status --porcelain --untracked-files=all -- extension/dist >&2
  echo "extension/dist has files a fresh build makes that are not committed" >&2
  exit 1
fi

# The end-to-end tests mostly wait on the browser (loads, timeouts, the
# page's timers): they run beside everything below instead of after it, so
# the whole run takes about as long as they do (12 min on two cores).
# E2E_SHARDS=2 runs them over two browsers at once (scripts/e2e.sh, each
# its own harness): 8-9 min, but not the default yet, because two browsers
# beside the race tests load two cores enough that a few timing-bound tests
# fail now and then (see scripts/e2e.sh). Their output is kept in a file
# and printed when they end; every step's failure fails the run.
e2e_log=$(mktemp)
if [ "${E2E_SHARDS:-1}" -gt 1 ]; then
  echo "== go: end to end in headless Chromium, $E2E_SHARDS browsers (beside the steps below; its output at the end)" >&2
  scripts/e2e.sh >"$e2e_log" 2>&1 &
else
  echo "== go: end to end in headless Chromium (beside the steps below; its output at the end)" >&2
  go test -count=1 -timeout 45m ./e2e/... >"$e2e_log" 2>&1 &
fi
e2e_pid=$!
trap 'kill "$e2e_pid" 2>/dev/null || true; rm -f "$e2e_log"' EXIT

status=0
echo "== extension: unit tests" >&2
(cd extension && npm test) || status=1

echo "== go: vet" >&2
go vet ./... || status=1

# staticcheck at a pinned version, run with `go run pkg@version` rather than
# a tool line in go.mod: a tool requirement would raise the versions of
# golang.org/x/sys and x/tools that the browserctl binary itself builds with.
echo "== go: staticcheck" >&2
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... || status=1

echo "== go: unit, hub, cli and testscript tests (race detector)" >&2
go test -race -count=1 $(go list ./... | grep -v /e2e) || status=1

echo "== go: end to end in headless Chromium (waiting for it)" >&2
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
cat "$e2e_log"
if [ "$e2e_status" -ne 0 ]; then
  echo "the end-to-end tests failed (exit $e2e_status)" >&2
  status=1
fi
exit "$status"
