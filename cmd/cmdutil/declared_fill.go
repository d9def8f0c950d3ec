package cmdutil

// What a declared command does besides filling members: a value its
// declaration parses, its Validate and Prepare steps, and the other method
// a flag of it calls instead (rpc.Command's Instead).

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// parsed is s read by a declaration's Parse, if it has one: its error is
// the user's mistake.
func parsed(parse func(string) (string, error), s string) (string, error) {
	if parse == nil {
		return s, nil
	}
	out, err := parse(s)
	if err != nil {
		return "", &UsageError{Err: err}
	}
	return out, nil
}

// insteadCall is d's call with its Instead flag given: the other method
// with its fixed params, printed by d's printer.
func insteadCall(f *Factory, d Declared, tab int) (*PageCall, error) {
	in := d.Cmd.Instead
	i := slices.IndexFunc(rpc.Methods, func(m rpc.Method) bool { return m.Wire == in.Method })
	pt := reflect.TypeOf(rpc.Methods[i].Params)
	v := reflect.New(pt).Elem()
	members := membersOf(pt)
	if m, ok := members["sessionId"]; ok {
		m.set(v, SessionOf(f), "sessionId")
	}
	if m, ok := members["tabId"]; ok {
		v.FieldByIndex(m.index).SetInt(int64(tab))
	}
	for name, val := range in.Set {
		m, ok := memberAt(pt, name)
		if !ok {
			panic(fmt.Sprintf("%s: %s has no member %q", d.Cmd.Path, pt, name))
		}
		vals := []string{val}
		if m.typ.Kind() == reflect.Slice {
			vals = strings.Split(val, ",")
		}
		for _, s := range vals {
			if err := m.set(v, s, name); err != nil {
				return nil, err
			}
		}
	}
	pc := &PageCall{Method: in.Method, Params: v.Interface()}
	printer(f, pc, *d.Cmd, nil)
	return pc, nil
}

// Preparers are the Prepare steps a declaration may name: each finishes
// pc's params (a value of the method's params type, replaced whole) from
// the positional arguments as typed; its error is returned as it is (a
// UsageError exits 2). Registered from the command's own file.
var Preparers = map[rpc.PrepareKey]func(f *Factory, pc *PageCall, args []string) error{}

// prepare runs dc's Validate and its Prepare step on pc.
func prepare(f *Factory, dc rpc.Command, pc *PageCall, args []string) error {
	if dc.Validate != nil {
		if err := dc.Validate(pc.Params); err != nil {
			return &UsageError{Err: err}
		}
	}
	if dc.Prepare == (rpc.PrepareKey{}) {
		return nil
	}
	p, ok := Preparers[dc.Prepare]
	if !ok {
		panic(dc.Path + ": no Prepare step " + dc.Prepare.String())
	}
	return p(f, pc, args)
}

// insteadFlag adds in's flag to c, when there is one, and answers
// whether it was given; with it c takes no arguments.
func insteadFlag(c *cobra.Command, in *rpc.Instead) *bool {
	given := new(bool)
	if in == nil {
		return given
	}
	c.Flags().BoolVar(given, in.Flag.Name, false, in.Flag.Help)
	args := c.Args
	c.Args = func(c *cobra.Command, a []string) error {
		if *given {
			return NoArgs(c, a)
		}
		return args(c, a)
	}
	return given
}
