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
	// and the settings declared on emulation.set (rpc/emulation.go), and show
	c.AddCommand(newCmdSetDevice(f, nil), newCmdSetThrottle(f, nil), newCmdSetPermissions(f, nil), newCmdSetReset(f, nil))
	return c
}

func init() {
	// emulation: the session's settings (set NAME, set show), and for set
	// NAME an exit 1 when a tab of the session could not take it.
	printers["emulation"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = showEmulation(f)
		if p, ok := pc.Params.(rpc.EmulationSetParams); ok {
			pc.Post = notTaken(p.Settings)
		}
	}
}

// setting is one `set NAME` command: its arguments become settings, or with
// --reset the names it undoes.
type setting struct {
	use, short, example string
	names               []string // what --reset undoes
	args                cobra.PositionalArgs
	build               func(args []string) (rpc.Emulation, error)
	complete            cobra.CompletionFunc
}

func settingCmd(f *Factory, runF func(*pageCall) error, s setting) *cobra.Command {
	var reset bool
	c := &cobra.Command{
		Use:               s.use,
		Annotations:       replays(),
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
