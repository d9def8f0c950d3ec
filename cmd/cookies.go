package cmd

// The cookie table, local/session storage and pdf.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// ---- cookies (the commands are declared on their rows in rpc/storage.go) ----

func init() {
	// cookies: a table of the cookies, or on a terminal that there are none.
	cmdutil.Printers[rpc.PrintCookies] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.CookiesResult
			if err := cmdutil.DecodeResult(rpc.PageCookies, raw, &r); err != nil {
				return err
			}
			t := cmdutil.NewTable(f, "NAME", "VALUE", "DOMAIN", "PATH", "EXPIRES", "FLAGS")
			for _, ck := range r.Cookies {
				t.Add(cmdutil.SafeText(ck.Name), cmdutil.SafeText(ck.Value), cmdutil.SafeText(ck.Domain), cmdutil.SafeText(ck.Path), ck.ExpiryText(), strings.Join(ck.Flags(), ","))
			}
			if len(r.Cookies) == 0 && f.IO.IsStderrTTY() {
				fmt.Fprintf(f.IO.ErrOut, "no cookies for %s\n", cmdutil.SafeText(r.URL))
			}
			return t.Print()
		}
	}
}

// ---- storage (declared on pages.storage in rpc/storage.go) ----

func init() {
	// storage KIND [KEY] | KIND set KEY VALUE | KIND clear: the method
	// the words name, and its params.
	cmdutil.Preparers[rpc.PrepareStorage] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		kind := args[0]
		if !rpc.StorageKind.Has(kind) {
			return cmdutil.UsageErrorf("storage needs local or session first, got %q", kind)
		}
		p := pc.Params.(rpc.StorageParams)
		p.Kind = kind
		rest := args[1:]
		switch {
		case len(rest) >= 1 && rest[0] == "set":
			if len(rest) != 3 {
				return cmdutil.UsageErrorf("storage %s set needs a KEY and a VALUE", kind)
			}
			pc.Method, pc.Params = rpc.PageSetStorage, rpc.SetStorageParams{PageParams: p.PageParams, Kind: kind, Key: rest[1], Value: rest[2]}
			return nil
		case len(rest) >= 1 && rest[0] == "clear":
			if len(rest) != 1 {
				return cmdutil.UsageErrorf("storage %s clear takes no more arguments", kind)
			}
			pc.Method, pc.Params = rpc.PageClearStorage, rpc.ClearStorageParams{PageParams: p.PageParams, Kind: kind}
			return nil
		case len(rest) > 1:
			return cmdutil.UsageErrorf("storage %s takes one KEY, or set KEY VALUE, or clear", kind)
		case len(rest) == 1:
			p.Key = &rest[0]
		}
		pc.Params = p
		return nil
	}
	cmdutil.Printers[rpc.PrintStorage] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		switch p := pc.Params.(type) {
		case rpc.SetStorageParams:
			pc.Human = okDone(f, fmt.Sprintf("set %s in %sStorage", cmdutil.SafeText(p.Key), p.Kind))
		case rpc.ClearStorageParams:
			pc.Human = func(raw json.RawMessage) error {
				var r rpc.ClearStorageResult
				if err := cmdutil.DecodeResult(rpc.PageClearStorage, raw, &r); err != nil {
					return err
				}
				cmdutil.Done(f, "cleared %d key(s) of %sStorage for %s", r.Cleared, p.Kind, cmdutil.SafeText(r.Origin))
				return nil
			}
		case rpc.StorageParams:
			pc.Human = func(raw json.RawMessage) error { return printStorage(f, p, raw) }
		}
	}
}

// printStorage prints pages.storage's result: KEY=VALUE lines, or the
// value of p's key (an error when it is not set).
func printStorage(f *cmdutil.Factory, p rpc.StorageParams, raw json.RawMessage) error {
	var r rpc.StorageResult
	if err := cmdutil.DecodeResult(rpc.PageStorage, raw, &r); err != nil {
		return err
	}
	if p.Key != nil {
		if r.Value == nil {
			return fmt.Errorf("%sStorage of %s has no key %q", p.Kind, cmdutil.SafeText(r.Origin), cmdutil.SafeText(*p.Key))
		}
		_, err := fmt.Fprintln(f.IO.Out, cmdutil.SafeText(*r.Value))
		return err
	}
	keys := make([]string, 0, len(r.Entries))
	for k := range r.Entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(f.IO.Out, "%s=%s\n", cmdutil.SafeText(k), cmdutil.SafeText(r.Entries[k]))
	}
	return nil
}
