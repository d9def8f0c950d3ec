package cmd

// The cookie table, local/session storage and pdf.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"


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

// ---- storage (declared on pages.storage in rpc/storage.go) ----

func init() {
	// storage KIND [KEY] | KIND set KEY VALUE | KIND clear: the method
	// the words name, and its params.
	preparers["storage"] = func(f *Factory, pc *pageCall, args []string) error {
		kind := args[0]
		if !rpc.StorageKind.Has(kind) {
			return usageErrorf("storage needs local or session first, got %q", kind)
		}
		p := pc.Params.(rpc.StorageParams)
		p.Kind = kind
		rest := args[1:]
		switch {
		case len(rest) >= 1 && rest[0] == "set":
			if len(rest) != 3 {
				return usageErrorf("storage %s set needs a KEY and a VALUE", kind)
			}
			pc.Method, pc.Params = rpc.PageSetStorage, rpc.SetStorageParams{PageParams: p.PageParams, Kind: kind, Key: rest[1], Value: rest[2]}
			return nil
		case len(rest) >= 1 && rest[0] == "clear":
			if len(rest) != 1 {
				return usageErrorf("storage %s clear takes no more arguments", kind)
			}
			pc.Method, pc.Params = rpc.PageClearStorage, rpc.ClearStorageParams{PageParams: p.PageParams, Kind: kind}
			return nil
		case len(rest) > 1:
			return usageErrorf("storage %s takes one KEY, or set KEY VALUE, or clear", kind)
		case len(rest) == 1:
			p.Key = &rest[0]
		}
		pc.Params = p
		return nil
	}
	printers["storage"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		switch p := pc.Params.(type) {
		case rpc.SetStorageParams:
			pc.Human = okDone(f, fmt.Sprintf("set %s in %sStorage", safeText(p.Key), p.Kind))
		case rpc.ClearStorageParams:
			pc.Human = func(raw json.RawMessage) error {
				var r rpc.ClearStorageResult
				if err := decodeResult(rpc.PageClearStorage, raw, &r); err != nil {
					return err
				}
				done(f, "cleared %d key(s) of %sStorage for %s", r.Cleared, p.Kind, safeText(r.Origin))
				return nil
			}
		case rpc.StorageParams:
			pc.Human = func(raw json.RawMessage) error { return printStorage(f, p, raw) }
		}
	}
}

// printStorage prints pages.storage's result: KEY=VALUE lines, or the
// value of p's key (an error when it is not set).
func printStorage(f *Factory, p rpc.StorageParams, raw json.RawMessage) error {
	var r rpc.StorageResult
	if err := decodeResult(rpc.PageStorage, raw, &r); err != nil {
		return err
	}
	if p.Key != nil {
		if r.Value == nil {
			return fmt.Errorf("%sStorage of %s has no key %q", p.Kind, safeText(r.Origin), safeText(*p.Key))
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
}
