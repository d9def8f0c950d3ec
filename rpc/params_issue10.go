package rpc

// Params and results of issue 10's methods: files, logs, network, cookies,
// storage, PDF (docs/protocol.md section 4).

// UploadParams are the params of pages.upload: a ref or a selector names a
// file input; neither answers the tab's open file chooser. Files are
// absolute paths the browser reads.
type UploadParams struct {
	PageParams
	Ref      string   `json:"ref,omitempty"`
	Selector string   `json:"selector,omitempty"`
	Files    []string `json:"files"`
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
	Ref     string `json:"ref"`
	Timeout int    `json:"timeout,omitempty"` // ms
}

// DownloadListResult is the result of downloads.list.
type DownloadListResult struct {
	Downloads []Download `json:"downloads"`
}

// ClickAftermath is what pages.click adds to {"ok":true} when the click
// opened a file chooser or started a download.
type ClickAftermath struct {
	Download    *Download `json:"download,omitempty"`
	FileChooser *struct {
		Mode string `json:"mode"`
	} `json:"fileChooser,omitempty"`
}

// PDFParams are the params of pages.pdf.
type PDFParams struct {
	PageParams
	Landscape  bool  `json:"landscape,omitempty"`
	Background *bool `json:"background,omitempty"`
}

// PDFResult is the result of pages.pdf.
type PDFResult struct {
	Data   string `json:"data"`
	Format string `json:"format"`
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
	URL string `json:"url,omitempty"`
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
	URL      string   `json:"url,omitempty"`
	Domain   string   `json:"domain,omitempty"`
	Path     string   `json:"path,omitempty"`
	Expires  *float64 `json:"expires,omitempty"`
	HTTPOnly bool     `json:"httpOnly,omitempty"`
	Secure   bool     `json:"secure,omitempty"`
}

// StorageParams are the params of pages.storage, pages.setStorage and
// pages.clearStorage.
type StorageParams struct {
	PageParams
	Kind  string  `json:"kind"` // local | session
	Key   *string `json:"key,omitempty"`
	Value *string `json:"value,omitempty"`
}

// StorageResult is the result of pages.storage: Entries without a key,
// Key and Value (null when absent) with one.
type StorageResult struct {
	Origin  string            `json:"origin"`
	Entries map[string]string `json:"entries,omitempty"`
	Key     string            `json:"key,omitempty"`
	Value   *string           `json:"value,omitempty"`
	Cleared *int              `json:"cleared,omitempty"`
}

// LogParams are the params of logs.console, logs.errors and logs.network.
type LogParams struct {
	PageParams
	After  *int64 `json:"after,omitempty"`  // entries with a larger seq only
	WaitMs int    `json:"waitMs,omitempty"` // with none newer, wait this long for one
	Clear  bool   `json:"clear,omitempty"`
	Limit  int    `json:"limit,omitempty"` // the newest N
	Level  string `json:"level,omitempty"` // logs.console
	Filter string `json:"filter,omitempty"`
	Failed bool   `json:"failed,omitempty"` // logs.network
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
	Patterns  []string `json:"patterns"`
}

// BlockResult is the session's block list after the call.
type BlockResult struct {
	Patterns      []string `json:"patterns"`
	SkippedTabIDs []int    `json:"skippedTabIds,omitempty"`
}
