package rpc

// Params and results of emulation.*, state.* and initScripts.*: a
// session's device, media, network, place, language and identity
// settings, its saved state (cookies and storage), and the scripts every
// new document of the session runs first.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// StateHelp is the long help of state save and state load.
const StateHelp = `Save the session's logged-in state to a file, or put it back: the cookies
of the sites its tabs show (HttpOnly ones too) and the localStorage and
sessionStorage of its tabs' origins. A script logs in once, saves, and later
runs load the file and start logged in.

The file holds secrets (session cookies, tokens): it is written with mode
0600, readable by you only; keep it out of version control. Its format is
Playwright's storageState ({"cookies": [...], "origins": [{"origin",
"localStorage": [{"name", "value"}]}]}) with a sessionStorage list per
origin; Playwright's own files load too.

Cookies go into the browser profile's cookie jar, which every tab shares.
An origin's storage is written in a tab of the session that shows it; one
that no tab shows is written as the session's first document of that
origin starts (load prints which).`

// Wire names of a session's emulation settings, saved state and init
// scripts. Not "pages.": they act on every tab of the session, never
// behind one page call.
const (
	EmulationSet      = "emulation.set"
	EmulationShow     = "emulation.show"
	EmulationReset    = "emulation.reset"
	StateSave         = "state.save"
	StateLoad         = "state.load"
	InitScriptsAdd    = "initScripts.add"
	InitScriptsList   = "initScripts.list"
	InitScriptsRemove = "initScripts.remove"
)

