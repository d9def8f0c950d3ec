import assert from "node:assert/strict";
import { test } from "node:test";
import { settled, settling } from "./tab-settling";

function later<T>(ms: number, value: T, fail = false): Promise<T> {
  return new Promise((resolve, reject) => setTimeout(() => (fail ? reject(new Error("x")) : resolve(value)), ms));
}

test("a navigation answers after the work its document set off, failed work included", async () => {
  let done = 0;
  settling(7, later(30, 1).then(() => done++));
  settling(7, later(60, 2, true).catch((e: unknown) => { done++; throw e; }));
  await settled(7, 5_000);
  assert.equal(done, 2);
});

test("work noted while waiting is waited for too; another tab's is not", async () => {
  let done = false;
  settling(8, later(20, 0).then(() => settling(8, later(30, 0).then(() => (done = true)))));
  settling(9, new Promise(() => {}));
  const t0 = Date.now();
  await settled(8, 5_000);
  assert.ok(done);
  assert.ok(Date.now() - t0 < 2_000);
});

test("a tab with nothing noted answers at once, and the wait ends at its limit", async () => {
  await settled(10, 5_000);
  settling(11, new Promise(() => {}));
  const t0 = Date.now();
  await settled(11, 50);
  assert.ok(Date.now() - t0 < 1_000);
});
