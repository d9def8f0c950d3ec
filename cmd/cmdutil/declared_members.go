package cmdutil

// The params members a declared command fills: found by json name (or a
// path of names, for a member of a member) and filled from text as the
// user typed it.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"browserctl/rpc"
)

// membersCache holds membersOf's answers by type.
var membersCache sync.Map

// member is one params member a declaration fills.
type member struct {
	name  string // json
	index []int
	typ   reflect.Type
	enum  *rpc.Enum
	min   string   // the min tag: the least number it takes
	via   []member // the members it is a member of, outermost first
}

// membersOf are t's members by json name, embedded structs' included;
// read once per type.
func membersOf(t reflect.Type) map[string]member {
	if m, ok := membersCache.Load(t); ok {
		return m.(map[string]member)
	}
	out := map[string]member{}
	defer membersCache.Store(t, out)
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			idx := append(slices.Clone(index), i)
			if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
				walk(sf.Type, idx)
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			m := member{name: name, index: idx, typ: sf.Type, min: sf.Tag.Get("min")}
			if en := sf.Tag.Get("enum"); en != "" {
				for i := range rpc.Enums {
					if rpc.Enums[i].Name == en {
						m.enum = &rpc.Enums[i]
					}
				}
			}
			out[name] = m
		}
	}
	walk(t, nil)
	return out
}

// set puts s, as the user wrote it, into member m of v; label names it in
// a usage error.
func (m member) set(v reflect.Value, s, label string) error {
	for _, p := range m.via {
		if v = v.FieldByIndex(p.index); v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
	}
	fv := v.FieldByIndex(m.index)
	t := m.typ
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var x reflect.Value
	switch t.Kind() {
	case reflect.String:
		x = reflect.ValueOf(s).Convert(t)
	case reflect.Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			return UsageErrorf("%s must be a whole number, got %q", label, s)
		}
		if min, err := strconv.Atoi(m.min); err == nil && n < min {
			return UsageErrorf("%s must be >= %d, got %d", label, min, n)
		}
		x = reflect.ValueOf(n).Convert(t)
	case reflect.Float64:
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return UsageErrorf("%s must be a number, got %q", label, s)
		}
		x = reflect.ValueOf(n).Convert(t)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return UsageErrorf("%s must be true or false, got %q", label, s)
		}
		x = reflect.ValueOf(b).Convert(t)
	case reflect.Slice:
		fv.Set(reflect.Append(fv, reflect.ValueOf(s)))
		return nil
	case reflect.Map, reflect.Struct:
		// an object: its JSON (a Parse has checked it)
		p := reflect.New(t)
		if err := json.Unmarshal([]byte(s), p.Interface()); err != nil {
			return UsageErrorf("%s must be a JSON object: %v", label, err)
		}
		x = p.Elem()
	default:
		panic(fmt.Sprintf("a declared command cannot fill member %s (%s)", m.name, m.typ))
	}
	if m.typ.Kind() == reflect.Pointer {
		p := reflect.New(t)
		p.Elem().Set(x)
		x = p
	}
	fv.Set(x)
	return nil
}

// memberAt is the member of t at path: a json name, or names joined by
// "." for a member of a member.
func memberAt(t reflect.Type, path string) (member, bool) {
	var via []member
	names := strings.Split(path, ".")
	for i, name := range names {
		m, ok := membersOf(t)[name]
		if !ok {
			return member{}, false
		}
		if i == len(names)-1 {
			m.via = via
			return m, true
		}
		via = append(via, m)
		if t = m.typ; t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return member{}, false
		}
	}
	return member{}, false
}

// fillFlag puts a flag's value into its member, checked against the
// member's enum and min.
func fillFlag(v reflect.Value, fl rpc.Flag, m member, s string) error {
	label := "--" + fl.Name
	if m.enum != nil && !m.enum.Has(s) {
		if fl.Invalid != "" {
			return UsageErrorf(fl.Invalid, s, m.enum.Or(), strings.Join(m.enum.Values, ", "))
		}
		return CheckEnum(label, *m.enum, s)
	}
	if err := m.set(v, s, label); err != nil {
		if fl.Invalid != "" {
			return UsageErrorf(fl.Invalid, s, m.min)
		}
		return err
	}
	return nil
}

// fillArg puts one argument into its member: a target into ref or
// selector, an enum's value after checking it.
func fillArg(v reflect.Value, a rpc.Arg, m member, members map[string]member, s string) error {
	if a.Target {
		ref, selector := Target(s)
		if ref != "" {
			return m.set(v, ref, a.Name)
		}
		sel := "selector"
		if base, ok := strings.CutSuffix(a.Member, "Ref"); ok {
			sel = base + "Selector"
		}
		return members[sel].set(v, selector, a.Name)
	}
	s, err := parsed(a.Parse, s)
	if err != nil {
		return err
	}
	if m.enum != nil && !m.enum.Has(s) {
		if a.Invalid != "" {
			return UsageErrorf(a.Invalid, s, m.enum.Or(), strings.Join(m.enum.Values, ", "))
		}
		return UsageErrorf("%s must be %s, got %q", m.name, strings.Join(m.enum.Values, ", "), s)
	}
	if err := m.set(v, s, a.Name); err != nil {
		if a.Invalid != "" {
			return UsageErrorf(a.Invalid, s, m.min)
		}
		return err
	}
	return nil
}
