package cmd

// extension install --server wss://HOST:PORT --name NAME: a browser on
// another machine, with a key of its own.

import (
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"browserctl/cmd/cmdutil"
	"browserctl/extension"
	"browserctl/hub/browserkeys"
	"browserctl/internal/tlspair"
)

// remoteBrowserConfig makes (or rotates) the key of the remote browser
// name and answers its config.json: the wss:// address, its key and id,
// and the hub certificate's key hash.
func remoteBrowserConfig(f *cmdutil.Factory, name, certFile string) (extension.Config, error) {
	if name == "" {
		return extension.Config{}, cmdutil.UsageErrorf("--server wss://... needs --name NAME: a browser on another machine is known by its name and its own key")
	}
	dir, err := f.StateDir()
	if err != nil {
		return extension.Config{}, err
	}
	spki, err := hubCertSPKI(dir, certFile, f.Globals.Server)
	if err != nil {
		return extension.Config{}, err
	}
	keys, err := browserkeys.Open(filepath.Join(dir, browserkeys.FileName))
	if err != nil {
		return extension.Config{}, err
	}
	secret, e, err := keys.Add(name)
	if err != nil {
		return extension.Config{}, err
	}
	return extension.Config{Server: "wss://" + f.Globals.Server + "/ws/browser", Token: secret, Name: e.Name, BrowserID: e.ID, CertSPKI: spki}, nil
}

// hubCertSPKI is the key hash of the hub's remote certificate: certFile's,
// else the state folder's generated pair (made now when the hub has not
// made it yet, for the host of server).
func hubCertSPKI(stateDir, certFile, server string) (string, error) {
	if certFile == "" {
		host, _, _ := net.SplitHostPort(server)
		pair, err := tlspair.LoadOrCreate(stateDir, []string{host})
		if err != nil {
			return "", err
		}
		return pair.SPKI(), nil
	}
	b, err := os.ReadFile(certFile)
	if err != nil {
		return "", fmt.Errorf("--tls-cert: %w", err)
	}
	block, _ := pem.Decode(b)
	if block == nil || block.Type != "CERTIFICATE" {
		return "", fmt.Errorf("--tls-cert %s: no PEM certificate", certFile)
	}
	c, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return "", fmt.Errorf("--tls-cert %s: %w", certFile, err)
	}
	return tlspair.SPKIOf(c), nil
}

// sayRemoteInstall tells what to do with a remote browser's folder.
func sayRemoteInstall(f *cmdutil.Factory, cfg extension.Config, dir string) {
	fmt.Fprintf(f.IO.ErrOut, "browser %s (id %s) has a key of its own in %s (0600: copy it as a secret); the hub takes it at %s once served with --allow-remote\n",
		cfg.Name, cfg.BrowserID, filepath.Join(dir, extension.ConfigFile), cfg.Server)
	fmt.Fprintf(f.IO.ErrOut, "start that machine's Chromium with --load-extension=DIR --user-data-dir=PROFILE --ignore-certificate-errors-spki-list=%s (or give the hub a certificate its CA signed)\n", cfg.CertSPKI)
}
