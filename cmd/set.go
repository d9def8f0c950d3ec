package cmd

// set: the session's emulation settings (emulation.set / show / reset).

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/devices"
	"browserctl/rpc"
)

const setLong = `Change how every tab of the session sees the world: its size, device,
media, network, place, language and identity. A setting applies to every
tab of the session, tabs opened later included, survives navigation and is
put back when the extension reconnects; other sessions and the person's own
tabs keep theirs. 'set show' prints the session's settings and what a tab
could not take; 'set reset' (or 'set NAME --reset') undoes them.

A value the browser would refuse (an unknown device, time zone or locale, a
size that is not a number) exits 2 and changes nothing.`

func newCmdSet(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "set",
		Annotations: notReplayed(groupOnly),
		Short:       "Emulate a device, media, network, place, language or identity in the session's tabs",
		Long:        setLong,
		Example: `  browserctl set viewport 1280 720
  browserctl set device "iPhone 13"
  browserctl set media dark --reduced-motion reduce
  browserctl set timezone Asia/Tokyo
  browserctl set show
  browserctl set reset`,
		Args: noArgs,
	}
	c.AddCommand(
		newCmdSetViewport(f, nil), newCmdSetDevice(f, nil), newCmdSetMedia(f, nil),
		newCmdSetOffline(f, nil), newCmdSetThrottle(f, nil), newCmdSetGeo(f, nil),
		newCmdSetPermissions(f, nil), newCmdSetTimezone(f, nil), newCmdSetLocale(f, nil),
		newCmdSetUserAgent(f, nil), newCmdSetHeaders(f, nil), newCmdSetCredentials(f, nil),
		newCmdSetShow(f, nil), newCmdSetReset(f, nil),
	)
	return c
}

// setting is one `set NAME` command: its arguments become settings, or with
// --reset the names it undoes.
type setting struct {
	use, short, example string
	names               []string // what --reset undoes
	args                cobra.PositionalArgs
	build               func(args []string) (rpc.Emulation, error)
	complete            cobra.CompletionFunc
	// secret: save leaves the line out (it would write the secret down).
	secret bool
}

// replay is the setting's save declaration.
func (s setting) replay() map[string]string {
	if s.secret {
		return notReplayed(holdsSecret)
	}
	return replays()
}

func settingCmd(f *Factory, runF func(*pageCall) error, s setting) *cobra.Command {
	var reset bool
	c := &cobra.Command{
		Use:               s.use,
		Annotations:       s.replay(),
		Short:             s.short,
		Example:           s.example,
		ValidArgsFunction: s.complete,
		Args: func(c *cobra.Command, args []string) error {
			if reset {
				return noArgs(c, args)
			}
			return s.args(c, args)
		},
		RunE: emulationRunE(f, runF, func(args []string) (*pageCall, error) {
			if reset {
				return resetCall(f, s.names), nil
			}
			e, err := s.build(args)
			if err != nil {
				return nil, err
			}
			return &pageCall{Method: rpc.EmulationSet, Params: rpc.EmulationSetParams{SessionID: sessionOf(f), Settings: e},
				Post: notTaken(e), Human: showEmulation(f)}, nil
		}),
	}
	if s.complete == nil {
		c.ValidArgsFunction = cobra.NoFileCompletions
	}
	c.Flags().BoolVar(&reset, "reset", false, "undo this setting: the browser's own again")
	return c
}

// emulationRunE is pageRunE where the extension's -32602 (a value the
// browser refuses: a time zone, a locale) is the caller's mistake: exit 2.
func emulationRunE(f *Factory, runF func(*pageCall) error, build func(args []string) (*pageCall, error)) func(*cobra.Command, []string) error {
	run := pageRunE(f, runF, build)
	if runF != nil {
		return run
	}
	return func(c *cobra.Command, args []string) error { return asUsage(run(c, args)) }
}

