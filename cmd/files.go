package cmd

// Files: upload, the hooks of download, downloads and pdf (declared on
// their rows, rpc/files.go), and what a click set off (a file chooser, a
// download). Where a download lands is the downloads package's, which
// files an upload may send the uploads package's. upload stays written by
// hand: its first argument is a target or a file depending on what exists
// on disk, and completes as both.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/downloads"
	"browserctl/cmd/internal/logview"
	"browserctl/cmd/internal/uploads"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

// ---- upload ----

func newCmdUpload(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	var p rpc.UploadParams
	var selector bool
	c := &cobra.Command{
		Use:   "upload [REF|SELECTOR] FILE...",
		Short: "Set the files of a file input, or answer the file chooser a click opened",
		Long: `Set the files of an <input type=file>: the page sees input and change and
reads the files' names, sizes and contents. The first argument is a target:
a ref from the last snapshot (e12), a CSS selector or a role target
(role=ROLE[name="NAME"]); --selector makes it one even when a file has that
name. A selector takes the first visible match, else the first match (file
inputs are often hidden behind a label). When the first argument names an
existing file instead, every argument is a file and they answer the file
chooser that a click opened (click reports "file chooser opened").
A missing file fails before anything reaches the browser. The browser reads
the files itself: it must run on this machine.`,
		Example: `  browserctl upload e12 photo.jpg
  browserctl upload 'input[name=cv]' cv.pdf
  browserctl upload --selector notes.txt notes.txt   # a selector that is also a file name
  browserctl click e7                # prints: file chooser opened ...
  browserctl upload report.csv       # answers it`,
		Args: cmdutil.MinArgs(1, "an optional REF or SELECTOR, then at least one FILE"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 && !selector {
				refs, _ := cmdutil.CompleteRefs(f, 0)(c, args, toComplete)
				return refs, cobra.ShellCompDirectiveDefault
			}
			return nil, cobra.ShellCompDirectiveDefault
		},
		RunE: cmdutil.PageRunE(f, runF, func(args []string) (*cmdutil.PageCall, error) {
			p.PageParams.SessionID = cmdutil.SessionOf(f)
			files := args
			switch {
			case selector:
				if len(args) < 2 {
					return nil, cmdutil.UsageErrorf("upload --selector needs a SELECTOR and at least one FILE")
				}
				p.Selector, files = args[0], args[1:]
			case cmdutil.IsRef(args[0]):
				if len(args) < 2 {
					return nil, cmdutil.UsageErrorf("upload %s needs at least one FILE", args[0])
				}
				p.Ref, files = args[0], args[1:]
			case len(args) >= 2 && !uploads.IsFile(args[0]):
				// neither a ref nor a file: a CSS selector
				p.Selector, files = args[0], args[1:]
			}
			abs, err := uploads.Paths(files)
			if err != nil {
				return nil, err
			}
			p.Files = abs
			return &cmdutil.PageCall{Method: rpc.PageUpload, Params: p, Human: func(raw json.RawMessage) error {
				var r rpc.UploadResult
				if err := cmdutil.DecodeResult(rpc.PageUpload, raw, &r); err != nil {
					return err
				}
				cmdutil.Done(f, "set %d file(s) on %s", r.Files, r.Target)
				return nil
			}}, nil
		}),
		Annotations: cmdutil.Replays(rpc.Target0, rpc.FileArgs),
	}
	c.Flags().BoolVar(&selector, "selector", false, "the first argument is a CSS selector, not a ref")
	cmdutil.AddTabFlag(c, f, &p.TabID)
	return c
}

// ---- warnings, and a download in a line ----

func warn(f *cmdutil.Factory, format string, args ...any) {
	cs := f.IO.ErrColorScheme()
	fmt.Fprintln(f.IO.ErrOut, cs.Yellow("warning: "+fmt.Sprintf(format, args...)))
}

func printDownloadLine(f *cmdutil.Factory, d rpc.Download) {
	size := logview.Bytes(d.Bytes)
	if d.State == "in_progress" && d.TotalBytes > 0 {
		size += " of " + logview.Bytes(d.TotalBytes)
	}
	path := d.Path
	switch {
	case path != "":
	case d.State == "canceled" || d.State == "interrupted":
		path = d.SuggestedFilename + " (not saved"
		if d.Error != "" {
			path += ": " + d.Error
		}
		path += ")"
	default:
		path = d.SuggestedFilename + " (path not known yet)"
	}
	fmt.Fprintf(f.IO.Out, "download %s: %s (%s)\n", d.State, cmdutil.SafeText(path), size)
}

