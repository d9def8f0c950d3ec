// Package skill holds the guide for coding agents that `browserctl skill`
// prints and `browserctl skill install DIR` writes as a SKILL.md skill
// folder (YAML front matter with name and description, then the guide).
package skill

import (
	_ "embed"
	"os"
	"path/filepath"

	"browserctl/internal/safefile"
)

// Name is the skill's name and the folder `Install` makes.
const Name = "browserctl"

//go:embed SKILL.md
var guide string

// Guide is SKILL.md, front matter included.
func Guide() string { return guide }

// Install writes dir/browserctl/SKILL.md and returns its path. An existing
// file is replaced only when force is set.
func Install(dir string, force bool) (string, error) {
	folder := filepath.Join(dir, Name)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(folder, "SKILL.md")
	// The guide is public text, 0644, never written through a symlink.
	return path, safefile.WriteFile(path, []byte(guide), 0o644, force)
}
