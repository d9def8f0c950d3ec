package rpc

// The proof each side of a connection gives before a secret travels: an
// HMAC-SHA256, keyed with the SHA-256 of the secret (so the hub, which
// keeps only a capability's hash, can prove it too), over the role of the
// side that proves, both sides' fresh nonces and the port the connection
// is on. A program that does not hold the secret learns nothing it can
// replay: the client's nonce is new each time, and a proof made for one
// port does not pass on another.

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// Roles of the proofs.
const (
	ProofHubControl = "browserctl hub, control API" // the hub to a CLI client
	ProofHubWS      = "browserctl hub, /ws/browser" // the hub to the extension
	ProofExtension  = "browserctl extension"        // the extension to the hub
)

// SecretKey is the key proofs of secret are made with.
func SecretKey(secret string) [32]byte { return sha256.Sum256([]byte(secret)) }

// Proof is role's proof, in hex, of holding the secret whose key is key.
func Proof(key [32]byte, role, clientNonce, serverNonce, port string) string {
	m := hmac.New(sha256.New, key[:])
	for _, part := range []string{role, clientNonce, serverNonce, port} {
		m.Write([]byte(part))
		m.Write([]byte{0})
	}
	return hex.EncodeToString(m.Sum(nil))
}

// ProofOK compares a proof in constant time.
func ProofOK(key [32]byte, role, clientNonce, serverNonce, port, proof string) bool {
	want := Proof(key, role, clientNonce, serverNonce, port)
	return hmac.Equal([]byte(want), []byte(proof))
}

// NewNonce is 128 fresh random bits in hex.
func NewNonce() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ValidNonce is a nonce as NewNonce writes them (32 to 64 hex digits).
func ValidNonce(s string) bool {
	if len(s) < 32 || len(s) > 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
