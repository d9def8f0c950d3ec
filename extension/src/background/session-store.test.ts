import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { SESSION_REQUIRED_MESSAGE, SessionStore, STORAGE_KEY } from "./session-store";
import { RpcError } from "./types";

// Just enough of chrome.storage.session and chrome.tabGroups for the store.
let stored: Record<string, unknown> = {};
let liveGroups = new Set<number>();

beforeEach(() => {
  stored = {};
  liveGroups = new Set();
  (globalThis as unknown as { chrome: unknown }).chrome = {
    storage: {
      session: {
        get: async (k: string) => (k in stored ? { [k]: structuredClone(stored[k]) } : {}),
        set: async (o: Record<string, unknown>) => Object.assign(stored, structuredClone(o)),
      },
    },
    tabGroups: {
      get: async (id: number) => {
        if (!liveGroups.has(id)) throw new Error(`No group with id: ${id}.`);
        return { id };
      },
    },
  };
});

const code = async (p: Promise<unknown>): Promise<number | undefined> => {
  try {
    await p;
  } catch (e) {
    return e instanceof RpcError ? e.code : -1;
  }
  return undefined;
};

test("sessions survive a new store (a restarted worker); a gone group drops its session", async () => {
  liveGroups = new Set([10, 20]);
  const a = new SessionStore();
  await a.ready();
  const s1 = await a.add("work", 10, 100);
  const s2 = await a.add(undefined, 20);
  assert.deepEqual([s1.sessionId, s2.sessionId, s2.name], ["s1", "s2", "browserctl 2"]);

  liveGroups.delete(20);
  const b = new SessionStore();
  await b.ready();
  assert.deepEqual(b.list(), [{ sessionId: "s1", name: "work", groupId: 10, lastActiveTabId: 100 }]);
  assert.equal(b.peekNumber(), 3, "ids are never reused");
  assert.equal((stored[STORAGE_KEY] as { sessions: unknown[] }).sessions.length, 1);
});

test("require: 4103 without a session id, 4107 for an unknown or gone one", async () => {
  liveGroups = new Set([10]);
  const st = new SessionStore();
  await st.add("x", 10);
  for (const p of [{}, { sessionId: "" }, { sessionId: null }]) {
    await assert.rejects(st.require(p), (e: unknown) => e instanceof RpcError && e.code === 4103 && e.message === SESSION_REQUIRED_MESSAGE);
  }
  assert.equal(await code(st.require({ sessionId: 5 })), -32602);
  assert.equal(await code(st.require({ sessionId: "s9" })), 4107);
  assert.equal((await st.require({ sessionId: "s1" })).groupId, 10);
  liveGroups.clear();
  assert.equal(await code(st.require({ sessionId: "s1" })), 4107);
  assert.equal(st.list().length, 0);
});
