// debugger.ts and refs.ts against a fake chrome.debugger: attach once,
// dialogs fail fast, stale refs answer 4109, detach forgets.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { ErrorCode, RpcError } from "../../types";
import { DialogOpenError, ensureAttached, generation, send, sendInOrder, uninstall, unlessDialog } from "./debugger";
import { releaseTab } from "../index";
import { FakeChrome } from "../../../testing/fake-chrome";
import { resolveRef, setRefs, type RefTarget } from "../snapshot/refs";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ strictAttach: true }).install();
});

afterEach(() => {
  uninstall();
});

const ATTACH_HOOKED = new Set(["Runtime.enable", "Log.enable", "Network.enable", "Fetch.disable", "Page.setInterceptFileChooserDialog", "Page.addScriptToEvaluateOnNewDocument", "Runtime.addBinding"]);

test("attaches once per tab and enables Page", async () => {
  await send(1, "Runtime.evaluate", {});
  await send(1, "Runtime.evaluate", {});
  assert.equal(fake.attachCalls, 1);
  // the log, network and file-chooser domains come on beside Page.enable (cdp-events.ts ON_ATTACH)
  assert.deepEqual(fake.methods().filter((m) => !ATTACH_HOOKED.has(m)), ["Page.enable", "Runtime.evaluate", "Runtime.evaluate"]);
});

