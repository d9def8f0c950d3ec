package rpc

// Cookies and the page origin's localStorage and sessionStorage.

import (
	"fmt"
	"strconv"
	"time"
)

// Wire names of the cookie and storage methods.
const (
	PageCookies      = "pages.cookies"
	PageSetCookie    = "pages.setCookie"
	PageClearCookies = "pages.clearCookies"
	PageStorage      = "pages.storage"
	PageSetStorage   = "pages.setStorage"
	PageClearStorage = "pages.clearStorage"
)

// storageMethods are the cookie and storage rows of Methods.
var storageMethods = []Method{
	{Wire: PageCookies, Session: SessionRequired, Params: CookiesParams{}, Result: CookiesResult{},
		Summary: "the cookies a request to a URL would send", ResultDoc: "HttpOnly ones too",
		Commands: []Command{{
			Path: "cookies", Flags: []Flag{{Name: "url", Member: "url", Help: "the URL whose cookies to list (default: the page's)"}, {Name: "any-site", Member: "anySite", Help: "allow a --url of another site than the session's tabs show"}},
			Short: "List the cookies the page would send (HttpOnly ones too); set or clear them",
			Long: `List the cookies a request to the page's URL (or --url) would carry, HttpOnly
ones included: name, value, domain, path, expiry and flags. A --url of a
site that none of the session's tabs shows (neither its host, nor a parent
or a subdomain of it) is refused unless --any-site is given: a session
reads its own sites' cookies, not the whole profile's.`,
			Example: `  browserctl cookies
  browserctl cookies --url https://example.com/account --json
  browserctl cookies set theme dark
  browserctl cookies clear`,
			Printer: PrintCookies, Replay: Skips + ReadsOnly,
		}}},
	{Wire: PageSetCookie, Session: SessionRequired, Params: SetCookieParams{}, Result: SetCookieResult{},
		Tool: &Tool{Name: "browser_cookies", Title: "Cookies",
			Description: "List, set or clear the cookies of the page (or url), HttpOnly too.",
			Optional:    []string{"name", "value"}, Answer: AnswerCookies},
		Summary: "set a cookie", ResultDoc: "refused by the browser: 4110",
		Commands: []Command{{
			Path: "cookies set", Args: []Arg{{Name: "NAME", Member: "name", Parse: cookieName}, {Name: "VALUE", Member: "value"}},
			Flags: []Flag{
				{Name: "url", Member: "url", Help: "the URL the cookie belongs to (default: the page's)"},
				{Name: "domain", Member: "domain", Help: "the cookie's domain (.example.com for subdomains too)"},
				{Name: "path", Member: "path", Help: "the cookie's path"},
				{Name: "expires", Member: "expires", Text: true, Parse: func(s string) (string, error) { return cookieExpiry(time.Now(), s) },
					Help: "expiry: a duration (24h), an RFC 3339 time or epoch seconds (default: a session cookie)"},
				{Name: "http-only", Member: "httpOnly", Help: "hide the cookie from page scripts"},
				{Name: "secure", Member: "secure", Help: "send the cookie over https only"},
				{Name: "any-site", Member: "anySite", Help: "allow a --url or --domain of another site than the session's tabs show"},
			},
			Short: "Set a cookie for the page's URL (or --url / --domain)",
			Example: `  browserctl cookies set theme dark
  browserctl cookies set sid abc123 --url https://example.com --http-only --secure --expires 24h
  browserctl cookies set lang en --domain .example.com --path /`,
			Done: "set cookie {safe NAME}", Replay: Replayed,
		}}},
	{Wire: PageClearCookies, Session: SessionRequired, Params: CookiesParams{}, Result: ClearCookiesResult{},
		Summary: "delete the cookies of a URL",
		Commands: []Command{{
			Path: "cookies clear", Flags: []Flag{{Name: "url", Member: "url", Help: "the URL whose cookies to delete (default: the page's)"}, {Name: "any-site", Member: "anySite", Help: "allow a --url of another site than the session's tabs show"}},
			Short:   "Delete the cookies the page's URL (or --url) would send",
			Example: "  browserctl cookies clear\n  browserctl cookies clear --url https://example.com/",
			Done:    "deleted {.deleted} cookie(s) of {.url}", Replay: Replayed,
		}}},
	{Wire: PageStorage, Session: SessionRequired, Params: StorageParams{}, Result: StorageResult{},
		Summary:   "read the page origin's localStorage or sessionStorage",
		ResultDoc: "`entries` without `key`; `key` and `value` (null when absent) with one. An origin without storage (about:blank): 4110",
		// its Prepare step calls pages.setStorage or pages.clearStorage for
		// `storage KIND set KEY VALUE` and `storage KIND clear`
		Commands: []Command{{
			Path: "storage", Use: "local|session [KEY] | storage local|session set KEY VALUE | storage local|session clear",
			Args: []Arg{{Name: "KIND", Suggest: StorageKind.Values}, {Name: "KEY", Optional: true, Suggest: []string{"set", "clear"}},
				{Name: "VALUE", Optional: true}, {Name: "MORE", Optional: true}},
			Needs: "local or session, then KEY, set KEY VALUE, or clear",
			Short: "Read, set or clear the page origin's localStorage or sessionStorage",
			Long: `storage local|session prints every key and value of the page origin's
localStorage or sessionStorage (KEY=VALUE lines); with KEY, that key's value
(exit 1 when it is not set). set KEY VALUE stores a value; clear removes
every key.`,
			Example: `  browserctl storage local
  browserctl storage session token
  browserctl storage local set theme dark
  browserctl storage session clear`,
			Prepare: PrepareStorage, Printer: PrintStorage, Replay: Replayed,
		}}},
	{Wire: PageSetStorage, Session: SessionRequired, Params: SetStorageParams{}, Result: SetStorageResult{},
		Tool: &Tool{Name: "browser_storage", Title: "Web storage",
			Description: "Get (all, or key), set or clear the page's localStorage or sessionStorage.",
			Optional:    []string{"key", "value"}, Answer: AnswerStorage},
		Summary: "set a localStorage or sessionStorage key"},
	{Wire: PageClearStorage, Session: SessionRequired, Params: ClearStorageParams{}, Result: ClearStorageResult{},
		Summary: "clear localStorage or sessionStorage"},
}

