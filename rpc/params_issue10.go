package rpc

// Params and results of issue 10's methods: files, logs, network, cookies,
// storage, PDF (docs/protocol.md section 4).

// UploadParams are the params of pages.upload: a ref or a selector names a
// file input; neither answers the tab's open file chooser. Files are
// absolute paths the browser reads.
type UploadParams struct {
	PageParams
	Ref      string   `json:"ref,omitempty" doc:"or selector, naming an input type=file; neither: the file chooser open in the tab"`
	Selector string   `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Files    []string `json:"files" doc:"non-empty; absolute paths the browser reads"`
}

// UploadResult is the result of pages.upload.
type UploadResult struct {
	Files    int    `json:"files"`
	Target   string `json:"target"`
	Multiple bool   `json:"multiple"`
}

// Download is one download a tab started.
type Download struct {
	GUID              string `json:"guid"`
	ID                int    `json:"id"`
	TabID             int    `json:"tabId"`
	SessionID         string `json:"sessionId"`
	URL               string `json:"url"`
	SuggestedFilename string `json:"suggestedFilename"`
	Path              string `json:"path"`
	State             string `json:"state"` // in_progress, complete, interrupted, canceled
	Bytes             int64  `json:"bytes"`
	TotalBytes        int64  `json:"totalBytes"`
	Mime              string `json:"mime"`
	Error             string `json:"error"`
	Started           int64  `json:"started"` // ms since the epoch
}

// DownloadParams are the params of pages.download.
type DownloadParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector: what to click"`
	Selector string `json:"selector,omitempty" doc:"CSS or role=ROLE[name=\"NAME\"], instead of ref"`
	Timeout  int    `json:"timeout,omitempty" min:"0" default:"30000" doc:"ms"`
}

// DownloadListResult is the result of downloads.list.
type DownloadListResult struct {
	Downloads []Download `json:"downloads"`
}

// ClickResult is the result of pages.click: {"ok":true}, plus what the
// click set off (issue 10): a file chooser it opened, a download it started.
type ClickResult struct {
	OK          bool         `json:"ok" ts:"true"`
	Target      *ActedOn     `json:"target,omitempty" doc:"the element pressed"`
	Navigation  *Navigation  `json:"navigation,omitempty" doc:"the main-frame navigation the click started"`
	Popup       *Popup       `json:"popup,omitempty" doc:"a tab the click opened"`
	Download    *Download    `json:"download,omitempty"`
	FileChooser *FileChooser `json:"fileChooser,omitempty"`
}

// FileChooser is the file chooser a click opened.
type FileChooser struct {
	Mode string `json:"mode" doc:"selectSingle or selectMultiple"`
}

// PDFParams are the params of pages.pdf.
type PDFParams struct {
	PageParams
	Landscape  bool  `json:"landscape,omitempty" default:"false"`
	Background *bool `json:"background,omitempty" default:"true"`
}

// PDFResult is the result of pages.pdf.
type PDFResult struct {
	Data   string `json:"data" doc:"base64 PDF"`
	Format string `json:"format" ts:"\"pdf\""`
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

// CookiesParams are the params of pages.cookies and pages.clearCookies.
type CookiesParams struct {
	PageParams
	URL string `json:"url,omitempty" doc:"http(s); default the page's URL"`
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

// LogCursor are the members every logs.* method takes: where to read from,
// how long to wait, how many.
type LogCursor struct {
	After  *int64 `json:"after,omitempty" min:"0" doc:"seq: entries after it only"`
	WaitMs int    `json:"waitMs,omitempty" min:"0" default:"0" doc:"ms, at most 20000: with none newer, wait this long for one"`
	Clear  bool   `json:"clear,omitempty" default:"false" doc:"empty the log after reading"`
	Limit  int    `json:"limit,omitempty" min:"1" doc:"the newest N"`
}

// ConsoleParams are the params of logs.console.
type ConsoleParams struct {
	PageParams
	LogCursor
	Level string `json:"level,omitempty" enum:"ConsoleLevel" doc:"that level and above; log = info"`
}

// ErrorsParams are the params of logs.errors.
type ErrorsParams struct {
	PageParams
	LogCursor
}

// NetworkLogParams are the params of logs.network.
type NetworkLogParams struct {
	PageParams
	LogCursor
	Filter string `json:"filter,omitempty" doc:"URL substring, any case"`
	Failed bool   `json:"failed,omitempty" default:"false" doc:"failures and status >= 400 only"`
}

// ConsoleEntry is one console message.
type ConsoleEntry struct {
	Seq    int64  `json:"seq"`
	Level  string `json:"level"`
	Text   string `json:"text"`
	Source string `json:"source"`
	URL    string `json:"url"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Time   int64  `json:"time"`
}

// ErrorEntry is one uncaught exception or unhandled rejection.
type ErrorEntry struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Stack  string `json:"stack"`
	URL    string `json:"url"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Time   int64  `json:"time"`
}

// RequestEntry is one network request.
type RequestEntry struct {
	Seq        int64  `json:"seq"`
	ID         string `json:"id" doc:"short id for network.request, unique in the extension's run"`
	RequestID  string `json:"requestId"`
	Method     string `json:"method"`
	URL        string `json:"url"`
	Type       string `json:"type"`
	Status     int    `json:"status"`
	StatusText string `json:"statusText"`
	MimeType   string `json:"mimeType"`
	Failure    string `json:"failure"`
	Blocked    bool   `json:"blocked"`
	Size       int64  `json:"size"`
	Started    int64  `json:"started"`
	DurationMs int64  `json:"durationMs"`
}

// ConsoleResult is the result of logs.console.
type ConsoleResult struct {
	Entries []ConsoleEntry `json:"entries"`
	Next    int64          `json:"next"`
	Dropped int            `json:"dropped"`
}

// ErrorsResult is the result of logs.errors.
type ErrorsResult struct {
	Entries []ErrorEntry `json:"entries"`
	Next    int64        `json:"next"`
	Dropped int          `json:"dropped"`
}

// NetworkResult is the result of logs.network.
type NetworkResult struct {
	Requests []RequestEntry `json:"requests"`
	Inflight []RequestEntry `json:"inflight"`
	Next     int64          `json:"next"`
	Dropped  int            `json:"dropped"`
}

// BlockParams are the params of network.block and network.unblock.
type BlockParams struct {
	SessionID string   `json:"sessionId,omitempty"`
	Patterns  []string `json:"patterns" doc:"non-empty strings"`
}

// BlockResult is the session's block list after the call.
type BlockResult struct {
	Patterns      []string `json:"patterns"`
	SkippedTabIDs []int    `json:"skippedTabIds,omitempty"`
}
