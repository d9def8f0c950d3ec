package cmd

// network request ID: one request whole (network.request), its response
// body saved exactly with -o.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdNetworkRequest(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.NetworkRequestParams
	var out string
	c := &cobra.Command{
		Use:   "request ID",
		Short: "Print one request whole: status, timing, headers and bodies",
		Long: `Print the request with that ID (the first column of network requests):
method, URL, status and status text, resource type, timing (start, time to
first byte, total), the request headers and body, the response headers and
body. A body is shown as text when it is text, else as its size and type;
-o FILE saves the response body exactly as received.

What is kept: the headers and timing of the newest 1500 requests per tab
(the 1000 the listing keeps and up to 500 in flight), a request body up to
64 KiB as sent. Bodies are read from the browser's buffer when asked for
(at most 10 MiB); a body the browser no longer has, or a tab detached
since, is reported as such instead of failing.

--json carries id, method, url, status, statusText, type, requestHeaders,
requestBody, responseHeaders, responseBody (base64 with base64Encoded:
true when binary) and timing {start, ttfbMs, totalMs}. An unknown ID is
exit 2.`,
		Example: `  browserctl network requests --filter /api/
  browserctl network request 12
  browserctl network request 12 -o body.json
  browserctl network request 12 --json`,
		Args:              exactArgs(1, "ID"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			id := strings.TrimSpace(args[0])
			if !requestIDPattern.MatchString(id) {
				return usageErrorf("ID must be a request id as network requests lists it (a number), got %q", args[0])
			}
			p.SessionID, p.ID = sessionOf(f), id
			pc := &pageCall{Method: rpc.NetworkRequest, Params: &p, Human: func(raw json.RawMessage) error {
				var d rpc.RequestDetail
				if err := decodeResult(rpc.NetworkRequest, raw, &d); err != nil {
					return err
				}
				printRequestDetail(f, d, out != "")
				return nil
			}}
			if out != "" {
				pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
					var d rpc.RequestDetail
					if err := decodeResult(rpc.NetworkRequest, raw, &d); err != nil {
						return nil, err
					}
					if err := saveResponseBody(out, d); err != nil {
						return nil, err
					}
					return raw, nil
				}
			}
			if runF != nil {
				return runF(pc)
			}
			err := pc.run(c.Context(), f)
			return asUsage(err) // an unknown id or pattern: the caller's mistake, exit 2
		},
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVarP(&out, "output", "o", "", "save the response body to FILE, exactly")
	addTabFlag(c, f, &p.TabID)
	return c
}

var requestIDPattern = regexp.MustCompile(`^[0-9]+$`)

// saveResponseBody writes the body's bytes to path, or fails saying why
// there is none.
func saveResponseBody(path string, d rpc.RequestDetail) error {
	if d.ResponseBody == nil {
		note := d.ResponseNote
		if note == "" {
			note = "no body"
		}
		return fmt.Errorf("request %s: the response body is not available: %s; nothing written", d.ID, note)
	}
	b := []byte(*d.ResponseBody)
	if d.Base64Encoded {
		var err error
		if b, err = base64.StdEncoding.DecodeString(*d.ResponseBody); err != nil {
			return fmt.Errorf("request %s: the body is not valid base64: %v", d.ID, err)
		}
	}
	return os.WriteFile(path, b, 0o644)
}

// textual says whether a MIME type is one to print as text.
func textual(mime string) bool {
	m := strings.ToLower(strings.TrimSpace(strings.SplitN(mime, ";", 2)[0]))
	return m == "" || strings.HasPrefix(m, "text/") || strings.Contains(m, "json") || strings.Contains(m, "xml") ||
		strings.Contains(m, "javascript") || strings.Contains(m, "ecmascript") || m == "application/x-www-form-urlencoded" ||
		strings.Contains(m, "graphql")
}

func headerOf(h map[string]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// printRequestDetail prints d for a person; its strings are already
// through printable.
func printRequestDetail(f *Factory, d rpc.RequestDetail, saved bool) {
	cs := f.IO.ColorScheme()
	w := f.IO.Out
	fmt.Fprintf(w, "%s %s\n", cs.Bold(d.Method), d.URL)
	status := fmt.Sprint(d.Status)
	switch {
	case d.Failure != "":
		status = d.Failure
	case d.Status == 0:
		status = "no response"
	case d.StatusText != "":
		status += " " + d.StatusText
	}
	fmt.Fprintf(w, "  id       %s\n  status   %s\n  type     %s\n", d.ID, status, d.Type)
	ttfb, total := "-", "-"
	if d.Timing.TTFBMs >= 0 {
		ttfb = fmt.Sprintf("%d ms", d.Timing.TTFBMs)
	}
	if d.Timing.TotalMs >= 0 {
		total = fmt.Sprintf("%d ms", d.Timing.TotalMs)
	}
	fmt.Fprintf(w, "  timing   started %s, first byte %s, total %s\n", clock(d.Timing.Start), ttfb, total)

	printHeaders(f, "Request headers", d.RequestHeaders)
	fmt.Fprintln(w)
	switch {
	case d.RequestBody != nil:
		printBody(f, "Request body", *d.RequestBody, false, d.RequestBodySize, headerOf(d.RequestHeaders, "Content-Type"))
	case d.RequestBodyNote != "":
		fmt.Fprintf(w, "%s: %s\n", cs.Bold("Request body"), d.RequestBodyNote)
	default:
		fmt.Fprintf(w, "%s: none\n", cs.Bold("Request body"))
	}

	printHeaders(f, "Response headers", d.ResponseHeaders)
	fmt.Fprintln(w)
	mime := d.MimeType
	if mime == "" {
		mime = headerOf(d.ResponseHeaders, "Content-Type")
	}
	switch {
	case d.ResponseBody != nil && saved:
		fmt.Fprintf(w, "%s: %s, %s, saved\n", cs.Bold("Response body"), humanBytes(d.ResponseSize), orUnknown(mime))
	case d.ResponseBody != nil:
		printBody(f, "Response body", *d.ResponseBody, d.Base64Encoded, d.ResponseSize, mime)
	default:
		fmt.Fprintf(w, "%s: %s\n", cs.Bold("Response body"), d.ResponseNote)
	}
}

func orUnknown(mime string) string {
	if mime == "" {
		return "type unknown"
	}
	return mime
}

func printHeaders(f *Factory, title string, h map[string]string) {
	cs := f.IO.ColorScheme()
	fmt.Fprintln(f.IO.Out)
	if len(h) == 0 {
		fmt.Fprintf(f.IO.Out, "%s: none\n", cs.Bold(title))
		return
	}
	fmt.Fprintln(f.IO.Out, cs.Bold(title))
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range strings.Split(h[k], "\n") {
			fmt.Fprintf(f.IO.Out, "  %s: %s\n", k, v)
		}
	}
}

func printBody(f *Factory, title, body string, b64 bool, size int64, mime string) {
	cs := f.IO.ColorScheme()
	if b64 || !textual(mime) {
		fmt.Fprintf(f.IO.Out, "%s: %s, %s (not text; -o FILE saves it)\n", cs.Bold(title), humanBytes(size), orUnknown(mime))
		return
	}
	fmt.Fprintf(f.IO.Out, "%s (%s, %s)\n", cs.Bold(title), humanBytes(size), orUnknown(mime))
	fmt.Fprint(f.IO.Out, body)
	if body != "" && !strings.HasSuffix(body, "\n") {
		fmt.Fprintln(f.IO.Out)
	}
}
