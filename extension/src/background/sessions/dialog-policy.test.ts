import assert from "node:assert/strict";
import { test } from "node:test";
import { decide, DEFAULT_POLICY, policyOf, resetPolicies, setPolicy } from "./dialog-policy";

test("hold, the default, holds confirm and prompt and accepts alert and beforeunload", () => {
  assert.equal(DEFAULT_POLICY, "hold");
  assert.equal(decide("hold", "confirm"), "hold");
  assert.equal(decide("hold", "prompt"), "hold");
  assert.equal(decide("hold", "alert"), "accept");
  assert.equal(decide("hold", "beforeunload"), "accept");
});

test("accept and dismiss answer every dialog at once", () => {
  for (const t of ["alert", "confirm", "prompt", "beforeunload"]) {
    assert.equal(decide("accept", t), "accept");
    assert.equal(decide("dismiss", t), "dismiss");
  }
});

test("a session's policy is its own; others keep the default", async () => {
  resetPolicies();
  assert.equal(policyOf("s1"), "hold");
  await setPolicy("s1", "dismiss");
  assert.equal(policyOf("s1"), "dismiss");
  assert.equal(policyOf("s2"), "hold");
  assert.equal(policyOf(undefined), "hold");
  resetPolicies();
});
