// Package protogen writes the protocol's generated files from the tables of
// package rpc: the extension's TypeScript declarations and the method and
// error tables of docs/protocol.md. `go generate ./...` runs it (through
// the generate directive in rpc/methods.go); its test fails when a
// committed file differs from what it would write.
package protogen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"browserctl/rpc"
)

// The generated files, relative to the repository's root.
const (
	TSFile  = "extension/src/background/protocol.gen.ts"
	DocFile = "docs/protocol.md"
)

// Spec is everything generated from: rpc's tables, or a test's copy.
type Spec struct {
	Version int
	Methods []rpc.Method
	Errors  []rpc.ErrorInfo
	Reasons []rpc.ReasonInfo
	Enums   []rpc.Enum
	Objects []any // the shared objects (Session, Tab, ...), by zero value
}

// FromRPC is the Spec of package rpc's tables.
func FromRPC() Spec {
	return Spec{
		Version: rpc.ProtocolVersion,
		Methods: rpc.Methods,
		Errors:  rpc.Errors,
		Reasons: rpc.Reasons,
		Enums:   rpc.Enums,
		Objects: rpc.Objects,
	}
}

// Generate returns the content of every generated file, by path. read gives
// a file's current content (docs/protocol.md keeps its hand-written prose
// around the generated tables).
func Generate(s Spec, read func(path string) ([]byte, error)) (map[string][]byte, error) {
	m, err := newModel(s)
	if err != nil {
		return nil, err
	}
	ts, err := m.typescript()
	if err != nil {
		return nil, err
	}
	doc, err := read(DocFile)
	if err != nil {
		return nil, err
	}
	doc, err = m.docs(doc)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{TSFile: ts, DocFile: doc}, nil
}

// ---- the model: the tables read through reflection ----

// member is one member of a params or result object.
type member struct {
	name     string // JSON name
	goType   reflect.Type
	optional bool
	enum     *rpc.Enum
	def      string // default, as JSON
	min      string
	doc      string
	ts       string // TypeScript type override
	common   bool   // came from rpc.PageParams, which every pages.* method embeds
}

type object struct {
	name    string
	members []member
}

type method struct {
	rpc.Method
	group  string // the prefix before the dot: sessions, tabs, pages
	params *object
	result *object
}

type model struct {
	spec    Spec
	methods []method
	groups  []string  // in table order
	objects []*object // every struct met, in order
	byType  map[reflect.Type]*object
	shared  map[string]bool // names of Spec.Objects
	enums   map[string]rpc.Enum
}

func newModel(s Spec) (*model, error) {
	m := &model{spec: s, byType: map[reflect.Type]*object{}, shared: map[string]bool{}, enums: map[string]rpc.Enum{}}
	for _, e := range s.Enums {
		m.enums[e.Name] = e
	}
	for _, o := range s.Objects {
		obj, err := m.object(reflect.TypeOf(o))
		if err != nil {
			return nil, err
		}
		m.shared[obj.name] = true
	}
	seen := map[string]bool{}
	for _, rm := range s.Methods {
		group, _, ok := strings.Cut(rm.Wire, ".")
		if !ok || group == "" {
			return nil, fmt.Errorf("method %q: a wire name is group.name", rm.Wire)
		}
		if seen[rm.Wire] {
			return nil, fmt.Errorf("method %q is in the table twice", rm.Wire)
		}
		seen[rm.Wire] = true
		if rm.Params == nil || rm.Result == nil {
			return nil, fmt.Errorf("method %q needs Params and Result", rm.Wire)
		}
		p, err := m.object(reflect.TypeOf(rm.Params))
		if err != nil {
			return nil, fmt.Errorf("method %q params: %w", rm.Wire, err)
		}
		r, err := m.object(reflect.TypeOf(rm.Result))
		if err != nil {
			return nil, fmt.Errorf("method %q result: %w", rm.Wire, err)
		}
		if len(m.groups) == 0 || m.groups[len(m.groups)-1] != group {
			for _, g := range m.groups {
				if g == group {
					return nil, fmt.Errorf("method %q: keep the %s.* methods together in the table", rm.Wire, group)
				}
			}
			m.groups = append(m.groups, group)
		}
		m.methods = append(m.methods, method{Method: rm, group: group, params: p, result: r})
	}
	return m, nil
}

// object reads a struct type's members (once per type).
func (m *model) object(t reflect.Type) (*object, error) {
	if t.Kind() != reflect.Struct || t.Name() == "" {
		return nil, fmt.Errorf("%v is not a named struct", t)
	}
	if o, ok := m.byType[t]; ok {
		return o, nil
	}
	o := &object{name: t.Name()}
	m.byType[t] = o
	members, err := m.members(t, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Name(), err)
	}
	o.members = members
	m.objects = append(m.objects, o)
	return o, nil
}

func (m *model) members(t reflect.Type, common bool) ([]member, error) {
	var out []member
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			inner, err := m.members(f.Type, common || f.Type == pageParams)
			if err != nil {
				return nil, err
			}
			out = append(out, inner...)
			continue
		}
		tag, ok := f.Tag.Lookup("json")
		if !ok || tag == "-" {
			return nil, fmt.Errorf("member %s has no json tag", f.Name)
		}
		name, opts, _ := strings.Cut(tag, ",")
		mb := member{
			name: name, goType: f.Type, optional: opts == "omitempty", common: common,
			def: f.Tag.Get("default"), min: f.Tag.Get("min"), doc: f.Tag.Get("doc"), ts: f.Tag.Get("ts"),
		}
		if e := f.Tag.Get("enum"); e != "" {
			en, ok := m.enums[e]
			if !ok {
				return nil, fmt.Errorf("member %s: no enum %q in rpc.Enums", name, e)
			}
			mb.enum = &en
		}
		if mb.def != "" && !json.Valid([]byte(mb.def)) {
			return nil, fmt.Errorf("member %s: default %s is not JSON", name, mb.def)
		}
		if err := m.visit(f.Type); err != nil {
			return nil, err
		}
		out = append(out, mb)
	}
	return out, nil
}

// visit records the structs a member's type refers to.
func (m *model) visit(t reflect.Type) error {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if t == rawMessage {
			return nil
		}
		return m.visit(t.Elem())
	case reflect.Struct:
		_, err := m.object(t)
		return err
	}
	return nil
}

var (
	rawMessage = reflect.TypeOf(json.RawMessage(nil))
	pageParams = reflect.TypeOf(rpc.PageParams{})
)

// required says whether a params member must be given: sessionId by the
// method's session use, the others by omitempty.
func required(mt method, mb member) bool {
	if mb.name == "sessionId" {
		return mt.Session == rpc.SessionRequired
	}
	return !mb.optional
}

// ---- helpers shared by both outputs ----

// screaming is "MouseButton" as "MOUSE_BUTTON".
func screaming(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}

// camel is "page_ref_not_found" as "pageRefNotFound".
func camel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// singular is the name of a group's TypeScript names: "sessions" -> "Session".
func singular(group string) string {
	s := strings.TrimSuffix(group, "s")
	return strings.ToUpper(s[:1]) + s[1:]
}

func quoteAll(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		b, _ := json.Marshal(v)
		q[i] = string(b)
	}
	return strings.Join(q, ", ")
}

func writef(b *bytes.Buffer, format string, args ...any) { fmt.Fprintf(b, format, args...) }
