package cmd

// vitals [--reload]: the page's Web Vitals and navigation timing, and
// highlight TARGET / highlight --clear: an outline on an element for a
// person watching the browser.

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdVitals(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.VitalsParams
	c := &cobra.Command{
		Use:         "vitals",
		Annotations: notReplayed(readsOnly),
		Short:       "Print the page's Web Vitals (LCP, CLS, INP, FCP, TTFB) and navigation timing",
		Long: `Print the page's Web Vitals from the browser's own performance entries
(PerformanceObserver, buffered): LCP and its element, CLS (the largest
session window of layout shifts) and the elements that shifted, INP of the
interactions the browser kept (event entries of 104 ms and more, and the
first input) when there was input, FCP, TTFB, and the navigation's timing
phases. Times are ms from the navigation's start. --reload reloads the tab
and measures the fresh load.`,
		Example: "  browserctl vitals\n  browserctl vitals --reload --json",
		Args:    noArgs,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			return &pageCall{Method: rpc.PageVitals, Params: p, Human: func(raw json.RawMessage) error {
				var v rpc.VitalsResult
				if err := decodeResult(rpc.PageVitals, raw, &v); err != nil {
					return err
				}
				printVitals(f, v)
				return nil
			}}, nil
		}),
	}
	c.Flags().BoolVar(&p.Reload, "reload", false, "reload the tab and measure the fresh load")
	addTabFlag(c, f, &p.TabID)
	return c
}

func ms(v float64) string { return fmt.Sprintf("%.0f ms", v) }

func printVitals(f *Factory, v rpc.VitalsResult) {
	w := f.IO.Out
	fmt.Fprintf(w, "url   %s\n", v.URL)
	fmt.Fprintf(w, "TTFB  %s\n", ms(v.TTFB))
	if v.FCP != nil {
		fmt.Fprintf(w, "FCP   %s\n", ms(*v.FCP))
	} else {
		fmt.Fprintln(w, "FCP   none (nothing painted)")
	}
	if v.LCP != nil {
		what := v.LCP.Element
		if what == "" {
			what = "(element gone)"
		}
		fmt.Fprintf(w, "LCP   %s  %s  %.0f px²\n", ms(v.LCP.MS), what, v.LCP.Size)
	} else {
		fmt.Fprintln(w, "LCP   none")
	}
	fmt.Fprintf(w, "CLS   %.4f\n", v.CLS.Value)
	for _, s := range v.CLS.Shifts {
		fmt.Fprintf(w, "      %.4f at %s  %s\n", s.Value, ms(s.AtMS), strings.Join(s.Elements, ", "))
	}
	if v.INP != nil {
		fmt.Fprintf(w, "INP   %s  %s on %s (%d interactions)\n", ms(v.INP.MS), v.INP.Event, v.INP.Target, v.INP.Interactions)
	} else {
		fmt.Fprintln(w, "INP   none (no input kept)")
	}
	if n := v.Navigation; n != nil {
		fmt.Fprintf(w, "navigation (%s): redirect %s, dns %s, connect %s, tls %s, request %s, response %s\n",
			n.Type, ms(n.Redirect), ms(n.DNS), ms(n.Connect), ms(n.TLS), ms(n.Request), ms(n.Response))
		fmt.Fprintf(w, "            domInteractive %s, domContentLoaded %s, load %s, %.0f bytes\n",
			ms(n.DOMInteractive), ms(n.DOMContentLoaded), ms(n.Load), n.TransferSize)
	}
}

func newCmdHighlight(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.HighlightParams
	var duration time.Duration
	c := &cobra.Command{
		Use:         "highlight TARGET",
		Annotations: notReplayed(showsOnly),
		Short:       "Outline an element in the page for a person to see, or --clear the outline",
		Long: `Outline an element in the page for a person watching the browser, for
--duration (default 2s; 0 keeps it until highlight --clear). The outline is
the browser's inspector overlay: the page's DOM and layout do not change.

` + targetHelp,
		Example:           "  browserctl highlight e12\n  browserctl highlight 'role=button[name=\"Save\"]' --duration 10s\n  browserctl highlight --clear",
		Args:              rangeArgs(0, 1, "a TARGET (a REF or a CSS selector), or --clear"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			if p.Clear == (len(args) == 1) {
				return nil, usageErrorf("highlight takes a TARGET or --clear, one of them")
			}
			if duration < 0 {
				return nil, usageErrorf("--duration must not be negative, got %s", duration)
			}
			if len(args) == 1 {
				p.Ref, p.Selector = target(args[0])
				d := int(duration / time.Millisecond)
				p.DurationMS = &d
			}
			return &pageCall{Method: rpc.PageHighlight, Params: p, Human: func(raw json.RawMessage) error {
				if p.Clear {
					done(f, "outline cleared")
					return nil
				}
				var res rpc.HighlightResult
				if err := decodeResult(rpc.PageHighlight, raw, &res); err != nil {
					return err
				}
				if res.Box == nil {
					return fmt.Errorf("pages.highlight answered no box for %s", res.Target)
				}
				done(f, "outlined %s at %.0f,%.0f %.0fx%.0f", res.Target, res.Box.X, res.Box.Y, res.Box.Width, res.Box.Height)
				return nil
			}}, nil
		}),
	}
	c.Flags().DurationVar(&duration, "duration", 2*time.Second, "how long the outline stays; 0: until highlight --clear")
	c.Flags().BoolVar(&p.Clear, "clear", false, "hide the outline")
	addTabFlag(c, f, &p.TabID)
	return c
}
