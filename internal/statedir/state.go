// Package statedir finds browserctl's state folder: the token, the daemon's pid
// and log, the REPL history.
package statedir

import (
	"fmt"
	"os"
	"path/filepath"
)

// EnvHome overrides the state folder; tests point it at a temporary folder.
const EnvHome = "BROWSERCTL_HOME"

// Dir returns the state folder, creating it (mode 0700) when missing:
// $BROWSERCTL_HOME, else os.UserConfigDir()/browserctl.
func Dir() (string, error) {
	dir := os.Getenv(EnvHome)
	if dir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("no state folder: set %s (%v)", EnvHome, err)
		}
		dir = filepath.Join(base, "browserctl")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("state folder %s: %w", dir, err)
	}
	return dir, nil
}

// Path returns name inside the state folder.
func Path(name string) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}
