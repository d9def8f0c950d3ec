package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// visibleControlsJS collects the links, buttons and text fields a user can
// see on the page. Visible means: connected to the document, a rendered box
// larger than zero, not display:none / visibility:hidden / content-visibility
// hidden (checkVisibility), not inside aria-hidden="true" or inert, and a box
// that lies at least partly inside the document (not parked at -9999px).
// Offscreen but scrollable-to is visible: a user can scroll there.
const visibleControlsJS = `(() => {
  const sel = [
    'a[href]', '[role=link]',
    'button', 'input[type=button]', 'input[type=submit]', 'input[type=reset]', 'input[type=image]', '[role=button]',
    'input:not([type])', 'input[type=text]', 'input[type=search]', 'input[type=email]', 'input[type=url]',
    'input[type=tel]', 'input[type=password]', 'input[type=number]', 'textarea',
    '[contenteditable=""]', '[contenteditable=true]', '[role=textbox]', '[role=searchbox]',
  ].join(',');
  const de = document.documentElement;
  const docW = Math.max(de.scrollWidth, document.body ? document.body.scrollWidth : 0);
  const docH = Math.max(de.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.isConnected) continue;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) continue;
    if (!el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})) continue;
    if (el.closest('[aria-hidden="true"]') || el.closest('[inert]')) continue;
    const left = r.left + scrollX, top = r.top + scrollY;
    if (left + r.width <= 0 || top + r.height <= 0 || left >= docW || top >= docH) continue;
    out.push(el);
  }
  return out;
})()`

// axNode is what Chrome's own accessibility tree says about one element,
// read over the test's CDP session (not the extension's).
type axNode struct {
	Ignored bool `json:"ignored"`
	Role    struct {
		Value string `json:"value"`
	} `json:"role"`
	Name struct {
		Value string `json:"value"`
	} `json:"name"`
}

type control struct{ role, name string }

