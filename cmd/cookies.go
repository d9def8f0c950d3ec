package cmd

// The cookie table, local/session storage and pdf.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// ---- cookies (the commands are declared on their rows in rpc/storage.go) ----

func init() {
	// cookies: a table of the cookies, or on a terminal that there are none.
	printers["cookies"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.CookiesResult
			if err := decodeResult(rpc.PageCookies, raw, &r); err != nil {
				return err
			}
			t := newTable(f, "NAME", "VALUE", "DOMAIN", "PATH", "EXPIRES", "FLAGS")
			for _, ck := range r.Cookies {
				var flags []string
				if ck.HTTPOnly {
					flags = append(flags, "HttpOnly")
				}
				if ck.Secure {
					flags = append(flags, "Secure")
				}
				if ck.SameSite != "" {
					flags = append(flags, "SameSite="+ck.SameSite)
				}
				t.add(safeText(ck.Name), safeText(ck.Value), safeText(ck.Domain), safeText(ck.Path), cookieExpiry(ck.Expires), strings.Join(flags, ","))
			}
			if len(r.Cookies) == 0 && f.IO.IsStderrTTY() {
				fmt.Fprintf(f.IO.ErrOut, "no cookies for %s\n", safeText(r.URL))
			}
			return t.print()
		}
	}
}

func cookieExpiry(sec float64) string {
	if sec <= 0 {
		return "session"
	}
	return time.Unix(int64(sec), 0).UTC().Format(time.RFC3339)
}

// ---- storage ----

func newCmdStorage(f *Factory) *cobra.Command {
	var tab int
	c := &cobra.Command{
		Use:   "storage local|session [KEY] | storage local|session set KEY VALUE | storage local|session clear",
		Short: "Read, set or clear the page origin's localStorage or sessionStorage",
		Long: `storage local|session prints every key and value of the page origin's
localStorage or sessionStorage (KEY=VALUE lines); with KEY, that key's value
(exit 1 when it is not set). set KEY VALUE stores a value; clear removes
every key.`,
		Example: `  browserctl storage local
  browserctl storage session token
  browserctl storage local set theme dark
  browserctl storage session clear`,
		Args: rangeArgs(1, 4, "local or session, then KEY, set KEY VALUE, or clear"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			switch len(args) {
			case 0:
				return filterStrings([]string{"local", "session"}, toComplete), cobra.ShellCompDirectiveNoFileComp
			case 1:
				return filterStrings([]string{"set", "clear"}, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: pageRunE(f, nil, func(args []string) (*pageCall, error) {
			return storageCall(f, tab, args)
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &tab)
	return c
}

func storageCall(f *Factory, tab int, args []string) (*pageCall, error) {
	kind := args[0]
	if !rpc.StorageKind.Has(kind) {
		return nil, usageErrorf("storage needs local or session first, got %q", kind)
	}
	p := rpc.StorageParams{PageParams: pageParams(f, tab), Kind: kind}
	rest := args[1:]
	switch {
	case len(rest) >= 1 && rest[0] == "set":
		if len(rest) != 3 {
			return nil, usageErrorf("storage %s set needs a KEY and a VALUE", kind)
		}
		sp := rpc.SetStorageParams{PageParams: p.PageParams, Kind: kind, Key: rest[1], Value: rest[2]}
		return &pageCall{Method: rpc.PageSetStorage, Params: sp, Human: okDone(f, fmt.Sprintf("set %s in %sStorage", safeText(rest[1]), kind))}, nil
	case len(rest) >= 1 && rest[0] == "clear":
		if len(rest) != 1 {
			return nil, usageErrorf("storage %s clear takes no more arguments", kind)
		}
		cp := rpc.ClearStorageParams{PageParams: p.PageParams, Kind: kind}
		return &pageCall{Method: rpc.PageClearStorage, Params: cp, Human: func(raw json.RawMessage) error {
			var r rpc.ClearStorageResult
			if err := decodeResult(rpc.PageClearStorage, raw, &r); err != nil {
				return err
			}
			done(f, "cleared %d key(s) of %sStorage for %s", r.Cleared, kind, safeText(r.Origin))
			return nil
		}}, nil
	case len(rest) > 1:
		return nil, usageErrorf("storage %s takes one KEY, or set KEY VALUE, or clear", kind)
	}
	if len(rest) == 1 {
		p.Key = &rest[0]
	}
	return &pageCall{Method: rpc.PageStorage, Params: p, Human: func(raw json.RawMessage) error {
		var r rpc.StorageResult
		if err := decodeResult(rpc.PageStorage, raw, &r); err != nil {
			return err
		}
		if p.Key != nil {
			if r.Value == nil {
				return fmt.Errorf("%sStorage of %s has no key %q", kind, safeText(r.Origin), safeText(*p.Key))
			}
			_, err := fmt.Fprintln(f.IO.Out, safeText(*r.Value))
			return err
		}
		keys := make([]string, 0, len(r.Entries))
		for k := range r.Entries {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(f.IO.Out, "%s=%s\n", safeText(k), safeText(r.Entries[k]))
		}
		return nil
	}}, nil
}

// ---- pdf ----

func newCmdPDF(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.PDFParams
	var out string
	var noBackground bool
	c := &cobra.Command{
		Use:   "pdf",
		Short: "Print the page to a PDF file and print its path",
		Long: `Print the page to PDF (Page.printToPDF) and save it; without -o the file is
page-YYYYMMDD-HHMMSS.pdf in the current folder. Headless Chromium prints;
a browser that refuses answers a clear error (exit 1). With --json the
result carries the "path" and not the data.`,
		Example: `  browserctl pdf
  browserctl pdf -o invoice.pdf --landscape`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.PageParams.SessionID = sessionOf(f)
			if noBackground {
				b := false
				p.Background = &b
			}
			path := out
			if path == "" {
				path = "page-" + f.Now().Format("20060102-150405") + ".pdf"
			}
			return &pageCall{
				Method:     rpc.PagePDF,
				Params:     p,
				MinTimeout: 60 * time.Second,
				Post: func(raw json.RawMessage) (json.RawMessage, error) {
					var r rpc.PDFResult
					if err := decodeResult(rpc.PagePDF, raw, &r); err != nil {
						return nil, err
					}
					data, err := base64.StdEncoding.DecodeString(r.Data)
					if err != nil {
						return nil, fmt.Errorf("pages.pdf answered data that is not base64: %v", err)
					}
					if err := os.WriteFile(path, data, 0o644); err != nil {
						return nil, err
					}
					abs, _ := filepath.Abs(path)
					return json.Marshal(map[string]any{"path": abs, "bytes": len(data), "format": "pdf"})
				},
				Human: func(json.RawMessage) error {
					shown := path
					if abs, err := filepath.Abs(path); err == nil && f.IO.IsStdoutTTY() {
						shown = abs
					}
					_, err := fmt.Fprintln(f.IO.Out, shown)
					return err
				},
			}, nil
		}),
		Annotations: notReplayed(writesOutput),
	}
	c.Flags().StringVarP(&out, "output", "o", "", "file to write (default page-YYYYMMDD-HHMMSS.pdf)")
	c.Flags().BoolVar(&p.Landscape, "landscape", false, "landscape pages")
	c.Flags().BoolVar(&noBackground, "no-background", false, "leave out background colours and images")
	addTabFlag(c, f, &p.TabID)
	return c
}
