package cmd

// Cookies, local/session storage and pdf.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// ---- cookies ----

func newCmdCookies(f *Factory) *cobra.Command {
	var p rpc.CookiesParams
	c := &cobra.Command{
		Use:   "cookies",
		Short: "List the cookies the page would send (HttpOnly ones too); set or clear them",
		Long: `List the cookies a request to the page's URL (or --url) would carry, HttpOnly
ones included: name, value, domain, path, expiry and flags.`,
		Example: `  browserctl cookies
  browserctl cookies --url https://example.com/account --json
  browserctl cookies set theme dark
  browserctl cookies clear`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, nil, func(args []string) (*pageCall, error) {
			p.PageParams.SessionID = sessionOf(f)
			return &pageCall{Method: rpc.PageCookies, Params: p, Human: func(raw json.RawMessage) error {
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
			}}, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVar(&p.URL, "url", "", "the URL whose cookies to list (default: the page's)")
	addTabFlag(c, f, &p.TabID)
	c.AddCommand(newCmdCookiesSet(f, nil)) // and clear, declared on pages.clearCookies
	return c
}

func cookieExpiry(sec float64) string {
	if sec <= 0 {
		return "session"
	}
	return time.Unix(int64(sec), 0).UTC().Format(time.RFC3339)
}

// parseExpiry reads --expires: a duration from now (1h, 30m), an RFC 3339
// time, or seconds since the epoch.
func parseExpiry(now time.Time, s string) (float64, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return float64(now.Add(d).Unix()), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return float64(t.Unix()), nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil && n > 0 {
		return n, nil
	}
	return 0, usageErrorf("--expires must be a duration (24h), an RFC 3339 time or epoch seconds, got %q", s)
}

func newCmdCookiesSet(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.SetCookieParams
	var expires string
	c := &cobra.Command{
		Use:   "set NAME VALUE",
		Short: "Set a cookie for the page's URL (or --url / --domain)",
		Example: `  browserctl cookies set theme dark
  browserctl cookies set sid abc123 --url https://example.com --http-only --secure --expires 24h
  browserctl cookies set lang en --domain .example.com --path /`,
		Args: exactArgs(2, "a NAME and a VALUE"),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.PageParams.SessionID, p.Name, p.Value = sessionOf(f), args[0], args[1]
			if p.Name == "" {
				return nil, usageErrorf("the cookie NAME must not be empty")
			}
			if expires != "" {
				e, err := parseExpiry(f.Now(), expires)
				if err != nil {
					return nil, err
				}
				p.Expires = &e
			}
			return &pageCall{Method: rpc.PageSetCookie, Params: p, Human: okDone(f, "set cookie "+safeText(args[0]))}, nil
		}),
		Annotations: replays(),
	}
	c.Flags().StringVar(&p.URL, "url", "", "the URL the cookie belongs to (default: the page's)")
	c.Flags().StringVar(&p.Domain, "domain", "", "the cookie's domain (.example.com for subdomains too)")
	c.Flags().StringVar(&p.Path, "path", "", "the cookie's path")
	c.Flags().StringVar(&expires, "expires", "", "expiry: a duration (24h), an RFC 3339 time or epoch seconds (default: a session cookie)")
	c.Flags().BoolVar(&p.HTTPOnly, "http-only", false, "hide the cookie from page scripts")
	c.Flags().BoolVar(&p.Secure, "secure", false, "send the cookie over https only")
	addTabFlag(c, f, &p.TabID)
	return c
}

// newCmdCookiesClear is `cookies clear`, declared on pages.clearCookies.
func newCmdCookiesClear(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return newCmdDeclared(f, runF, "cookies clear")
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
