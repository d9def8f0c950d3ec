package rpc

import "testing"

// proofVector is the proof both sides must compute for the same inputs:
// extension/src/background/connection/proof.test.ts checks the same value.
const proofVector = "daf646649ea1aaf3d5dd1a89c6c0102832a20d7d5f44472835fa52eb52a6d217"

func TestProofVector(t *testing.T) {
	key := SecretKey("browserctl-test-key")
	got := Proof(key, ProofHubWS, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9223")
	if got != proofVector {
		t.Fatalf("Proof = %s, want %s", got, proofVector)
	}
	if !ProofOK(key, ProofHubWS, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9223", got) {
		t.Error("ProofOK refuses its own proof")
	}
	for _, other := range []string{
		Proof(key, ProofExtension, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9223"), // another role
		Proof(key, ProofHubWS, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9224"),     // another port
		Proof(SecretKey("other"), ProofHubWS, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9223"),
	} {
		if other == got {
			t.Error("a proof of other inputs equals the vector")
		}
	}
	if !ValidNonce(NewNonce()) || ValidNonce("xyz") || ValidNonce("") {
		t.Error("ValidNonce")
	}
}
