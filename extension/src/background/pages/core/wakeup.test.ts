import assert from "node:assert/strict";
import { test } from "node:test";
import { Wakeup } from "./wakeup";

test("until answers as soon as a wake makes the condition hold", async () => {
  const w = new Wakeup();
  let ready = false;
  const start = Date.now();
  setTimeout(() => {
    ready = true;
    w.wake();
  }, 20);
  assert.equal(await w.until(() => ready, 5_000), true);
  assert.ok(Date.now() - start < 1_000, "woken by the change, not by the bound");
});

test("until gives up at its bound when nothing changes", async () => {
  const w = new Wakeup();
  const start = Date.now();
  assert.equal(await w.until(() => false, 50), false);
  assert.ok(Date.now() - start >= 45);
});

test("a wake that does not make the condition hold waits on", async () => {
  const w = new Wakeup();
  let n = 0;
  const t = setInterval(() => {
    n++;
    w.wake();
  }, 5);
  try {
    assert.equal(await w.until(() => n >= 3, 5_000), true);
  } finally {
    clearInterval(t);
  }
});