// emulationMethods are the emulation.*, state.* and initScripts.* rows of Methods.
var emulationMethods = []Method{
	{Wire: EmulationSet, Session: SessionRequired, Params: EmulationSetParams{}, Result: EmulationResult{},
		Summary: "change the session's emulation settings in every tab, now and later", ResultDoc: "all of the session's settings; a value the browser refuses: -32602 and nothing changed",
		// set device is written by hand (cmd/set.go): --list prints the
		// devices without a call.
		Commands: []Command{
			Command{
				Path:    "set viewport",
				Args:    []Arg{{Name: "WIDTH", Member: "settings.viewport.width", Parse: parseWidth}, {Name: "HEIGHT", Member: "settings.viewport.height", Parse: parseHeight}},
				Flags:   []Flag{{Name: "scale", Member: "settings.viewport.deviceScaleFactor", Help: "devicePixelRatio (default: the screen's)", Parse: scale}, {Name: "mobile", Member: "settings.viewport.mobile", Help: "a mobile viewport (meta viewport, overlay scrollbars)"}},
				Short:   "Set the page's size in CSS pixels (innerWidth, innerHeight)",
				Example: "  browserctl set viewport 1280 720\n  browserctl set viewport 390 664 --scale 3 --mobile",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "viewport,device"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:  "set media",
				Args:  []Arg{{Name: "SCHEME", Member: "settings.media.colorScheme", Optional: true, Invalid: "the color scheme must be %[2]s, got %[1]q"}},
				Needs: "a color scheme",
				Flags: []Flag{{Name: "reduced-motion", Member: "settings.media.reducedMotion", Help: "prefers-reduced-motion: reduce or no-preference"}, {Name: "print", Member: "settings.media.print", Help: "media type print instead of screen"}},
				Validate: func(p any) error {
					if m := p.(EmulationSetParams).Settings.Media; m == nil || *m == (Media{}) {
						return fmt.Errorf("give a color scheme (%s), --reduced-motion or --print", ColorScheme.Or())
					}
					return nil
				},
				Short:   "Set what CSS media queries see: color scheme, reduced motion, print",
				Example: "  browserctl set media dark\n  browserctl set media --reduced-motion reduce\n  browserctl set media light --print",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "media"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path: "set offline",
				Args: []Arg{{Name: "on|off", Member: "settings.offline", Parse: parseOffline, Suggest: []string{"on", "off"}}}, Needs: "on or off",
				Short: "Take the session's tabs off the network (navigator.onLine false) or back", Example: "  browserctl set offline on",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "offline"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path: "set throttle",
				Use:  "slow-3g|fast-3g|off",
				Args: []Arg{{Name: "slow-3g|fast-3g|off", Optional: true, Suggest: []string{"slow-3g", "fast-3g", "off"}}}, Needs: "a preset",
				Flags:   []Flag{{Name: "latency", Member: "settings.throttle.latencyMs", Help: "added round-trip latency, ms"}, {Name: "down", Member: "settings.throttle.downloadKbps", Help: "download throughput, kilobits per second (0: unlimited)"}, {Name: "up", Member: "settings.throttle.uploadKbps", Help: "upload throughput, kilobits per second (0: unlimited)"}},
				Short:   "Slow the session's network down: a preset, or --latency/--down/--up",
				Example: "  browserctl set throttle slow-3g\n  browserctl set throttle --latency 300 --down 1000 --up 500\n  browserctl set throttle off",
				Prepare: PrepareSetThrottle,
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "throttle"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:    "set permissions",
				Args:    []Arg{{Name: "grant|deny", Suggest: PermissionGrant.Values}, {Name: "NAME", Rest: true, Suggest: PermissionName.Values}},
				Needs:   "grant or deny and at least one NAME",
				Short:   "Grant or deny permissions without a prompt (geolocation, notifications, camera, microphone or clipboard)",
				Example: "  browserctl set permissions grant notifications camera\n  browserctl set permissions deny geolocation",
				Prepare: PrepareSetPermissions,
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "permissions"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:    "set geo",
				Args:    []Arg{{Name: "LATITUDE", Member: "settings.geolocation.latitude", Parse: parseLatitude}, {Name: "LONGITUDE", Member: "settings.geolocation.longitude", Parse: parseLongitude}},
				Flags:   []Flag{{Name: "accuracy", Member: "settings.geolocation.accuracy", Help: "accuracy in metres", Default: "10", Parse: parseAccuracy}},
				Short:   "Answer navigator.geolocation with a position, without a permission prompt",
				Example: "  browserctl set geo 48.8584 2.2945\n  browserctl set geo 35.68 139.76 --accuracy 50",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "geolocation"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:  "set timezone",
				Args:  []Arg{{Name: "ZONE", Member: "settings.timezone", Parse: parseZone}},
				Short: "Set the time zone Date and Intl use (an IANA name: Europe/Berlin)", Example: "  browserctl set timezone America/New_York",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "timezone"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:  "set locale",
				Args:  []Arg{{Name: "TAG", Member: "settings.locale", Parse: parseLocale}},
				Short: "Set the language: navigator.language, Intl and Accept-Language (a BCP 47 tag: fr-FR)", Example: "  browserctl set locale de-DE",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "locale"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path:  "set useragent",
				Args:  []Arg{{Name: "STRING", Member: "settings.userAgent", Parse: parseUserAgent}},
				Short: "Set the user agent: navigator.userAgent and the User-Agent header", Example: `  browserctl set useragent "Mozilla/5.0 (compatible; MyBot/1.0)"`,
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "userAgent,device"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path: "set headers",
				Args: []Arg{{Name: "JSON", Member: "settings.headers", Parse: headersJSON}}, Needs: "a JSON object of header names to values",
				Flags: []Flag{{Name: "origin", Member: "settings.headersOrigin", Parse: parseOrigin,
					Help: "send them only to this origin (default: the origin of the session's tab now)"}},
				Short: "Send extra HTTP headers with the requests of the session's tabs to one origin",
				Long: `Send extra HTTP headers with every request the session's tabs make to one
origin: --origin, or by default the origin of the session's tab as it is
now. Requests to any other origin (a third-party frame, a subresource
elsewhere) go without them. A later set headers replaces the headers and
their origin.`,
				Example: "  browserctl set headers '{\"X-Test\": \"1\"}'\n  browserctl set headers '{\"Authorization\": \"Bearer abc\"}' --origin https://api.example",
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "headers,headersOrigin"}},
				Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
			},
			Command{
				Path: "set credentials",
				Args: []Arg{{Name: "USER", Member: "settings.credentials.username", Parse: parseUser}, {Name: "PASSWORD", Optional: true}},
				// PASSWORD is taken only to be refused with why (set_credentials.go).
				Use: "USER",
				Flags: []Flag{{Name: "origin", Member: "settings.credentials.origin", Parse: parseOrigin,
					Help: "answer only this origin's challenges (default: the origin of the session's tab now)"}},
				Short: "Answer HTTP authentication (basic, digest) from one origin with USER and a password, no prompt",
				Long: `Answer the HTTP authentication challenges (basic, digest) of one origin
with USER and the password, without a prompt: --origin, or by default the
origin of the session's tab as it is now. Challenges from any other origin
(a third-party frame, a subresource elsewhere, a proxy) are cancelled.

The password is read from $BROWSERCTL_PASSWORD, else from stdin (its first
line). A PASSWORD argument is refused (exit 2): every user of the machine
sees a command's arguments in ps, and the shell keeps them in its history.
In the REPL, whose stdin is the REPL's, set $BROWSERCTL_PASSWORD.`,
				Example: "  printf '%s\\n' \"$PASS\" | browserctl set credentials admin --origin https://intranet.example\n  BROWSERCTL_PASSWORD=s3cret browserctl set credentials admin",
				Prepare: PrepareSetCredentials,
				Replay:  Skips + HoldsSecret,
				Instead: &Instead{Flag: resetFlag, Method: EmulationReset, Set: map[string]string{"names": "credentials"}},
				Printer: PrintEmulation, InvalidIsUsage: true,
			},
		}},
	{Wire: EmulationShow, Session: SessionRequired, Params: SessionIDParams{}, Result: EmulationResult{},
		Tool: &Tool{Name: "browser_settings", Title: "Settings",
			Description: "This session's emulation settings and init scripts, and what a tab could not take, as set show prints them (JSON).",
			Effect:      ReadOnly, Done: "### Settings\n{.}"},
		Summary: "the session's emulation settings and init scripts", ResultDoc: "`unapplied` names what a tab could not take",
		Commands: []Command{{
			Path: "set show", Short: "Print the session's settings and init scripts, and what a tab could not take",
			Example: "  browserctl set show\n  browserctl set show --json",
			Printer: PrintEmulation, InvalidIsUsage: true, Replay: Skips + ReadsOnly,
		}}},
	{Wire: EmulationReset, Session: SessionRequired, Params: EmulationResetParams{}, Result: EmulationResult{},
		Summary: "undo some or all of the session's emulation settings",
		Commands: []Command{{
			Path: "set reset", Args: []Arg{{Name: "NAME", Optional: true, Rest: true, Suggest: settingWordList}},
			Short:   "Undo the session's settings (all, or the NAMEs: credentials, device, geo, headers, locale, media, offline, permissions, throttle, timezone, touch, useragent, viewport)",
			Example: "  browserctl set reset\n  browserctl set reset device media",
			Prepare: PrepareSetReset, Printer: PrintEmulation, InvalidIsUsage: true, Replay: Replayed,
		}}},
	{Wire: StateSave, Session: SessionRequired, Params: SessionIDParams{}, Result: State{},
		Tool: &Tool{Name: "browser_state_save", Title: "Save cookies and storage",
			Description: "Write the cookies of this session's sites and the localStorage and sessionStorage of its tabs' origins to a file (Playwright's storageState format, mode 0600: it holds secrets).",
			Answer:      AnswerStateSave},
		Summary: "the cookies of the session's sites and the storage of its tabs' origins", ResultDoc: "Playwright's storageState, plus sessionStorage",
		Commands: []Command{{
			Path: "state save", Args: []Arg{{Name: "FILE", File: true}}, Flags: []Flag{OverwriteFlag},
			Short: "Write the session's cookies and storage to FILE (mode 0600: it holds secrets)", Long: StateHelp,
			Example: "  browserctl state save auth.json",
			Printer: PrintStateSave, Replay: Skips + WritesOutput,
		}}},
	{Wire: StateLoad, Session: SessionRequired, Params: StateLoadParams{}, Result: StateLoadResult{},
		Tool: &Tool{Name: "browser_state_load", Title: "Load cookies and storage",
			Description: "Put the cookies and storage of a state file (browser_state_save's, or Playwright's storageState) back into this session.",
			Hide:        []string{"state"}, Answer: AnswerStateLoad},
		Summary: "put saved cookies and storage back", ResultDoc: "a cookie the browser refuses: -32602 naming it",
		Commands: []Command{{
			Path: "state load", Args: []Arg{{Name: "FILE", File: true}},
			Short: "Put the cookies and storage of a state file (ours or Playwright's) back into the session", Long: StateHelp,
			Example: "  browserctl state load auth.json",
			Prepare: PrepareStateLoad, Printer: PrintStateLoad, InvalidIsUsage: true, Replay: Replayed + FileArgs,
		}}},
	{Wire: InitScriptsAdd, Session: SessionRequired, Params: InitScriptAddParams{}, Result: InitScriptListResult{},
		Summary: "run a script in every new document of the session, before the page's own", ResultDoc: "the session's scripts, the new one last",
		Commands: []Command{{
			Path: "init-script add", Use: "FILE | --code JS", Args: []Arg{{Name: "FILE", Optional: true, File: true}}, Needs: "a FILE (or --code)",
			Flags:   []Flag{{Name: "code", Member: "source", Help: "the script's JavaScript, instead of a FILE"}},
			Short:   "Add a script from FILE or --code; prints the session's scripts with their ids",
			Example: "  browserctl init-script add mock.js\n  browserctl init-script add --code 'Date.now = () => 0'",
			Prepare: PrepareInitScriptAdd, Printer: PrintScripts, InvalidIsUsage: true, Replay: Replayed + FileArgs,
		}}},
	{Wire: InitScriptsList, Session: SessionRequired, Params: SessionIDParams{}, Result: InitScriptListResult{},
		Summary: "the session's init scripts",
		Commands: []Command{{
			Path: "init-script list", Short: "List the session's init scripts",
			Example: "  browserctl init-script list\n  browserctl init-script list --json",
			Printer: PrintScripts, InvalidIsUsage: true, Replay: Skips + ReadsOnly,
		}}},
	{Wire: InitScriptsRemove, Session: SessionRequired, Params: InitScriptRemoveParams{}, Result: InitScriptListResult{},
		Summary: "stop running an init script", ResultDoc: "an unknown id: -32602",
		Commands: []Command{{
			Path: "init-script remove", Args: []Arg{{Name: "ID", Member: "id"}}, Needs: "an ID",
			Short: "Stop running an init script (its id from list)", Example: "  browserctl init-script remove s1",
			Printer: PrintScripts, InvalidIsUsage: true, Replay: Skips + IDsDiffer,
		}}},
}

