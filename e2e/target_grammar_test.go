package e2e

// One target grammar everywhere: every element command takes a ref, a CSS
// selector, role=ROLE[name="NAME"] and text=WORDS, and a target that is not
// there yet is waited for up to --timeout. Effects are checked from the
// page's own reports.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// grammarTargets: the four ways to name each element of grammar.html.
func grammarTargets(t *testing.T, s session) map[string]map[string]string {
	t.Helper()
	byRole := func(role, name string) string {
		els := find(t, s, "--role", role, "--name", name, "--exact")
		if len(els) != 1 {
			t.Fatalf("find --role %s --name %q: %+v", role, name, els)
		}
		return els[0].Ref
	}
	return map[string]map[string]string{
		"save":  {"ref": byRole("button", "Save draft"), "css": "#save", "role": `role=button[name="Save draft"]`, "text": "text=save dra"},
		"name":  {"ref": byRole("textbox", "Full name"), "css": "#name", "role": `role=textbox[name="Full name"]`, "text": `text=Full name`},
		"agree": {"ref": byRole("checkbox", "I agree"), "css": "#agree", "role": `role=checkbox[name="I agree"]`, "text": `text="I agree"`},
		"size":  {"ref": byRole("combobox", "Shirt size"), "css": "#size", "role": `role=combobox[name="Shirt size"]`, "text": "text=Shirt size"},
		"src":   {"ref": byRole("button", "Card"), "css": "#src", "role": `role=button[name="Card"]`, "text": `text="Card"`},
		"dst":   {"ref": byRole("button", "Column"), "css": "#dst", "role": `role=button[name="Column"]`, "text": `text="Column"`},
	}
}

func TestEveryElementCommandTakesEveryTargetKind(t *testing.T) {
	for _, kind := range []string{"ref", "css", "role", "text"} {
		t.Run(kind, func(t *testing.T) {
			tag := tagFor(t)
			s := newSession(t, pageURL("/grammar.html", tag))
			waitLoad(t, s)
			tg := grammarTargets(t, s)
			T := func(el string) string { return tg[el][kind] }
			saw := func(what string, pred func(event) bool) { h.rec.waitFor(t, tag, what+" ("+kind+")", pred) }

			mustRun(t, in(s, "click", T("save"))...)
			saw("a click on save", func(e event) bool { return e.Type == "click" && e.str("target") == "save" })
			mustRun(t, in(s, "dblclick", T("save"))...)
			saw("a dblclick on save", func(e event) bool { return e.Type == "dblclick" && e.str("target") == "save" })
			mustRun(t, in(s, "hover", T("src"))...)
			saw("a mouseover on src", func(e event) bool { return e.Type == "mouseover" && e.str("target") == "src" })
			mustRun(t, in(s, "focus", T("save"))...)
			saw("focus on save", func(e event) bool { return e.Type == "focus" && e.str("target") == "save" })
			mustRun(t, in(s, "fill", T("name"), "Ada")...)
			saw("the name filled", func(e event) bool { return e.Type == "input" && e.str("target") == "name" && e.str("value") == "Ada" })
			mustRun(t, in(s, "type", T("name"), "!")...)
			saw("a key typed into name", func(e event) bool { return e.Type == "input" && e.str("target") == "name" && e.str("value") == "Ada!" })
			mustRun(t, in(s, "check", T("agree"))...)
			saw("agree checked", func(e event) bool { return e.Type == "change" && e.str("target") == "agree" })
			mustRun(t, in(s, "uncheck", T("agree"))...)
			mustRun(t, in(s, "select", T("size"), "Medium")...)
			saw("size selected", func(e event) bool { return e.Type == "change" && e.str("target") == "size" && e.str("value") == "m" })
			mustRun(t, in(s, "drag", T("src"), T("dst"))...)
			saw("the drag released on dst", func(e event) bool { return e.Type == "mouseup" && e.str("target") == "dst" })
			mustRun(t, in(s, "scroll-into-view", T("save"))...)

			if got := getString(t, s, "text", T("save")); got != "Save draft" {
				t.Errorf("get text %s = %q", T("save"), got)
			}
			if got := getString(t, s, "value", T("name")); got != "Ada!" {
				t.Errorf("get value %s = %q", T("name"), got)
			}
			if got := getString(t, s, "html", T("save")); !strings.Contains(got, "Save draft") {
				t.Errorf("get html %s = %q", T("save"), got)
			}
			if b := refBox(t, s, T("save")); b.Width <= 0 || b.Height <= 0 {
				t.Errorf("get box %s = %+v", T("save"), b)
			}
			var attr struct {
				Value string `json:"value"`
			}
			mustJSON(t, &attr, in(s, "get", "attr", T("save"), "data-kind")...)
			if attr.Value != "primary" {
				t.Errorf("get attr %s data-kind = %q", T("save"), attr.Value)
			}
			expectIs(t, s, 0, "visible", T("save"))
			expectIs(t, s, 0, "enabled", T("save"))
			expectIs(t, s, 1, "checked", T("agree"))
			var shot struct{ Width, Height int }
			mustJSON(t, &shot, in(s, "screenshot", "-o", t.TempDir()+"/el.png", T("save"))...)
			if shot.Width <= 0 || shot.Height <= 0 {
				t.Errorf("screenshot %s: %dx%d", T("save"), shot.Width, shot.Height)
			}
			if kind != "ref" {
				mustRun(t, in(s, "wait", "--selector", T("save"))...)
			}
		})
	}
}

