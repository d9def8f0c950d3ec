package cmd

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdScreenshot(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ScreenshotParams
	var out string
	c := &cobra.Command{
		Use:   "screenshot [REF]",
		Short: "Save a PNG of the viewport, the full page or one element, and print its path",
		Long: `Save a PNG screenshot and print the file's path. Without -o the file is
screenshot-YYYYMMDD-HHMMSS.png in the current folder. With --json the
result is printed with its base64 "data" and the "path" it was saved to.`,
		Example: `  browserctl screenshot
  browserctl screenshot --full -o page.png
  browserctl screenshot e12 -o button.png`,
		Args:              rangeArgs(0, 1, "an optional REF"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: func(c *cobra.Command, args []string) error {
			p.SessionID = sessionOf(f)
			if len(args) == 1 {
				p.Ref, p.Selector = target(args[0])
			}
			pc := &pageCall{Method: rpc.PageScreenshot, Params: p}
			if runF != nil {
				return runF(pc)
			}
			raw, err := callHub(c.Context(), f, pc.Method, withTimeoutMS(pc.Method, pc.Params, f.Globals.Timeout))
			if err != nil {
				return err
			}
			var res rpc.ScreenshotResult
			if err := decodeResult(rpc.PageScreenshot, raw, &res); err != nil {
				return err
			}
			png, err := base64.StdEncoding.DecodeString(res.Data)
			if err != nil {
				return fmt.Errorf("pages.screenshot answered data that is not base64: %v", err)
			}
			path := out
			if path == "" {
				path = "screenshot-" + f.Now().Format("20060102-150405") + ".png"
			}
			if err := os.WriteFile(path, png, 0o644); err != nil {
				return err
			}
			if f.Globals.JSON {
				var m map[string]json.RawMessage
				if err := json.Unmarshal(raw, &m); err != nil {
					return printJSON(f, raw)
				}
				m["path"], _ = json.Marshal(path)
				return marshalJSON(f, m)
			}
			shown := path
			if abs, err := filepath.Abs(path); err == nil && f.IO.IsStdoutTTY() {
				shown = abs
			}
			_, err = fmt.Fprintln(f.IO.Out, shown)
			return err
		},
		Annotations: notReplayed(writesOutput),
	}
	c.Flags().StringVarP(&out, "output", "o", "", "file to write (default screenshot-YYYYMMDD-HHMMSS.png)")
	c.Flags().BoolVar(&p.FullPage, "full", false, "the whole page, not just the viewport")
	addTabFlag(c, f, &p.TabID)
	return c
}