// SettingNames are the settings as the `set` commands spell them (set
// NAME, set reset NAME...), and the members of Emulation each undoes.
var SettingNames = map[string][]string{
	"viewport": {"viewport", "device"}, "device": {"device", "viewport", "touch", "userAgent"}, "touch": {"touch"},
	"media": {"media"}, "offline": {"offline"}, "throttle": {"throttle"}, "geo": {"geolocation"},
	"permissions": {"permissions"}, "timezone": {"timezone"}, "locale": {"locale"},
	"useragent": {"userAgent", "device"}, "headers": {"headers", "headersOrigin"}, "credentials": {"credentials"},
}

// settingWordList is SettingNames' words, sorted, as `set reset`
// suggests them (a test checks them against SettingNames).
var settingWordList = []string{"credentials", "device", "geo", "headers", "locale", "media", "offline", "permissions", "throttle", "timezone", "touch", "useragent", "viewport"}

// resetFlag is --reset of each `set NAME`: emulation.reset of the members
// SettingNames gives NAME (its row's Instead; a test checks them).
var resetFlag = Flag{Name: "reset", Help: "undo this setting: the browser's own again"}

// How the `set` commands read their arguments: each answers the text of
// the member, or the error the user sees. Named functions, not closures
// made by calls, so that the rows stay data (see Methods).

