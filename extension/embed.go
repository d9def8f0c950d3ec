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
}
