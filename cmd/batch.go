package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/batchreport"
	"browserctl/cmd/internal/failure"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/termsafe"
	"browserctl/repl"
	"browserctl/rpc"
)

func newCmdBatch(f *cmdutil.Factory) *cobra.Command {
	var file string
	var keepGoing, report bool
	c := &cobra.Command{
		Use:   "batch [-f FILE] [--report]",
		Short: "Run command lines from stdin or a file in one process, over one connection to the hub",
		Long: `Read command lines (the words of a browserctl command; a first word
"browserctl" is ignored) from stdin or -f FILE and run them one after the
other over one connection to the hub, printing each result as it comes.
Blank lines are skipped, and so are comments: lines whose first non-blank
character is # (a # later in a line is part of it: get text #msg reads the
selector #msg). A UTF-8 byte order mark is ignored. Lines are split as a
shell would, except that a line starting with "eval " passes the rest of
the line to the page as it is. A line may be up to ` + repl.MaxLineText + ` long; a
longer one fails (exit 2) and is not run. The run holds a session of its
own, starting on the shells' current session (or --session): its session
create, attach-current and use change only its own.

batch stops at the first line that fails unless --keep-going, and exits with
the first failure's exit code. With --report it then says where it broke, on
stderr after the run: the first failing line's number and text, the reason
in one word (not_found, covered, not_visible, timeout, usage ...), and an
excerpt of the page's snapshot around where the line's target was, the line
most like it marked with ">" (a renamed button shows under its new name).
--report --json prints instead one JSON object for the whole run, and
nothing per line: {"ok", "ran", "line", "command", "reason", "exit",
"error", "target", "url", "title", "near", "excerpt"}. With --json it prints one JSON object per
line: {"command": LINE, "result": ...} or {"command": LINE, "error":
{"code", "name", "message"}, "exit": N} ("exit" also when a line printed a
result and exited non-zero, as ` + "`is`" + ` does for false).`,
		Example: `  printf 'click "#accept"\nfill "input[name=q]" hello\npress Enter\nget title\n' | browserctl batch
  browserctl batch -f steps.txt --keep-going
  browserctl batch --json < steps.txt
  browserctl batch -f flow.txt --report
  browserctl batch -f flow.txt --report --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if f.InREPL {
				return cmdutil.UsageErrorf("batch cannot run inside the REPL or another batch")
			}
			in := f.IO.In
			if file != "" && file != "-" {
				fh, err := os.Open(file)
				if err != nil {
					return err
				}
				defer fh.Close()
				in = fh
			}
			source := "stdin"
			if file != "" && file != "-" {
				source = file
			}
			return runBatch(c.Context(), f, in, source, keepGoing, report)
		},
		Annotations: cmdutil.NotReplayed(rpc.RunsOthers),
	}
	c.Flags().StringVarP(&file, "file", "f", "", "read the lines from FILE (default stdin)")
	c.Flags().BoolVar(&keepGoing, "keep-going", false, "run every line even after one fails")
	c.Flags().BoolVar(&report, "report", false, "say where the run broke: the first failing line, why, and the page around its target (--json: one object)")
	return c
}

// batchRefused are the commands a batch line cannot be: they hold the
// process (repl, serve) or read stdin themselves (batch).
var batchRefused = []string{"batch", "repl", "serve"}

// batchLine is one line's --json output.
type batchLine struct {
	Command string          `json:"command"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *batchError     `json:"error,omitempty"`
	Exit    int             `json:"exit,omitempty"`
}

type batchError struct {
	Code      int    `json:"code,omitempty"`
	Name      string `json:"name,omitempty"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable,omitempty"`
}

// runBatch runs the lines of in. Every line goes through one controller,
// so one connection to the hub (hubclient.Client keeps it alive between calls).
func runBatch(ctx context.Context, f *cmdutil.Factory, in io.Reader, source string, keepGoing, report bool) error {
	ctrl, err := f.Hub()
	if err != nil {
		return err
	}
	// the run holds its own session, starting on the shells' current one
	own := hubclient.NewOwn(ctrl, "this batch run", startSession(ctx, f, ctrl))
	own.SetCaller(hubapi.Caller{Kind: "batch", Name: source, PID: os.Getpid()})
	lineF := replFactory(f, own).Factory
	first := cmdutil.ExitOK
	var rep *batchreport.Report
	if report {
		rep = &batchreport.Report{OK: true}
	}
	// --report --json: one object for the run, nothing per line
	quiet := report && f.Globals.JSON
	lines := repl.NewLineReader(in)
	for {
		line, n, err := lines.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var long *repl.LineTooLongError
		var code cmdutil.ExitCode
		var lineErr error
		text := ""
		switch {
		case errors.As(err, &long):
			lineErr = cmdutil.UsageErrorf("%v", err)
			if !quiet {
				code = reportBatchError(f, n, "", lineErr)
			} else {
				code = cmdutil.ExitCodeFor(lineErr)
			}
		case err != nil:
			return fmt.Errorf("reading the lines: %w", err)
		case repl.IsComment(line):
			continue
		default:
			text = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), repl.BOM))
			code, lineErr = runBatchLine(ctx, f, lineF, n, text, quiet)
		}
		if rep != nil {
			rep.Ran++
			if code != cmdutil.ExitOK && rep.OK {
				fillReport(ctx, f, lineF, rep, n, text, code, lineErr)
			}
		}
		if code != cmdutil.ExitOK && first == cmdutil.ExitOK {
			first = code
		}
		if code != cmdutil.ExitOK && !keepGoing {
			break
		}
	}
	if rep != nil {
		printReport(f, rep)
	}
	if first != cmdutil.ExitOK {
		return &cmdutil.ReportedError{Code: first}
	}
	return nil
}

