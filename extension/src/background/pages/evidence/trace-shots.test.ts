// trace-shots.ts: a trace's frames are kept in time order and within the bound.
import assert from "node:assert/strict";
import { test } from "node:test";
import { take, type Shots } from "./trace-shots";

test("a frame whose timestamp is earlier than the last one's takes its place in time order", () => {
  const s: Shots = { tabId: 1, frames: [], bytes: 0, truncated: false, marks: [], live: true };
  for (const wallMs of [10, 20, 40, 30, 50, 5]) take(s, { data: `f${wallMs}`, wallMs });
  assert.deepEqual(
    s.frames.map((f) => f.wallMs),
    [5, 10, 20, 30, 40, 50],
  );
  assert.equal(s.bytes, s.frames.reduce((n, f) => n + f.data.length, 0));
});
