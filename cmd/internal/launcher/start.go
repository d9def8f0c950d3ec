package launcher

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"browserctl/internal/chromium"
)

// LogName is the browsers' log in the state folder: what they print.
const LogName = "browser.log"

// Started is a browser Start started, running on after Start returns.
type Started struct {
	*chromium.Browser
	Profile string // its --user-data-dir
	Log     string // where its output goes
}

// Start starts the browser binary with o, in o.Profile or, when that is
// "", a fresh profile-* folder in the state folder dir (which EndAll and
// Gone remove), its output appended to dir's browser.log, and records it
// for EndAll and Gone. A failure to record it is said on warn: the browser
// runs anyway.
func Start(dir, browser string, o chromium.Options, warn io.Writer) (*Started, error) {
	fresh := o.Profile == ""
	if fresh {
		p, err := NewProfile(dir)
		if err != nil {
			return nil, err
		}
		o.Profile = p
	}
	return StartAs(dir, browser, o, Browser{Fresh: fresh}, warn)
}

// NewProfile makes a fresh profile-* folder in the state folder dir: one
// EndAll and Gone remove with its browser.
func NewProfile(dir string) (string, error) { return os.MkdirTemp(dir, "profile-") }

// StartAs is Start in the profile o.Profile, recorded with rec's Fresh,
// Name and BrowserID.
func StartAs(dir, browser string, o chromium.Options, rec Browser, warn io.Writer) (*Started, error) {
	logPath := filepath.Join(dir, LogName)
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	bc, err := chromium.Start(browser, o, logf)
	if err != nil {
		return nil, err
	}
	rec.PID, rec.Profile, rec.Browser = bc.Pid(), o.Profile, filepath.Base(browser)
	if err := RecordBrowser(dir, rec); err != nil {
		fmt.Fprintf(warn, "warning: cannot record the browser for `browserctl stop`: %v\n", err)
	}
	return &Started{Browser: bc, Profile: o.Profile, Log: logPath}, nil
}
