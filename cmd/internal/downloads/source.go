package downloads

// Which file a download's path may take away. The path comes from the
// extension (chrome.downloads' filename), and an extension, or a program
// posing as one, can name any file: moving it would take the person's file
// from where it was. So a file is moved only when everything agrees that it
// is the browser's download: it is in the browser's download folder, it is
// a regular file (no symlink), and its size and modification time are the
// bytes and end time the extension saw as it finished (with its
// chrome.downloads id known). Any other file is copied, never moved; and a
// file in a dot-folder (~/.ssh, ~/.config) or in the state folder is
// neither moved nor copied.

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"browserctl/rpc"
)

// EndSlack is how far a file's modification time may be from the end time
// the extension saw (the last write comes just before Chrome marks the
// download complete; clocks are the same machine's).
const EndSlack = 30 * time.Second

// BrowserFolders are where Chrome saves downloads unless told otherwise:
// $BROWSERCTL_BROWSER_DOWNLOADS (a list, as PATH is, for a browser set to
// another folder), else the XDG download folder (user-dirs.dirs) and
// ~/Downloads.
func BrowserFolders() []string {
	if v := os.Getenv("BROWSERCTL_BROWSER_DOWNLOADS"); v != "" {
		return filepath.SplitList(v)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil
	}
	var out []string
	if x := xdgDownloadDir(home); x != "" {
		out = append(out, x)
	}
	return append(out, filepath.Join(home, "Downloads"))
}

// xdgDownloadDir reads XDG_DOWNLOAD_DIR from $XDG_CONFIG_HOME/user-dirs.dirs.
func xdgDownloadDir(home string) string {
	cfg := os.Getenv("XDG_CONFIG_HOME")
	if cfg == "" {
		cfg = filepath.Join(home, ".config")
	}
	fh, err := os.Open(filepath.Join(cfg, "user-dirs.dirs"))
	if err != nil {
		return ""
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		v, ok := strings.CutPrefix(line, "XDG_DOWNLOAD_DIR=")
		if !ok {
			continue
		}
		v = strings.Trim(v, `"`)
		v = strings.Replace(v, "$HOME", home, 1)
		if filepath.IsAbs(v) {
			return filepath.Clean(v)
		}
	}
	return ""
}

// mayMove says whether d's file may be moved (true) or only copied
// (false), or why it may be neither.
func (f Folder) mayMove(d *rpc.Download) (bool, error) {
	p := filepath.Clean(d.Path)
	if !filepath.IsAbs(p) {
		return false, fmt.Errorf("the browser named %q, not an absolute path: left where it is", d.Path)
	}
	st, err := os.Lstat(p)
	if err != nil {
		return false, err
	}
	if !st.Mode().IsRegular() {
		return false, fmt.Errorf("the browser named %s, which is not a regular file (%s): left where it is", p, st.Mode().Type())
	}
	real := p
	if dir, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		real = filepath.Join(dir, filepath.Base(p))
	}
	for _, q := range []string{p, real} {
		if inDotFolder(q) {
			return false, fmt.Errorf("the browser named %s, in a dot-folder: browserctl never takes a file from one; left where it is", p)
		}
	}
	if state, err := f.StateDir(); err == nil {
		if under(resolve(state), real) || under(filepath.Clean(state), p) {
			return false, fmt.Errorf("the browser named %s, in the state folder: left where it is", p)
		}
	}
	dirs := f.BrowserDirs
	if dirs == nil {
		dirs = BrowserFolders()
	}
	inBrowser := false
	for _, dir := range dirs {
		if dir != "" && under(resolve(dir), real) {
			inBrowser = true
		}
	}
	if !inBrowser {
		return false, nil
	}
	return isTheDownload(d, st), nil
}

// isTheDownload: the file is the one the extension saw finish.
func isTheDownload(d *rpc.Download, st fs.FileInfo) bool {
	if d.ID < 0 || d.Ended <= 0 || st.Size() != d.Bytes {
		return false
	}
	diff := st.ModTime().Sub(time.UnixMilli(d.Ended))
	return diff <= EndSlack && diff >= -EndSlack
}

// inDotFolder: a folder of p's (not its own name) starts with a dot.
func inDotFolder(p string) bool {
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(p)), "/") {
		if strings.HasPrefix(el, ".") && el != "." {
			return true
		}
	}
	return false
}

// under: p is below dir (both clean, absolute).
func under(dir, p string) bool {
	return strings.HasPrefix(p, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// resolve is dir with its symlinks resolved, or dir when it cannot be.
func resolve(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return filepath.Clean(dir)
}