func parseWidth(s string) (string, error)     { return cssSize(s, "WIDTH") }
func parseHeight(s string) (string, error)    { return cssSize(s, "HEIGHT") }
func parseLatitude(s string) (string, error)  { return number(s, "LATITUDE", -90, 90) }
func parseLongitude(s string) (string, error) { return number(s, "LONGITUDE", -180, 180) }
func parseZone(s string) (string, error)      { return notBlank(s, "the ZONE must not be empty") }
func parseLocale(s string) (string, error)    { return notBlank(s, "the TAG must not be empty") }
func parseUser(s string) (string, error)      { return nonEmpty(s, "the USER must not be empty") }

// parseOrigin reads an http(s) origin (a URL's path is dropped): the
// origin credentials and headers are scoped to.
func parseOrigin(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", fmt.Errorf("--origin wants an http(s) origin such as https://example.com, got %q", s)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

func cssSize(s, label string) (string, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 || v > 100000 {
		return "", fmt.Errorf("%s must be a whole number of CSS pixels from 1 to 100000, got %q", label, s)
	}
	return s, nil
}

func number(s, label string, min, max float64) (string, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < min || v > max {
		return "", fmt.Errorf("%s must be a number from %g to %g, got %q", label, min, max, s)
	}
	return s, nil
}

func scale(s string) (string, error) {
	if v, _ := strconv.ParseFloat(s, 64); v < 0 || v > 10 {
		return "", fmt.Errorf("--scale must be from 0 to 10, got %g", v)
	}
	return s, nil
}

func parseAccuracy(s string) (string, error) {
	if v, _ := strconv.ParseFloat(s, 64); v < 0 {
		return "", errors.New("--accuracy must not be negative")
	}
	return s, nil
}

func parseOffline(s string) (string, error) {
	switch strings.ToLower(s) {
	case "on", "true", "1":
		return "true", nil
	case "off", "false", "0":
		return "false", nil
	}
	return "", fmt.Errorf("offline must be on or off, got %q", s)
}

// nonEmpty is s, or msg as the error when s is empty.
func nonEmpty(s, msg string) (string, error) {
	if s == "" {
		return "", errors.New(msg)
	}
	return s, nil
}

func notBlank(s, msg string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", errors.New(msg)
	}
	return s, nil
}

