package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A REPL session that fills, selects, uploads (a relative path), checks,
// downloads, accepts a confirm dialog, opens a second tab, presses a button
// there and switches back, with the session's tab behind another tab for
// the first lines; `save`; then `batch -f` on a fresh load: the page and
// the test server see the same things both times.
func TestREPLSaveReplaysFilesDialogsTabs(t *testing.T) {
	tag := tagFor(t)
	name := "repl-replay-" + tag
	start := pageURL("/replay.html", tag)
	second := pageURL("/replay.html", tag, "nav", "second")
	content := "the CV of " + tag + "\n"
	file := writeTemp(t, "cv-"+tag+".txt", content)
	relFile, err := filepath.Rel(h.dir, file) // the REPL runs in h.dir
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(t.TempDir(), "replay.txt")
	t.Cleanup(func() { closeSessionsNamed(t, name) })

	r := startREPL(t)
	loaded := func(nav string) func(event) bool {
		return func(e event) bool { return e.Type == "load" && e.str("nav") == nav }
	}
	r.step(tag, "session create --name "+name+" --url '"+start+"'", "the page's load", loaded(""))
	s := sessionNamed(t, name)
	tab1 := s.ActiveTabID
	sn := takeSnapshot(t, s, "-i")
	page1 := h.cdp.page(t, "/replay.html?t="+tag)

	// The user's own tab in front of the session's.
	cover := coverTab(t, pageURL("/welcome.html", tag+"-cover"))
	page1.waitTrue(`document.visibilityState === "hidden"`, "the session's tab behind another tab")
	r.step(tag, "fill "+sn.ref(t, "textbox", "Your name")+" Ann", "the name", func(e event) bool {
		return e.Type == "input" && e.str("target") == "who" && e.str("value") == "Ann"
	})
	r.step(tag, "select "+sn.ref(t, "combobox", "Size")+" l", "the size", func(e event) bool {
		return e.Type == "change" && e.str("target") == "size" && e.str("value") == "l"
	})
	r.step(tag, "upload "+fileInputRef(t, sn)+" "+relFile, "the file read", func(e event) bool { return e.Type == "file" })
	if vis := page1.evalString("document.visibilityState"); vis != "hidden" {
		t.Errorf("the session's tab is %s: the lines above were meant to run behind another tab", vis)
	}
	r.step(tag, "check "+sn.ref(t, "checkbox", "Gift wrap"), "the checkbox", func(e event) bool {
		return e.Type == "change" && e.str("target") == "gift"
	})
	r.step(tag, "download "+sn.ref(t, "link", "Get report"), "the download's request", func(e event) bool {
		return e.Type == "hit" && e.str("path") == "attachment"
	})
	r.send("click " + sn.ref(t, "button", "Drop draft")) // the confirm stays open (policy hold)
	r.step(tag, "dialog accept", "the confirm's answer", func(e event) bool { return e.Type == "confirm" })
	r.step(tag, "tab open '"+second+"'", "the second tab's load", loaded("second"))
	sn2 := takeSnapshot(t, s, "-i") // the session's active tab: the second
	r.step(tag, "click "+sn2.ref(t, "button", "Press me"), "the press in the second tab", func(e event) bool {
		return e.Type == "pressed" && e.str("nav") == "second"
	})
	r.send(fmt.Sprintf("tab activate %d", tab1))
	r.step(tag, "fill "+sn.ref(t, "textbox", "")+" back", "the notes in the first tab", func(e event) bool {
		return e.Type == "input" && e.str("target") == "notes" && e.str("nav") == ""
	})
	r.send("save " + script)
	r.exit()
	closeTab(t, cover)

	raw, err := os.ReadFile(script)
	if err != nil {
		t.Fatalf("save wrote no script: %v\nREPL stderr:\n%s", err, r.errOut.String())
	}
	text := string(raw)
	t.Logf("the saved script:\n%s", text)
	var commands []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(l, "#") {
			commands = append(commands, l)
		}
	}
	if ref := regexp.MustCompile(`(^|\s)@?(f\d+)?e\d+(\s|$)`).FindString(strings.Join(commands, "\n")); ref != "" {
		t.Errorf("a command of the script still names a ref (%q)", ref)
	}
	if strings.Contains(text, "kept as it was") {
		t.Errorf("the script kept a ref: the page could not say what it points at")
	}
	for _, want := range []string{"upload ", "download ", "check ", "select ", "dialog accept", "tab open ", "tab activate "} {
		if indexPrefix(commands, want) < 0 {
			t.Errorf("the script has no %q line", want)
		}
	}
	if i := indexPrefix(commands, "upload "); i >= 0 && !strings.HasSuffix(commands[i], " "+file) {
		t.Errorf("the upload line %q does not name the file by its absolute path %s", commands[i], file)
	}
	if i := indexPrefix(commands, "tab activate "); i >= 0 && !strings.Contains(commands[i], start) {
		t.Errorf("the tab activate line %q does not name the first tab by its URL %s", commands[i], start)
	}
	if n := strings.Count(text, "# the line above opened"); n != 2 {
		t.Errorf("%d lines said to open a page, want 2 (session create, tab open)", n)
	}

	// The replay, on fresh documents.
	h.rec.settle()
	first := replayReports(h.rec.of(tag))
	closeSessionsNamed(t, name)
	mark := float64(time.Now().UnixNano()) / 1e6
	bout, berr, code := runWithin(t, 2*callTimeout, "batch", "-f", script)
	if code != 0 {
		t.Fatalf("batch -f the saved script: exit %d\nstdout:\n%s\nstderr:\n%s", code, bout, berr)
	}
	h.rec.waitFor(t, tag, "the replay's notes", func(e event) bool {
		return e.num("at") > mark && e.Type == "input" && e.str("target") == "notes"
	})
	h.rec.settle()
	var later []event
	for _, e := range h.rec.of(tag) {
		if e.num("at") > mark {
			later = append(later, e)
		}
	}
	replayed := replayReports(later)
	if strings.Join(first, "\n") != strings.Join(replayed, "\n") {
		t.Errorf("the replay did not do what the REPL did.\nREPL:\n  %s\nreplay:\n  %s", strings.Join(first, "\n  "), strings.Join(replayed, "\n  "))
	}
	t.Logf("what the page and server saw, both times:\n  %s", strings.Join(first, "\n  "))
	if !downloaded(bout, attachmentBytes(tag)) {
		t.Errorf("the replay's download printed no path to the served bytes; stdout:\n%s", bout)
	}
}

