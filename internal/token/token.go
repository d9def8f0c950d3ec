// Package token is the shared token hub and clients authenticate with: the
// environment or the state folder's token file.
package token

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"browserctl/internal/statedir"
)

// Env overrides the token file.
const Env = "BROWSERCTL_TOKEN"

// FileName is the token file's name in the state folder (also for
// `browserctl doctor`, which checks the file without creating it).
const FileName = "token"

// LoadOrCreate returns the shared token: $BROWSERCTL_TOKEN, else the
// state folder's token file, created on first use with 256 random bits in
// hex, mode 0600. Creation is atomic: two processes racing end with the
// same token, and a failed write leaves no file behind.
func LoadOrCreate() (string, error) { return loadOrCreate(Env, FileName) }

// ExtensionKeyEnv overrides the extension key file.
const ExtensionKeyEnv = "BROWSERCTL_EXTENSION_KEY"

// ExtensionKeyFileName is the extension key's file in the state folder.
const ExtensionKeyFileName = "extension-key"

// LoadOrCreateExtensionKey returns the extension's own key, the only secret
// that takes the hub's browser slot: $BROWSERCTL_EXTENSION_KEY, else the
// state folder's extension-key file, made as the token's is (256 random
// bits, 0600, atomically). `extension install` writes it into config.json;
// the control token never goes to the browser.
func LoadOrCreateExtensionKey() (string, error) {
	return loadOrCreate(ExtensionKeyEnv, ExtensionKeyFileName)
}

func loadOrCreate(env, file string) (string, error) {
	if t := os.Getenv(env); t != "" {
		return t, nil
	}
	path, err := statedir.Path(file)
	if err != nil {
		return "", err
	}
	for range 3 {
		t, err := readToken(path)
		if err == nil {
			return t, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		t, err = createToken(path)
		if errors.Is(err, fs.ErrExist) {
			continue // another process won the race: read its token
		}
		return t, err
	}
	return "", fmt.Errorf("token file %s: keeps changing", path)
}

func readToken(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	t := strings.TrimSpace(string(data))
	if t == "" {
		return "", fmt.Errorf("token file %s is empty; delete it to make a new token", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&^0o600 != 0 {
		if err := os.Chmod(path, 0o600); err != nil {
			return "", fmt.Errorf("token file %s: narrowing its mode to 0600: %w", path, err)
		}
	}
	return t, nil
}

// createToken writes a new token to a temporary file and links it into
// place: the link fails with fs.ErrExist when another process was first.
func createToken(path string) (string, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("making a token: %w", err)
	}
	t := hex.EncodeToString(raw[:])

	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return "", fmt.Errorf("writing token: %w", err)
	}
	name := tmp.Name()
	defer os.Remove(name)
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.WriteString(t + "\n")
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("writing token file %s: %w", path, err)
	}
	if err := os.Link(name, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return "", err
		}
		return "", fmt.Errorf("writing token file %s: %w", path, err)
	}
	return t, nil
}
