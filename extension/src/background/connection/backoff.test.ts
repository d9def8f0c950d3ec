import assert from "node:assert/strict";
import { test } from "node:test";
import { Backoff, BACKOFF_BASE_MS, BACKOFF_MAX_MS } from "./backoff";

test("backoff doubles from 1 s and stays at 30 s", () => {
  const b = new Backoff();
  const seq = Array.from({ length: 8 }, () => b.next() / 1000);
  assert.deepEqual(seq, [1, 2, 4, 8, 16, 30, 30, 30]);
  assert.equal(BACKOFF_BASE_MS, 1_000);
  assert.equal(BACKOFF_MAX_MS, 30_000);
});

test("backoff reset starts again at 1 s", () => {
  const b = new Backoff();
  b.next();
  b.next();
  b.next();
  b.reset();
  assert.equal(b.next(), 1_000);
  assert.equal(b.next(), 2_000);
});

test("backoff never overflows after many attempts", () => {
  const b = new Backoff();
  for (let i = 0; i < 10_000; i++) b.next();
  assert.equal(b.next(), 30_000);
});
