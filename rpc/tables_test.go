package rpc

import "testing"

// The tables hold each method, code and enum once, and the error table
// decides retryability for the codes the extension answers.
func TestTablesAreConsistent(t *testing.T) {
	wires := map[string]bool{}
	for _, m := range Methods {
		if wires[m.Wire] {
			t.Errorf("method %s twice", m.Wire)
		}
		wires[m.Wire] = true
		if got, ok := LookupWire(m.Wire); !ok || got.Summary != m.Summary {
			t.Errorf("LookupWire(%s) = %v, %v", m.Wire, got, ok)
		}
		if m.Params == nil || m.Result == nil || m.Summary == "" {
			t.Errorf("method %s lacks params, result or summary", m.Wire)
		}
	}
	if len(Methods) < 27 {
		t.Errorf("%d methods; the spec has 27", len(Methods))
	}
	codes, names := map[Code]bool{}, map[string]bool{}
	for _, e := range Errors {
		if codes[e.Code] || names[e.Name] {
			t.Errorf("error %d %s twice", e.Code, e.Name)
		}
		codes[e.Code], names[e.Name] = true, true
		if e.Code.Name() != e.Name {
			t.Errorf("Code(%d).Name() = %s, want %s", e.Code, e.Code.Name(), e.Name)
		}
		// Of the codes the extension answers, only a stale ref is worth a retry.
		if got, want := FromWire(int(e.Code), "m", nil).Retryable, e.Code == CodePageRefNotFound; got != want {
			t.Errorf("FromWire(%d) retryable = %v, want %v", e.Code, got, want)
		}
	}
	if Code(4999).Name() != "error_4999" || FromWire(4999, "m", nil).Retryable {
		t.Error("an unknown code is named error_4999 and not retryable")
	}
}

func TestEnum(t *testing.T) {
	if got := MouseButton.Or(); got != "left, right or middle" {
		t.Errorf("Or() = %q", got)
	}
	if !LoadState.Has("networkidle") || LoadState.Has("idle") || LoadState.Has("") {
		t.Error("Has")
	}
	seen := map[string]bool{}
	for _, e := range Enums {
		if seen[e.Name] || len(e.Values) < 2 {
			t.Errorf("enum %s twice or with fewer than two values", e.Name)
		}
		seen[e.Name] = true
	}
}