// runBatchLine runs one line and prints its result, or its error (on
// stderr, or in the JSON object with --json; quiet: nothing at all); it
// answers the exit code and the error.
func runBatchLine(ctx context.Context, f, lineF *cmdutil.Factory, n int, line string, quiet bool) (cmdutil.ExitCode, error) {
	args, err := repl.SplitLine(line)
	var missing *repl.MissingVarError
	if errors.As(err, &missing) {
		err = cmdutil.UsageErrorf("%v", missing) // names the variable, never a value
	}
	if err == nil && len(args) == 0 {
		return cmdutil.ExitOK, nil // only the word browserctl
	}
	if err == nil && slices.Contains(batchRefused, args[0]) {
		err = cmdutil.UsageErrorf("%s cannot run inside batch", args[0])
	}
	path := ""
	if quiet {
		if err == nil {
			streams := *lineF.IO
			streams.Out, streams.ErrOut = io.Discard, io.Discard
			qf := *lineF
			qf.IO = &streams
			_, err = execute(ctx, &qf, args)
			hideVars(err, line)
		}
		return cmdutil.ExitCodeFor(err), err
	}
	if !f.Globals.JSON {
		if err == nil {
			path, err = execute(ctx, lineF, args)
			hideVars(err, line)
		}
		if err != nil && !isQuiet(err) {
			fmt.Fprintf(f.IO.ErrOut, "line %d: %s\n", n, termsafe.String(repl.Echo(line)))
		}
		PrintError(f, path, err)
		return cmdutil.ExitCodeFor(err), err
	}

	// --json: the line's stdout (its JSON result) is captured and wrapped;
	// its notices still go to stderr.
	var out bytes.Buffer
	if err == nil {
		io := *lineF.IO
		io.Out = &out
		jf := *lineF
		jf.IO = &io
		_, err = execute(ctx, &jf, args)
		hideVars(err, line)
	}
	bl := batchLine{Command: line, Exit: int(cmdutil.ExitCodeFor(err))}
	if res := bytes.TrimSpace(out.Bytes()); len(res) > 0 {
		if json.Valid(res) {
			bl.Result = res
		} else {
			bl.Result, _ = json.Marshal(string(res))
		}
	}
	if err != nil && !isQuiet(err) {
		bl.Error = errorObject(err)
	}
	b, merr := json.Marshal(bl)
	if merr != nil {
		b = []byte(fmt.Sprintf(`{"command":%q,"error":{"message":%q},"exit":1}`, line, merr.Error()))
	}
	fmt.Fprintf(f.IO.Out, "%s\n", b)
	return cmdutil.ExitCode(bl.Exit), err
}