// notTaken fails a set that some tab of the session could not take (the
// setting stays the session's; set show names it until the tab has it).
func notTaken(e rpc.Emulation) func(json.RawMessage) (json.RawMessage, error) {
	var set map[string]json.RawMessage
	b, _ := json.Marshal(e)
	_ = json.Unmarshal(b, &set)
	return func(raw json.RawMessage) (json.RawMessage, error) {
		var r rpc.EmulationResult
		if err := decodeResult(rpc.EmulationSet, raw, &r); err != nil {
			return nil, err
		}
		var why []string
		for _, u := range r.Unapplied {
			if _, ok := set[u.Setting]; ok {
				why = append(why, fmt.Sprintf("tab %d does not have %s: %s", u.TabID, u.Setting, safeText(u.Error)))
			}
		}
		if len(why) > 0 {
			return nil, fmt.Errorf("set for the session, but %s (set show lists what a tab lacks)", strings.Join(why, "; "))
		}
		return raw, nil
	}
}

func resetCall(f *Factory, names []string) *pageCall {
	return &pageCall{Method: rpc.EmulationReset, Params: rpc.EmulationResetParams{SessionID: sessionOf(f), Names: names},
		Human: showEmulation(f)}
}

func parseFloatArg(label, s string, min, max float64) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < min || v > max {
		return 0, usageErrorf("%s must be a number from %g to %g, got %q", label, min, max, s)
	}
	return v, nil
}

func parseSize(label, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 || v > 100000 {
		return 0, usageErrorf("%s must be a whole number of CSS pixels from 1 to 100000, got %q", label, s)
	}
	return v, nil
}

func newCmdSetViewport(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var scale float64
	var mobile bool
	c := settingCmd(f, runF, setting{
		use: "viewport WIDTH HEIGHT", short: "Set the page's size in CSS pixels (innerWidth, innerHeight)",
		example: "  browserctl set viewport 1280 720\n  browserctl set viewport 390 664 --scale 3 --mobile",
		names:   []string{"viewport", "device"}, args: exactArgs(2, "a WIDTH and a HEIGHT"),
		build: func(args []string) (rpc.Emulation, error) {
			w, err := parseSize("WIDTH", args[0])
			if err != nil {
				return rpc.Emulation{}, err
			}
			h, err := parseSize("HEIGHT", args[1])
			if err != nil {
				return rpc.Emulation{}, err
			}
			if scale < 0 || scale > 10 {
				return rpc.Emulation{}, usageErrorf("--scale must be from 0 to 10, got %g", scale)
			}
			return rpc.Emulation{Viewport: &rpc.Viewport{Width: w, Height: h, DeviceScaleFactor: scale, Mobile: mobile}}, nil
		},
	})
	c.Flags().Float64Var(&scale, "scale", 0, "devicePixelRatio (default: the screen's)")
	c.Flags().BoolVar(&mobile, "mobile", false, "a mobile viewport (meta viewport, overlay scrollbars)")
	return c
}

func newCmdSetDevice(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var list bool
	s := setting{
		use: "device NAME", short: "Emulate a named phone, tablet or desktop: viewport, scale, mobile, touch, user agent",
		example: "  browserctl set device \"iPhone 13\"\n  browserctl set device pixel 7\n  browserctl set device --list",
		names:   []string{"device", "viewport", "touch", "userAgent"}, args: minArgs(1, "a device NAME (see --list)"),
		build: func(args []string) (rpc.Emulation, error) {
			name := strings.Join(args, " ")
			d, ok := devices.Lookup(name)
			if !ok {
				msg := fmt.Sprintf("unknown device %q (browserctl set device --list names them)", name)
				if sug := devices.Suggest(name, 4); len(sug) > 0 {
					msg += "; did you mean " + strings.Join(sug, ", ") + "?"
				}
				return rpc.Emulation{}, usageErrorf("%s", msg)
			}
			touch := d.Touch
			return rpc.Emulation{Device: d.Name, UserAgent: d.UserAgent, Touch: &touch,
				Viewport: &rpc.Viewport{Width: d.Width, Height: d.Height, DeviceScaleFactor: d.Scale, Mobile: d.Mobile}}, nil
		},
		complete: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return deviceNames(toComplete), cobra.ShellCompDirectiveNoFileComp
		},
	}
	c := settingCmd(f, runF, s)
	run, args := c.RunE, c.Args
	c.Args = func(c *cobra.Command, a []string) error {
		if list {
			return noArgs(c, a)
		}
		return args(c, a)
	}
	c.RunE = func(c *cobra.Command, a []string) error {
		if list {
			return printDevices(f)
		}
		return run(c, a)
	}
	c.Flags().BoolVar(&list, "list", false, "list the devices")
	return c
}

