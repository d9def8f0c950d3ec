import assert from "node:assert/strict";
import { test } from "node:test";
import { portOf, proof, PROOF_HUB_WS, sameProof, validNonce, newNonce } from "./proof";

test("the proof is the hub's (rpc/proof_test.go's vector)", async () => {
  const got = await proof("browserctl-test-key", PROOF_HUB_WS, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "9223");
  assert.equal(got, "daf646649ea1aaf3d5dd1a89c6c0102832a20d7d5f44472835fa52eb52a6d217");
  assert.ok(sameProof(got, "daf646649ea1aaf3d5dd1a89c6c0102832a20d7d5f44472835fa52eb52a6d217"));
  assert.ok(!sameProof(got, got.replace(/.$/, "0")) || got.endsWith("0"));
  assert.ok(validNonce(newNonce()));
  assert.ok(!validNonce("xyz"));
  assert.equal(portOf("ws://127.0.0.1:9223/ws/browser"), "9223");
  assert.equal(portOf("wss://hub.example/ws/browser"), "443");
});
