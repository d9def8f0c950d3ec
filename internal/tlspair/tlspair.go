// Package tlspair is the certificate of the hub's remote listener (serve
// --allow-remote): the one given (--tls-cert, --tls-key), or a self-signed
// pair made once and kept in the state folder. A browser's extension
// cannot look at a certificate (Chrome gives extensions no API for it), so
// Chromium itself must trust it: a certificate of a CA it trusts, or the
// self-signed one pinned by its public key with
// --ignore-certificate-errors-spki-list=SPKI, which SPKI gives.
package tlspair

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"

	"browserctl/internal/safefile"
)

// Folder is the pair's folder in the state folder; CertFile and KeyFile
// its files.
const (
	Folder   = "tls"
	CertFile = "remote-cert.pem"
	KeyFile  = "remote-key.pem"
)

// validity of a generated certificate: Chromium accepts a pinned key
// whatever the dates, other clients may not.
const validity = 10 * 365 * 24 * time.Hour

// Pair is a loaded certificate and what a browser needs to know of it.
type Pair struct {
	Cert tls.Certificate
	Leaf *x509.Certificate
	// Generated: the self-signed pair of the state folder.
	Generated bool
}

// SPKI is the base64 SHA-256 of the certificate's public key, as
// Chromium's --ignore-certificate-errors-spki-list takes it.
func (p Pair) SPKI() string { return SPKIOf(p.Leaf) }

// SPKIOf is SPKI of a certificate.
func SPKIOf(c *x509.Certificate) string {
	sum := sha256.Sum256(c.RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// Load reads a given certificate and key (PEM).
func Load(certFile, keyFile string) (Pair, error) {
	c, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return Pair{}, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		return Pair{}, fmt.Errorf("--tls-cert: %w", err)
	}
	c.Leaf = leaf
	return Pair{Cert: c, Leaf: leaf}, nil
}

// LoadOrCreate is the state folder's self-signed pair, made on first use
// for hosts (names and addresses the remote browsers dial); the key file
// is 0600.
func LoadOrCreate(stateDir string, hosts []string) (Pair, error) {
	dir := filepath.Join(stateDir, Folder)
	certPath, keyPath := filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile)
	if p, err := Load(certPath, keyPath); err == nil {
		p.Generated = true
		return p, nil
	} else if _, serr := os.Stat(certPath); !errors.Is(serr, fs.ErrNotExist) {
		return Pair{}, fmt.Errorf("the hub's certificate in %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Pair{}, err
	}
	certPEM, keyPEM, err := generate(hosts)
	if err != nil {
		return Pair{}, err
	}
	if err := safefile.WriteFile(keyPath, keyPEM, safefile.Private, true); err != nil {
		return Pair{}, err
	}
	if err := safefile.WriteFile(certPath, certPEM, 0o644, true); err != nil {
		return Pair{}, err
	}
	p, err := Load(certPath, keyPath)
	p.Generated = true
	return p, err
}

// generate makes a self-signed ECDSA P-256 certificate for hosts.
func generate(hosts []string) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "browserctl hub", Organization: []string{"browserctl"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(validity),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else if h != "" {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), nil
}

// Generate writes a new self-signed pair for hosts to certFile and keyFile
// (tests: a right and a wrong certificate).
func Generate(certFile, keyFile string, hosts []string) error {
	certPEM, keyPEM, err := generate(hosts)
	if err != nil {
		return err
	}
	if err := safefile.WriteFile(keyFile, keyPEM, safefile.Private, true); err != nil {
		return err
	}
	return safefile.WriteFile(certFile, certPEM, 0o644, true)
}
