package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// plainLoop is the loop for lines that do not come from a terminal (a pipe,
// a file, a here-document): no prompt, no line editing, each line read
// whole with a bufio.Reader, whatever its length; notices go to stderr.
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
	br := bufio.NewReaderSize(cfg.Stdin, 64<<10)
	for ctx.Err() == nil {
		line, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if line == "" && err != nil {
			return nil // end of input: as Ctrl-D
		}
		// the line may contain a \r (CRLF files), which shlex would keep
		if runLine(ctx, cfg, strings.TrimRight(line, "\r\n"), save) {
			return nil
		}
		if err != nil {
			return nil
		}
	}
	return nil
}
