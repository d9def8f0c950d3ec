package evidence

import (
	"fmt"
	"io"
	"strings"

	"browserctl/rpc"
)

// WriteVitals writes the page's Web Vitals for people, a line each (a
// layout shift's elements and the navigation's phases on lines of their
// own); times in whole ms.
func WriteVitals(w io.Writer, v rpc.VitalsResult) {
	ms := func(v float64) string { return fmt.Sprintf("%.0f ms", v) }
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
