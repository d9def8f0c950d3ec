package cmd

// A launch that names its browser (--profile, --new, --name): its own
// profile folder, its own copy of the extension inside it whose
// config.json names the browser and keeps its id, so the hub lists it
// beside the others (one cookie jar each) and launch waits for that one.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/launcher"
	"browserctl/extension"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// profilesDir is the state folder's folder of named profiles (launch
// --profile NAME): they stay when the browser ends.
const profilesDir = "profiles"

// launchedExtensionDir is the extension's copy inside a named launch's
// profile folder.
const launchedExtensionDir = "browserctl-extension"

// launchTarget is where a named launch runs and what its browser is called.
type launchTarget struct {
	profile string // its --user-data-dir
	fresh   bool   // made for this launch: stop removes it
	extDir  string // its copy of the extension
	name    string // its name on the hub
	id      string // its id on the hub (kept in extDir's config.json)
}

// named says whether the launch gives its browser a name of its own.
func (o *launchOptions) named() bool { return o.Profile != "" || o.New || o.Name != "" }

// checkProfile refuses a --profile that is neither a name nor a folder.
func checkProfile(p string) error {
	if p == "" || profileIsFolder(p) || rpc.CleanBrowserName(p) == p {
		return nil
	}
	return fmt.Errorf("%q: a profile NAME is letters, digits, '-', '_' and '.'; a folder needs a '/' (./%s)", p, p)
}

// profileIsFolder: a --profile with a path separator (or . and ..) is a
// folder, anything else a name of the state folder's profiles/.
func profileIsFolder(p string) bool {
	return strings.ContainsRune(p, filepath.Separator) || p == "." || p == ".."
}

// launchTargetFor makes the profile folder a named launch runs in.
func launchTargetFor(dir string, opts *launchOptions) (launchTarget, error) {
	var t launchTarget
	switch {
	case opts.Profile == "":
		p, err := launcher.NewProfile(dir)
		if err != nil {
			return t, err
		}
		t.profile, t.fresh = p, true
		t.name = "launch-" + strings.TrimPrefix(filepath.Base(p), "profile-")
	case profileIsFolder(opts.Profile):
		abs, err := filepath.Abs(opts.Profile)
		if err != nil {
			return t, err
		}
		t.profile, t.name = abs, filepath.Base(abs)
	default:
		t.profile, t.name = filepath.Join(dir, profilesDir, opts.Profile), opts.Profile
	}
	if err := os.MkdirAll(t.profile, 0o700); err != nil {
		return t, err
	}
	if opts.Name != "" {
		t.name = opts.Name
	}
	if t.name = rpc.CleanBrowserName(t.name); t.name == "" {
		return t, cmdutil.UsageErrorf("--name: give the browser a name of letters, digits, '-', '_' or '.'")
	}
	t.extDir = filepath.Join(t.profile, launchedExtensionDir)
	t.id = keptBrowserID(t.extDir)
	return t, nil
}

// keptBrowserID is the id an earlier launch wrote into the profile's
// extension config, else a new one: a profile is one browser for good.
func keptBrowserID(extDir string) string {
	var c extension.Config
	if b, err := os.ReadFile(filepath.Join(extDir, extension.ConfigFile)); err == nil && json.Unmarshal(b, &c) == nil && rpc.ValidBrowserID(c.BrowserID) == nil {
		return c.BrowserID
	}
	return "b" + strings.ToLower(rpc.NewNonce()[:12])
}

// reuseRunningProfile: a launched browser already runs in the profile
// (Chromium would hand a second one over to it and exit): launch reuses it.
func reuseRunningProfile(f *cmdutil.Factory, dir, profile string) (bool, error) {
	b, ok := launcher.RunningIn(dir, profile)
	if !ok {
		return false, nil
	}
	fmt.Fprintf(f.IO.ErrOut, "browser %s already runs in %s (pid %d); reusing it\n", b.Name, profile, b.PID)
	if f.Globals.JSON {
		return true, cmdutil.MarshalJSON(f, map[string]any{"reused": true, "pid": b.PID, "profile": profile, "name": b.Name, "browserId": b.BrowserID})
	}
	fmt.Fprintf(f.IO.Out, "%d\n", b.PID)
	return true, nil
}

// waitBrowserSince waits up to d until the browser id (or a peer that
// follows the seed, which names no id) has connected after t.
func waitBrowserSince(ctx context.Context, h hubapi.Controller, id string, t time.Time, d time.Duration) error {
	return waitStatus(ctx, h, d, func(st hubapi.Status) bool {
		return slices.ContainsFunc(st.Browsers, func(b hubapi.Browser) bool { return (b.ID == id || b.ID == "seed") && !b.Since.Before(t) })
	}, fmt.Sprintf("the browser launch started (id %s) did not connect within %s", id, d))
}
