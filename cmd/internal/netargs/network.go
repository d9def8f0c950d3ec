// Package netargs reads what a person gives the network commands: URL
// patterns, HTTP statuses and headers, a route's response, a request id;
// and saves a request's response body. Its errors are usage errors (exit
// 2): each is the person's mistake, found before anything is sent.
package netargs

import (
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"
	"unicode"

	"browserctl/cmd/internal/failure"
	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// CheckPattern refuses a URL pattern (network block, route, wait
// --response) no URL can match: empty, or holding spaces or control
// characters, or ending in a lone backslash. label names it in the error.
func CheckPattern(label, p string) error {
	if strings.TrimSpace(p) == "" {
		return failure.Usagef("%s must not be empty", label)
	}
	for _, r := range p {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return failure.Usagef("%s %q holds a space or control character: no URL matches it (write %%20 for a space)", label, p)
		}
	}
	if strings.HasSuffix(p, `\`) && !strings.HasSuffix(p, `\\`) {
		return failure.Usagef(`%s %q ends in a lone \ (it escapes the next character: write \\ for a backslash)`, label, p)
	}
	return nil
}

// CheckStatus refuses an HTTP status outside 100..599.
func CheckStatus(label string, n int) error {
	if n < 100 || n > 599 {
		return failure.Usagef("%s must be an HTTP status 100..599, got %d", label, n)
	}
	return nil
}

// ParseHeader reads a response header 'Name: value': Name an HTTP token,
// the value without line breaks.
func ParseHeader(s string) (rpc.RouteHeader, error) {
	name, value, ok := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return rpc.RouteHeader{}, failure.Usagef("--header %q must be 'Name: value'", s)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+.^_`|~-", r)) {
			return rpc.RouteHeader{}, failure.Usagef("--header %q: the name %q is not an HTTP header name (letters, digits, !#$%%&'*+.^_`|~-)", s, name)
		}
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return rpc.RouteHeader{}, failure.Usagef("--header %q: the value holds a line break", s)
	}
	return rpc.RouteHeader{Name: name, Value: value}, nil
}

// Route is a route's response as the flags of network route give it.
type Route struct {
	Status      int // used when Given("status")
	Body        string
	BodyFile    string // read here, at most rpc.RouteBodyMax bytes
	Headers     []string
	ContentType string
	Abort       bool
	Delay       time.Duration
	// Given says whether the flag of that name was given.
	Given func(flag string) bool
}

// Params checks the route and makes network.route's params for pattern
// (the session is the caller's to fill in).
func (o Route) Params(pattern string) (rpc.RouteParams, error) {
	p := rpc.RouteParams{Pattern: pattern, ContentType: o.ContentType, Abort: o.Abort}
	if err := CheckPattern("PATTERN", pattern); err != nil {
		return p, err
	}
	if o.Abort {
		for _, n := range []string{"status", "body", "body-file", "header", "content-type"} {
			if o.Given(n) {
				return p, failure.Usagef("--abort fails the request: it takes no --%s", n)
			}
		}
	}
	if o.Given("status") { // left out: the extension's default, 200
		if err := CheckStatus("--status", o.Status); err != nil {
			return p, err
		}
		p.Status = o.Status
	}
	if o.Body != "" && o.BodyFile != "" {
		return p, failure.Usagef("give --body or --body-file, not both")
	}
	raw := []byte(o.Body)
	if o.BodyFile != "" {
		var err error
		if raw, err = readBodyFile(o.BodyFile); err != nil {
			return p, err
		}
	}
	if len(raw) > rpc.RouteBodyMax {
		return p, failure.Usagef("--body is %d bytes: a route's body is at most %d", len(raw), rpc.RouteBodyMax)
	}
	if len(raw) > 0 {
		p.Body = base64.StdEncoding.EncodeToString(raw)
	}
	for _, h := range o.Headers {
		rh, err := ParseHeader(h)
		if err != nil {
			return p, err
		}
		p.Headers = append(p.Headers, rh)
	}
	if strings.ContainsAny(o.ContentType, "\r\n\x00") {
		return p, failure.Usagef("--content-type holds a line break")
	}
	if o.Delay < 0 || o.Delay > rpc.RouteDelayMax*time.Millisecond {
		return p, failure.Usagef("--delay must be between 0 and %s, got %s", rpc.RouteDelayMax*time.Millisecond, o.Delay)
	}
	p.DelayMs = int(o.Delay / time.Millisecond)
	return p, nil
}

// readBodyFile reads --body-file: a regular file of at most
// rpc.RouteBodyMax bytes.
func readBodyFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, failure.Usagef("--body-file %s: %v", path, PathError(err))
	}
	if !st.Mode().IsRegular() {
		return nil, failure.Usagef("--body-file %s: not a regular file", path)
	}
	if st.Size() > rpc.RouteBodyMax {
		return nil, failure.Usagef("--body-file %s is %d bytes: a route's body is at most %d", path, st.Size(), rpc.RouteBodyMax)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, failure.Usagef("--body-file %s: %v", path, PathError(err))
	}
	return b, nil
}

// PathError is err without the path and operation an *os.PathError adds
// (the caller names the file itself).
func PathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

var requestID = regexp.MustCompile(`^[0-9]+$`)

// RequestID is a request id as network requests lists it (a number),
// spaces around it ignored.
func RequestID(s string) (string, error) {
	id := strings.TrimSpace(s)
	if !requestID.MatchString(id) {
		return "", failure.Usagef("ID must be a request id as network requests lists it (a number), got %q", s)
	}
	return id, nil
}

// SaveBody writes the response body's bytes to path exactly (0600,
// safefile; an existing file only with overwrite), or fails saying why
// there is none.
func SaveBody(path string, d rpc.RequestDetail, overwrite bool) error {
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
	return safefile.WriteFile(path, b, safefile.Private, overwrite)
}
