// Command browserctl drives a real Chrome from the shell through its
// extension; see cmd for the command tree.
package main

import (
	"os"

	"browserctl/cmd"
)

func main() {
	os.Exit(cmd.Main())
}