// ---- moving downloads into --download-dir ----

// downloadFolder is where this command's downloads go (--download-dir).
func downloadFolder(f *cmdutil.Factory) downloads.Folder {
	return downloads.Folder{Given: f.Globals.DownloadDir, StateDir: f.StateDir, Warn: func(format string, args ...any) { warn(f, format, args...) }}
}

// saveDownload moves a finished download into -o or --download-dir
// (downloads.Folder.Save).
func saveDownload(f *cmdutil.Factory, d *rpc.Download, out string, force bool) (string, error) {
	return downloadFolder(f).Save(d, out, force)
}

// ---- download, downloads, pdf: declared on their rows (rpc/files.go) ----

func init() {
	// download: the click's file moved into -o or --download-dir, its
	// path printed.
	cmdutil.Hooks[rpc.HookDownload] = func(_ context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		wait, _ := time.ParseDuration(args["--wait-for"])
		if wait <= 0 {
			return cmdutil.UsageErrorf("--wait-for must be positive, got %s", wait)
		}
		p := pc.Params.(rpc.DownloadParams)
		p.Timeout = int(wait / time.Millisecond)
		pc.Params, pc.MinTimeout = p, wait+10*time.Second
		var saved rpc.Download
		pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
			if err := cmdutil.DecodeResult(rpc.PageDownload, raw, &saved); err != nil {
				return nil, err
			}
			browserPath := saved.Path
			path, err := saveDownload(f, &saved, args["--output"], args["--force"] == "true")
			if err != nil {
				return nil, fmt.Errorf("the download finished at %s, but moving it failed: %w", browserPath, err)
			}
			if path == "" {
				return raw, nil
			}
			saved.Path = path
			return json.Marshal(struct {
				rpc.Download
				BrowserPath string `json:"browserPath"`
			}{saved, browserPath})
		}
		pc.Human = func(json.RawMessage) error {
			_, err := fmt.Fprintln(f.IO.Out, cmdutil.SafeText(saved.Path))
			return err
		}
		return nil
	}
	// downloads: each finished one moved into --download-dir, a table.
	cmdutil.Hooks[rpc.HookDownloads] = func(_ context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, _ map[string]string) error {
		var list rpc.DownloadListResult
		pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
			if err := cmdutil.DecodeResult(rpc.DownloadsList, raw, &list); err != nil {
				return nil, err
			}
			downloadFolder(f).Settle(list.Downloads)
			return json.Marshal(list)
		}
		pc.Human = func(json.RawMessage) error {
			t := cmdutil.NewTable(f, "STATE", "SIZE", "PATH", "URL")
			for _, d := range list.Downloads {
				t.Add(d.State, logview.Bytes(d.Bytes), cmdutil.SafeText(cmp.Or(d.Path, d.SuggestedFilename)), cmdutil.SafeText(d.URL))
			}
			if len(list.Downloads) == 0 && f.IO.IsStderrTTY() {
				fmt.Fprintln(f.IO.ErrOut, "no downloads")
			}
			return t.Print()
		}
		return nil
	}
	// pdf: the PDF written to -o, its path printed (--json: path and size).
	cmdutil.Hooks[rpc.HookPdf] = func(_ context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		p := pc.Params.(rpc.PDFParams)
		if args["--no-background"] == "true" {
			p.Background = new(bool)
		}
		path := cmp.Or(args["--output"], "page-"+f.Now().Format("20060102-150405")+".pdf")
		force := args["--force"] == "true"
		if err := checkWritable(path, force); err != nil {
			return err
		}
		pc.Params, pc.MinTimeout = p, 60*time.Second
		pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
			var r rpc.PDFResult
			if err := cmdutil.DecodeResult(rpc.PagePDF, raw, &r); err != nil {
				return nil, err
			}
			n, err := evidence.WriteBase64(path, r.Data, rpc.PagePDF, force)
			if err != nil {
				return nil, err
			}
			abs, _ := filepath.Abs(path)
			return json.Marshal(map[string]any{"path": abs, "bytes": n, "format": "pdf"})
		}
		pc.Human = func(json.RawMessage) error { return printPath(f, path) }
		return nil
	}
}

// printPath prints the path of a file written: absolute on a terminal, as
// given otherwise.
func printPath(f *cmdutil.Factory, path string) error {
	shown := path
	if abs, err := filepath.Abs(path); err == nil && f.IO.IsStdoutTTY() {
		shown = abs
	}
	_, err := fmt.Fprintln(f.IO.Out, shown)
	return err
}
