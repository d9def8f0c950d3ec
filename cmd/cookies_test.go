package cmd

import (
	"strings"
	"testing"
	"time"
)

// Bad values of the cookie, storage, log and download commands are usage
// errors that reach no hub.
func TestCookiesStorageLogsUsageErrors(t *testing.T) {
	checkUsage(t, nil,
		"console --level loud",
		"cookies set a b --expires someday",
		"storage cookie",
		"storage local set k",
		"storage local a b",
		"network block",
		"download e1 --wait-for 0s",
		"cookies set",
	)
}

func TestCookieExpiry(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]float64{
		"1h":                   float64(now.Unix() + 3600),
		"2026-12-01T00:00:00Z": float64(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Unix()),
		"1800000000":           1800000000,
	} {
		if got, err := parseExpiry(now, in); err != nil || got != want {
			t.Errorf("parseExpiry(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

func TestStorageParams(t *testing.T) {
	for args, want := range map[string]string{
		"storage local":            `"kind":"local"}`,
		"storage session tok":      `"kind":"session","key":"tok"}`,
		"storage local set k v":    `"kind":"local","key":"k","value":"v"}`,
		"storage session clear":    `"kind":"session"}`,
		"cookies --url http://a.b": `"url":"http://a.b"}`,
	} {
		e := newTestEnv(t)
		e.h.results["pages.storage"] = `{"origin":"http://a.b","entries":{}}`
		e.h.results["pages.setStorage"] = `{"ok":true}`
		e.h.results["pages.clearStorage"] = `{"cleared":0}`
		e.h.results["pages.cookies"] = `{"url":"http://a.b","cookies":[]}`
		e.h.results["pages.storage"] = `{"origin":"http://a.b","key":"tok","value":"v"}`
		if code := e.run(args); code != ExitOK {
			t.Errorf("%s: exit %d: %s", args, code, e.err)
			continue
		}
		if c := e.h.lastCall(t); !strings.HasSuffix(c.Params, want) {
			t.Errorf("%s sent %s %s; want it to end %s", args, c.Method, c.Params, want)
		}
	}
}