// replayReports are what a run did, in order: loads, values, files read,
// the dialog's answer, presses, and what the server served.
func replayReports(events []event) []string {
	var out []string
	for _, e := range events {
		switch e.Type {
		case "load":
			out = append(out, "load nav="+e.str("nav"))
		case "input", "change":
			out = append(out, fmt.Sprintf("%s %s=%q nav=%s", e.Type, e.str("target"), e.str("value"), e.str("nav")))
		case "file":
			out = append(out, fmt.Sprintf("file %s %v bytes %q", e.str("name"), e.num("size"), e.str("content")))
		case "confirm":
			out = append(out, fmt.Sprintf("confirm %v", e.Data["value"]))
		case "pressed":
			out = append(out, "pressed nav="+e.str("nav"))
		case "hit":
			out = append(out, "served "+e.str("path"))
		}
	}
	return out
}

// downloaded says whether a line of batch --json's out names, as its
// result's path, a file holding want.
func downloaded(out string, want []byte) bool {
	for _, l := range strings.Split(out, "\n") {
		var line struct {
			Result struct {
				Path string `json:"path"`
			} `json:"result"`
		}
		if json.Unmarshal([]byte(l), &line) != nil || line.Result.Path == "" {
			continue
		}
		if got, err := os.ReadFile(line.Result.Path); err == nil && bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

// fileInputRef is the snapshot's ref of the page's one file input.
func fileInputRef(t *testing.T, sn snapshot) string {
	t.Helper()
	for _, role := range []string{"button", "textbox", "generic"} {
		for id, r := range sn.Refs {
			if r.Role == role && strings.Contains(r.Name, "Attachment") {
				return id
			}
		}
	}
	t.Fatalf("no ref for the file input; snapshot:\n%s", sn.Snapshot)
	return ""
}

// coverTab opens a tab of the user's own (not in a session) in front, over
// the test's CDP connection; it answers its target id.
func coverTab(t *testing.T, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := h.cdp.call(ctx, "", "Target.createTarget", map[string]any{"url": url})
	if err != nil {
		t.Fatalf("CDP Target.createTarget: %v", err)
	}
	var r struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &r)
	t.Cleanup(func() { closeTab(t, r.TargetID) })
	return r.TargetID
}

func closeTab(t *testing.T, targetID string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": targetID})
}

// step sends a line and waits until the page reported what it did.
func (r *replProc) step(tag, line, what string, pred func(event) bool) {
	r.t.Helper()
	r.send(line)
	h.rec.waitFor(r.t, tag, what+" (after `"+line+"`)", pred)
}

// exit ends the REPL with `exit` and waits for it.
func (r *replProc) exit() {
	r.t.Helper()
	r.send("exit")
	select {
	case err := <-r.exited:
		if err != nil {
			r.t.Fatalf("the REPL: %v\nstderr:\n%s", err, r.errOut.String())
		}
	case <-time.After(callTimeout):
		r.t.Fatalf("the REPL did not end after `exit`; stderr:\n%s", r.errOut.String())
	}
}
