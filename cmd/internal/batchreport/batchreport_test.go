package batchreport

import (
	"strings"
	"testing"

	"browserctl/cmd/internal/failure"
)

const page = `- heading "Reports" [level=1] [ref=e1]
- textbox "Filter" [ref=e2]
- button "Filter now" [ref=e3]
- list [ref=e4]
  - listitem: Q3 revenue
- textbox "Attachment" [ref=e5]
- button "Delete drafts" [ref=e6]
- link "Download report" [ref=e7]`

func TestTargetOf(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  string
	}{
		{[]string{"click", `role=button[name="Apply filter"]`}, `role=button[name="Apply filter"]`},
		{[]string{"fill", "#q", "hello"}, "#q"},
		{[]string{"fill", "input[name=q]", "hello"}, "input[name=q]"},
		{[]string{"wait", "--text", "Q3"}, "Q3"},
		{[]string{"wait", "--url", "http://x/list"}, "http://x/list"},
		{[]string{"click", `text="Sign in"`}, `text="Sign in"`},
		{[]string{"press", "Enter"}, ""},
		{[]string{"click", `iframe#pay >> role=button[name="P"]`}, `iframe#pay >> role=button[name="P"]`},
	} {
		if got := TargetOf(c.words); got != c.want {
			t.Errorf("%q: %q, want %q", c.words, got, c.want)
		}
	}
}

func TestNearestFindsTheRenamedButton(t *testing.T) {
	lines := strings.Split(page, "\n")
	if at := Nearest(lines, `role=button[name="Apply filter"]`); at != 2 {
		t.Errorf("Apply filter: line %d, want the Filter now button (2)", at)
	}
	if at := Nearest(lines, `text="Download the report"`); at != 7 {
		t.Errorf("text: line %d, want 7", at)
	}
	if at := Nearest(lines, `role=slider[name="Volume"]`); at != -1 {
		t.Errorf("nothing alike: line %d, want -1", at)
	}
}

func TestTheReportSaysWhereAndWhy(t *testing.T) {
	r := Report{Ran: 13, Line: 13, Command: `click 'role=button[name="Apply filter"]'`, Target: `role=button[name="Apply filter"]`, Exit: 1,
		Error: &failure.Report{Code: 4110, Name: "page_operation_failed", Message: "no element matches", Reason: "not_found"}}
	r.Reason = ReasonOf(*r.Error)
	r.Locate(page, "http://x/list", "Reports")
	text := r.Text()
	for _, want := range []string{"line 13 failed (not_found, exit 1)", `> - button "Filter now" [ref=e3]`, "http://x/list", `most like role=button[name="Apply filter"] there now: - button "Filter now"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if len(r.Excerpt) != 8 || !strings.HasPrefix(r.Excerpt[2], "> ") {
		t.Errorf("excerpt: %q", r.Excerpt)
	}
	if ReasonOf(failure.Report{Code: 4102, Name: "operation_failed", Message: "timed out after 500 ms waiting for text"}) != "timeout" || ReasonOf(failure.Report{Name: "usage"}) != "usage" {
		t.Error("reason words")
	}
}
