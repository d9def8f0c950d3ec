package rpc

import "strings"

// navigationRefusal is an error that is a constant, so the refusals below
// are comparable with errors.Is and built at no cost at start.
type navigationRefusal string

func (e navigationRefusal) Error() string { return string(e) }

// ErrFileURL and ErrScriptURL are CheckNavigationURL's refusals.
const (
	ErrScriptURL navigationRefusal = "a javascript: URL runs script in the page instead of loading one; use `browserctl eval` for that"
	ErrFileURL   navigationRefusal = "a file: URL reads this machine's files into the page; pass --allow-file to mean it"
)

// NavigationScheme is the scheme of a URL as the browser reads it: the URL
// standard drops leading and trailing C0 controls and spaces and every tab
// and newline before it looks at the scheme ("java\tscript:" is
// javascript:). "" when url has no scheme.
func NavigationScheme(url string) string {
	u := strings.TrimFunc(url, func(r rune) bool { return r <= ' ' })
	u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	scheme, _, ok := strings.Cut(u, ":")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "/?#") {
		return ""
	}
	return strings.ToLower(scheme)
}

// CheckNavigationURL refuses the URLs a tab is never sent to on a caller's
// word: javascript: always, file: unless allowFile. The extension applies
// the same rule where pages.navigate, tabs.open and sessions.create land.
func CheckNavigationURL(url string, allowFile bool) error {
	switch NavigationScheme(url) {
	case "javascript", "vbscript":
		return ErrScriptURL
	case "file":
		if !allowFile {
			return ErrFileURL
		}
	}
	return nil
}
