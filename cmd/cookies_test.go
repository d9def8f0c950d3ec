package cmd

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
)

// Bad values of the cookie, storage, log and download commands are usage
// errors that reach no hub.
func TestCookiesStorageLogsUsageErrors(t *testing.T) {
	checkUsage(t, nil,
		"console --level loud",
		"cookies set a b --expires someday",
		"storage cookie",
		"storage local set k",
		"storage local a b",
		"network block",
		"download e1 --wait-for 0s",
		"cookies set",
	)
}

func TestStorageParams(t *testing.T) {
	for args, want := range map[string]string{
		"storage local":            `"kind":"local"}`,
		"storage session tok":      `"kind":"session","key":"tok"}`,
		"storage local set k v":    `"kind":"local","key":"k","value":"v"}`,
		"storage session clear":    `"kind":"session"}`,
		"cookies --url http://a.b": `"url":"http://a.b"}`,
	} {
		e := newTestEnv(t)
		e.h.results["pages.storage"] = `{"origin":"http://a.b","entries":{}}`
		e.h.results["pages.setStorage"] = `{"ok":true}`
		e.h.results["pages.clearStorage"] = `{"cleared":0}`
		e.h.results["pages.cookies"] = `{"url":"http://a.b","cookies":[]}`
		e.h.results["pages.storage"] = `{"origin":"http://a.b","key":"tok","value":"v"}`
		if code := e.run(args); code != cmdutil.ExitOK {
			t.Errorf("%s: exit %d: %s", args, code, e.err)
			continue
		}
		if c := e.h.lastCall(t); !strings.HasSuffix(c.Params, want) {
			t.Errorf("%s sent %s %s; want it to end %s", args, c.Method, c.Params, want)
		}
	}
}

// The commands declared on their rows, by the names the MCP test uses.
func newCmdHandoff(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "handoff")
}

func newCmdCookiesSet(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "cookies set")
}

func newCmdCookiesClear(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "cookies clear")
}
