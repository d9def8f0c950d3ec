import assert from "node:assert/strict";
import { test } from "node:test";
import { SessionStore } from "./session-store";
import { onResolvedTab, resolveTab } from "./tabs";
import { RpcError } from "../types";

// Tab 5 is in the session's group 10, tab 6 in another group.
function fakeChrome(gets: number[]): void {
  const stored: Record<string, unknown> = {};
  (globalThis as unknown as { chrome: unknown }).chrome = {
    storage: {
      session: {
        get: async (k: string) => (k in stored ? { [k]: structuredClone(stored[k]) } : {}),
        set: async (o: Record<string, unknown>) => Object.assign(stored, structuredClone(o)),
      },
    },
    tabGroups: { get: async (id: number) => ({ id }) },
    tabs: {
      get: async (id: number) => {
        gets.push(id);
        return { id, groupId: id === 5 ? 10 : 99, index: 0 };
      },
    },
  };
}

test("a tab a wrapper resolved is taken as it is; one a caller names is checked against the group", async () => {
  const gets: number[] = [];
  fakeChrome(gets);
  const store = new SessionStore(() => "s1");
  await store.add("x", 10);

  assert.equal(await resolveTab(store, onResolvedTab({ sessionId: "s1" }, 5)), 5);
  assert.deepEqual(gets, [], "no chrome.tabs.get for a tab resolved already");

  // what a caller sends never carries the mark: tab 6 is not the session's
  const sent = JSON.parse(JSON.stringify(onResolvedTab({ sessionId: "s1" }, 6))) as Record<string, unknown>;
  await assert.rejects(resolveTab(store, sent), (e: unknown) => e instanceof RpcError && e.code === 4104);
  assert.deepEqual(gets, [6]);

  // a mark for another tab than the params name is no mark
  const marked = onResolvedTab({ sessionId: "s1" }, 5);
  marked.tabId = 6;
  await assert.rejects(resolveTab(store, marked), (e: unknown) => e instanceof RpcError && e.code === 4104);
});