// deviceNames are the devices whose names start with prefix, case aside.
func deviceNames(prefix string) []cobra.Completion {
	var out []cobra.Completion
	low := strings.ToLower(prefix)
	for _, d := range devices.All() {
		if strings.HasPrefix(strings.ToLower(d.Name), low) {
			out = append(out, d.Name)
		}
	}
	return out
}

func printDevices(f *Factory) error {
	all := devices.All()
	if f.Globals.JSON {
		return json.NewEncoder(f.IO.Out).Encode(all)
	}
	t := newTable(f, "DEVICE", "VIEWPORT", "SCALE", "MOBILE", "TOUCH")
	for _, d := range all {
		t.add(d.Name, fmt.Sprintf("%dx%d", d.Width, d.Height), strconv.FormatFloat(d.Scale, 'g', -1, 64),
			strconv.FormatBool(d.Mobile), strconv.FormatBool(d.Touch))
	}
	return t.print()
}

func newCmdSetMedia(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var motion string
	var print bool
	c := settingCmd(f, runF, setting{
		use: "media [dark|light|no-preference]", short: "Set what CSS media queries see: color scheme, reduced motion, print",
		example: "  browserctl set media dark\n  browserctl set media --reduced-motion reduce\n  browserctl set media light --print",
		names:   []string{"media"}, args: rangeArgs(0, 1, "a color scheme"),
		build: func(args []string) (rpc.Emulation, error) {
			m := rpc.Media{ReducedMotion: motion, Print: print}
			if len(args) == 1 {
				if err := checkEnum("the color scheme", rpc.ColorScheme, args[0]); err != nil {
					return rpc.Emulation{}, err
				}
				m.ColorScheme = args[0]
			}
			if err := checkEnum("--reduced-motion", rpc.ReducedMotion, motion); err != nil {
				return rpc.Emulation{}, err
			}
			if m == (rpc.Media{}) {
				return rpc.Emulation{}, usageErrorf("give a color scheme (%s), --reduced-motion or --print", rpc.ColorScheme.Or())
			}
			return rpc.Emulation{Media: &m}, nil
		},
		complete: cobra.FixedCompletions(rpc.ColorScheme.Values, cobra.ShellCompDirectiveNoFileComp),
	})
	enumFlag(c, &motion, "reduced-motion", rpc.ReducedMotion, "prefers-reduced-motion: "+rpc.ReducedMotion.Or())
	c.Flags().BoolVar(&print, "print", false, "media type print instead of screen")
	return c
}

func onOff(label, s string) (bool, error) {
	switch strings.ToLower(s) {
	case "on", "true", "1":
		return true, nil
	case "off", "false", "0":
		return false, nil
	}
	return false, usageErrorf("%s must be on or off, got %q", label, s)
}

func newCmdSetOffline(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return settingCmd(f, runF, setting{
		use: "offline on|off", short: "Take the session's tabs off the network (navigator.onLine false) or back",
		example: "  browserctl set offline on", names: []string{"offline"}, args: exactArgs(1, "on or off"),
		build: func(args []string) (rpc.Emulation, error) {
			on, err := onOff("offline", args[0])
			return rpc.Emulation{Offline: &on}, err
		},
		complete: cobra.FixedCompletions([]string{"on", "off"}, cobra.ShellCompDirectiveNoFileComp),
	})
}

