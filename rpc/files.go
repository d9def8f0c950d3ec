package rpc

// Files: uploads into file inputs and choosers, downloads, the page as a
// PDF. downloads.* does not start with "pages.": the hub does not
// serialize it behind a session's page calls.

// Wire names of the file methods.
const (
	PageUpload    = "pages.upload"
	PageDownload  = "pages.download"
	PagePDF       = "pages.pdf"
	DownloadsList = "downloads.list"
)

// fileMethods are the file rows of Methods.
var fileMethods = []Method{
	{Wire: PageUpload, Session: SessionRequired, Params: UploadParams{}, Result: UploadResult{},
		Summary: "set the files of a file input, or answer the open file chooser", ResultDoc: "`target` names what took the files: the ref, the selector or `the open file chooser`"},
	{Wire: PageDownload, Session: SessionRequired, Params: DownloadParams{}, Result: Download{},
		Tool: &Tool{Name: "browser_download", Title: "Download",
			Description: "Click a link or button and wait for its download; answers the saved file's path and size. Without ref or selector: list the downloads.",
			Describe:    map[string]string{"timeout": "ms"}, Answer: AnswerDownload},
		Summary: "click a target (ref or selector) and wait for the download it starts", ResultDoc: "once it is `complete`",
		Commands: []Command{{
			Path: "download", Args: []Arg{TargetArg}, Needs: "a REF or SELECTOR of what to click",
			Flags: []Flag{
				{Name: "output", Short: "o", Help: "file (or folder) to save to instead of --download-dir"},
				OverwriteFlag,
				{Name: "wait-for", Kind: "duration", Default: "30s", Help: "how long to wait for the download to begin and finish"},
			},
			Short: "Click a link or button, wait for the download it starts, print the file's path",
			Long: `Click the element and wait until the download it starts has finished
(--wait-for, default 30s), then move the file into --download-dir (default:
the state folder's downloads/), or to -o, and print its path. When no
download began or it did not finish in time: error 4102, exit 1.

{target}`,
			Example: `  browserctl download e14
  browserctl download 'a[href$=".pdf"]' -o report.pdf
  browserctl download 'role=link[name="Export CSV"]' --download-dir ~/Downloads --json`,
			Hook: HookDownload, Replay: Replayed + Target0,
		}}},
	{Wire: PagePDF, Session: SessionRequired, Params: PDFParams{}, Result: PDFResult{},
		Tool: &Tool{Name: "browser_pdf_save", Title: "Save as PDF",
			Description: "Save the page as a PDF file.", Effect: ReadOnly, Answer: AnswerPdf},
		Summary: "print the page to PDF (base64)", ResultDoc: "a browser that refuses: 4110 naming why",
		Commands: []Command{{
			Path: "pdf",
			Flags: []Flag{
				{Name: "output", Short: "o", Help: "file to write (default page-YYYYMMDD-HHMMSS.pdf)"},
				OverwriteFlag,
				{Name: "landscape", Member: "landscape", Help: "landscape pages"},
				{Name: "no-background", Kind: "bool", Help: "leave out background colours and images"},
			},
			Short: "Print the page to a PDF file and print its path",
			Long: `Print the page to PDF (Page.printToPDF) and save it; without -o the file is
page-YYYYMMDD-HHMMSS.pdf in the current folder. Headless Chromium prints;
a browser that refuses answers a clear error (exit 1). With --json the
result carries the "path" and not the data.`,
			Example: "  browserctl pdf\n  browserctl pdf -o invoice.pdf --landscape",
			Hook:    HookPdf, Replay: Skips + WritesOutput,
		}}},
	{Wire: DownloadsList, Session: SessionRequired, Params: SessionIDParams{}, Result: DownloadListResult{},
		Summary: "downloads started in the session's tabs", ResultDoc: "oldest first",
		Commands: []Command{{
			Path:  "downloads",
			Short: "List the downloads the session's tabs started: state, size, path",
			Long: `List the downloads the session's tabs started since the extension's
service worker started: state (in_progress, complete, interrupted,
canceled), size and path. A finished download not yet moved is moved into
--download-dir now.`,
			Example: "  browserctl downloads\n  browserctl downloads --json",
			Hook:    HookDownloads, Replay: Skips + ReadsOnly,
		}}},
}

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
	// Ended is when chrome.downloads says it finished (ms since the
	// epoch, 0 until then): with ID and Bytes, what the CLI checks the
	// file against before it moves it.
	Ended int64 `json:"ended,omitempty"`
}

// DownloadParams are the params of pages.download.
type DownloadParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector: what to click"`
	Selector string `json:"selector,omitempty" doc:"CSS, role=ROLE[name=\"NAME\"], text=, frame=FRAME >> TARGET, instead of ref"`
	Timeout  int    `json:"timeout,omitempty" min:"0" default:"30000" doc:"ms"`
}

// DownloadListResult is the result of downloads.list.
type DownloadListResult struct {
	Downloads []Download `json:"downloads"`
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
