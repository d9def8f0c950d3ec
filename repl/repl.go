// Package repl is browserctl's interactive loop: read a line, split it like
// a shell would, run it, print what went wrong, keep going. It knows nothing
// of commands: the caller hands it how to run and complete a line, the
// prompt, and the notices to print above the prompt.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/chzyer/readline"
)

// Config is what the loop needs from its caller.
type Config struct {
	// Prompt is asked for before every line, and after every notice.
	Prompt func() string
	// Run runs one line's arguments; it prints its own output and errors.
	Run func(ctx context.Context, args []string)
	// Complete answers candidates for the word being typed (toComplete)
	// after the complete words args: whole words, each with a description
	// after a tab when it has one.
	Complete func(args []string, toComplete string) []string
	// HistoryFile keeps the lines between runs ("" for none).
	HistoryFile string
	// Notices are printed above the prompt as they come; the loop ends
	// reading them when it ends.
	Notices <-chan string

	Stdin  io.ReadCloser
	Stdout io.Writer
	Stderr io.Writer
	// Terminal forces line editing on or off (tests on a pipe); nil asks
	// the terminal.
	Terminal *bool
}

// Loop runs until Ctrl-D, `exit`/`quit`, or ctx is done.
func Loop(ctx context.Context, cfg Config) error {
	comp := &completer{complete: cfg.Complete, width: readline.GetScreenWidth}
	interactive := readline.DefaultIsTerminal()
	if cfg.Terminal != nil {
		interactive = *cfg.Terminal
	}
	if !interactive {
		return plainLoop(ctx, cfg) // lines from a pipe or a file: see plain.go
	}
	rc := &readline.Config{
		Prompt:       cfg.Prompt(),
		HistoryFile:  cfg.HistoryFile,
		HistoryLimit: 1000,
		// lines are saved trimmed, after a completion's trailing space
		DisableAutoSaveHistory: true,
		AutoComplete:           comp,
		InterruptPrompt:        "^C",
		EOFPrompt:              "exit",
		Stdin:                  cfg.Stdin,
		Stdout:                 cfg.Stdout,
		Stderr:                 cfg.Stderr,
	}
	if cfg.Terminal != nil {
		on := *cfg.Terminal
		rc.FuncIsTerminal = func() bool { return on }
	}
	rl, err := readline.NewEx(rc)
	if err != nil {
		return err
	}
	defer rl.Close()
	var above sync.Mutex // one notice or completion list at a time
	comp.show = func(list string) {
		above.Lock()
		defer above.Unlock()
		printAbove(rl, cfg.Stdout, list)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.Notices != nil {
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case n, ok := <-cfg.Notices:
					if !ok {
						return
					}
					rl.SetPrompt(cfg.Prompt())
					above.Lock()
					printAbove(rl, cfg.Stdout, n)
					above.Unlock()
				}
			}
		}()
	}

	for ctx.Err() == nil {
		rl.SetPrompt(cfg.Prompt())
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			continue // Ctrl-C: the line is dropped, a fresh prompt
		case errors.Is(err, io.EOF):
			return nil // Ctrl-D
		case err != nil:
			return err
		}
		if runLine(ctx, cfg, line, rl.SaveHistory) {
			return nil
		}
	}
	return nil
}

// SplitLine splits a line of a batch script (see words.go): nil for a
// blank line or a comment.
func SplitLine(line string) ([]string, error) {
	return ScriptWords(line)
}

// runLine runs one line read by either loop: saved to the history (by
// save) unless blank, skipped when a comment, split as words.go says. It
// answers true for `exit` or `quit`.
func runLine(ctx context.Context, cfg Config, line string, save func(string) error) (exit bool) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), BOM))
	if line == "" {
		return false
	}
	_ = save(line)
	args, err := Words(line)
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "error: %v\n", err)
		return false
	}
	if len(args) == 0 {
		return false
	}
	if args[0] == "exit" || args[0] == "quit" {
		return true
	}
	cfg.Run(ctx, args)
	return false
}

// SplitPartial splits a line being typed: the complete words, and the word
// under the cursor ("" after a space). An open quote counts as part of the
// last word.
func SplitPartial(line string) (args []string, toComplete string) {
	sc := scanWords(line, nil)
	if sc.inWord {
		return sc.words, sc.last
	}
	return sc.words, ""
}

// printAbove prints a notice above the line being edited: clear the prompt
// line, print, redraw it. (rl.Stdout() does the same but reads the
// completer's state from this goroutine, a data race in readline 1.5.1;
// Clean and Refresh take the line buffer's lock.)
func printAbove(rl *readline.Instance, w io.Writer, notice string) {
	if !rl.Terminal.IsReading() {
		fmt.Fprintln(w, notice)
		return
	}
	rl.Clean()
	fmt.Fprintln(w, notice)
	rl.Refresh()
}
