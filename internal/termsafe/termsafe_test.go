package termsafe

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile are strings a page can put in a title, a name, a text or a value.
var hostile = []struct {
	name, in, want string
}{
	{"plain", "Example Domain", "Example Domain"},
	{"newline and tab stay", "a\nb\tc", "a\nb\tc"},
	{"non-ASCII stays", "Größe 東京 🙂 שלום", "Größe 東京 🙂 שלום"},
	{"bidi marks", "a\u200eb\u200fc\u061cd", `a\u200eb\u200fc\u061cd`},
	{"zero-width space and joiners", "pass\u200bword\u200c\u200d", `pass\u200bword\u200c\u200d`},
	{"word joiner, invisible operators, BOM", "\u2060\u2061\u2064\ufeffx\u180e", `\u2060\u2061\u2064\ufeffx\u180e`},
	{"tag characters", "hi\U000e0049\U000e0067\U000e007f", `hi\U000e0049\U000e0067\U000e007f`},
	{"SGR colour", "\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
	{"clear screen", "\x1b[2J\x1b[H", `\x1b[2J\x1b[H`},
	{"OSC window title with BEL", "\x1b]0;pwned\x07", `\x1b]0;pwned\x07`},
	{"OSC 52 clipboard write", "\x1b]52;c;ZWNobyBoaQ==\x1b\\", `\x1b]52;c;ZWNobyBoaQ==\x1b\`},
	{"OSC 8 hyperlink", "\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\", `\x1b]8;;http://evil\x1b\click\x1b]8;;\x1b\`},
	{"carriage return overwrites", "safe\rrm -rf", `safe\x0drm -rf`},
	{"backspace", "ab\bc", `ab\x08c`},
	{"NUL", "a\x00b", `a\x00b`},
	{"DEL", "a\x7fb", `a\x7fb`},
	{"C1 CSI", "a\u009b31mb", `a\u009b31mb`},
	{"C1 NEL", "a\u0085b", `a\u0085b`},
	{"bidi override RLO", "invoice\u202efdp.exe", `invoice\u202efdp.exe`},
	{"bidi embeddings", "\u202a\u202b\u202c\u202d", `\u202a\u202b\u202c\u202d`},
	{"bidi isolates", "\u2066x\u2067y\u2068z\u2069", `\u2066x\u2067y\u2068z\u2069`},
	{"invalid UTF-8 byte 0x9b", "a\x9b31mb", `a\x9b31mb`},
	{"everything at once", "\x1b[1m\u202e\x07\u0090\n", `\x1b[1m\u202e\x07\u0090` + "\n"},
}

// controlFree says whether s has nothing a terminal would act on.
func controlFree(s string) bool {
	for _, r := range s {
		if Hostile(r) || r == utf8.RuneError {
			return false
		}
	}
	return utf8.ValidString(s)
}

func TestString(t *testing.T) {
	for _, tc := range hostile {
		got := String(tc.in)
		if got != tc.want {
			t.Errorf("%s: String(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if !controlFree(got) {
			t.Errorf("%s: String(%q) = %q still has a control character", tc.name, tc.in, got)
		}
	}
}

// TestHumanJSON: a string sent by the extension, however it encoded it
// (Go's encoding/json, JS's JSON.stringify, raw UTF-8), decodes to String's
// escaped form after HumanJSON.
func TestHumanJSON(t *testing.T) {
	for _, tc := range hostile {
		if !utf8.ValidString(tc.in) {
			continue // JSON cannot carry it
		}
		goEnc, err := json.Marshal(map[string]any{"title": tc.in, "n": 1, "list": []string{tc.in, "ok"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, raw := range [][]byte{goEnc, jsStringify(tc.in)} {
			got := HumanJSON(raw)
			if !json.Valid(got) {
				t.Fatalf("%s: HumanJSON(%s) = %s is not JSON", tc.name, raw, got)
			}
			if !controlFree(string(got)) {
				t.Errorf("%s: HumanJSON(%s) = %q has a control character", tc.name, raw, got)
			}
			var v struct {
				Title string   `json:"title"`
				List  []string `json:"list"`
			}
			if err := json.Unmarshal(got, &v); err != nil {
				t.Fatal(err)
			}
			if v.Title != tc.want || len(v.List) != 2 || v.List[0] != tc.want || v.List[1] != "ok" {
				t.Errorf("%s: HumanJSON(%s) decodes to %q %q, want %q", tc.name, raw, v.Title, v.List, tc.want)
			}
		}
	}
}

// jsStringify encodes like JSON.stringify: only ", \ and C0 escaped (\b \f
// \n \r \t by name), everything else raw.
func jsStringify(s string) []byte {
	var b strings.Builder
	b.WriteString(`{"n":1,"title":"`)
	write := func(s string) {
		for _, r := range s {
			switch {
			case r == '"' || r == '\\':
				b.WriteByte('\\')
				b.WriteRune(r)
			case r == '\b':
				b.WriteString(`\b`)
			case r == '\f':
				b.WriteString(`\f`)
			case r == '\n':
				b.WriteString(`\n`)
			case r == '\r':
				b.WriteString(`\r`)
			case r == '\t':
				b.WriteString(`\t`)
			case r < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[r>>4])
				b.WriteByte(hexDigits[r&0xf])
			default:
				b.WriteRune(r)
			}
		}
	}
	write(s)
	b.WriteString(`","list":["`)
	write(s)
	b.WriteString(`","ok"]}`)
	return []byte(b.String())
}

// TestHumanJSONKeepsHarmlessEscapes: quotes, backslashes, newlines and
// surrogate pairs survive, and an answer with nothing to escape is the same
// slice.
func TestHumanJSONKeepsHarmlessEscapes(t *testing.T) {
	raw := []byte(`{"s":"say \"hi\" \\ \/ \n\t \ud83d\ude00 \u00e9 \u2028","n":[1,2.5e3,true,null]}`)
	got := HumanJSON(raw)
	if &got[0] != &raw[0] {
		t.Errorf("HumanJSON copied an answer with nothing to escape: %s", got)
	}
	backslashText := []byte(`{"s":"C:\\x1b is text, not ESC"}`)
	var v struct{ S string }
	if err := json.Unmarshal(HumanJSON(backslashText), &v); err != nil || v.S != `C:\x1b is text, not ESC` {
		t.Errorf("got %q, %v", v.S, err)
	}
}

// TestJSON: --json output keeps the value and loses the raw controls, which
// encoding/json itself leaves raw (DEL, C1, bidi).
func TestJSON(t *testing.T) {
	for _, tc := range hostile {
		if !utf8.ValidString(tc.in) {
			continue
		}
		goEnc, _ := json.Marshal(map[string]string{"title": tc.in})
		for _, raw := range [][]byte{goEnc, jsStringify(tc.in)} {
			got := JSON(raw)
			if !controlFree(string(got)) {
				t.Errorf("%s: JSON(%s) = %q has a control character", tc.name, raw, got)
			}
			var before, after any
			if err := json.Unmarshal(raw, &before); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(got, &after); err != nil {
				t.Fatalf("%s: JSON(%s) = %s: %v", tc.name, raw, got, err)
			}
			b1, _ := json.Marshal(before)
			b2, _ := json.Marshal(after)
			if string(b1) != string(b2) {
				t.Errorf("%s: JSON changed the value: %s -> %s", tc.name, b1, b2)
			}
		}
	}
	// encoding/json leaves these raw: the reason JSON exists
	b, _ := json.Marshal("\x7f\u009b\u202e")
	if controlFree(string(b)) {
		t.Errorf("encoding/json now escapes DEL, C1 and bidi (%q): JSON may no longer be needed", b)
	}
	if got := string(JSON(b)); got != `"\u007f\u009b\u202e"` {
		t.Errorf("JSON(%q) = %s", b, got)
	}
	pretty := []byte("{\r\n  \"a\": 1\r\n}")
	if got := JSON(pretty); string(got) != string(pretty) {
		t.Errorf("JSON changed whitespace: %q", got)
	}
}

// benchSnapshot is a snapshot-sized answer (~22 KB, the corpus median),
// with or without a hostile character near its end.
func benchSnapshot(hostile bool) []byte {
	var b strings.Builder
	for b.Len() < 22<<10 {
		b.WriteString(`- link "Read more about the history of the city \"old town\"" [ref=e12]\n`)
	}
	if hostile {
		b.WriteString("- button \"\u001b[31mred\u202e\"")
	}
	raw, _ := json.Marshal(map[string]string{"snapshot": b.String(), "title": "Größe"})
	return raw
}

func BenchmarkHumanJSON(b *testing.B) {
	for _, hostile := range []bool{false, true} {
		raw := benchSnapshot(hostile)
		name := "clean"
		if hostile {
			name = "hostile"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				HumanJSON(raw)
			}
		})
	}
}

func TestLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":          "plain",
		"a\nb\tc":        `a\nb\tc`,
		"red\x1b[31m":    `red\x1b[31m`,
		"\u202eevil\r\n": `\u202eevil\x0d\n`,
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHumanJSONSurrogatePairs: an encoder that escapes everything beyond
// ASCII sends a tag character as a surrogate pair; it is shown escaped all
// the same, and an emoji's pair is kept.
func TestHumanJSONSurrogatePairs(t *testing.T) {
	raw := []byte(`{"title":"hi\udb40\udc49\udb40\udc67 \ud83d\ude42"}`)
	var v struct{ Title string }
	if err := json.Unmarshal(HumanJSON(raw), &v); err != nil {
		t.Fatal(err)
	}
	if want := `hi\U000e0049\U000e0067 🙂`; v.Title != want {
		t.Errorf("HumanJSON(%s) decodes to %q, want %q", raw, v.Title, want)
	}
	if got := JSON([]byte("\"a\U000e0041\"")); string(got) != `"a\udb40\udc41"` {
		t.Errorf("JSON of a raw tag character = %s, want a surrogate pair escape", got)
	}
}
