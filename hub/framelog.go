package hub

// The frame log of `browserctl serve -v`.

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"sync"
	"time"
)

// maxLoggedFrame is how much of one frame the frame log shows; a screenshot
// in full helps nobody debug a handshake.
const maxLoggedFrame = 4 << 10

// frameLog is the handshake debugger of `browserctl serve -v`: one line per
// frame ("->" to the extension, "<-" from it) and per connection event, with
// RFC3339Nano times. Tokens never reach it.
type frameLog struct {
	mu    sync.Mutex
	w     io.Writer
	token []byte
}

func newFrameLog(w io.Writer, token string) *frameLog {
	if w == nil {
		return nil
	}
	return &frameLog{w: w, token: []byte(token)}
}

// tokenMember is compiled on first use: every one-shot command links this
// package, and only `serve -v` logs frames.
var tokenMember = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"token"\s*:\s*"(?:[^"\\]|\\.)*"`)
})

// redact hides every token: the "token" member of any frame and the hub's
// own token wherever else it appears; and every secret member's value
// (redactSecrets).
func (l *frameLog) redact(b []byte) []byte {
	b = redactSecrets(b)
	b = tokenMember().ReplaceAll(b, []byte(`"token":"<redacted>"`))
	if len(l.token) > 0 {
		b = bytes.ReplaceAll(b, l.token, []byte("<redacted>"))
	}
	return b
}

func (l *frameLog) frame(remote, dir string, data []byte) {
	if l == nil {
		return
	}
	b := l.redact(bytes.Clone(data))
	extra := 0
	if len(b) > maxLoggedFrame {
		extra = len(b) - maxLoggedFrame
		b = b[:maxLoggedFrame]
	}
	b = bytes.ReplaceAll(b, []byte("\n"), []byte(`\n`))
	b = bytes.ReplaceAll(b, []byte("\r"), []byte(`\r`))
	if extra > 0 {
		b = fmt.Appendf(b, " ...(+%d bytes)", extra)
	}
	l.line(remote, dir, b)
}

func (l *frameLog) event(remote, format string, args ...any) {
	if l == nil {
		return
	}
	l.line(remote, "--", l.redact(fmt.Appendf(nil, format, args...)))
}

func (l *frameLog) line(remote, dir string, b []byte) {
	out := make([]byte, 0, len(b)+80)
	out = time.Now().UTC().AppendFormat(out, time.RFC3339Nano)
	out = fmt.Appendf(out, " %s %s ", remote, dir)
	out = append(out, b...)
	out = append(out, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.w.Write(out)
}
