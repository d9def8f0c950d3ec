// js-value.ts: what an eval answers for values JSON has no form of. The
// DOM's values (elements, windows) are checked in a real page (e2e
// TestEval); here, what node has too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { JSON_VALUE_OF, jsonValueOf } from "./js-value";

const valueOf = (v: unknown) => jsonValueOf.call(v);

test("a function is called and its value answered, awaited", async () => {
  assert.equal(await valueOf(() => 41 + 1), 42);
  assert.deepEqual(await valueOf(async () => ({ a: [1, "x"] })), { a: [1, "x"] });
  assert.equal(await valueOf(() => undefined), null);
});

test("a Date is its ISO time, a RegExp and an Error their text", async () => {
  assert.equal(await valueOf(new Date(0)), "1970-01-01T00:00:00.000Z");
  assert.deepEqual(await valueOf({ at: new Date(0), re: /a+b/g, err: new TypeError("bad") }), {
    at: "1970-01-01T00:00:00.000Z",
    re: "/a+b/g",
    err: "TypeError: bad",
  });
});

test("a Map is an object, or its pairs when a key is not a string or number; a Set an array", async () => {
  assert.deepEqual(await valueOf(new Map<unknown, unknown>([["a", 1], [2, new Set([3, 4])]])), { a: 1, "2": [3, 4] });
  assert.deepEqual(await valueOf(new Map<unknown, unknown>([[{ k: 1 }, "v"]])), [[{ k: 1 }, "v"]]);
  assert.deepEqual(await valueOf(new Uint8Array([1, 2])), [1, 2]);
});

test("what JSON drops it drops; what it cannot write is text", async () => {
  assert.deepEqual(await valueOf({ u: undefined, f() {}, n: NaN, i: -Infinity, b: 10n, s: Symbol("x"), list: [undefined, () => 1] }), {
    n: "NaN",
    i: "-Infinity",
    b: "10n",
    s: "Symbol(x)",
    list: [null, null],
  });
});

test("an object met inside itself is [Circular]; a deep one is cut", async () => {
  const o: Record<string, unknown> = { name: "loop" };
  o["self"] = o;
  o["pair"] = [o, { again: o }];
  assert.deepEqual(await valueOf(o), { name: "loop", self: "[Circular]", pair: ["[Circular]", { again: "[Circular]" }] });
  // the same object twice side by side is not a loop
  const shared = { v: 1 };
  assert.deepEqual(await valueOf([shared, shared]), [{ v: 1 }, { v: 1 }]);
  let deep: unknown = "bottom";
  for (let i = 0; i < 40; i++) deep = [deep];
  assert.match(JSON.stringify(await valueOf(deep)), /"\[…\]"/);
});

test("a host object with nothing of its own says what it is; a throwing getter is named", async () => {
  class Navigator {}
  assert.equal(await valueOf(new Navigator()), "[object Object]");
  const tagged = Object.create({ [Symbol.toStringTag]: "Navigator" });
  assert.equal(await valueOf(tagged), "[object Navigator]");
  const g = Object.defineProperty({}, "boom", { enumerable: true, get: () => { throw new Error("no"); } });
  assert.deepEqual(await valueOf(g), { boom: "[a getter threw: Error: no]" });
});

test("its text stands alone, as the page compiles it", async () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = (0, eval)(`(${JSON_VALUE_OF})`) as (this: unknown) => Promise<unknown>;
  assert.deepEqual(await fn.call(new Map([["k", new Date(0)]])), { k: "1970-01-01T00:00:00.000Z" });
});