// A target that appears after a while is waited for, whatever its kind;
// one that never appears fails not_found, not retryable.
func TestLateTargetsAreWaitedFor(t *testing.T) {
	for _, target := range []string{"#late", `role=button[name="Late one"]`, "text=Late one"} {
		t.Run(target, func(t *testing.T) {
			tag := tagFor(t)
			s := newSession(t, pageURL("/grammar.html", tag, "late", "1200"))
			waitLoad(t, s)
			var res struct {
				Target struct{ Role, Name string } `json:"target"`
			}
			mustJSON(t, &res, in(s, "click", target, "--timeout", "10s")...)
			h.rec.waitFor(t, tag, "a click on the late button", func(e event) bool { return e.Type == "click" && e.str("target") == "late" })
			if res.Target.Role != "button" || res.Target.Name != "Late one" {
				t.Errorf("click %s names %+v, want button \"Late one\"", target, res.Target)
			}
		})
	}
	tag := tagFor(t)
	s := newSession(t, pageURL("/grammar.html", tag))
	waitLoad(t, s)
	for _, target := range []string{"#never", `role=button[name="Never"]`, "text=never there"} {
		_, errOut, code := run(t, in(s, "click", target, "--timeout", "1500ms")...)
		var rep struct {
			Error struct {
				Reason    string `json:"reason"`
				Retryable bool   `json:"retryable"`
			} `json:"error"`
		}
		if code != 1 || json.Unmarshal([]byte(errOut), &rep) != nil || rep.Error.Reason != "not_found" || rep.Error.Retryable {
			t.Errorf("click %s: exit %d %s; want exit 1, reason not_found, not retryable", target, code, errOut)
		}
	}
}

// find and snapshot share one ref table: the element find calls eN is eN
// in the next snapshot -i and in the full snapshot.
func TestFindAndSnapshotShareRefs(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/grammar.html", tag))
	waitLoad(t, s)
	els := find(t, s, "--role", "button", "--name", "Column", "--exact")
	if len(els) != 1 {
		t.Fatalf("find: %+v", els)
	}
	for _, mode := range [][]string{{"-i"}, {}} {
		snap := takeSnapshot(t, s, mode...)
		if got := snap.ref(t, "button", "Column"); got != els[0].Ref {
			t.Errorf("snapshot %v calls the button %s; find called it %s", mode, got, els[0].Ref)
		}
	}
	// And the other way round: a snapshot's ref is what find answers next.
	snap := takeSnapshot(t, s, "-i")
	want := snap.ref(t, "button", "Save draft")
	if els := find(t, s, "--text", "Save draft"); len(els) != 1 || els[0].Ref != want {
		t.Errorf("find --text after the snapshot: %+v, want %s", els, want)
	}
}

// A click's result says what the press set off: a navigation, a popup, a
// dialog, beside the element it pressed.
func TestClickReportsWhatItSetOff(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/grammar.html", tag))
	waitLoad(t, s)
	var r struct {
		Target struct{ Role, Name string }
		Popup  *struct {
			TabID int `json:"tabId"`
		}
		Dialog *struct {
			Type string `json:"type"`
		}
		Navigation *struct {
			URL string `json:"url"`
		}
	}
	mustJSON(t, &r, in(s, "click", "#pop")...)
	if r.Popup == nil || r.Popup.TabID == 0 || r.Target.Name != "Open a popup" {
		t.Errorf("click #pop: popup %+v, target %+v", r.Popup, r.Target)
	}
	r.Popup = nil
	// The popup joined the session as its current tab: the page's own tab by id.
	tab := strconv.Itoa(s.ActiveTabID)
	mustJSON(t, &r, in(s, "click", "#ask", "--tab", tab)...)
	if r.Dialog == nil || r.Dialog.Type != "alert" {
		t.Errorf("click #ask: dialog %+v", r.Dialog)
	}
	run(t, in(s, "dialog", "accept", "--tab", tab)...)
	mustJSON(t, &r, in(s, "click", `role=link[name="Go elsewhere"]`, "--tab", tab)...)
	if r.Navigation == nil || !strings.Contains(r.Navigation.URL, "/welcome.html") || r.Target.Role != "link" {
		t.Errorf("click the link: navigation %+v, target %+v", r.Navigation, r.Target)
	}
}
