package hubapi

import (
	"fmt"
	"time"
)

// Why the hub refused a connection to /ws/browser: one word each.
const (
	RefusedWrongToken  = "wrong_token"              // the auth frame's token is not the hub's
	RefusedOrigin      = "origin_not_allowed"       // a web page's Origin (or several Origin headers)
	RefusedExtensionID = "extension_id_not_allowed" // an extension other than --extension-id
	RefusedHost        = "host_not_allowed"         // a Host header that is not loopback (DNS rebinding)
	RefusedAuthTimeout = "auth_timeout"             // no frame within the auth deadline
	RefusedNotAuth     = "not_auth"                 // a first frame that is JSON but not an auth frame
	RefusedMalformed   = "malformed_frame"          // a first frame that is not a JSON object, or too large
	// RefusedNotOwnKey: at the remote (wss) listener, a browser that did
	// not prove a remote browser's own key (the extension key and the
	// control token stay on this machine).
	RefusedNotOwnKey = "not_own_key"
	// RefusedKeyMismatch: the extension closed on the hub's challenge, its
	// proof not checking with the key the extension holds.
	RefusedKeyMismatch = "key_mismatch"
)

// Refusal is one refused connection attempt to /ws/browser (or several
// alike: Count of them, the last at Time).
type Refusal struct {
	Time   time.Time `json:"time"`             // the last such attempt
	Count  int       `json:"count"`            // how many alike since the first
	Remote string    `json:"remote"`           // the peer's address
	Origin string    `json:"origin,omitempty"` // its Origin header, as sent (untrusted text)
	Reason string    `json:"reason"`           // one of the Refused* words
	Detail string    `json:"detail"`           // the reason in words
	Fix    string    `json:"fix"`              // what the user can do about it
}

// RefusalText is what happened and its fix, for a reason word.
func RefusalText(reason string) (what, fix string) {
	switch reason {
	case RefusedWrongToken:
		return "an extension tried to connect with a wrong token",
			"run `browserctl extension install DIR` again and reload it, or paste `browserctl token --extension` into its popup"
	case RefusedOrigin:
		return "a web page (not the extension) tried to connect",
			"nothing to fix if you did not mean it: no web page may drive the hub; the extension connects from its chrome-extension:// origin"
	case RefusedExtensionID:
		return "an extension other than the one --extension-id allows tried to connect",
			"start the hub with that extension's id (`serve --extension-id ID`, $BROWSERCTL_EXTENSION_ID), or without --extension-id"
	case RefusedHost:
		return "a connection named a Host that is not loopback (DNS rebinding?)",
			"connect to ws://127.0.0.1:PORT/ws/browser; set the extension's address to 127.0.0.1 or localhost"
	case RefusedAuthTimeout:
		return "a client connected and sent no auth frame in time",
			"an old or foreign client: reinstall the extension from this browserctl (`browserctl extension install DIR`) and reload it"
	case RefusedNotAuth:
		return "a client's first frame was not an auth frame",
			"an old or foreign client: reinstall the extension from this browserctl (`browserctl extension install DIR`) and reload it"
	case RefusedNotOwnKey:
		return "a browser on another machine tried to connect without a key of its own",
			"on the hub's machine, `browserctl extension install --server wss://HOST:PORT --name NAME DIR`, and load DIR (its config.json holds that browser's key) in that browser"
	case RefusedKeyMismatch:
		return "an extension refused the hub's proof: it holds another key than the hub has for it (an old config.json, a rotated key)",
			"run `browserctl extension install` for that browser again (a remote one: with --server wss://HOST:PORT --name NAME) and load the new config.json"
	case RefusedMalformed:
		return "a client's first frame was not a JSON object (or was too large)",
			"an old or foreign client: reinstall the extension from this browserctl (`browserctl extension install DIR`) and reload it"
	}
	return "a connection was refused (" + reason + ")", ""
}

// Describe is the refusal in words: "an extension tried to connect
// with a wrong token (from 127.0.0.1:40112, origin chrome-extension://ID,
// 3 times, last at 15:04:05, 12s ago)". The origin is the peer's text:
// print it through termsafe.
func (r Refusal) Describe(now time.Time) string {
	s := r.Detail + " (from " + r.Remote
	if r.Origin != "" {
		s += ", origin " + r.Origin
	}
	if r.Count > 1 {
		s += fmt.Sprintf(", %d times", r.Count)
	}
	return s + fmt.Sprintf(", last at %s, %s ago)", r.Time.Local().Format(time.TimeOnly), now.Sub(r.Time).Round(time.Second))
}

// ExtensionRefusal is the hub's last refused connection attempt that may
// have been the extension's (a web page's refused Origin or a rebinding
// Host is not why the extension is missing); false when there is none.
func (st Status) ExtensionRefusal() (Refusal, bool) {
	for i := len(st.Refusals) - 1; i >= 0; i-- {
		switch r := st.Refusals[i]; r.Reason {
		case RefusedOrigin, RefusedHost:
		default:
			return r, true
		}
	}
	return Refusal{}, false
}
