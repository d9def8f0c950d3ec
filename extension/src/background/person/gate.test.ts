import assert from "node:assert/strict";
import { test } from "node:test";
import { FakeChrome } from "../../testing/fake-chrome";
import { pollEvents } from "../event-stream";
import { resume, stop } from "../sessions/stop";
import type { HandlerTable, Params } from "../types";
import { answerApproval, askPerson, pendingApprovals } from "./approvals";
import { withApproval } from "./gate";

new FakeChrome({ tabs: { get: async (id: number) => ({ id, groupId: -1, url: "https://shop.example/pay" }) } }).install();

async function waitPending(n: number): Promise<void> {
  for (let i = 0; i < 200 && pendingApprovals().length !== n; i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(pendingApprovals().length, n);
}

const SENTENCE = "mcp agent wants to click 'Pay now' on shop.example";

test("while a session waits for the person, no input of any caller reaches its tabs; reads and other sessions go on", async () => {
  const asked = askPerson("s1", 5, SENTENCE, Date.now() + 10_000);
  await waitPending(1);
  const table = withApproval(
    {
      "pages.click": async () => "clicked",
      "pages.mouse": async () => "pressed",
      "pages.get": async () => "read",
    } as unknown as HandlerTable,
    { tabOf: async () => 5 },
  ) as unknown as Record<string, (p: Params) => Promise<unknown>>;
  for (const m of ["pages.click", "pages.mouse"]) {
    await assert.rejects(table[m]!({ sessionId: "s1", ref: "e1", action: "click", x: 1, y: 1 }), (e: unknown) => (e as { reason?: string }).reason === "approval_pending");
  }
  assert.equal(await table["pages.get"]!({ sessionId: "s1", what: "title" }), "read");
  assert.equal(await table["pages.click"]!({ sessionId: "s2", ref: "e1" }), "clicked");
  const [a] = pendingApprovals();
  assert.equal(a!.text, SENTENCE);
  assert.ok(answerApproval(a!.id, false));
  assert.equal(answerApproval(a!.id, true), false, "answered once");
  await assert.rejects(asked, (e: unknown) => (e as { reason?: string }).reason === "denied");
  assert.equal(pendingApprovals().length, 0);
  assert.equal(await table["pages.click"]!({ sessionId: "s1", ref: "e1" }), "clicked", "no approval waits any more");
  const ev = await pollEvents({ sessionId: "s1" });
  assert.deepEqual(
    ev.events.map((e) => [e.type, e.text]),
    [
      ["approval_asked", SENTENCE],
      ["approval_answered", `denied: ${SENTENCE}`],
    ],
  );
});

test("an approval nobody answers ends at its deadline; one the person allows resolves; a Stop ends one with stopped_by_person", async () => {
  await assert.rejects(askPerson("s3", 5, SENTENCE, Date.now() + 200), (e: unknown) => (e as { reason?: string }).reason === "approval_timeout");
  const allowed = askPerson("s3", 5, SENTENCE, Date.now() + 10_000);
  await waitPending(1);
  answerApproval(pendingApprovals()[0]!.id, true);
  await allowed;
  const stopped = askPerson("s4", 5, SENTENCE, Date.now() + 10_000);
  await waitPending(1);
  await stop("s4");
  await assert.rejects(stopped, (e: unknown) => (e as { reason?: string }).reason === "stopped_by_person");
  await resume("s4");
});