// hideVars writes $NAME for the values of the line's variables in the
// browser's error message (it may echo a target or a value), so a
// password from the environment is not printed. Values shorter than 4
// bytes are left: they would blot out ordinary words.
func hideVars(err error, line string) {
	var be *rpc.BrowserError
	if err == nil || !errors.As(err, &be) {
		return
	}
	for name, v := range repl.Vars(line) {
		if len(v) >= 4 {
			be.Message = strings.ReplaceAll(be.Message, v, "$"+name)
		}
	}
}

// reportBatchError reports a line that could not be read (too long) as a
// failed line is reported; it answers the exit code.
func reportBatchError(f *cmdutil.Factory, n int, line string, err error) cmdutil.ExitCode {
	if !f.Globals.JSON {
		fmt.Fprintf(f.IO.ErrOut, "line %d:\n", n)
		PrintError(f, "", err)
		return cmdutil.ExitCodeFor(err)
	}
	bl := batchLine{Command: line, Exit: int(cmdutil.ExitCodeFor(err)), Error: errorObject(err)}
	b, _ := json.Marshal(bl)
	fmt.Fprintf(f.IO.Out, "%s\n", b)
	return cmdutil.ExitCode(bl.Exit)
}

// isQuiet is an error that says nothing beyond its exit code (`is` false).
func isQuiet(err error) bool {
	var re *cmdutil.ReportedError
	return errors.As(err, &re) && re.Err == nil
}

// errorObject is an error as batch --json prints it.
func errorObject(err error) *batchError {
	var re *cmdutil.ReportedError
	if errors.As(err, &re) && re.Err != nil {
		err = re.Err
	}
	var be *rpc.BrowserError
	if errors.As(err, &be) {
		return &batchError{Code: int(be.Code), Name: be.Code.Name(), Message: be.Message, Retryable: be.Retryable}
	}
	return &batchError{Message: err.Error()}
}

// fillReport makes rep the report of line n, which failed with err: why,
// and, for an error of the page, the snapshot around where its target was.
func fillReport(ctx context.Context, f, lineF *cmdutil.Factory, rep *batchreport.Report, n int, line string, code cmdutil.ExitCode, err error) {
	rep.OK, rep.Line, rep.Command, rep.Exit = false, n, line, int(code)
	var re *cmdutil.ReportedError
	if errors.As(err, &re) && re.Err != nil {
		err = re.Err
	}
	if err == nil {
		rep.Reason = "failed" // a line that printed its own verdict (is: false)
		return
	}
	fr := failure.Describe("", f.Globals.Server, err)
	rep.Error, rep.Reason = &fr, batchreport.ReasonOf(fr)
	if words, werr := repl.Words(line); werr == nil {
		rep.Target = batchreport.TargetOf(words)
	}
	if !fr.Browser {
		return // nothing the page did: no page to show
	}
	h, herr := lineF.Hub()
	if herr != nil {
		return
	}
	raw, serr := h.Call(ctx, rpc.PageSnapshot, rpc.SnapshotParams{PageParams: cmdutil.PageParams(lineF, 0)}, f.Globals.Timeout)
	var snap rpc.SnapshotResult
	if serr != nil || json.Unmarshal(raw, &snap) != nil {
		return
	}
	rep.Locate(snap.Snapshot, snap.URL, snap.Title)
}

// printReport prints the run's report: one JSON object on stdout with
// --json, else its text on stderr, page text escaped.
func printReport(f *cmdutil.Factory, rep *batchreport.Report) {
	if f.Globals.JSON {
		fmt.Fprintf(f.IO.Out, "%s\n", termsafe.JSON(rep.JSON()))
		return
	}
	fmt.Fprint(f.IO.ErrOut, termsafe.String(rep.Text()))
}
