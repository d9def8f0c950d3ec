// websockets.ts's frame payloads: text kept (cut at the cap), binary as its size.
import assert from "node:assert/strict";
import { test } from "node:test";
import { framePayload, WS_PAYLOAD } from "./websockets";

test("a text frame keeps its text and UTF-8 size; a long one is cut and says so", () => {
  assert.deepEqual(framePayload(1, "héllo"), { text: "héllo", size: 6 });
  const long = "x".repeat(WS_PAYLOAD + 10);
  const f = framePayload(1, long);
  assert.equal(f.text?.length, WS_PAYLOAD);
  assert.equal(f.truncated, true);
  assert.equal(f.size, WS_PAYLOAD + 10);
});

test("a binary frame is its size only", () => {
  assert.deepEqual(framePayload(2, Buffer.from([1, 2, 3, 4, 5]).toString("base64")), { size: 5 });
  assert.deepEqual(framePayload(2, ""), { size: 0 });
});
