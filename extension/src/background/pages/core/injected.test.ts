// injected.ts against a fake chrome.debugger: an out-of-process frame's
// world gets the in-page script once, apart from any call.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { ensureAttached, uninstall } from "./debugger";
import { callInjected, WORLD_NAME } from "./injected";
import "../cdp-events"; // the tab's listeners: a frame's session attaching
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

/** Answers Runtime.callFunctionOn as a world that has the script (or not,
 * while lacking() holds) and notes what each call carried. */
function pageWorld(sent: string[], lacking: () => boolean): void {
  fake.answers.set("Runtime.callFunctionOn", (p) => {
    const decl = String(p["functionDeclaration"]);
    const args = (p["arguments"] as { value?: unknown }[] | undefined) ?? [];
    if (decl.length > 1000) {
      sent.push(args.length === 0 ? "install" : `install+${String(args[0]?.value)}`);
      return { result: { type: "boolean", value: true } };
    }
    if (lacking()) {
      sent.push(`${String(args[0]?.value)} (lacking)`);
      return { result: { type: "string", value: "\u0000browserctl:not-installed" } };
    }
    sent.push(String(args[0]?.value));
    return { result: { type: "boolean", value: true } };
  });
}

const frameAttached = (sessionId: string, type = "iframe") => ({ sessionId, targetInfo: { type, targetId: `T-${sessionId}` }, waitingForDebugger: false });

test("an out-of-process frame's session gets the script as it attaches, and its first call goes without it", async () => {
  await ensureAttached(1);
  const sent: string[] = [];
  pageWorld(sent, () => false);
  fake.emit(1, "Target.attachedToTarget", frameAttached("frame-a"));
  fake.emit(1, "Target.attachedToTarget", frameAttached("worker-b", "worker"));
  await new Promise((r) => setTimeout(r, 0));
  // (the closed-root watch's two scripts go to the frame's session too: cdp-events.test.ts)
  const given = fake.sent.flatMap(([m, p], i) =>
    m === "Page.addScriptToEvaluateOnNewDocument" && fake.sentIn[i] !== undefined && (p as Record<string, unknown>)["runImmediately"] ? [[fake.sentIn[i], p]] : [],
  );
  assert.equal(given.length, 1, "the frame's session (and not the worker's) gets the script");
  const [session, params] = given[0] as [string, Record<string, unknown>];
  assert.equal(session, "frame-a");
  assert.equal(params["worldName"], WORLD_NAME);
  assert.equal(params["runImmediately"], true);
  assert.ok(String(params["source"]).length > 1000);
  await callInjected(1, { contextId: 3, session: "frame-a" }, "cancelWait", ["w1"]);
  assert.deepEqual(sent, ["cancelWait"]);
});

test("a frame's document that lacks the script all the same gets it with the call; a frame whose attach refused it gets it first", async () => {
  await ensureAttached(1);
  const sent: string[] = [];
  let lacking = true;
  pageWorld(sent, () => lacking);
  fake.emit(1, "Target.attachedToTarget", frameAttached("frame-a"));
  await new Promise((r) => setTimeout(r, 0));
  const r = await callInjected(1, { contextId: 3, session: "frame-a" }, "cancelWait", ["w1"]);
  assert.equal(r.result.value, true);
  assert.deepEqual(sent, ["cancelWait (lacking)", "install+cancelWait"]);

  // The session went (detached): a world of that id is not taken for one that has it.
  lacking = false;
  fake.emit(1, "Target.detachedFromTarget", { sessionId: "frame-a" });
  sent.length = 0;
  await callInjected(1, { contextId: 4, session: "frame-a" }, "cancelWait", ["w2"]);
  assert.deepEqual(sent, ["install", "cancelWait"]);

  fake.answers.set("Page.addScriptToEvaluateOnNewDocument", () => {
    throw new Error("No target with given id found");
  });
  fake.emit(1, "Target.attachedToTarget", frameAttached("frame-c"));
  await new Promise((r) => setTimeout(r, 0));
  sent.length = 0;
  await callInjected(1, { contextId: 5, session: "frame-c" }, "cancelWait", ["w3"]);
  assert.deepEqual(sent, ["install", "cancelWait"]);
});
