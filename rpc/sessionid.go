package rpc

import "fmt"

// maxSessionID bounds a session id's length; the extension's are six
// characters.
const maxSessionID = 64

// ValidSessionID fails unless id has the form the extension gives its
// sessions: "s" followed by base-36 characters (0-9, a-z). The hub checks it
// where an id is stored as the current session, so that what `status`
// prints and every call is filled with is never text a caller chose (an
// escape sequence, a newline).
func ValidSessionID(id string) error {
	ok := len(id) >= 2 && len(id) <= maxSessionID && id[0] == 's'
	for i := 1; ok && i < len(id); i++ {
		c := id[i]
		ok = c >= '0' && c <= '9' || c >= 'a' && c <= 'z'
	}
	if !ok {
		return &BrowserError{Code: CodeInvalidParams, Message: fmt.Sprintf("invalid session id %q: a session id is \"s\" and up to %d base-36 characters (0-9, a-z), as `browserctl session list` shows them", id, maxSessionID-1)}
	}
	return nil
}
