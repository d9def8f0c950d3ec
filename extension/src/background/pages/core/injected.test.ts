// injected.ts against a fake chrome.debugger: an out-of-process frame's
// world gets the in-page script once, apart from any call.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { ensureAttached, uninstall } from "./debugger";
import { callInjected } from "./injected";
import { FakeChrome } from "../../../testing/fake-chrome";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ strictAttach: true }).install();
});

afterEach(() => {
  uninstall();
});

test("a call that runs long in a frame's new world (a wait) holds up no other call there (its cancel), and the script goes once", async () => {
  await ensureAttached(1);
  const sent: string[] = [];
  let endWait = () => {};
  fake.answers.set("Runtime.callFunctionOn", (p) => {
    const decl = String(p["functionDeclaration"]);
    const args = (p["arguments"] as { value?: unknown }[] | undefined) ?? [];
    if (decl.length > 1000) {
      sent.push(args.length === 0 ? "install" : "install+call");
      return { result: { type: "boolean", value: true } };
    }
    const name = String(args[0]?.value);
    sent.push(name);
    if (name === "domWait") return new Promise((resolve) => (endWait = () => resolve({ result: { type: "object", value: { cancelled: true } } })));
    return { result: { type: "boolean", value: true } };
  });
  const where = { contextId: 7, session: "frame-session" };
  const waiting = callInjected(1, where, "domWait", ["text", "Working", false, 5_000, "w1"]);
  const cancelled = await Promise.race([
    callInjected(1, where, "cancelWait", ["w1"]).then((r) => r.result.value),
    new Promise((resolve) => setTimeout(() => resolve("held up"), 500)),
  ]);
  assert.equal(cancelled, true, "the cancel waited for the wait it cancels");
  endWait();
  assert.deepEqual((await waiting).result.value, { cancelled: true });
  assert.deepEqual(sent, ["install", "domWait", "cancelWait"]);
  // known since: the short call only
  await callInjected(1, where, "cancelWait", ["w2"]);
  assert.deepEqual(sent.slice(3), ["cancelWait"]);
});