func parseUserAgent(s string) (string, error) {
	if strings.TrimSpace(s) == "" || strings.ContainsAny(s, "\r\n") {
		return "", errors.New("the user agent must be one non-empty line")
	}
	return s, nil
}

func headersJSON(s string) (string, error) {
	var h map[string]string
	if err := json.Unmarshal([]byte(s), &h); err != nil || h == nil {
		return "", fmt.Errorf("headers must be a JSON object of strings, e.g. '{\"X-Test\": \"1\"}': %v", err)
	}
	return s, nil
}

// Emulation is a session's settings. Every member is optional: absent is
// the browser's own. In emulation.set a present member replaces that
// setting and the others stay.
type Emulation struct {
	Viewport    *Viewport         `json:"viewport,omitempty"`
	Device      string            `json:"device,omitempty" doc:"the device's name, for show; set with viewport, touch and userAgent"`
	Touch       *bool             `json:"touch,omitempty"`
	UserAgent   string            `json:"userAgent,omitempty"`
	Media       *Media            `json:"media,omitempty"`
	Offline     *bool             `json:"offline,omitempty"`
	Throttle    *Throttle         `json:"throttle,omitempty"`
	Geolocation *Geolocation      `json:"geolocation,omitempty"`
	Permissions map[string]string `json:"permissions,omitempty" doc:"permission name -> grant or deny"`
	Timezone    string            `json:"timezone,omitempty" doc:"IANA zone, e.g. Europe/Berlin"`
	Locale      string            `json:"locale,omitempty" doc:"BCP 47 tag, e.g. fr-FR"`
	Headers     map[string]string `json:"headers,omitempty" doc:"extra headers on every request to headersOrigin"`
	// HeadersOrigin is where Headers go; none in emulation.set: the origin
	// of the session's tab then.
	HeadersOrigin string       `json:"headersOrigin,omitempty" doc:"the http(s) origin headers are sent to (others get none); none: the origin of the session's tab when set"`
	Credentials   *Credentials `json:"credentials,omitempty" doc:"HTTP authentication answered without a prompt"`
}

