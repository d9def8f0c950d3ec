package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// plainLoop is the loop for lines that do not come from a terminal (a pipe,
// a file, a here-document): no prompt, no line editing, each line read
// whole (LineReader, up to MaxLineBytes); notices go to stderr.
//
// readline is no use here: it feeds every rune of a line through its line
// editor, which redraws the line after each one, so a 1 MiB line took more
// than ten minutes (quadratic). Here it takes milliseconds
// (BenchmarkPlainLongLine).
func plainLoop(ctx context.Context, cfg Config) error {
	save := func(string) error { return nil }
	if cfg.HistoryFile != "" {
		if hf, err := os.OpenFile(cfg.HistoryFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600); err == nil {
			defer hf.Close()
			// the file readline reads at the next interactive start: one
			// line per entry
			save = func(line string) error {
				_, err := io.WriteString(hf, line+"\n")
				return err
			}
		}
	}
	if cfg.Notices != nil {
		done := make(chan struct{})
		defer close(done)
		go func() {
			for {
				select {
				case <-done:
					return
				case <-ctx.Done():
					return
				case n, ok := <-cfg.Notices:
					if !ok {
						return
					}
					fmt.Fprintln(cfg.Stderr, n) // stdout carries only results
				}
			}
		}()
	}
	lines := NewLineReader(cfg.Stdin)
	for ctx.Err() == nil {
		line, _, err := lines.Next()
		var long *LineTooLongError
		switch {
		case errors.As(err, &long):
			fmt.Fprintf(cfg.Stderr, "error: %v\n", err)
			continue
		case errors.Is(err, io.EOF):
			return nil // end of input: as Ctrl-D
		case err != nil:
			return err
		}
		if runLine(ctx, cfg, line, save) {
			return nil
		}
	}
	return nil
}
