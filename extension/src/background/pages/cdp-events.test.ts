// cdp-events.ts: a tab gets its listeners as the debugger attaches and
// loses them with the attachment; a child session reaches only the
// every-session handlers.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { FakeChrome } from "../../testing/fake-chrome";
import { tabLogs } from "./logs/observe";
import { listenedEvents } from "./cdp-events";
import { ensureAttached, generation, uninstall } from "./core/debugger";
import { followFrames } from "./core/frames";
import { WORLD_NAME } from "./core/injected";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ tabs: { get: async (id: number) => ({ id }) } }).install();
});

afterEach(() => uninstall());

const log = (text: string) => ({ type: "log", args: [{ type: "string", value: text }] as unknown[] });

test("the list names the events the extension reacts to, each once", () => {
  const events = listenedEvents();
  assert.equal(new Set(events).size, events.length);
  for (const m of ["Page.javascriptDialogOpening", "Page.frameNavigated", "Network.responseReceived", "Target.attachedToTarget", "Fetch.requestPaused"]) {
    assert.ok(events.includes(m), `${m} is listed`);
  }
});

test("attaching sends the listed domains' enables beside Page.enable", async () => {
  await ensureAttached(21);
  for (const m of ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable", "Page.setInterceptFileChooserDialog"]) {
    assert.ok(fake.methods().includes(m), `${m} sent on attach: ${fake.methods()}`);
  }
});

test("an attached tab's events reach their handlers; a detached tab's do not", async () => {
  await ensureAttached(22);
  fake.emit(22, "Runtime.consoleAPICalled", log("attached"));
  assert.deepEqual(tabLogs(22).console.after(0).map((e) => e.text), ["attached"]);
  fake.onDetach.fire({ tabId: 22 }, "canceled_by_user");
  fake.emit(22, "Runtime.consoleAPICalled", log("after the detach"));
  assert.deepEqual(tabLogs(22).console.after(0).map((e) => e.text), ["attached"]);
});

test("a child session's events reach only the every-session handlers", async () => {
  await ensureAttached(23);
  const before = generation(23);
  fake.emit(23, "Runtime.consoleAPICalled", log("in a frame"), "child-1");
  fake.emit(23, "Page.frameNavigated", { frame: { id: "oopif" } }, "child-1");
  assert.deepEqual(tabLogs(23).console.after(0), []);
  assert.equal(generation(23), before, "a frame's own document is no new tab document");
  fake.emit(23, "Page.frameNavigated", { frame: { id: "main" } });
  assert.equal(generation(23), before + 1);
});

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The commands sent in a child session, in order: [method, params]. */
const sentInSession = (session: string) => fake.sent.filter((_, i) => fake.sentIn[i] === session) as Array<[string, Record<string, unknown>]>;

test("a new out-of-process frame waits at its start until its first document's scripts are sent, then runs", async () => {
  await ensureAttached(24);
  await followFrames(24);
  const follow = fake.sent.find(([m], i) => m === "Target.setAutoAttach" && fake.sentIn[i] === undefined);
  assert.equal((follow?.[1] as Record<string, unknown>)["waitForDebuggerOnStart"], true, "the tab's new frames wait at their start");
  fake.emit(24, "Target.attachedToTarget", { sessionId: "frame-p", targetInfo: { type: "iframe", targetId: "T-p" }, waitingForDebugger: true });
  await settle();
  const cmds = sentInSession("frame-p");
  const resumeAt = cmds.findIndex(([m]) => m === "Runtime.runIfWaitingForDebugger");
  assert.ok(resumeAt >= 0, `the frame is resumed: ${cmds.map(([m]) => m)}`);
  const before = cmds.slice(0, resumeAt);
  assert.ok(before.some(([m]) => m === "Page.enable"), "its session runs the Page domain (scripts on new documents need it), before the resume");
  const scripts = before.filter(([m]) => m === "Page.addScriptToEvaluateOnNewDocument").map(([, p]) => p);
  assert.ok(scripts.some((p) => p["runImmediately"] === true && p["worldName"] === WORLD_NAME), "the in-page script, before the resume");
  assert.ok(scripts.some((p) => p["worldName"] === undefined && String(p["source"]).includes("attachShadow")), "the main world's closed-root hook, before the resume");
  assert.ok(
    scripts.some((p) => p["worldName"] === WORLD_NAME && p["runImmediately"] === undefined && String(p["source"]).includes("__browserctlClosedWatch_")),
    "the walk's world's closed-root note, before the resume",
  );
  const nested = before.find(([m]) => m === "Target.setAutoAttach");
  assert.equal(nested?.[1]["waitForDebuggerOnStart"], true, "its own new frames wait too");
});

test("a frame waiting at its start is resumed even while a dialog holds the tab", async () => {
  await ensureAttached(25);
  await followFrames(25);
  // a confirm: held by the default policy (an alert is answered at once)
  fake.emit(25, "Page.javascriptDialogOpening", { type: "confirm", message: "held" });
  fake.emit(25, "Target.attachedToTarget", { sessionId: "frame-q", targetInfo: { type: "iframe", targetId: "T-q" }, waitingForDebugger: true });
  await settle();
  await settle();
  assert.ok(sentInSession("frame-q").some(([m]) => m === "Runtime.runIfWaitingForDebugger"), `resumed: ${sentInSession("frame-q").map(([m]) => m)}`);
});

test("a worker of the tab, paused as it attaches, is resumed", async () => {
  await ensureAttached(26);
  await followFrames(26);
  fake.emit(26, "Target.attachedToTarget", { sessionId: "worker-r", targetInfo: { type: "worker", targetId: "T-r" }, waitingForDebugger: true });
  await settle();
  const cmds = sentInSession("worker-r").map(([m]) => m);
  assert.deepEqual(cmds, ["Runtime.runIfWaitingForDebugger"], "a worker gets no frame scripts, only its resume");
});
