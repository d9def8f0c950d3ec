package mcpserver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

// The emulation tools send the settings their arguments name, refuse bad
// ones before anything reaches the browser, and the state tools write a
// 0600 file and load one back.
func TestEmulationTools(t *testing.T) {
	settings := answer{result: map[string]any{"settings": map[string]any{}, "unapplied": []any{}, "scripts": []any{}}}
	cases := []struct {
		tool string
		args map[string]any
		want map[string]any // emulation.set's settings
	}{
		{"browser_resize", map[string]any{"width": 800, "height": 600}, map[string]any{"viewport": map[string]any{"width": 800, "height": 600}}},
		{"browser_emulate_device", map[string]any{"device": "pixel 7"}, map[string]any{"device": "Pixel 7", "touch": true}},
		{"browser_emulate_media", map[string]any{"colorScheme": "dark"}, map[string]any{"media": map[string]any{"colorScheme": "dark"}}},
		{"browser_set_offline", map[string]any{"offline": true}, map[string]any{"offline": true}},
		{"browser_set_geolocation", map[string]any{"latitude": 1.5, "longitude": 2}, map[string]any{"geolocation": map[string]any{"latitude": 1.5, "longitude": 2, "accuracy": 10}}},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			fe, _, cs := setup(t, Options{}, "agent")
			fe.setRule(rpc.EmulationSet, settings)
			if res := callTool(t, cs[0], tc.tool, tc.args); res.IsError {
				t.Fatalf("tool error: %s", textOf(res))
			}
			got := fe.requests()
			if len(got) != 2 || got[1].Method != rpc.EmulationSet {
				t.Fatalf("requests %+v", got)
			}
			s, _ := got[1].Params["settings"].(map[string]any)
			for k, v := range tc.want {
				gj, _ := json.Marshal(s[k])
				wj, _ := json.Marshal(v)
				if string(gj) != string(wj) {
					t.Errorf("settings.%s = %s, want %s", k, gj, wj)
				}
			}
		})
	}
	for _, bad := range []struct {
		tool string
		args map[string]any
	}{
		{"browser_resize", map[string]any{"width": 0, "height": 600}},
		{"browser_emulate_device", map[string]any{"device": "Nokia 3310 Ultra"}},
		{"browser_emulate_media", map[string]any{"colorScheme": "purple"}},
		{"browser_set_geolocation", map[string]any{"latitude": 91, "longitude": 0}},
		{"browser_state_load", map[string]any{"path": "/nonexistent/state.json"}},
	} {
		fe, _, cs := setup(t, Options{}, "agent")
		res := callTool(t, cs[0], bad.tool, bad.args)
		if !res.IsError || len(fe.requests()) != 0 {
			t.Errorf("%s %v: error %v, requests %+v; want an error and nothing sent", bad.tool, bad.args, res.IsError, fe.requests())
		}
	}

	out := t.TempDir()
	fe, _, cs := setup(t, Options{OutputDir: out}, "agent")
	fe.setRule(rpc.StateSave, answer{result: map[string]any{
		"cookies": []map[string]any{{"name": "sid", "value": "x", "domain": "example.com", "path": "/", "expires": -1, "httpOnly": true, "secure": false, "sameSite": "Lax"}},
		"origins": []map[string]any{{"origin": "https://example.com", "localStorage": []map[string]any{{"name": "k", "value": "v"}}}},
	}})
	fe.setRule(rpc.StateLoad, answer{result: map[string]any{"cookies": 1, "origins": []string{"https://example.com"}, "pending": []string{}}})
	path := filepath.Join(out, "state.json")
	if res := callTool(t, cs[0], "browser_state_save", map[string]any{"path": path}); res.IsError {
		t.Fatalf("browser_state_save: %s", textOf(res))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("state file: %v, %v; want mode 0600", fi, err)
	}
	res := callTool(t, cs[0], "browser_state_load", map[string]any{"path": path})
	if res.IsError || !strings.Contains(textOf(res), "Loaded 1 cookies") {
		t.Fatalf("browser_state_load: %s", textOf(res))
	}
	reqs := fe.requests()
	last := reqs[len(reqs)-1]
	st, _ := json.Marshal(last.Params["state"])
	if last.Method != rpc.StateLoad || !strings.Contains(string(st), `"sid"`) || !strings.Contains(string(st), `"k"`) {
		t.Errorf("state.load got %s %s", last.Method, st)
	}
}
