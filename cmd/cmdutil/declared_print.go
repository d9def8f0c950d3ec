package cmdutil

// How a declared command prints its result: the printer its declaration
// names, its Done line, or the value of a one-member result.

import (
	"encoding/json"
	"strings"

	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// Printers are the printers a declaration may name, for results the
// default printer cannot print. A printer sets pc's Human, or its Result
// when it prints --json too or chooses the exit code.
var Printers = map[rpc.PrinterKey]func(f *Factory, pc *PageCall, dc rpc.Command, args map[string]string){
	// check, uncheck: what was pressed, or that it already was.
	rpc.PrintCheck: func(f *Factory, pc *PageCall, dc rpc.Command, args map[string]string) {
		verb := dc.Path
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.CheckResult
			_ = json.Unmarshal(raw, &r)
			if r.Target == nil {
				Done(f, "%s already %sed", termsafe.String(args["REF"]), verb)
				return nil
			}
			Done(f, "%sed %s", verb, ActedOn(r.Target, args["REF"]))
			return nil
		}
	},
	// select: the values now selected, one a line (the field it took is
	// for --json and the journal).
	rpc.PrintSelect: func(f *Factory, pc *PageCall, dc rpc.Command, args map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r struct {
				Selected []json.RawMessage `json:"selected"`
			}
			if err := DecodeResult(pc.Method, raw, &r); err != nil {
				return err
			}
			for _, v := range r.Selected {
				if err := PrintValue(f.IO.Out, v); err != nil {
					return err
				}
			}
			return nil
		}
	},
}

// printer sets how pc's result is printed: the declaration's printer, its
// Done line, or the value of a one-member result.
func printer(f *Factory, pc *PageCall, dc rpc.Command, args map[string]string) {
	switch {
	case dc.Printer != (rpc.PrinterKey{}):
		p, ok := Printers[dc.Printer]
		if !ok {
			panic(dc.Path + ": no printer " + dc.Printer.String())
		}
		p(f, pc, dc, args)
	case dc.Done != "":
		pc.Human = func(raw json.RawMessage) error {
			Done(f, "%s", expandDone(dc.Done, args, raw))
			return nil
		}
	default:
		pc.Human = func(raw json.RawMessage) error { return printOnlyMember(f, pc.Method, raw) }
	}
}

// expandDone fills in a Done line: {NAME} is argument NAME as typed,
// {safe NAME} the same made safe for a terminal, {.member} a member of
// the result, {acted NAME} the element a pointer action pressed (its role
// and name) or else argument NAME, {acted:to NAME} the same from the
// result's member to (drag's destination).
func expandDone(line string, args map[string]string, raw json.RawMessage) string {
	var res map[string]json.RawMessage
	_ = json.Unmarshal(raw, &res)
	return rpc.ExpandDone(line, func(key string) string {
		switch {
		case strings.HasPrefix(key, "."):
			return resultText(res[key[1:]])
		case strings.HasPrefix(key, "safe "):
			return SafeText(args[strings.TrimPrefix(key, "safe ")])
		case strings.HasPrefix(key, "acted"):
			// {acted NAME}: the result's target; {acted:MEMBER NAME}: another member
			what, name, _ := strings.Cut(key, " ")
			m, ok := strings.CutPrefix(what, "acted:")
			if !ok {
				m = "target"
			}
			var t *rpc.ActedOn
			_ = json.Unmarshal(res[m], &t)
			return ActedOn(t, args[name])
		default:
			return args[key]
		}
	})
}

// resultText is a member of a result for a done line: a string made safe
// for a terminal, anything else as JSON.
func resultText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return SafeText(s)
	}
	return string(v)
}

// printOnlyMember prints the value of a result with one member: a string
// as it is, a list one item a line, null as nothing, anything else as
// JSON; a result of more members is printed whole as JSON.
func printOnlyMember(f *Factory, method string, raw json.RawMessage) error {
	var res map[string]json.RawMessage
	if err := DecodeResult(method, raw, &res); err != nil {
		return err
	}
	if len(res) != 1 {
		return PrintJSON(f, raw)
	}
	for _, v := range res {
		if string(v) == "null" {
			return nil
		}
		var list []json.RawMessage
		if json.Unmarshal(v, &list) == nil {
			for _, item := range list {
				if err := PrintValue(f.IO.Out, item); err != nil {
					return err
				}
			}
			return nil
		}
		return PrintValue(f.IO.Out, v)
	}
	return nil
}
