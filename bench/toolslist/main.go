// Command toolslist starts an MCP server over stdio, lists its tools and
// prints the size of the tools/list result (bytes, tokens as chars/4), the
// number of tools and the time from start to the listed tools.
//
//	go run ./bench/toolslist -- browserctl mcp
//	go run ./bench/toolslist -names -- node bench/mcp/node_modules/@playwright/mcp/cli.js --headless
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	names := flag.Bool("names", false, "print each tool's name and schema size")
	dump := flag.String("dump", "", "write the tools as JSON to this file")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: toolslist [-names] [-dump FILE] -- COMMAND [ARG...]")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "toolslist", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "connect:", err)
		os.Exit(1)
	}
	defer cs.Close()
	connected := time.Since(start)
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tools/list:", err)
		os.Exit(1)
	}
	listed := time.Since(start)
	b, _ := json.Marshal(res)
	if *dump != "" {
		out, _ := json.MarshalIndent(res.Tools, "", "  ")
		_ = os.WriteFile(*dump, out, 0o644)
	}
	if *names {
		for _, t := range res.Tools {
			tb, _ := json.Marshal(t)
			fmt.Printf("%-32s %6d bytes\n", t.Name, len(tb))
		}
	}
	fmt.Printf("tools=%d bytes=%d tokens~%d initialize=%s listed=%s\n", len(res.Tools), len(b), len(b)/4, connected.Round(time.Millisecond), listed.Round(time.Millisecond))
}
