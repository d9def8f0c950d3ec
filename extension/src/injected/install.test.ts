import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { SOURCE, VERSION } from "virtual:injected";

test("the script installed again in the same world keeps the one it has (its registry with it)", () => {
  const world: Record<string, unknown> = {};
  runInNewContext(SOURCE, world);
  const first = world["__browserctlInjected"] as { v: string };
  assert.equal(first.v, VERSION);
  runInNewContext(SOURCE, world);
  assert.equal(world["__browserctlInjected"], first, "a second install of the same build replaced the first");
});

test("another build's script is replaced", () => {
  const world: Record<string, unknown> = {};
  Object.defineProperty(world, "__browserctlInjected", { value: { v: "older" }, configurable: true });
  runInNewContext(SOURCE, world);
  assert.equal((world["__browserctlInjected"] as { v: string }).v, VERSION);
});
