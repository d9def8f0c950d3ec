// TitleCache against fake tab events: what drops an entry, and that a read
// an event overtook is not kept.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { TitleCache } from "./title-cache";

type Listener = (...args: number[]) => void;
let listeners: Record<string, Listener[]>;
const event = (name: string) => ({
  addListener: (f: Listener) => (listeners[name] ??= []).push(f),
  removeListener: (f: Listener) => (listeners[name] = (listeners[name] ?? []).filter((g) => g !== f)),
});
const fire = (name: string, ...args: number[]) => (listeners[name] ?? []).forEach((f) => f(...args));

let cache: TitleCache;
let stop: (() => void) | undefined;

beforeEach(() => {
  listeners = {};
  (globalThis as unknown as { chrome: unknown }).chrome = {
    tabs: { onUpdated: event("updated"), onRemoved: event("removed"), onReplaced: event("replaced") },
  };
  cache = new TitleCache();
});

afterEach(() => stop?.());

test("nothing is kept or served before watch()", () => {
  cache.set(1, "A", cache.begin());
  assert.equal(cache.get(1), undefined);
});

test("a title is served until its tab's next event", () => {
  stop = cache.watch();
  cache.set(1, "A", cache.begin());
  cache.set(2, "B", cache.begin());
  assert.equal(cache.get(1), "A");
  fire("updated", 1);
  assert.equal(cache.get(1), undefined, "onUpdated of the tab drops it");
  assert.equal(cache.get(2), "B", "another tab's event leaves it");
  fire("removed", 2);
  assert.equal(cache.get(2), undefined, "onRemoved drops it");
  cache.set(3, "C", cache.begin());
  fire("replaced", 4, 3);
  assert.equal(cache.get(3), undefined, "onReplaced drops the replaced tab");
});

test("a read that an event overtook is not kept", () => {
  stop = cache.watch();
  const gen = cache.begin();
  fire("updated", 1); // the title changed while tabs.get was out
  cache.set(1, "old", gen);
  assert.equal(cache.get(1), undefined);
});

test("unwatching forgets every title", () => {
  stop = cache.watch();
  cache.set(1, "A", cache.begin());
  stop();
  stop = undefined;
  assert.equal(cache.get(1), undefined);
  assert.equal((listeners["updated"] ?? []).length, 0);
});
