package cmd

// set: permissions, time zone, locale, identity; set show and set reset.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdSetPermissions(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return settingCmd(f, runF, setting{
		use: "permissions grant|deny NAME...", short: "Grant or deny permissions without a prompt (" + rpc.PermissionName.Or() + ")",
		example: "  browserctl set permissions grant notifications camera\n  browserctl set permissions deny geolocation",
		names:   []string{"permissions"}, args: minArgs(2, "grant or deny and at least one NAME"),
		build: func(args []string) (rpc.Emulation, error) {
			if err := checkEnum("the first word", rpc.PermissionGrant, args[0]); err != nil {
				return rpc.Emulation{}, err
			}
			perms := map[string]string{}
			for _, n := range args[1:] {
				if err := checkEnum("a permission", rpc.PermissionName, n); err != nil {
					return rpc.Emulation{}, err
				}
				perms[n] = args[0]
			}
			return rpc.Emulation{Permissions: perms}, nil
		},
		complete: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return rpc.PermissionGrant.Values, cobra.ShellCompDirectiveNoFileComp
			}
			return rpc.PermissionName.Values, cobra.ShellCompDirectiveNoFileComp
		},
	})
}

// resetNames are the names `set reset` takes, as the commands spell them.
var resetNames = map[string][]string{
	"viewport": {"viewport", "device"}, "device": {"device", "viewport", "touch", "userAgent"}, "touch": {"touch"},
	"media": {"media"}, "offline": {"offline"}, "throttle": {"throttle"}, "geo": {"geolocation"},
	"permissions": {"permissions"}, "timezone": {"timezone"}, "locale": {"locale"},
	"useragent": {"userAgent", "device"}, "headers": {"headers"}, "credentials": {"credentials"},
}

func newCmdSetReset(f *Factory, runF func(*pageCall) error) *cobra.Command {
	keys := make([]string, 0, len(resetNames))
	for k := range resetNames {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return &cobra.Command{
		Use:               "reset [NAME...]",
		Annotations:       replays(),
		Short:             "Undo the session's settings (all, or the NAMEs: " + strings.Join(keys, ", ") + ")",
		Example:           "  browserctl set reset\n  browserctl set reset device media",
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: cobra.FixedCompletions(keys, cobra.ShellCompDirectiveNoFileComp),
		RunE: emulationRunE(f, runF, func(args []string) (*pageCall, error) {
			var names []string
			seen := map[string]bool{}
			for _, a := range args {
				ns, ok := resetNames[strings.ToLower(a)]
				if !ok {
					return nil, usageErrorf("set reset takes %s; got %q", strings.Join(keys, ", "), a)
				}
				for _, n := range ns {
					if !seen[n] {
						seen[n] = true
						names = append(names, n)
					}
				}
			}
			return resetCall(f, names), nil
		}),
	}
}

// showEmulation prints an EmulationResult: one line per setting, the
// scripts, and what some tab could not take (a warning each).
func showEmulation(f *Factory) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var r rpc.EmulationResult
		if err := decodeResult(rpc.EmulationShow, raw, &r); err != nil {
			return err
		}
		lines := emulationLines(r.Settings)
		if len(lines) == 0 && len(r.Scripts) == 0 && f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no settings: the browser's own")
		}
		t := newTable(f, "SETTING", "VALUE")
		for _, l := range lines {
			t.add(l[0], safeText(l[1]))
		}
		for _, s := range r.Scripts {
			t.add("init-script "+s.ID, safeText(s.Name))
		}
		if err := t.print(); err != nil {
			return err
		}
		for _, u := range r.Unapplied {
			warn(f, "tab %d does not have %s: %s", u.TabID, u.Setting, safeText(u.Error))
		}
		return nil
	}
}

func emulationLines(e rpc.Emulation) [][2]string {
	var out [][2]string
	add := func(k, v string) { out = append(out, [2]string{k, v}) }
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	if e.Device != "" {
		add("device", e.Device)
	}
	if v := e.Viewport; v != nil {
		s := fmt.Sprintf("%dx%d", v.Width, v.Height)
		if v.DeviceScaleFactor > 0 {
			s += " scale " + num(v.DeviceScaleFactor)
		}
		if v.Mobile {
			s += " mobile"
		}
		add("viewport", s)
	}
	if e.Touch != nil {
		add("touch", strconv.FormatBool(*e.Touch))
	}
	if e.UserAgent != "" {
		add("useragent", e.UserAgent)
	}
	if m := e.Media; m != nil {
		var parts []string
		if m.ColorScheme != "" {
			parts = append(parts, m.ColorScheme)
		}
		if m.ReducedMotion != "" {
			parts = append(parts, "reduced-motion "+m.ReducedMotion)
		}
		if m.Print {
			parts = append(parts, "print")
		}
		add("media", strings.Join(parts, ", "))
	}
	if e.Offline != nil {
		add("offline", map[bool]string{true: "on", false: "off"}[*e.Offline])
	}
	if t := e.Throttle; t != nil {
		add("throttle", fmt.Sprintf("latency %s ms, down %s kbit/s, up %s kbit/s", num(t.LatencyMs), num(t.DownloadKbps), num(t.UploadKbps)))
	}
	if g := e.Geolocation; g != nil {
		add("geo", fmt.Sprintf("%s, %s (accuracy %s m)", num(g.Latitude), num(g.Longitude), num(g.Accuracy)))
	}
	if len(e.Permissions) > 0 {
		names := make([]string, 0, len(e.Permissions))
		for n := range e.Permissions {
			names = append(names, n)
		}
		sort.Strings(names)
		var parts []string
		for _, n := range names {
			parts = append(parts, e.Permissions[n]+" "+n)
		}
		add("permissions", strings.Join(parts, ", "))
	}
	if e.Timezone != "" {
		add("timezone", e.Timezone)
	}
	if e.Locale != "" {
		add("locale", e.Locale)
	}
	if len(e.Headers) > 0 {
		names := make([]string, 0, len(e.Headers))
		for n := range e.Headers {
			names = append(names, n)
		}
		sort.Strings(names)
		add("headers", strings.Join(names, ", "))
	}
	if e.Credentials != nil {
		add("credentials", e.Credentials.Username+" (password set)")
	}
	return out
}
