package cmdutil

import (
	"regexp"
	"strings"
	"sync"
)

// Targets: every command that takes a REF also takes a CSS
// selector. An argument that looks like a ref (e12, f1e3 for a frame's,
// optionally written @e12) is a ref; anything else is a selector, sent as
// the call's "selector" param and resolved by the extension to the first
// visible match.

var refPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(f\d+)?e\d+$`) })

// IsRef says whether arg names a ref rather than a CSS selector.
func IsRef(arg string) bool {
	return refPattern().MatchString(strings.TrimPrefix(arg, "@"))
}

// Target splits a REF-or-SELECTOR argument into the call's ref or selector.
func Target(arg string) (ref, selector string) {
	if IsRef(arg) {
		return strings.TrimPrefix(arg, "@"), ""
	}
	return "", arg
}

// TargetHelp is the line the help of every target-taking command carries.
const TargetHelp = `REF is a ref from the last snapshot or find (e3, f2e5), a CSS selector
("#submit", "input[name=q]"), role=ROLE[name="NAME"] (the element with that
role and accessible name, as the REPL's save writes it), or text=WORDS (the
innermost element whose text contains WORDS, case and whitespace aside;
text="WORDS" for the whole text exactly), or any of these in a frame:
frame=FRAME >> TARGET, FRAME a CSS selector of the <iframe> in the document
above it (frame="#outer" >> frame="iframe[name=inner]" >> role=button[name="Save"]).
A selector, role=, text= or frame= target acts on the first visible match
and waits for one up to --timeout; then it fails with reason not_found (not
retryable).`