// visibleControls returns Chrome's role and name of every visible link,
// button and text field on the page, and how many of them Chrome's
// accessibility tree ignores.
func (p *page) visibleControls() (controls []control, ignored int) {
	p.t.Helper()
	res, err := p.call("Runtime.evaluate", map[string]any{"expression": visibleControlsJS, "objectGroup": "e2e"})
	if err != nil {
		p.t.Fatalf("CDP: collecting visible controls: %v", err)
	}
	defer p.call("Runtime.releaseObjectGroup", map[string]any{"objectGroup": "e2e"})
	var ev struct {
		Result struct {
			ObjectID string `json:"objectId"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	_ = json.Unmarshal(res, &ev)
	if ev.ExceptionDetails != nil || ev.Result.ObjectID == "" {
		p.t.Fatalf("CDP: collecting visible controls threw: %s", res)
	}
	res, err = p.call("Runtime.getProperties", map[string]any{"objectId": ev.Result.ObjectID, "ownProperties": true})
	if err != nil {
		p.t.Fatalf("CDP: reading the controls: %v", err)
	}
	var props struct {
		Result []struct {
			Name  string `json:"name"`
			Value struct {
				ObjectID string `json:"objectId"`
				Subtype  string `json:"subtype"`
			} `json:"value"`
		} `json:"result"`
	}
	_ = json.Unmarshal(res, &props)
	for _, pr := range props.Result {
		if pr.Value.Subtype != "node" || pr.Value.ObjectID == "" {
			continue
		}
		res, err := p.call("Accessibility.getPartialAXTree", map[string]any{"objectId": pr.Value.ObjectID, "fetchRelatives": false})
		if err != nil {
			p.t.Fatalf("CDP: Accessibility.getPartialAXTree: %v", err)
		}
		var ax struct {
			Nodes []axNode `json:"nodes"`
		}
		_ = json.Unmarshal(res, &ax)
		if len(ax.Nodes) == 0 || ax.Nodes[0].Ignored {
			ignored++
			continue
		}
		n := ax.Nodes[0]
		controls = append(controls, control{role: n.Role.Value, name: normSpace(n.Name.Value)})
	}
	return controls, ignored
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// roleClass puts the roles a text field may take into one class, so a
// snapshot that says "searchbox" where Chrome says "textbox" still counts.
func roleClass(role string) string {
	switch role {
	case "textbox", "searchbox", "combobox", "textField", "TextField":
		return "textfield"
	}
	return role
}

// squash folds what differs between a rendered name and a DOM-text name:
// case (text-transform) and whitespace.
func squash(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// truncated: got is want cut short with an ellipsis (long names are).
func truncated(want, got string) bool {
	cut := strings.TrimSuffix(got, "…")
	return cut != got && len(cut) >= 20 && strings.HasPrefix(want, cut)
}

// nameLike accepts a ref whose name is not Chrome's exactly but plainly the
// same control: shortened with an ellipsis, another case or spacing, or
// one name holding the other (an image's alt text added to a link's text).
func nameLike(want, got string) bool {
	got = strings.TrimSuffix(strings.TrimSuffix(got, "…"), "...")
	w, g := squash(want), squash(got)
	if w == "" || g == "" {
		return false
	}
	return strings.Contains(g, w) || strings.Contains(w, g)
}

// coverage matches the visible controls against the snapshot's refs, as a
// multiset: each ref covers at most one control. missing have no ref of
// their role at all; renamed have one whose name is only like Chrome's.
func coverage(controls []control, refs map[string]refInfo) (missing, renamed []control) {
	pool := map[string][]string{} // role class -> names of unused refs
	for _, r := range refs {
		c := roleClass(r.Role)
		pool[c] = append(pool[c], normSpace(r.Name))
	}
	take := func(c control, i int) {
		names := pool[roleClass(c.role)]
		names[i] = names[len(names)-1]
		pool[roleClass(c.role)] = names[:len(names)-1]
	}
	// Exact names first, then names that are alike, then unnamed controls
	// against whatever refs of their role are left.
	var rest []control
	for _, c := range controls {
		found := -1
		for i, n := range pool[roleClass(c.role)] {
			if n == c.name || truncated(c.name, n) {
				found = i
				break
			}
		}
		if found < 0 {
			rest = append(rest, c)
			continue
		}
		take(c, found)
	}
	var unnamed []control
	for _, c := range rest {
		if c.name == "" {
			unnamed = append(unnamed, c)
			continue
		}
		found := -1
		for i, n := range pool[roleClass(c.role)] {
			if nameLike(c.name, n) {
				found = i
				break
			}
		}
		if found < 0 {
			missing = append(missing, c)
			continue
		}
		renamed = append(renamed, c)
		take(c, found)
	}
	for _, c := range unnamed {
		if len(pool[roleClass(c.role)]) == 0 {
			missing = append(missing, c)
			continue
		}
		take(c, 0)
	}
	return missing, renamed
}

// nearest names the refs that look like a missing control: same name and
// another role, or same role and a name sharing its start.
func nearest(c control, refs map[string]refInfo) string {
	var hints []string
	for id, r := range refs {
		n := normSpace(r.Name)
		switch {
		case n == c.name && roleClass(r.Role) != roleClass(c.role):
			hints = append(hints, fmt.Sprintf("%s is %s %q", id, r.Role, n))
		case roleClass(r.Role) == roleClass(c.role) && nameLike(c.name, n) && 2*len(squash(n)) >= len(squash(c.name)):
			hints = append(hints, fmt.Sprintf("%s is %s %q", id, r.Role, n))
		}
	}
	sort.Strings(hints)
	if len(hints) > 3 {
		hints = hints[:3]
	}
	if len(hints) == 0 {
		return ""
	}
	return " (near: " + strings.Join(hints, "; ") + ")"
}

// Every corpus page snapshots without error, full and interactive, and
// every visible link, button and text field gets a ref with its role and
// name.
func TestCorpusSnapshotsAndRefCoverage(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	var report strings.Builder
	fmt.Fprintf(&report, "| page | visible controls | covered | coverage | of which name differs | ignored by Chrome | refs (-i) | -i bytes | full bytes |\n|---|---|---|---|---|---|---|---|---|\n")
	var totalVisible, totalCovered, totalRenamed int
	for _, name := range corpusPages(t) {
		t.Run(name, func(t *testing.T) {
			u := h.web.URL + "/corpus/" + name + "?t=" + tag
			var tb tab
			mustJSON(t, &tb, in(s, "tab", "open", u)...)
			defer run(t, in(s, "tab", "close", itoa(tb.TabID))...)
			mustRun(t, in(s, "wait", "--load", "load")...)
			// A page may have nothing to show (seattletimes hides its body
			// until a script that cannot load here runs): the snapshot must
			// succeed, and is checked against the visible controls below.
			var full, inter snapshot
			mustJSON(t, &full, in(s, "snapshot")...)
			mustJSON(t, &inter, in(s, "snapshot", "-i")...)
			if !strings.HasPrefix(full.URL, h.web.URL+"/corpus/"+name) || full.TabID != tb.TabID {
				t.Errorf("snapshot of the new tab answered url %q tab %d, want %s in tab %d", full.URL, full.TabID, u, tb.TabID)
			}
			for id, r := range inter.Refs {
				if r.Ref != id || !strings.Contains(inter.Snapshot, "[ref="+id+"]") {
					t.Errorf("ref %s (%+v) is not in the snapshot text", id, r)
					break
				}
			}
			p := h.cdp.page(t, "/corpus/"+name)
			controls, ignored := p.visibleControls()
			missing, renamed := coverage(controls, inter.Refs)
			covered := len(controls) - len(missing)
			totalVisible += len(controls)
			totalCovered += covered
			totalRenamed += len(renamed)
			pct := 100.0
			if len(controls) > 0 {
				pct = 100 * float64(covered) / float64(len(controls))
			}
			fmt.Fprintf(&report, "| %s | %d | %d | %.1f%% | %d | %d | %d | %d | %d |\n",
				name, len(controls), covered, pct, len(renamed), ignored, len(inter.Refs), len(inter.Snapshot), len(full.Snapshot))
			for i, c := range renamed {
				if i == 5 {
					break
				}
				t.Logf("name differs from Chrome's: %s %q%s", c.role, c.name, nearest(c, inter.Refs))
			}
			if len(missing) > 0 {
				sort.Slice(missing, func(i, j int) bool { return missing[i].role+missing[i].name < missing[j].role+missing[j].name })
				var b strings.Builder
				for i, m := range missing {
					if i == 15 {
						fmt.Fprintf(&b, "  ... and %d more\n", len(missing)-15)
						break
					}
					fmt.Fprintf(&b, "  %s %q%s\n", m.role, m.name, nearest(m, inter.Refs))
				}
				t.Errorf("%d of %d visible links/buttons/text fields have no ref with their role and name:\n%s", len(missing), len(controls), b.String())
			}
		})
	}
	pct := 0.0
	if totalVisible > 0 {
		pct = 100 * float64(totalCovered) / float64(totalVisible)
	}
	fmt.Fprintf(&report, "| **all** | %d | %d | %.1f%% | %d | | | | |\n", totalVisible, totalCovered, pct, totalRenamed)
	t.Logf("ref coverage of visible controls:\n%s", report.String())
	if f := os.Getenv("E2E_COVERAGE_REPORT"); f != "" {
		_ = os.WriteFile(f, []byte(report.String()), 0o644)
	}
}
