// Package extension embeds the built Chrome extension (dist/, made by
// `npm run build` from src/) so the binary can write it out with
// `browserctl extension install DIR`.
package extension

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var distFS embed.FS

// Dist is the built extension: manifest.json at its root.
func Dist() fs.FS {
	sub, err := fs.Sub(distFS, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees dist exists
	}
	return sub
}

// ConfigFile is written beside manifest.json by `extension install`; the
// extension reads it for its default server address and token.
const ConfigFile = "config.json"

// Config is the content of ConfigFile.
type Config struct {
	Server string `json:"server"` // ws://127.0.0.1:9223/ws/browser
	Token  string `json:"token"`
	// Name is the browser's name on the hub (extension install --name,
	// launch --profile); the popup's wins over it.
	Name string `json:"name,omitempty"`
	// BrowserID is the browser's id on the hub, when it is chosen for it:
	// a remote browser's is its own key's, a launched profile's is kept
	// with the profile. Without it the extension makes one.
	BrowserID string `json:"browserId,omitempty"`
	// Profile names the profile, for `browserctl browsers`.
	Profile string `json:"profile,omitempty"`
	// CertSPKI is the base64 SHA-256 of the public key of the hub's
	// certificate (a remote browser's wss:// hub): what Chromium must be
	// started with (--ignore-certificate-errors-spki-list) to trust a
	// self-signed one; the popup shows it. The extension cannot check it
	// itself.
	CertSPKI string `json:"certSpki,omitempty"`
}
