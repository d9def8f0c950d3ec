import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { ID_CHARS, randomSessionId, SESSION_REQUIRED_MESSAGE, SessionStore, STORAGE_KEY } from "./session-store";
import { RpcError } from "../types";

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
  assert.notEqual(s1.sessionId, s2.sessionId);
  assert.equal(s2.name, "browserctl 2");

  liveGroups.delete(20);
  const b = new SessionStore();
  await b.ready();
  assert.deepEqual(b.list(), [{ sessionId: s1.sessionId, name: "work", groupId: 10, lastActiveTabId: 100 }]);
  assert.equal(b.peekNumber(), 3, "default-name numbers are never reused");
  assert.equal((stored[STORAGE_KEY] as { sessions: unknown[] }).sessions.length, 1);
});

test("require: 4103 without a session id, 4107 for an unknown or gone one", async () => {
  liveGroups = new Set([10]);
  const st = new SessionStore(() => "s1");
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

test("ids: s and random base36 characters, not a counter, so a restarted browser does not hand out old ones", () => {
  const ids = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    const id = randomSessionId();
    assert.match(id, new RegExp(`^s[0-9a-z]{${ID_CHARS}}$`));
    ids.add(id);
  }
  assert.ok(ids.size > 990, `1000 draws gave only ${ids.size} distinct ids`);
});

test("a drawn id that a live session holds is drawn again", async () => {
  liveGroups = new Set([10, 20, 30]);
  const draws = ["saaaa1", "saaaa1", "saaaa1", "sbbbb2", "saaaa1"];
  const st = new SessionStore(() => draws.shift() ?? "sz");
  const a = await st.add(undefined, 10);
  const b = await st.add(undefined, 20);
  assert.deepEqual([a.sessionId, b.sessionId], ["saaaa1", "sbbbb2"]);
  assert.equal(draws.length, 1, "the two collisions were drawn again");
  // A released id may come back (it names no live session).
  await st.remove("saaaa1");
  assert.equal((await st.add(undefined, 30)).sessionId, "saaaa1");
});

test("a fresh store after a restart (empty chrome.storage.session) makes no id of the old browser's", async () => {
  liveGroups = new Set([10]);
  const old = new SessionStore();
  const before = (await old.add(undefined, 10)).sessionId;
  stored = {}; // the browser restarted: session storage is gone
  const fresh = new SessionStore();
  await fresh.ready();
  const after = (await fresh.add(undefined, 10)).sessionId;
  assert.notEqual(after, before);
  assert.notEqual(after, "s1");
});
