# The two commands of the README:
#   make demo   build, start the hub, launch Chromium with the extension, open the REPL
#   make test   install what the tests need and run every test
.PHONY: demo test test-fast build install extension bench bench-flow bench-memory bench-agent

build:
	CGO_ENABLED=0 go build -o bin/browserctl .

# browserctl on PATH: $(PREFIX)/bin (default /usr/local/bin; PREFIX=$$HOME/.local
# for a user install). `go install .` does the same into $(go env GOPATH)/bin.
PREFIX ?= /usr/local
install:
	mkdir -p $(DESTDIR)$(PREFIX)/bin
	CGO_ENABLED=0 go build -o $(DESTDIR)$(PREFIX)/bin/browserctl .

extension:
	cd extension && npm ci --no-audit --no-fund --loglevel=error && npm run build

demo:
	scripts/demo.sh

test:
	scripts/test.sh

# The edit loop: everything but the browser (no Chromium, no e2e), in about
# a minute; `make test` is still what CI runs.
test-fast:
	go vet ./...
	go test -count=1 $$(go list ./... | grep -v /e2e)
	cd extension && npm test

bench:
	go test -run '^$$' -bench . -benchmem ./hub
	bench/oneshot.sh
	bench/browser.sh
	bench/mcp.sh

bench-flow:
	bench/flow.sh

bench-memory:
	bench/memory.sh

# The agent task benchmark: six tasks through browserctl mcp, Playwright MCP
# and agent-browser's MCP, two agent styles, three runs (bench/agent.sh).
bench-agent:
	bench/agent.sh
