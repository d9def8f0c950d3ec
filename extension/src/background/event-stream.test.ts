import assert from "node:assert/strict";
import { test } from "node:test";
import { emitEvent, EVENTS_LIMIT, pollEvents } from "./event-stream";

test("events come once, in order, by session; a poll waits for the next and not for another session's", async () => {
  const start = (await pollEvents({ waitMs: 0 })).next;
  emitEvent("navigation", "sa", { tabId: 1, url: "https://a.example/" });
  emitEvent("dialog_opened", "sb", { tabId: 2, text: "confirm: sure?" });
  emitEvent("ignored", ""); // a tab of no session
  const a = await pollEvents({ sessionId: "sa", after: start });
  assert.deepEqual(a.events.map((e) => e.type), ["navigation"]);
  const all = await pollEvents({ after: start });
  assert.deepEqual(all.events.map((e) => [e.type, e.sessionId]), [["navigation", "sa"], ["dialog_opened", "sb"]]);
  assert.equal(all.next, all.events[1]!.seq);

  const waiting = pollEvents({ sessionId: "sa", after: all.next, waitMs: 5000 });
  emitEvent("console_error", "sb", { text: "other session" });
  setTimeout(() => emitEvent("session_stopped", "sa"), 20);
  const got = await waiting;
  assert.deepEqual(got.events.map((e) => e.type), ["session_stopped"]);

  const empty = await pollEvents({ sessionId: "sa", after: got.next, waitMs: 30 });
  assert.deepEqual(empty.events, []);
  assert.equal(empty.next, got.next);
  await assert.rejects(pollEvents({ waitMs: 60_000 }), { code: -32602 });
});

test("the stream keeps the newest EVENTS_LIMIT", async () => {
  for (let i = 0; i < EVENTS_LIMIT + 10; i++) emitEvent("navigation", "sc", { url: `u${i}` });
  const r = await pollEvents({ sessionId: "sc" });
  assert.ok(r.events.length <= EVENTS_LIMIT);
  assert.equal(r.events.at(-1)!.url, `u${EVENTS_LIMIT + 9}`);
});