// Viewport is the page's size in CSS pixels.
type Viewport struct {
	Width             int     `json:"width" min:"1"`
	Height            int     `json:"height" min:"1"`
	DeviceScaleFactor float64 `json:"deviceScaleFactor,omitempty" doc:"devicePixelRatio; 0: the screen's"`
	Mobile            bool    `json:"mobile,omitempty"`
}

// Media is what CSS media queries see.
type Media struct {
	ColorScheme   string `json:"colorScheme,omitempty" enum:"ColorScheme"`
	ReducedMotion string `json:"reducedMotion,omitempty" enum:"ReducedMotion"`
	Print         bool   `json:"print,omitempty" doc:"media type print instead of screen"`
}

// Throttle is network latency and throughput.
type Throttle struct {
	LatencyMs    float64 `json:"latencyMs"`
	DownloadKbps float64 `json:"downloadKbps" doc:"kilobits per second; 0: unlimited"`
	UploadKbps   float64 `json:"uploadKbps" doc:"kilobits per second; 0: unlimited"`
}

// Geolocation is the position navigator.geolocation answers.
type Geolocation struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Accuracy  float64 `json:"accuracy,omitempty" doc:"metres; default 10"`
}

// Credentials answer HTTP authentication challenges.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Origin   string `json:"origin,omitempty" doc:"answer only this origin's challenges (others are cancelled, proxies' too); none: the origin of the session's tab when set"`
}

// EmulationSetParams are the params of emulation.set.
type EmulationSetParams struct {
	SessionID string    `json:"sessionId,omitempty"`
	Settings  Emulation `json:"settings" doc:"the members to change"`
}

// EmulationResetParams are the params of emulation.reset.
type EmulationResetParams struct {
	SessionID string   `json:"sessionId,omitempty"`
	Names     []string `json:"names,omitempty" doc:"members of Emulation to undo; none: all"`
}

// EmulationResult is the result of emulation.set, emulation.show and
// emulation.reset: the session's settings now, and what some tab could not
// take.
type EmulationResult struct {
	Settings  Emulation    `json:"settings"`
	Unapplied []Unapplied  `json:"unapplied" doc:"settings a tab of the session does not have, and why"`
	Scripts   []InitScript `json:"scripts" doc:"the session's init scripts"`
}

// Unapplied is a setting one tab could not take.
type Unapplied struct {
	TabID   int    `json:"tabId"`
	Setting string `json:"setting"`
	Error   string `json:"error"`
}

// StorageEntry is one localStorage or sessionStorage item.
type StorageEntry struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// OriginState is one origin's storage in a state file.
type OriginState struct {
	Origin         string         `json:"origin"`
	LocalStorage   []StorageEntry `json:"localStorage"`
	SessionStorage []StorageEntry `json:"sessionStorage,omitempty"`
}

// State is a session's saved state: the format of `state save`'s file,
// Playwright's storageState plus sessionStorage.
type State struct {
	Cookies []Cookie      `json:"cookies"`
	Origins []OriginState `json:"origins"`
}

// StateLoadParams are the params of state.load.
type StateLoadParams struct {
	SessionID string `json:"sessionId,omitempty"`
	State     State  `json:"state"`
}

// StateLoadResult is the result of state.load.
type StateLoadResult struct {
	Cookies int      `json:"cookies" doc:"cookies set"`
	Origins []string `json:"origins" doc:"origins whose storage was written in an open tab"`
	Pending []string `json:"pending" doc:"origins no tab shows: written as the session's first document of that origin starts"`
}

// InitScript is one script a session's new documents run first.
type InitScript struct {
	ID     string `json:"id"`
	Name   string `json:"name" doc:"the file it came from, or --code"`
	Source string `json:"source"`
}

// InitScriptAddParams are the params of initScripts.add.
type InitScriptAddParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Name      string `json:"name,omitempty"`
	Source    string `json:"source"`
}

// InitScriptRemoveParams are the params of initScripts.remove.
type InitScriptRemoveParams struct {
	SessionID string `json:"sessionId,omitempty"`
	ID        string `json:"id"`
}

// InitScriptListResult is the result of initScripts.list, .add and .remove.
type InitScriptListResult struct {
	Scripts   []InitScript `json:"scripts"`
	Unapplied []Unapplied  `json:"unapplied" doc:"tabs that could not take a script, and why"`
}

