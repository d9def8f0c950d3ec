package cmd

// set: how set permissions, throttle and reset read their words, and how
// the session's settings print.

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func init() {
	// set permissions grant|deny NAME...
	cmdutil.Preparers[rpc.PrepareSetPermissions] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		if err := cmdutil.CheckEnum("the first word", rpc.PermissionGrant, args[0]); err != nil {
			return err
		}
		p := pc.Params.(rpc.EmulationSetParams)
		p.Settings.Permissions = map[string]string{}
		for _, n := range args[1:] {
			if err := cmdutil.CheckEnum("a permission", rpc.PermissionName, n); err != nil {
				return err
			}
			p.Settings.Permissions[n] = args[0]
		}
		pc.Params = p
		return nil
	}
	// set throttle: a preset, or --latency/--down/--up (which made
	// settings.throttle), not both.
	cmdutil.Preparers[rpc.PrepareSetThrottle] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		p := pc.Params.(rpc.EmulationSetParams)
		t := p.Settings.Throttle
		switch {
		case len(args) == 1 && t != nil:
			return cmdutil.UsageErrorf("give a preset or --latency/--down/--up, not both")
		case len(args) == 0 && t == nil:
			return cmdutil.UsageErrorf("give slow-3g, fast-3g, off or --latency/--down/--up")
		case len(args) == 0 && (t.LatencyMs < 0 || t.DownloadKbps < 0 || t.UploadKbps < 0):
			return cmdutil.UsageErrorf("--latency, --down and --up must not be negative")
		case len(args) == 0:
		case args[0] == "off":
			p.Settings.Throttle = &rpc.Throttle{}
		default:
			preset, ok := throttlePresets[args[0]]
			if !ok {
				return cmdutil.UsageErrorf("throttle must be slow-3g, fast-3g or off, got %q", args[0])
			}
			p.Settings.Throttle = &preset
		}
		pc.Params = p
		return nil
	}
	// set reset NAME...: the names as the commands spell them, each the
	// members it undoes, once.
	cmdutil.Preparers[rpc.PrepareSetReset] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		p := pc.Params.(rpc.EmulationResetParams)
		seen := map[string]bool{}
		for _, a := range args {
			ns, ok := rpc.SettingNames[strings.ToLower(a)]
			if !ok {
				words := slices.Sorted(maps.Keys(rpc.SettingNames))
				return cmdutil.UsageErrorf("set reset takes %s; got %q", strings.Join(words, ", "), a)
			}
			for _, n := range ns {
				if !seen[n] {
					seen[n] = true
					p.Names = append(p.Names, n)
				}
			}
		}
		pc.Params = p
		return nil
	}
}

// throttlePresets are Chrome DevTools' network presets.
var throttlePresets = map[string]rpc.Throttle{
	"slow-3g": {LatencyMs: 2000, DownloadKbps: 400, UploadKbps: 400},
	"fast-3g": {LatencyMs: 562.5, DownloadKbps: 1440, UploadKbps: 675},
}

// showEmulation prints an EmulationResult: one line per setting, the
// scripts, and what some tab could not take (a warning each).
func showEmulation(f *cmdutil.Factory) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var r rpc.EmulationResult
		if err := cmdutil.DecodeResult(rpc.EmulationShow, raw, &r); err != nil {
			return err
		}
		lines := r.Settings.Lines()
		if len(lines) == 0 && len(r.Scripts) == 0 && f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no settings: the browser's own")
		}
		t := cmdutil.NewTable(f, "SETTING", "VALUE")
		for _, l := range lines {
			t.Add(l[0], cmdutil.SafeText(l[1]))
		}
		for _, s := range r.Scripts {
			t.Add("init-script "+s.ID, cmdutil.SafeText(s.Name))
		}
		if err := t.Print(); err != nil {
			return err
		}
		for _, u := range r.Unapplied {
			warn(f, "tab %d does not have %s: %s", u.TabID, u.Setting, cmdutil.SafeText(u.Error))
		}
		return nil
	}
}