// Cookie is one cookie.
type Cookie struct {
	Name     string  `json:"name"`
	Value    string  `json:"value"`
	Domain   string  `json:"domain"`
	Path     string  `json:"path"`
	Expires  float64 `json:"expires"` // seconds since the epoch; -1 for a session cookie
	HTTPOnly bool    `json:"httpOnly"`
	Secure   bool    `json:"secure"`
	SameSite string  `json:"sameSite"`
}

// Flags are the cookie's attributes as a person reads them: HttpOnly,
// Secure, SameSite=... (the CLI's table and the MCP tool both say them so).
func (c Cookie) Flags() []string {
	var flags []string
	if c.HTTPOnly {
		flags = append(flags, "HttpOnly")
	}
	if c.Secure {
		flags = append(flags, "Secure")
	}
	if c.SameSite != "" {
		flags = append(flags, "SameSite="+c.SameSite)
	}
	return flags
}

// ExpiryText is when the cookie expires, RFC 3339 in UTC, or "session".
func (c Cookie) ExpiryText() string {
	if c.Expires <= 0 {
		return "session"
	}
	return time.Unix(int64(c.Expires), 0).UTC().Format(time.RFC3339)
}

// CookiesParams are the params of pages.cookies and pages.clearCookies.
type CookiesParams struct {
	PageParams
	URL     string `json:"url,omitempty" doc:"http(s); default the page's URL"`
	AnySite bool   `json:"anySite,omitempty" default:"false" doc:"allow a url of a site none of the session's tabs shows"`
}

// CookiesResult is the result of pages.cookies.
type CookiesResult struct {
	URL     string   `json:"url"`
	Cookies []Cookie `json:"cookies"`
}

// ClearCookiesResult is the result of pages.clearCookies.
type ClearCookiesResult struct {
	URL     string `json:"url"`
	Deleted int    `json:"deleted"`
}

// SetCookieParams are the params of pages.setCookie.
type SetCookieParams struct {
	PageParams
	Name     string   `json:"name"`
	Value    string   `json:"value"`
	URL      string   `json:"url,omitempty" doc:"with neither url nor domain: the page's URL"`
	Domain   string   `json:"domain,omitempty"`
	Path     string   `json:"path,omitempty"`
	Expires  *float64 `json:"expires,omitempty" doc:"epoch seconds; none: a session cookie"`
	HTTPOnly bool     `json:"httpOnly,omitempty" default:"false"`
	Secure   bool     `json:"secure,omitempty" default:"false"`
	AnySite  bool     `json:"anySite,omitempty" default:"false" doc:"allow a url or domain of a site none of the session's tabs shows"`
}

// SetCookieResult is the result of pages.setCookie.
type SetCookieResult struct {
	OK  bool   `json:"ok" ts:"true"`
	URL string `json:"url"`
}

// StorageParams are the params of pages.storage.
type StorageParams struct {
	PageParams
	Kind string  `json:"kind" enum:"StorageKind"`
	Key  *string `json:"key,omitempty"`
}

// SetStorageParams are the params of pages.setStorage.
type SetStorageParams struct {
	PageParams
	Kind  string `json:"kind" enum:"StorageKind"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ClearStorageParams are the params of pages.clearStorage.
type ClearStorageParams struct {
	PageParams
	Kind string `json:"kind" enum:"StorageKind"`
}

// StorageResult is the result of pages.storage: Entries without a key,
// Key and Value (null when absent) with one.
type StorageResult struct {
	Origin  string            `json:"origin"`
	Entries map[string]string `json:"entries,omitempty"`
	Key     string            `json:"key,omitempty"`
	Value   *string           `json:"value,omitempty" ts:"string | null"`
}

// SetStorageResult is the result of pages.setStorage.
type SetStorageResult struct {
	OK     bool   `json:"ok" ts:"true"`
	Origin string `json:"origin"`
}

// ClearStorageResult is the result of pages.clearStorage.
type ClearStorageResult struct {
	Cleared int    `json:"cleared"`
	Origin  string `json:"origin"`
}

// cookieExpiry reads cookies set --expires: a duration from now (1h,
// 30m), an RFC 3339 time, or seconds since the epoch; answered as epoch
// seconds.
func cookieExpiry(now time.Time, s string) (string, error) {
	var sec float64
	if d, err := time.ParseDuration(s); err == nil {
		sec = float64(now.Add(d).Unix())
	} else if t, err := time.Parse(time.RFC3339, s); err == nil {
		sec = float64(t.Unix())
	} else if n, err := strconv.ParseFloat(s, 64); err == nil && n > 0 {
		sec = n
	} else {
		return "", fmt.Errorf("--expires must be a duration (24h), an RFC 3339 time or epoch seconds, got %q", s)
	}
	return strconv.FormatFloat(sec, 'f', -1, 64), nil
}

// cookieName refuses an empty cookie NAME.
func cookieName(s string) (string, error) { return nonEmpty(s, "the cookie NAME must not be empty") }
