package cmd

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/extension"
	"browserctl/internal/safefile"
	"browserctl/internal/token"
	"browserctl/rpc"
)

func newCmdExtension(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "extension",
		Short:   "Install the browserctl Chrome extension",
		Example: "  browserctl extension install ~/browserctl-extension",
		Args:    cmdutil.NoArgs,

		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	c.AddCommand(newCmdExtensionInstall(f))
	return c
}

func newCmdExtensionInstall(f *cmdutil.Factory) *cobra.Command {
	var name, certFile string
	c := &cobra.Command{
		Use:   "install DIR",
		Short: "Write the extension to DIR, configured with this hub's address and token",
		Long: `Write the built extension to DIR with a config.json holding the hub's
WebSocket address (from --server) and token, then load DIR in Chrome:
chrome://extensions, Developer mode, Load unpacked.

--name names the browser on the hub (` + "`browserctl browsers`" + `, --browser): for
a second profile that loads its own copy of the extension. Without it the
browser is named in its popup, or by the hub (this machine's host name).

For a browser on another machine, run it here, on the hub's machine, with
--server wss://HOST:PORT (the hub's remote address, serve --allow-remote)
and --name NAME: it makes that browser a key of its own (kept here as a
hash in the state folder; run again, a new key, the old one refused from
then on) and writes it, the browser's id and the hub's certificate's key
hash into DIR's config.json. Copy DIR to that machine and load it there;
start its Chromium with --ignore-certificate-errors-spki-list=HASH (stderr
prints it) unless the hub's certificate (--tls-cert, given here too) is one
its CA signed: an extension cannot check a certificate itself.`,
		Example: "  browserctl extension install ~/browserctl-extension\n  browserctl extension install --name work ~/browserctl-extension-work\n  browserctl --server wss://hub.lan:9443 extension install --name grid-1 ./grid-1",
		Args:    cmdutil.ExactArgs(1, "a DIR to write the extension to"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		RunE: func(c *cobra.Command, args []string) error {
			if _, err := cmdutil.ControlToken(f); err != nil {
				return err // a capability installs nothing
			}
			key, err := token.LoadOrCreateExtensionKey()
			if err != nil {
				return err
			}
			dir, err := filepath.Abs(args[0])
			if err != nil {
				return err
			}
			cfg := extension.Config{Server: "ws://" + f.Globals.Server + "/ws/browser", Token: key}
			if name != "" {
				if cfg.Name = rpc.CleanBrowserName(name); cfg.Name != name {
					return cmdutil.UsageErrorf("--name %q: a browser's name is letters, digits, '-', '_' and '.'", name)
				}
			}
			if f.Globals.ServerScheme == "wss" {
				if cfg, err = remoteBrowserConfig(f, name, certFile); err != nil {
					return err
				}
			} else if certFile != "" {
				return cmdutil.UsageErrorf("--tls-cert goes with --server wss://... (a browser on another machine)")
			}
			if err := installExtensionConfig(dir, cfg); err != nil {
				return err
			}
			if cfg.BrowserID != "" {
				sayRemoteInstall(f, cfg, dir)
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]string{"path": dir})
			}
			fmt.Fprintln(f.IO.Out, dir)
			fmt.Fprintf(f.IO.ErrOut, "load it in Chrome: chrome://extensions, Developer mode, Load unpacked, %s\n", dir)
			return nil
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	c.Flags().StringVar(&name, "name", "", "the browser's name on the hub (letters, digits, '-', '_', '.')")
	c.Flags().StringVar(&certFile, "tls-cert", "", "with --server wss://..., the hub's certificate when it is not the state folder's generated one (serve --tls-cert)")
	return c
}

// installExtension writes extension.Dist() and its config.json to dir,
// with the extension's own key (never the control token).
func installExtension(dir, server, key string) error {
	return installExtensionConfig(dir, extension.Config{Server: "ws://" + server + "/ws/browser", Token: key})
}

// installExtensionConfig writes extension.Dist() and cfg as its
// config.json to dir.
func installExtensionConfig(dir string, cfg extension.Config) error {
	dist := extension.Dist()
	err := fs.WalkDir(dist, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return installFolder(target)
		}
		b, err := fs.ReadFile(dist, path)
		if err != nil {
			return err
		}
		// The extension's code is no secret; safefile never writes it
		// through a symlink.
		return safefile.WriteFile(target, b, 0o644, true)
	})
	if err != nil {
		return fmt.Errorf("writing the extension to %s: %w", dir, err)
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	// The key is a secret: readable by the user only, a new file whatever
	// mode the old one had.
	return safefile.WriteFile(filepath.Join(dir, extension.ConfigFile), append(b, '\n'), safefile.Private, true)
}

// installFolder makes a folder of the installed extension, refusing a
// symlink in its place (the files would land wherever it points).
func installFolder(dir string) error {
	if st, err := os.Lstat(dir); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return &safefile.SymlinkError{Path: dir}
	}
	return os.MkdirAll(dir, 0o755)
}