// EmulationNames are the members of Emulation, as emulation.reset names them.
var EmulationNames = Enum{"EmulationName", []string{"viewport", "device", "touch", "userAgent", "media", "offline", "throttle",
	"geolocation", "permissions", "timezone", "locale", "headers", "headersOrigin", "credentials"}}

// The enums of Emulation's members.
var (
	ColorScheme     = Enum{"ColorScheme", []string{"dark", "light", "no-preference"}}
	ReducedMotion   = Enum{"ReducedMotion", []string{"reduce", "no-preference"}}
	PermissionName  = Enum{"PermissionName", []string{"geolocation", "notifications", "camera", "microphone", "clipboard"}}
	PermissionGrant = Enum{"PermissionGrant", []string{"grant", "deny"}}
)

func init() {
	Enums = append(Enums, EmulationNames, ColorScheme, ReducedMotion, PermissionName, PermissionGrant)
	Objects = append(Objects, Emulation{}, Viewport{}, Media{}, Throttle{}, Geolocation{}, Credentials{}, Unapplied{},
		StorageEntry{}, OriginState{}, State{}, InitScript{})
}

// Lines are the settings as `set show` lists them: one SETTING, VALUE
// pair each, in a fixed order, the values as the commands take them.
func (e Emulation) Lines() [][2]string {
	var out [][2]string
	add := func(k, v string) { out = append(out, [2]string{k, v}) }
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	if e.Device != "" {
		add("device", e.Device)
	}
	if v := e.Viewport; v != nil {
		s := fmt.Sprintf("%dx%d", v.Width, v.Height)
		if v.DeviceScaleFactor > 0 {
			s += " scale " + num(v.DeviceScaleFactor)
		}
		if v.Mobile {
			s += " mobile"
		}
		add("viewport", s)
	}
	if e.Touch != nil {
		add("touch", strconv.FormatBool(*e.Touch))
	}
	if e.UserAgent != "" {
		add("useragent", e.UserAgent)
	}
	if m := e.Media; m != nil {
		var parts []string
		if m.ColorScheme != "" {
			parts = append(parts, m.ColorScheme)
		}
		if m.ReducedMotion != "" {
			parts = append(parts, "reduced-motion "+m.ReducedMotion)
		}
		if m.Print {
			parts = append(parts, "print")
		}
		add("media", strings.Join(parts, ", "))
	}
	if e.Offline != nil {
		add("offline", map[bool]string{true: "on", false: "off"}[*e.Offline])
	}
	if t := e.Throttle; t != nil {
		add("throttle", fmt.Sprintf("latency %s ms, down %s kbit/s, up %s kbit/s", num(t.LatencyMs), num(t.DownloadKbps), num(t.UploadKbps)))
	}
	if g := e.Geolocation; g != nil {
		add("geo", fmt.Sprintf("%s, %s (accuracy %s m)", num(g.Latitude), num(g.Longitude), num(g.Accuracy)))
	}
	if len(e.Permissions) > 0 {
		names := make([]string, 0, len(e.Permissions))
		for n := range e.Permissions {
			names = append(names, n)
		}
		sort.Strings(names)
		var parts []string
		for _, n := range names {
			parts = append(parts, e.Permissions[n]+" "+n)
		}
		add("permissions", strings.Join(parts, ", "))
	}
	if e.Timezone != "" {
		add("timezone", e.Timezone)
	}
	if e.Locale != "" {
		add("locale", e.Locale)
	}
	if len(e.Headers) > 0 {
		names := make([]string, 0, len(e.Headers))
		for n := range e.Headers {
			names = append(names, n)
		}
		sort.Strings(names)
		what := strings.Join(names, ", ")
		if e.HeadersOrigin != "" {
			what += " for " + e.HeadersOrigin
		}
		add("headers", what)
	}
	if e.Credentials != nil {
		what := e.Credentials.Username + " (password set)"
		if e.Credentials.Origin != "" {
			what += " for " + e.Credentials.Origin
		}
		add("credentials", what)
	}
	return out
}
