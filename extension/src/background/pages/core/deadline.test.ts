import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultReason, RpcError } from "../../types";
import { waitMsOf } from "./deadline";

test("an element wait ends before the call's budget, by 400 ms to 1.5 s", () => {
  assert.equal(waitMsOf(1_500), 1_100);
  assert.equal(waitMsOf(30_000), 28_500);
  assert.equal(waitMsOf(10_000), 8_500);
  assert.equal(waitMsOf(100), 0);
});

test("every error has a reason: its own, else its code's", () => {
  assert.equal(new RpcError(4110, "x", "covered").reason, "covered");
  assert.equal(new RpcError(4109, "page ref not found: e1").reason, "stale_ref");
  assert.equal(new RpcError(-32602, "invalid params: x").reason, "bad_input");
  assert.equal(new RpcError(4104, "tab 3 was closed").reason, "tab_closed");
  assert.equal(defaultReason(4102, "timed out after 5 ms waiting for load"), "timeout");
  assert.equal(defaultReason(4102, "something"), "failed");
  assert.equal(defaultReason(4999, "a newer code"), "failed");
});
