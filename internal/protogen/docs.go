package protogen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"browserctl/rpc"
)

// Markers around each generated table of docs/protocol.md; the text
// between a BEGIN and its END is replaced, everything else is kept.
const (
	beginMark = "<!-- BEGIN GENERATED "
	endMark   = "<!-- END GENERATED "
	markTail  = " (go generate ./... writes this table from rpc/) -->"
)

// docs replaces the generated tables of docs/protocol.md: one "methods
// GROUP" table per group and the "errors" table.
func (m *model) docs(doc []byte) ([]byte, error) {
	tables := map[string][]byte{"errors": m.errorTable(), "reasons": m.reasonTable()}
	order := []string{}
	for _, g := range m.groups {
		name := "methods " + g
		tables[name] = m.methodTable(g)
		order = append(order, name)
	}
	order = append(order, "errors")
	if len(m.spec.Reasons) > 0 {
		order = append(order, "reasons")
	}
	for _, name := range order {
		var err error
		doc, err = replaceBetween(doc, name, tables[name])
		if err != nil {
			return nil, err
		}
	}
	return doc, nil
}

func replaceBetween(doc []byte, name string, table []byte) ([]byte, error) {
	begin := []byte(beginMark + name + markTail + "\n")
	end := []byte(endMark + name + " -->\n")
	i := bytes.Index(doc, begin)
	j := bytes.Index(doc, end)
	if i < 0 || j < i {
		return nil, fmt.Errorf("%s has no place for the %q table: add the lines\n%s%s where it goes", DocFile, name, begin, end)
	}
	var out bytes.Buffer
	out.Write(doc[:i+len(begin)])
	out.Write(table)
	out.Write(doc[j:])
	return out.Bytes(), nil
}

func (m *model) methodTable(group string) []byte {
	var b bytes.Buffer
	b.WriteString("| method | params | result | what it does |\n|---|---|---|---|\n")
	for _, mt := range m.methods {
		if mt.group != group {
			continue
		}
		writef(&b, "| `%s` | %s | %s | %s |\n", mt.Wire, docParams(mt), m.docResult(mt), cell(mt.Summary))
	}
	return b.Bytes()
}

// docParams lists a method's params; the members of an embedded
// rpc.PageParams are left out: the prose above the table says what every
// method of the group takes. Other embedded structs (rpc.LogCursor) are
// listed like the struct's own members.
func docParams(mt method) string {
	var items []string
	for _, mb := range mt.params.members {
		if mb.common {
			continue
		}
		name := mb.name
		if !required(mt, mb) {
			name += "?"
		}
		var parts []string
		switch {
		case mb.enum != nil:
			parts = append(parts, "`"+strings.Join(mb.enum.Values, "|")+"`")
		case mb.ts != "":
			parts = append(parts, mb.ts)
		default:
			parts = append(parts, docType(mb.goType, mb.min))
		}
		if mb.def != "" {
			parts = append(parts, "default `"+mb.def+"`")
		}
		if mb.doc != "" {
			parts = append(parts, mb.doc)
		}
		items = append(items, "`"+name+"` ("+strings.Join(parts, ", ")+")")
	}
	if len(items) == 0 {
		return "`{}`"
	}
	return cell(strings.Join(items, ", "))
}

func docType(t reflect.Type, min string) string {
	switch {
	case t.Kind() == reflect.Pointer:
		return docType(t.Elem(), min)
	case (t.Kind() == reflect.Int || t.Kind() == reflect.Int64) && min != "":
		return "int >= " + min
	case t.Kind() == reflect.Int || t.Kind() == reflect.Int64:
		return "int"
	case t.Kind() == reflect.Float64:
		return "number"
	}
	return goToTS(t)
}

// docResult is a shared object's name, else the result's members.
func (m *model) docResult(mt method) string {
	var s string
	if m.shared[mt.result.name] {
		s = "`" + mt.result.name + "`"
	} else {
		var ms []string
		for _, mb := range mt.result.members {
			opt := ""
			if mb.optional {
				opt = "?"
			}
			ms = append(ms, mb.name+opt+": "+tsType(mb))
		}
		s = "`{" + strings.Join(ms, ", ") + "}`"
	}
	if mt.ResultDoc != "" {
		s += ": " + mt.ResultDoc
	}
	return cell(s)
}

func (m *model) errorTable() []byte {
	var b bytes.Buffer
	b.WriteString("| name | code | meaning | retryable |\n|---|---|---|---|\n")
	for _, e := range m.spec.Errors {
		writef(&b, "| `%s` | %d | %s | %s |\n", e.Name, int(e.Code), cell(e.Meaning), cell(retryDoc(e)))
	}
	return b.Bytes()
}

func (m *model) reasonTable() []byte {
	var b bytes.Buffer
	b.WriteString("| reason | meaning | retryable | default for code |\n|---|---|---|---|\n")
	for _, r := range m.spec.Reasons {
		def := ""
		if r.Default != 0 {
			def = fmt.Sprint(int(r.Default))
		}
		retry := "no"
		if r.Retryable {
			retry = "yes"
		}
		writef(&b, "| `%s` | %s | %s | %s |\n", r.Reason, cell(r.Meaning), retry, def)
	}
	return b.Bytes()
}

func retryDoc(e rpc.ErrorInfo) string {
	switch {
	case e.RetryDoc != "":
		return e.RetryDoc
	case e.Retryable:
		return "yes"
	}
	return "no"
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "|", "\\|")
}

// Write writes files (from Generate) under root, leaving a file whose
// content is already right untouched.
func Write(root string, files map[string][]byte) error {
	for p, b := range files {
		path := filepath.Join(root, p)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
