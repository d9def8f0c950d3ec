package cmd

// set credentials: where the password comes from.

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// maxPassword bounds what is read from stdin for a password.
const maxPassword = 4 << 10

func init() {
	// set credentials USER: the password from $BROWSERCTL_PASSWORD, else
	// stdin. A PASSWORD argument is refused: ps shows a command's arguments
	// to every user of the machine, and the shell's history keeps them.
	cmdutil.Preparers[rpc.PrepareSetCredentials] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		p := pc.Params.(rpc.EmulationSetParams)
		c := p.Settings.Credentials
		if c == nil { // USER is required, so it is there
			c = &rpc.Credentials{}
		}
		switch {
		case len(args) > 1:
			return cmdutil.UsageErrorf("set credentials takes no PASSWORD argument (every user of this machine sees arguments in ps): pipe the password on stdin or set $BROWSERCTL_PASSWORD")
		case f.Getenv("BROWSERCTL_PASSWORD") != "":
			c.Password = f.Getenv("BROWSERCTL_PASSWORD")
		case f.InREPL:
			return cmdutil.UsageErrorf("in the REPL or a batch the password comes from $BROWSERCTL_PASSWORD (stdin holds the command lines)")
		case f.IO.IsStdinTTY():
			return cmdutil.UsageErrorf("pipe the password on stdin or set $BROWSERCTL_PASSWORD")
		default:
			pw, err := readPassword(f.IO.In)
			if err != nil {
				return err
			}
			c.Password = pw
		}
		p.Settings.Credentials = c
		pc.Params = p
		return nil
	}
}

// readPassword reads the first line of r, without its line ending.
func readPassword(r io.Reader) (string, error) {
	line, err := bufio.NewReaderSize(io.LimitReader(r, maxPassword+1), maxPassword+1).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("reading the password from stdin: %w", err)
	}
	if len(line) > maxPassword {
		return "", cmdutil.UsageErrorf("the password on stdin is over %d bytes", maxPassword)
	}
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if line == "" {
		return "", cmdutil.UsageErrorf("no password on stdin: pipe it there or set $BROWSERCTL_PASSWORD")
	}
	return line, nil
}
