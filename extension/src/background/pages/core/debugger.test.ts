// debugger.ts and refs.ts against a fake chrome.debugger: attach once,
// dialogs fail fast, stale refs answer 4109, detach forgets.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, generation, send, uninstall } from "./debugger";
import { releaseTab } from "../index";
import { FakeChrome } from "../../../testing/fake-chrome";
import { KEPT_SNAPSHOTS, nextRefNumber, nodeRefNumber, resolveRef, setRefs } from "../snapshot/refs";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ strictAttach: true }).install();
});

afterEach(() => {
  uninstall();
});

const ATTACH_HOOKED = new Set(["Runtime.enable", "Log.enable", "Network.enable", "Fetch.disable", "Page.setInterceptFileChooserDialog", "Page.addScriptToEvaluateOnNewDocument"]);

test("attaches once per tab and enables Page", async () => {
  await send(1, "Runtime.evaluate", {});
  await send(1, "Runtime.evaluate", {});
  assert.equal(fake.attachCalls, 1);
  // the log, network and file-chooser domains come on beside Page.enable (cdp-events.ts ON_ATTACH)
  assert.deepEqual(fake.methods().filter((m) => !ATTACH_HOOKED.has(m)), ["Page.enable", "Runtime.evaluate", "Runtime.evaluate"]);
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

test("refs: unknown, navigated and disconnected refs answer 4109", async () => {
  await ensureAttached(1);
  const gen = generation(1);
  setRefs(1, gen, [
    { ref: "e1", role: "button", name: "A", target: { kind: "node", backendNodeId: 11 } },
    { ref: "e2", role: "button", name: "B", target: { kind: "node", backendNodeId: 12 } },
  ]);
  fake.answers.set("DOM.resolveNode", (p) => {
    if (p["backendNodeId"] === 12) throw new Error(JSON.stringify({ code: -32000, message: "No node with given id found" }));
    return { object: { objectId: "obj-11" } };
  });
  fake.answers.set("Runtime.callFunctionOn", () => ({ result: { type: "boolean", value: true } }));
  assert.equal(await resolveRef(1, "e1"), "obj-11");
  const gone = { code: 4109, message: "page ref not found: e2 (take a new snapshot)" };
  await assert.rejects(resolveRef(1, "e2"), gone);
  await assert.rejects(resolveRef(1, "e9"), { code: 4109 });
  // node detached from the document
  fake.answers.set("Runtime.callFunctionOn", () => ({ result: { type: "boolean", value: false } }));
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  // a new document in the main frame: every ref of the old one is stale
  fake.answers.set("Runtime.callFunctionOn", () => ({ result: { type: "boolean", value: true } }));
  fake.emit(1, "Page.frameNavigated", { frame: { id: "main", loaderId: "L2" } });
  const before = fake.sent.length;
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  assert.equal(fake.sent.length, before, "a stale ref sends nothing to the page");
  // a child frame's navigation does not touch the main document's refs
  setRefs(1, generation(1), [{ ref: "e1", role: "button", name: "A", target: { kind: "node", backendNodeId: 11 } }]);
  fake.emit(1, "Page.frameNavigated", { frame: { id: "child", parentId: "main", loaderId: "L3" } });
  assert.equal(await resolveRef(1, "e1"), "obj-11");
});

test("refs of the walk resolve through the element array", async () => {
  await ensureAttached(1);
  setRefs(1, generation(1), [{ ref: "e1", role: "link", name: "L", target: { kind: "walk", arrayObjectId: "arr", index: 3, group: "g" } }]);
  fake.answers.set("Runtime.callFunctionOn", (p) => {
    assert.equal(p["objectId"], "arr");
    assert.deepEqual(p["arguments"], [{ value: 3 }]);
    return { result: { type: "object", subtype: "null" } };
  });
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  fake.answers.set("Runtime.callFunctionOn", () => {
    throw new Error(JSON.stringify({ code: -32000, message: "Cannot find context with specified id" }));
  });
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  fake.answers.set("Runtime.callFunctionOn", () => ({ result: { type: "object", subtype: "node", objectId: "el-3" } }));
  assert.equal(await resolveRef(1, "e1"), "el-3");
});

test("releaseTab detaches and forgets the refs; onDetach forgets too", async () => {
  await ensureAttached(1);
  setRefs(1, generation(1), [{ ref: "e1", role: "link", name: "L", target: { kind: "node", backendNodeId: 1 } }]);
  await releaseTab(1);
  assert.equal(fake.attached.has(1), false);
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  await ensureAttached(2);
  setRefs(2, generation(2), [{ ref: "e1", role: "link", name: "L", target: { kind: "node", backendNodeId: 1 } }]);
  fake.onDetach.fire({ tabId: 2 }, "canceled_by_user");
  await assert.rejects(resolveRef(2, "e1"), { code: 4109 });
});

test("refs: a node keeps its number in a document; numbers are never reused", async () => {
  await ensureAttached(1);
  fake.answers.set("DOM.resolveNode", (p) => ({ object: { objectId: `obj-${String(p["backendNodeId"])}` } }));
  fake.answers.set("Runtime.callFunctionOn", () => ({ result: { type: "boolean", value: true } }));
  const gen = generation(1);
  assert.equal(nextRefNumber(1), 1);
  assert.equal(nodeRefNumber(1, gen, 5), 1);
  assert.equal(nodeRefNumber(1, gen, 6), 2);
  assert.equal(nodeRefNumber(1, gen, 5), 1);
  setRefs(1, gen, [
    { ref: "e1", role: "heading", name: "H", target: { kind: "node", backendNodeId: 5 } },
    { ref: "e2", role: "button", name: "B", target: { kind: "node", backendNodeId: 6 } },
  ]);
  assert.equal(await resolveRef(1, "e1"), "obj-5");
  // after a navigation the same backend id gets a new number: e1 never names a new element
  fake.emit(1, "Page.frameNavigated", { frame: { id: "main" } });
  assert.equal(nodeRefNumber(1, generation(1), 5), 3);
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
});

test("refs: the oldest walks' arrays are released past KEPT_SNAPSHOTS", async () => {
  await ensureAttached(1);
  const released: unknown[] = [];
  fake.answers.set("Runtime.releaseObjectGroup", (p) => released.push(p["objectGroup"]));
  fake.answers.set("Runtime.callFunctionOn", (p) => ({ result: { type: "object", subtype: "node", objectId: `el-${String(p["objectId"])}` } }));
  const gen = generation(1);
  for (let i = 0; i <= KEPT_SNAPSHOTS; i++) {
    setRefs(1, gen, [{ ref: `e${i + 1}`, role: "link", name: "L", target: { kind: "walk", arrayObjectId: `arr${i}`, index: 0, group: `g${i}` } }], `g${i}`);
  }
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(released, ["g0"]);
  await assert.rejects(resolveRef(1, "e1"), { code: 4109 });
  assert.equal(await resolveRef(1, "e2"), "el-arr1");
  assert.equal(nextRefNumber(1), KEPT_SNAPSHOTS + 2);
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
