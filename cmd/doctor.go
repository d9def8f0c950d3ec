package cmd

// `browserctl doctor`: every hop from this shell to the page, checked in
// order (the doctor package), the first broken one named with its fix.

import (
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/doctor"
	"browserctl/rpc"
)

// doctorReport is what --json prints.
type doctorReport struct {
	OK          bool           `json:"ok"`
	ExitCode    int            `json:"exitCode"`
	FirstBroken string         `json:"firstBroken,omitempty"`
	Checks      []doctor.Check `json:"checks"`
}

func newCmdDoctor(f *cmdutil.Factory) *cobra.Command {
	var rawServer string
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Check every hop from this shell to the browser and name the first broken one",
		Long: `Check, in order: the state folder and the token file (mode 0600), the
address (--server: parses, loopback or not), a browserctl hub answering there
(its pid and protocol version; a frozen hub, one that accepts connections
and answers nothing, is told from another program), the extension connected
to it (or when it was last seen, and the last connection the hub refused,
with its fix), the hub's refused connection attempts, the protocol version on both sides, a browser for ` + "`launch`" + `, and
the bash-completion package for ` + "`completion bash`" + `. The first broken hop is
named with its fix. Never starts a hub and never writes a file.

Exit 0 when every hop holds, 3 when the hub or the extension is missing, 1
otherwise. --json prints every check with its result.`,
		Example: `  browserctl doctor
  browserctl doctor --json | jq '.checks[] | select(.status != "ok")'`,
		Args: cmdutil.NoArgs,
		// Its own pre-run: doctor checks the --server value itself, so a
		// value the other commands refuse is reported as the broken hop
		// rather than refused before doctor runs.
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			if f.Globals.NoColor {
				f.IO.SetColorEnabled(false)
			}
			rawServer = f.Globals.Server
			f.Globals.Server = cmdutil.HostPort(f.Globals.Server)
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			checks := doctor.Run(c.Context(), doctor.Env{
				Getenv: f.Getenv, Now: f.Now, LookPath: f.LookPath,
				RawServer: rawServer, Addr: cmdutil.HostPort(rawServer),
			})
			return printDoctor(f, doctorReportOf(checks))
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	return c
}

func printDoctor(f *cmdutil.Factory, rep doctorReport) error {
	if f.Globals.JSON {
		if err := cmdutil.MarshalJSON(f, rep); err != nil {
			return err
		}
	} else {
		cs := f.IO.ColorScheme()
		w := f.IO.Out
		for _, c := range rep.Checks {
			mark := map[string]string{
				doctor.OK:   cs.Green("ok  "),
				doctor.Fail: cs.Red("FAIL"),
				doctor.Warn: cs.Yellow("warn"),
				doctor.Skip: cs.Dim("skip"),
			}[c.Status]
			fmt.Fprintf(w, "%s  %-16s %s\n", mark, c.Name, c.Detail)
			if c.Fix != "" && c.Status != doctor.OK && c.Status != doctor.Skip {
				fmt.Fprintf(w, "      %-16s fix: %s\n", "", cmdutil.InREPLWords(f, c.Fix))
			}
		}
	}
	if rep.OK {
		return nil
	}
	var first doctor.Check
	for _, c := range rep.Checks {
		if c.Name == rep.FirstBroken {
			first = c
		}
	}
	cs := f.IO.ErrColorScheme()
	fmt.Fprintln(f.IO.ErrOut, cs.Red("error: "+first.Name+": "+first.Detail))
	fmt.Fprintln(f.IO.ErrOut, cs.Dim("hint: "+cmdutil.InREPLWords(f, first.Fix)))
	return &cmdutil.ReportedError{Code: cmdutil.ExitCode(rep.ExitCode)}
}

// doctorReportOf is the report of the checks: the first broken hop, and the
// exit code (3 when the hub or the extension is missing, 1 for another
// broken hop).
func doctorReportOf(checks []doctor.Check) doctorReport {
	rep := doctorReport{OK: true, Checks: checks}
	for _, c := range checks {
		if c.Status != doctor.Fail {
			continue
		}
		rep.OK = false
		if rep.FirstBroken == "" {
			rep.FirstBroken = c.Name
			rep.ExitCode = int(cmdutil.ExitError)
		}
		if doctor.HubMissing(c) {
			rep.ExitCode = int(cmdutil.ExitNoBrowser)
		}
	}
	return rep
}