// throttlePresets are Chrome DevTools' network presets.
var throttlePresets = map[string]rpc.Throttle{
	"slow-3g": {LatencyMs: 2000, DownloadKbps: 400, UploadKbps: 400},
	"fast-3g": {LatencyMs: 562.5, DownloadKbps: 1440, UploadKbps: 675},
}

func newCmdSetThrottle(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var latency, down, up float64
	var c *cobra.Command
	c = settingCmd(f, runF, setting{
		use: "throttle slow-3g|fast-3g|off", short: "Slow the session's network down: a preset, or --latency/--down/--up",
		example: "  browserctl set throttle slow-3g\n  browserctl set throttle --latency 300 --down 1000 --up 500\n  browserctl set throttle off",
		names:   []string{"throttle"}, args: rangeArgs(0, 1, "a preset"),
		build: func(args []string) (rpc.Emulation, error) {
			custom := c.Flags().Changed("latency") || c.Flags().Changed("down") || c.Flags().Changed("up")
			if len(args) == 1 && custom {
				return rpc.Emulation{}, usageErrorf("give a preset or --latency/--down/--up, not both")
			}
			if len(args) == 0 {
				if !custom {
					return rpc.Emulation{}, usageErrorf("give slow-3g, fast-3g, off or --latency/--down/--up")
				}
				if latency < 0 || down < 0 || up < 0 {
					return rpc.Emulation{}, usageErrorf("--latency, --down and --up must not be negative")
				}
				return rpc.Emulation{Throttle: &rpc.Throttle{LatencyMs: latency, DownloadKbps: down, UploadKbps: up}}, nil
			}
			if args[0] == "off" {
				return rpc.Emulation{Throttle: &rpc.Throttle{}}, nil
			}
			t, ok := throttlePresets[args[0]]
			if !ok {
				return rpc.Emulation{}, usageErrorf("throttle must be slow-3g, fast-3g or off, got %q", args[0])
			}
			return rpc.Emulation{Throttle: &t}, nil
		},
		complete: cobra.FixedCompletions([]string{"slow-3g", "fast-3g", "off"}, cobra.ShellCompDirectiveNoFileComp),
	})
	c.Flags().Float64Var(&latency, "latency", 0, "added round-trip latency, ms")
	c.Flags().Float64Var(&down, "down", 0, "download throughput, kilobits per second (0: unlimited)")
	c.Flags().Float64Var(&up, "up", 0, "upload throughput, kilobits per second (0: unlimited)")
	return c
}

func newCmdSetGeo(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var accuracy float64
	c := settingCmd(f, runF, setting{
		use: "geo LATITUDE LONGITUDE", short: "Answer navigator.geolocation with a position, without a permission prompt",
		example: "  browserctl set geo 48.8584 2.2945\n  browserctl set geo 35.68 139.76 --accuracy 50",
		names:   []string{"geolocation"}, args: exactArgs(2, "a LATITUDE and a LONGITUDE"),
		build: func(args []string) (rpc.Emulation, error) {
			lat, err := parseFloatArg("LATITUDE", args[0], -90, 90)
			if err != nil {
				return rpc.Emulation{}, err
			}
			lon, err := parseFloatArg("LONGITUDE", args[1], -180, 180)
			if err != nil {
				return rpc.Emulation{}, err
			}
			if accuracy < 0 {
				return rpc.Emulation{}, usageErrorf("--accuracy must not be negative")
			}
			return rpc.Emulation{Geolocation: &rpc.Geolocation{Latitude: lat, Longitude: lon, Accuracy: accuracy}}, nil
		},
	})
	c.Flags().Float64Var(&accuracy, "accuracy", 10, "accuracy in metres")
	return c
}
