// Command gen writes the protocol's generated files from package rpc's
// tables (run by `go generate ./...`, from rpc/methods.go).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"browserctl/internal/protogen"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	files, err := protogen.Generate(protogen.FromRPC(), func(p string) ([]byte, error) {
		return os.ReadFile(filepath.Join(*root, p))
	})
	if err == nil {
		err = protogen.Write(*root, files)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "protogen:", err)
		os.Exit(1)
	}
}
