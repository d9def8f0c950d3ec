import assert from "node:assert/strict";
import { test } from "node:test";
import { callEnded, callStarted, callTiming, cdpSent, noteCdp, TIMING_KEEP, timeCallOnTab, withParams } from "./call-timing";
import { RpcError } from "./types";

test("a call's CDP commands on its tab are summed by method, in order of first use", () => {
  const params = { sessionId: "s1" };
  const rec = callStarted(7, "pages.click", params);
  assert.deepEqual(Object.keys(params), ["sessionId"], "the record is not a param the handler sees");
  noteCdp(3, "Runtime.evaluate", 5); // before the tab is known: not counted
  timeCallOnTab(params, 3);
  noteCdp(3, "Runtime.callFunctionOn", 2);
  noteCdp(3, "Input.dispatchMouseEvent", 1);
  noteCdp(3, "Input.dispatchMouseEvent", 1.5);
  noteCdp(4, "Runtime.evaluate", 9); // another tab: not this call
  callEnded(rec);
  noteCdp(3, "Runtime.evaluate", 9); // after the answer: not this call
  const t = callTiming(7);
  assert.equal(t.method, "pages.click");
  assert.ok(t.handlerMs >= 0);
  assert.deepEqual(t.cdp, [
    { method: "Runtime.callFunctionOn", count: 1, ms: 2 },
    { method: "Input.dispatchMouseEvent", count: 2, ms: 2.5 },
  ]);
});

test("a handler's copy of the params with more members times the same call", () => {
  const params = { sessionId: "s1", url: "http://x/" };
  const rec = callStarted(8, "pages.navigate", params);
  const copy = withParams(params, { tabId: 5 });
  assert.deepEqual(Object.keys(copy), ["sessionId", "url", "tabId"], "the record is not a param the handler sees");
  assert.equal(JSON.stringify(copy), '{"sessionId":"s1","url":"http://x/","tabId":5}');
  timeCallOnTab(copy, 5);
  noteCdp(5, "Page.navigate", 4);
  callEnded(rec);
  assert.deepEqual(callTiming(8).cdp, [{ method: "Page.navigate", count: 1, ms: 4 }]);
});

test("only the last calls are kept; a bad id is invalid params", () => {
  for (let i = 1000; i < 1000 + TIMING_KEEP + 1; i++) callEnded(callStarted(i, "extension.info", {}));
  assert.throws(() => callTiming(1000), (e: unknown) => e instanceof RpcError && e.code === 4102 && /last 64 calls/.test(e.message));
  assert.equal(callTiming(1000 + TIMING_KEEP).callId, 1000 + TIMING_KEEP);
  for (const bad of [0, -1, 1.5, "3", null, undefined]) {
    assert.throws(() => callTiming(bad), (e: unknown) => e instanceof RpcError && e.code === -32602);
  }
  assert.equal(callStarted("x", "extension.info", {}), undefined, "string ids are not the hub's");
});

test("commands in flight together count once in the call's CDP wall time", (t) => {
  // A clock the test moves, so the figures are exact on a busy machine.
  let now = 1000;
  t.mock.method(performance, "now", () => now);
  const params = {};
  const rec = callStarted(8, "pages.click", params);
  timeCallOnTab(params, 5);
  // Three sent at once, answered 20 ms later (the sums say 60 ms).
  cdpSent(5);
  cdpSent(5);
  cdpSent(5);
  now += 20;
  for (let i = 0; i < 3; i++) noteCdp(5, "Input.dispatchMouseEvent", 20);
  now += 20; // nothing in flight: not CDP time
  cdpSent(5);
  now += 10;
  noteCdp(5, "Runtime.callFunctionOn", 10);
  callEnded(rec);
  const timing = callTiming(8);
  assert.equal(timing.cdpWallMs, 30);
  assert.equal(timing.handlerMs, 50);
});
