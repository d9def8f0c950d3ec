package cmdutil

import (
	"runtime/debug"
	"sync"
)

// Version is browserctl's version as its build recorded it: the module's
// version when installed as `go install browserctl@vX`, else "devel" and
// the commit it was built from ("devel 1a2b3c4d5e6f", "+changes" when the
// work tree had uncommitted changes), else "devel".
var Version = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, changed := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			changed = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	switch {
	case rev == "":
		return "devel"
	case changed:
		return "devel " + rev + "+changes"
	}
	return "devel " + rev
})
