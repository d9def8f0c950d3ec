package rpc

// Params and results of emulation.*, state.* and initScripts.*: a
// session's device, media, network, place, language and identity
// settings, its saved state (cookies and storage), and the scripts every
// new document of the session runs first.

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
		Summary: "change the session's emulation settings in every tab, now and later", ResultDoc: "all of the session's settings; a value the browser refuses: -32602 and nothing changed"},
	{Wire: EmulationShow, Session: SessionRequired, Params: SessionIDParams{}, Result: EmulationResult{},
		Summary: "the session's emulation settings and init scripts", ResultDoc: "`unapplied` names what a tab could not take"},
	{Wire: EmulationReset, Session: SessionRequired, Params: EmulationResetParams{}, Result: EmulationResult{},
		Summary: "undo some or all of the session's emulation settings"},
	{Wire: StateSave, Session: SessionRequired, Params: SessionIDParams{}, Result: State{},
		Tool: &Tool{Name: "browser_state_save", Title: "Save cookies and storage",
			Description: "Write the cookies of this session's sites and the localStorage and sessionStorage of its tabs' origins to a file (Playwright's storageState format, mode 0600: it holds secrets).",
			Answer:      "state save"},
		Summary: "the cookies of the session's sites and the storage of its tabs' origins", ResultDoc: "Playwright's storageState, plus sessionStorage"},
	{Wire: StateLoad, Session: SessionRequired, Params: StateLoadParams{}, Result: StateLoadResult{},
		Tool: &Tool{Name: "browser_state_load", Title: "Load cookies and storage",
			Description: "Put the cookies and storage of a state file (browser_state_save's, or Playwright's storageState) back into this session.",
			Hide:        []string{"state"}, Answer: "state load"},
		Summary: "put saved cookies and storage back", ResultDoc: "a cookie the browser refuses: -32602 naming it"},
	{Wire: InitScriptsAdd, Session: SessionRequired, Params: InitScriptAddParams{}, Result: InitScriptListResult{},
		Summary: "run a script in every new document of the session, before the page's own", ResultDoc: "the session's scripts, the new one last"},
	{Wire: InitScriptsList, Session: SessionRequired, Params: SessionIDParams{}, Result: InitScriptListResult{},
		Summary: "the session's init scripts"},
	{Wire: InitScriptsRemove, Session: SessionRequired, Params: InitScriptRemoveParams{}, Result: InitScriptListResult{},
		Summary: "stop running an init script", ResultDoc: "an unknown id: -32602"},
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
	Headers     map[string]string `json:"headers,omitempty" doc:"extra headers on every request"`
	Credentials *Credentials      `json:"credentials,omitempty" doc:"HTTP authentication answered without a prompt"`
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
	"geolocation", "permissions", "timezone", "locale", "headers", "credentials"}}

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
