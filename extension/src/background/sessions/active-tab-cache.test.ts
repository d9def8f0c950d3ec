import assert from "node:assert/strict";
import { test } from "node:test";
import { ActiveTabCache } from "./active-tab-cache";

type Listener = () => void;
const ev = () => {
  const set = new Set<Listener>();
  return { set, addListener: (f: Listener) => set.add(f), removeListener: (f: Listener) => set.delete(f) };
};

test("a remembered tab holds until any tab or group event, or the session changes", () => {
  const tabs = { onCreated: ev(), onRemoved: ev(), onActivated: ev(), onMoved: ev(), onAttached: ev(), onDetached: ev(), onReplaced: ev(), onUpdated: ev() };
  const tabGroups = { onCreated: ev(), onRemoved: ev(), onMoved: ev() };
  (globalThis as unknown as { chrome: unknown }).chrome = { tabs, tabGroups };
  const c = new ActiveTabCache();
  const dispose = c.watch();
  const s = { sessionId: "s1", name: "n", groupId: 3, lastActiveTabId: 7 as number | undefined };

  c.set(s, 7, c.begin());
  assert.equal(c.get(s), 7);

  // A lookup that an event overtook is not remembered.
  const gen = c.begin();
  for (const f of tabs.onActivated.set) f();
  c.set(s, 7, gen);
  assert.equal(c.get(s), undefined);

  // Title or status changes keep it; a group change drops it.
  c.set(s, 7, c.begin());
  for (const f of tabs.onUpdated.set) (f as unknown as (id: number, ch: object) => void)(7, { title: "x" });
  assert.equal(c.get(s), 7);
  for (const f of tabs.onUpdated.set) (f as unknown as (id: number, ch: object) => void)(7, { groupId: -1 });
  assert.equal(c.get(s), undefined);

  for (const e of [...Object.values(tabs).filter((e) => e !== tabs.onUpdated), ...Object.values(tabGroups)]) {
    c.set(s, 7, c.begin());
    for (const f of e.set) f();
    assert.equal(c.get(s), undefined);
  }

  c.set(s, 7, c.begin());
  s.lastActiveTabId = 8;
  assert.equal(c.get(s), undefined);

  dispose();
  for (const e of [...Object.values(tabs), ...Object.values(tabGroups)]) assert.equal(e.set.size, 0);
});
