package statedir

import (
	"fmt"
	"os"
	"path/filepath"
)

// Locate is where the state folder is (as Dir), without creating it:
// `browserctl doctor` reports a missing folder instead of making one.
func Locate(getenv func(string) string) (string, error) {
	if dir := getenv(EnvHome); dir != "" {
		return dir, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no state folder: set %s (%v)", EnvHome, err)
	}
	return filepath.Join(base, "browserctl"), nil
}
