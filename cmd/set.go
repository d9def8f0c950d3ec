package cmd

// set: the session's emulation settings (emulation.set / show / reset).

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/devices"
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

func newCmdSet(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "set",
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
		Short:       "Emulate a device, media, network, place, language or identity in the session's tabs",
		Long:        setLong,
		Example: `  browserctl set viewport 1280 720
  browserctl set device "iPhone 13"
  browserctl set media dark --reduced-motion reduce
  browserctl set timezone Asia/Tokyo
  browserctl set show
  browserctl set reset`,
		Args: cmdutil.NoArgs,
	}
	// the other settings, show and reset: declared on emulation.* (rpc/emulation.go)
	c.AddCommand(newCmdSetDevice(f, nil))
	return c
}

func init() {
	// emulation: the session's settings (set NAME, set show), and for set
	// NAME an exit 1 when a tab of the session could not take it.
	cmdutil.Printers[rpc.PrintEmulation] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = showEmulation(f)
		if p, ok := pc.Params.(rpc.EmulationSetParams); ok {
			pc.Post = notTaken(p.Settings)
		}
	}
}

// notTaken fails a set that some tab of the session could not take (the
// setting stays the session's; set show names it until the tab has it).
func notTaken(e rpc.Emulation) func(json.RawMessage) (json.RawMessage, error) {
	var set map[string]json.RawMessage
	b, _ := json.Marshal(e)
	_ = json.Unmarshal(b, &set)
	return func(raw json.RawMessage) (json.RawMessage, error) {
		var r rpc.EmulationResult
		if err := cmdutil.DecodeResult(rpc.EmulationSet, raw, &r); err != nil {
			return nil, err
		}
		var why []string
		for _, u := range r.Unapplied {
			if _, ok := set[u.Setting]; ok {
				why = append(why, fmt.Sprintf("tab %d does not have %s: %s", u.TabID, u.Setting, cmdutil.SafeText(u.Error)))
			}
		}
		if len(why) > 0 {
			return nil, fmt.Errorf("set for the session, but %s (set show lists what a tab lacks)", strings.Join(why, "; "))
		}
		return raw, nil
	}
}

// newCmdSetDevice is written by hand: --list prints the devices without a
// call, and a device fills four settings from its name.
func newCmdSetDevice(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	var list, reset bool
	c := &cobra.Command{
		Use:         "device NAME",
		Annotations: cmdutil.Replays(),
		Short:       "Emulate a named phone, tablet or desktop: viewport, scale, mobile, touch, user agent",
		Example:     "  browserctl set device \"iPhone 13\"\n  browserctl set device pixel 7\n  browserctl set device --list",
		Args: func(c *cobra.Command, args []string) error {
			if list || reset {
				return cmdutil.NoArgs(c, args)
			}
			return cmdutil.MinArgs(1, "a device NAME (see --list)")(c, args)
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return devices.Named(toComplete), cobra.ShellCompDirectiveNoFileComp
		},
	}
	run := cmdutil.PageRunE(f, runF, func(args []string) (*cmdutil.PageCall, error) {
		if reset {
			return &cmdutil.PageCall{Method: rpc.EmulationReset, Params: rpc.EmulationResetParams{SessionID: cmdutil.SessionOf(f), Names: rpc.SettingNames["device"]},
				Human: showEmulation(f)}, nil
		}
		name := strings.Join(args, " ")
		d, ok := devices.Lookup(name)
		if !ok {
			msg := fmt.Sprintf("unknown device %q (browserctl set device --list names them)", name)
			if sug := devices.Suggest(name, 4); len(sug) > 0 {
				msg += "; did you mean " + strings.Join(sug, ", ") + "?"
			}
			return nil, cmdutil.UsageErrorf("%s", msg)
		}
		touch := d.Touch
		e := rpc.Emulation{Device: d.Name, UserAgent: d.UserAgent, Touch: &touch,
			Viewport: &rpc.Viewport{Width: d.Width, Height: d.Height, DeviceScaleFactor: d.Scale, Mobile: d.Mobile}}
		return &cmdutil.PageCall{Method: rpc.EmulationSet, Params: rpc.EmulationSetParams{SessionID: cmdutil.SessionOf(f), Settings: e},
			Post: notTaken(e), Human: showEmulation(f)}, nil
	})
	c.RunE = func(c *cobra.Command, args []string) error {
		if list {
			return printDevices(f)
		}
		return cmdutil.AsUsage(run(c, args)) // a value the browser refuses: exit 2
	}
	c.Flags().BoolVar(&list, "list", false, "list the devices")
	c.Flags().BoolVar(&reset, "reset", false, "undo this setting: the browser's own again")
	return c
}

func printDevices(f *cmdutil.Factory) error {
	all := devices.All()
	if f.Globals.JSON {
		return json.NewEncoder(f.IO.Out).Encode(all)
	}
	t := cmdutil.NewTable(f, "DEVICE", "VIEWPORT", "SCALE", "MOBILE", "TOUCH")
	for _, d := range all {
		t.Add(d.Name, fmt.Sprintf("%dx%d", d.Width, d.Height), strconv.FormatFloat(d.Scale, 'g', -1, 64),
			strconv.FormatBool(d.Mobile), strconv.FormatBool(d.Touch))
	}
	return t.Print()
}