test("a tab that shows an extension's page is let go at once, before any command reaches it", async () => {
  uninstall();
  fake = new FakeChrome({ strictAttach: true, tabs: { get: async (id: number) => ({ id, url: "chrome-extension://abc/popup.html" }) } }).install();
  await assert.rejects(send(1, "Runtime.evaluate", { expression: "chrome.tabs" }), (e: unknown) => e instanceof RpcError && /an extension's page/.test(e.message) && e.reason === "forbidden");
  assert.deepEqual(fake.methods(), []);
  assert.equal(fake.attached.size, 0);
});

test("an attached tab that goes to an extension's page is let go", async () => {
  await ensureAttached(1);
  fake.emit(1, "Page.frameNavigated", { frame: { id: "f", url: "chrome-extension://abc/popup.html" } });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(fake.attached.size, 0);
});

test("an attached tab gets the in-page script in its isolated world as each document starts, and now", async () => {
  await ensureAttached(1);
  await new Promise((r) => setTimeout(r, 0)); // the attach hooks go out beside Page.enable
  const adds = fake.sent.filter(([m, p]) => m === "Page.addScriptToEvaluateOnNewDocument" && String(p["source"]).includes("__browserctlInjected"));
  assert.equal(adds.length, 1);
  assert.equal(adds[0]![1]["worldName"], "browserctl:injected");
  assert.equal(adds[0]![1]["runImmediately"], true);
});

test("a CDP error becomes 4110 with the CDP message", async () => {
  fake.answers.set("DOM.getContentQuads", () => {
    throw new Error(JSON.stringify({ code: -32000, message: "Could not compute content quads." }));
  });
  await assert.rejects(send(1, "DOM.getContentQuads", {}), (e: unknown) => {
    assert.ok(e instanceof RpcError);
    assert.equal(e.code, ErrorCode.pageOperationFailed);
    assert.equal(e.message, "page operation failed: Could not compute content quads.");
    return true;
  });
});

test("an open dialog fails calls at once, and a dialog fails the pending call", async () => {
  await ensureAttached(1);
  let release: () => void = () => {};
  fake.answers.set("Input.dispatchMouseEvent", () => new Promise<void>((r) => (release = r)));
  const pending = send(1, "Input.dispatchMouseEvent", {});
  // A confirm: held by the default policy (alerts are answered at once, see dialogs.test.ts).
  fake.emit(1, "Page.javascriptDialogOpening", { type: "confirm", message: "hello" });
  const msg = 'a JavaScript confirm is open: "hello"; dismiss it first';
  await assert.rejects(pending, { code: 4110, message: msg });
  const t0 = Date.now();
  await assert.rejects(send(1, "Runtime.evaluate", {}), { code: 4110, message: msg });
  assert.ok(Date.now() - t0 < 50);
  fake.emit(1, "Page.javascriptDialogClosed", { result: true });
  release();
  await send(1, "Runtime.evaluate", {});
});

test("a command that never answers fails with a 4102 timeout after its deadline", async () => {
  fake.answers.set("Slow.method", () => new Promise(() => {}));
  await assert.rejects(send(1, "Slow.method", {}, 30), { code: 4102, message: "timed out after 30 ms waiting for Slow.method to answer" });
});

/** A ref target: number n of the main document's registry. */
const tree = (num: number): RefTarget => ({ kind: "tree", contextId: 7, num, main: true });

/** The in-page method and arguments of a call (injected.ts's fixed glue). */
function called(p: Record<string, unknown>): [string, unknown[]] {
  const args = p["arguments"] as { value?: unknown }[];
  return [String(args[0]?.value), (args[1]?.value ?? []) as unknown[]];
}

test("refs: unknown, navigated and disconnected refs answer 4109", async () => {
  await ensureAttached(1);
  const gen = generation(1);
  setRefs(1, gen, [
    { ref: "e1", role: "button", name: "A", target: tree(11) },
    { ref: "e2", role: "button", name: "B", target: tree(12) },
  ]);
  let connected = true;
  fake.answers.set("Runtime.callFunctionOn", (p) => {
    const [name, args] = called(p);
    assert.equal(name, "refElement");
    assert.equal(p["executionContextId"], 7);
    if (args[0] === 12 || !connected) return { result: { type: "object", subtype: "null" } };
    return { result: { type: "object", subtype: "node", objectId: `obj-${String(args[0])}` } };
  });
  assert.equal(await resolveRef(1, "e1"), "obj-11");
  const gone = { code: 4109, message: "page ref not found: e2 (take a new snapshot)" };
  await assert.rejects(resolveRef(1, "e2"), gone);
  await assert.rejects(resolveRef(1, "e9"), { code: 4109 });
  // node detached from the document
  connected = false;
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  // a new document in the main frame: every ref of the old one is stale
  connected = true;
  fake.emit(1, "Page.frameNavigated", { frame: { id: "main", loaderId: "L2" } });
  const before = fake.sent.length;
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  assert.equal(fake.sent.length, before, "a stale ref sends nothing to the page");
  // a child frame's navigation does not touch the main document's refs
  setRefs(1, generation(1), [{ ref: "e1", role: "button", name: "A", target: tree(11) }]);
  fake.emit(1, "Page.frameNavigated", { frame: { id: "child", parentId: "main", loaderId: "L3" } });
  assert.equal(await resolveRef(1, "e1"), "obj-11");
});

test("refs: a tab's world that lacks the in-page script (a document older than the attachment) gets it after the short call's marker, once", async () => {
  await ensureAttached(1);
  setRefs(1, generation(1), [{ ref: "e1", role: "link", name: "L", target: { kind: "tree", contextId: 8, num: 3, main: true } }]);
  const decls: string[] = [];
  let installed = false;
  fake.answers.set("Runtime.callFunctionOn", (p) => {
    const d = String(p["functionDeclaration"]);
    decls.push(d.length > 1000 ? "install+call" : "call");
    if (d.length > 1000) installed = true;
    else if (!installed) return { result: { type: "string", value: "\u0000browserctl:not-installed" } };
    return { result: { type: "object", subtype: "node", objectId: "el-3" } };
  });
  assert.equal(await resolveRef(1, "e1"), "el-3");
  assert.equal(await resolveRef(1, "e1"), "el-3");
  // the tab's worlds get the script as their documents start
  // (installOnNewDocuments): the short call goes first
  assert.deepEqual(decls, ["call", "install+call", "call"]);
  // the document replaced its world's script (a new document in the same context id): installed again
  installed = false;
  assert.equal(await resolveRef(1, "e1"), "el-3");
  assert.deepEqual(decls, ["call", "install+call", "call", "call", "install+call"]);
  fake.answers.set("Runtime.callFunctionOn", () => {
    throw new Error(JSON.stringify({ code: -32000, message: "Cannot find context with specified id" }));
  });
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
});

test("releaseTab detaches and forgets the refs; onDetach forgets too", async () => {
  await ensureAttached(1);
  setRefs(1, generation(1), [{ ref: "e1", role: "link", name: "L", target: tree(1) }]);
  await releaseTab(1);
  assert.equal(fake.attached.has(1), false);
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  await ensureAttached(2);
  setRefs(2, generation(2), [{ ref: "e1", role: "link", name: "L", target: tree(1) }]);
  fake.onDetach.fire({ tabId: 2 }, "canceled_by_user");
  await assert.rejects(resolveRef(2, "e1"), { code: 4109 });
});

test("an attachment Chrome dropped without onDetach is made again, and the command sent once", async () => {
  await send(1, "Runtime.evaluate", {});
  fake.attached.delete(1); // Chrome let go, no event
  fake.sent.length = 0;
  await send(1, "DOM.getDocument", {});
  assert.equal(fake.attachCalls, 2);
  assert.deepEqual(fake.methods().filter((m) => m === "DOM.getDocument"), ["DOM.getDocument"]);
  // Another error is not retried.
  fake.answers.set("DOM.focus", () => {
    throw new Error(JSON.stringify({ code: -32000, message: "Element is not focusable" }));
  });
  await assert.rejects(send(1, "DOM.focus", {}), /not focusable/);
  assert.equal(fake.methods().filter((m) => m === "DOM.focus").length, 1);
});

test("sendInOrder sends every command before the first answers, in order, and waits for all", async () => {
  await ensureAttached(1);
  fake.sent.length = 0;
  const release: Array<() => void> = [];
  fake.answers.set("Input.dispatchMouseEvent", () => new Promise<void>((r) => release.push(r)));
  let done = false;
  const all = sendInOrder(1, [
    ["Input.dispatchMouseEvent", { type: "mouseMoved" }],
    ["Input.dispatchMouseEvent", { type: "mousePressed" }],
    ["Input.dispatchMouseEvent", { type: "mouseReleased" }],
  ]).then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(fake.sent.map(([, p]) => p["type"]), ["mouseMoved", "mousePressed", "mouseReleased"]);
  release[0]!();
  release[1]!();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(done, false, "resolved before the last answer");
  release[2]!();
  await all;
});

test("sendInOrder fails with the dialog a command opened, and sends nothing while it is open", async () => {
  await ensureAttached(1);
  fake.answers.set("Input.dispatchMouseEvent", () => new Promise<void>(() => {}));
  const pending = sendInOrder(1, [
    ["Input.dispatchMouseEvent", { type: "mousePressed" }],
    ["Input.dispatchMouseEvent", { type: "mouseReleased" }],
  ]);
  fake.emit(1, "Page.javascriptDialogOpening", { type: "confirm", message: "sure?" });
  await assert.rejects(pending, (e: unknown) => e instanceof DialogOpenError);
  fake.sent.length = 0;
  await assert.rejects(sendInOrder(1, [["Input.dispatchKeyEvent", { type: "keyUp" }]]), (e: unknown) => e instanceof DialogOpenError);
  assert.deepEqual(fake.methods(), []);
  fake.emit(1, "Page.javascriptDialogClosed", { result: true });
});

test("sendInOrder attaches again when Chrome dropped the tab, sending each command once", async () => {
  await send(1, "Runtime.evaluate", {});
  fake.attached.delete(1); // Chrome let go, no event
  fake.sent.length = 0;
  await sendInOrder(1, [
    ["Input.dispatchKeyEvent", { type: "keyDown" }],
    ["Input.dispatchKeyEvent", { type: "keyUp" }],
  ]);
  assert.equal(fake.attachCalls, 2);
  assert.deepEqual(fake.sent.filter(([m]) => m === "Input.dispatchKeyEvent").map(([, p]) => p["type"]), ["keyDown", "keyUp"]);
});

test("unlessDialog answers the value, or the fallback of any failure but a dialog", async () => {
  assert.equal(await unlessDialog(Promise.resolve(7), () => 0), 7);
  const other = new RpcError(ErrorCode.pageOperationFailed, "page operation failed: no layout object");
  let seen: unknown;
  assert.equal(await unlessDialog(Promise.reject(other), (e) => ((seen = e), 0)), 0);
  assert.equal(seen, other);
  const dialog = new DialogOpenError({ type: "alert", message: "hi" });
  let called = false;
  await assert.rejects(
    unlessDialog(Promise.reject(dialog), () => ((called = true), 0)),
    (e) => e === dialog,
  );
  assert.equal(called, false, "a dialog never reaches the fallback");
});
