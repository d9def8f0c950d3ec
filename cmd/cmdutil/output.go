package cmdutil

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// CallHub sends one call through the factory's hub with the --timeout and
// answers the result ready for printing (see printable).
func CallHub(ctx context.Context, f *Factory, method string, params any) (json.RawMessage, error) {
	c, err := f.Hub()
	if err != nil {
		return nil, err
	}
	raw, err := c.Call(ctx, method, params, f.Globals.Timeout)
	if err != nil {
		return nil, err
	}
	return printable(f, raw), nil
}

// printable is the one gate between a browser's answer and the terminal:
// every string in it may come from a page (titles, names, text, values,
// console lines). For people (no --json) each string's control characters
// and bidi overrides become visible escapes (\x1b, \u202e) before any
// printer decodes the answer; with --json the answer stays as it is and
// PrintJSON escapes them as JSON does. CallHub and PageCall.run pass every
// result through here; error messages are escaped by PrintError.
func printable(f *Factory, raw json.RawMessage) json.RawMessage {
	if f.Globals.JSON {
		return raw
	}
	return termsafe.HumanJSON(raw)
}

// Render is the one output path: the raw result JSON with --json, else
// human prints it.
func Render(f *Factory, raw json.RawMessage, human func() error) error {
	if f.Globals.JSON {
		return PrintJSON(f, raw)
	}
	return human()
}

// PrintJSON writes a JSON value and a newline to stdout, indented on a
// terminal, byte for byte as received otherwise (but for termsafe.JSON).
func PrintJSON(f *Factory, raw json.RawMessage) error {
	if len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	if f.IO.IsStdoutTTY() {
		var buf bytes.Buffer
		if err := json.Indent(&buf, raw, "", "  "); err == nil {
			raw = buf.Bytes()
		}
	}
	// DEL, C1 and bidi characters may be raw in valid JSON (JSON.stringify
	// and encoding/json leave them): written as \uXXXX, same value
	_, err := fmt.Fprintf(f.IO.Out, "%s\n", termsafe.JSON(raw))
	return err
}

// MarshalJSON prints a value of ours (not a browser result) as JSON.
func MarshalJSON(f *Factory, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return PrintJSON(f, b)
}

// DecodeResult unmarshals a result, naming the method on failure.
func DecodeResult(method string, raw json.RawMessage, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s answered an unexpected result: %v", method, err)
	}
	return nil
}

// Done tells a person on a terminal that an action succeeded; scripts get
// nothing (the exit code says it).
func Done(f *Factory, format string, args ...any) {
	if f.IO.IsStderrTTY() {
		cs := f.IO.ErrColorScheme()
		fmt.Fprintf(f.IO.ErrOut, "%s %s\n", cs.Green("✓"), fmt.Sprintf(format, args...))
	}
}

// table prints rows: aligned with a header on a terminal, tab-separated
// without one for scripts.
type table struct {
	f      *Factory
	header []string
	rows   [][]string
}

func NewTable(f *Factory, header ...string) *table { return &table{f: f, header: header} }

func (t *table) Add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) Print() error {
	if !t.f.IO.IsStdoutTTY() {
		for _, r := range t.rows {
			fmt.Fprintln(t.f.IO.Out, strings.Join(r, "\t"))
		}
		return nil
	}
	// widths from the plain text, so colour codes never skew the columns
	widths := make([]int, len(t.header))
	all := append([][]string{t.header}, t.rows...)
	for _, r := range all {
		for i, c := range r {
			if i < len(widths) && utf8.RuneCountInString(c) > widths[i] {
				widths[i] = utf8.RuneCountInString(c)
			}
		}
	}
	cs := t.f.IO.ColorScheme()
	var b strings.Builder
	for n, r := range all {
		var line strings.Builder
		for i, c := range r {
			styled := c
			switch {
			case n == 0:
				styled = cs.Bold(c)
			case i == 0:
				styled = cs.Cyan(c)
			}
			line.WriteString(styled)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.f.IO.Out, b.String())
	return err
}

// PrintValue prints a JSON value for people: a string as itself, anything
// else as compact JSON.
func PrintValue(w io.Writer, raw json.RawMessage) error {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		_, err := fmt.Fprintln(w, s)
		return err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil || buf.Len() == 0 {
		buf.Reset()
		buf.WriteString("null")
	}
	_, err := fmt.Fprintln(w, buf.String())
	return err
}

// SessionOf is the --session value, the sessionId of a method's params.
func SessionOf(f *Factory) string { return f.Globals.Session }

// PageParams are the session and tab every pages.* call carries.
func PageParams(f *Factory, tab int) rpc.PageParams {
	return rpc.PageParams{SessionID: SessionOf(f), TabID: tab}
}

// InREPLWords drops the program name from commands a hint names, for the
// REPL, where a line is `snapshot`, not `browserctl snapshot`. Outside the
// REPL it returns s as it is.
func InREPLWords(f *Factory, s string) string {
	if !f.InREPL {
		return s
	}
	s = strings.ReplaceAll(s, "`browserctl ", "`")
	if rest, ok := strings.CutPrefix(s, "browserctl "); ok {
		s = rest // a command path: "browserctl click" -> "click"
	}
	return s
}

// SafeText makes page text safe for a one-line field of a terminal.
func SafeText(s string) string { return termsafe.Line(s) }
