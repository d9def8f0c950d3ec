package rpc

import "strings"

// navigationRefusal is an error that is a constant, so the refusals below
// are comparable with errors.Is and built at no cost at start.
type navigationRefusal string

func (e navigationRefusal) Error() string { return string(e) }

// ErrFileURL, ErrScriptURL and ErrBrowserPageURL are CheckNavigationURL's
// refusals.
const (
	ErrScriptURL navigationRefusal = "a javascript: URL runs script in the page instead of loading one; use `browserctl eval` for that"
	ErrFileURL   navigationRefusal = "a file: URL reads this machine's files into the page; pass --allow-file to mean it"
	// ErrBrowserPageURL: the debugger cannot drive the browser's own pages
	// (the tab would leave the session's reach), and it can drive this
	// extension's, which hold every chrome.* API the extension has.
	ErrBrowserPageURL navigationRefusal = "a page of the browser or of an extension (chrome:, about:settings, chrome-extension:) is not one browserctl drives: the tab would leave its reach; open it by hand"
)

// browserSchemes are the schemes of the browser's own pages and of
// extensions' pages (the extension's url-policy.ts has the same set).
var browserSchemes = map[string]bool{
	"chrome": true, "chrome-extension": true, "chrome-untrusted": true, "chrome-search": true, "chrome-devtools": true, "devtools": true,
	"edge": true, "brave": true, "opera": true, "vivaldi": true, "extension": true, "moz-extension": true,
}

// isBrowserPage: url is a page of the browser or of an extension (about:
// pages but blank and srcdoc are the browser's).
func isBrowserPage(url string) bool {
	scheme := NavigationScheme(url)
	if scheme == "about" {
		rest := strings.ToLower(strings.TrimSpace(url))[len("about:"):]
		name, _, _ := strings.Cut(strings.NewReplacer("?", "#").Replace(rest), "#")
		return name != "blank" && name != "srcdoc"
	}
	return browserSchemes[scheme]
}

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
// word: javascript: and the browser's or an extension's pages always, file:
// unless allowFile. The extension applies
// the same rule where pages.navigate, tabs.open and sessions.create land.
func CheckNavigationURL(url string, allowFile bool) error {
	switch NavigationScheme(url) {
	case "javascript", "vbscript":
		return ErrScriptURL
	case "about":
		if isBrowserPage(url) {
			return ErrBrowserPageURL
		}
	case "file":
		if !allowFile {
			return ErrFileURL
		}
	default:
		if isBrowserPage(url) {
			return ErrBrowserPageURL
		}
	}
	return nil
}
