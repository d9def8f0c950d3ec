// Dialog policy at work against a fake chrome.debugger: what is answered at
// once, what is held, what calls say about it, and pages.dialog.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { resetPolicies, setPolicy } from "../../sessions/dialog-policy";
import { uninstall } from "./debugger";
import { pageHandlers } from "../index";
import { FakeChrome } from "../../../testing/fake-chrome";
import { fakeWorld } from "../../../testing/fake-world";
import type { DialogReport, ValueResult } from "../../protocol.gen";

/** A result with the `dialog` member pages/call.ts adds (no result type declares it). */
type WithDialog = ValueResult & { dialog?: DialogReport };

let fake: FakeChrome;
let sent: [string, Record<string, unknown>][];
/** Answers per CDP method; may hang. */
let answers: Map<string, (p: Record<string, unknown>) => unknown>;
let closedTabs: Set<number>;

function emit(tabId: number, method: string, params: object): void {
  fake.emit(tabId, method, params);
}

beforeEach(() => {
  closedTabs = new Set();
  resetPolicies();
  fake = new FakeChrome({
    tabs: {
      get: async (id: number) => {
        if (closedTabs.has(id)) throw new Error(`No tab with id: ${id}.`);
        return { id, active: true, url: "http://x/" };
      },
      update: async (id: number) => ({ id, active: true }),
    },
  }).install();
  sent = fake.sent;
  answers = fake.answers;
});

afterEach(() => uninstall());

const h = pageHandlers({ resolveTab: async () => 7 });

/** An eval whose Runtime.evaluate opens a dialog and answers only once it is answered. */
function evalOpening(type: string, message: string, defaultPrompt = ""): void {
  answers.set("Runtime.evaluate", () => {
    return new Promise((resolve) => {
      answers.set("Page.handleJavaScriptDialog", (p) => {
        setTimeout(() => resolve({ result: { type: "string", value: `answered ${String(p["accept"])} ${String(p["promptText"] ?? "")}` } }));
        return {};
      });
      setTimeout(() => emit(7, "Page.javascriptDialogOpening", { type, message, defaultPrompt }));
    });
  });
}

test("an alert is accepted at once: the call finishes and reports it", async () => {
  evalOpening("alert", "hi");
  const r = await h["pages.eval"]!({ sessionId: "s1", expression: "alert('hi'); 1" });
  assert.deepEqual(r, { value: "answered true ", dialog: { type: "alert", message: "hi", state: "accepted" } });
  assert.deepEqual(sent.find(([m]) => m === "Page.handleJavaScriptDialog")![1], { accept: true });
});

test("beforeunload is accepted at once too", async () => {
  evalOpening("beforeunload", "");
  const r = (await h["pages.eval"]!({ sessionId: "s1", expression: "x" })) as WithDialog;
  assert.equal(r.dialog?.state, "accepted");
});

test("a confirm is held: page calls fail at once naming it, press and mouse included; dialog accept answers it", async () => {
  answers.set("Runtime.evaluate", () => ({ result: { type: "number", value: 1 } }));
  fakeWorld(answers, () => "a title");
  await h["pages.eval"]!({ sessionId: "s1", expression: "1" }); // attach
  emit(7, "Page.javascriptDialogOpening", { type: "confirm", message: "Delete everything?" });
  const msg = 'a JavaScript confirm is open: "Delete everything?"; dismiss it first';
  sent.length = 0;
  for (const [m, p] of [
    ["pages.press", { key: "Escape" }],
    ["pages.mouse", { action: "click", x: 1, y: 1 }],
    ["pages.get", { what: "title" }],
    ["pages.waitFor", { text: "x" }],
  ] as const) {
    await assert.rejects(h[m]!({ sessionId: "s1", ...p }), { code: 4110, message: msg }, m);
  }
  assert.deepEqual(sent, [], "nothing reached the page while the dialog is open");
  assert.deepEqual(await h["pages.dialog"]!({ sessionId: "s1", action: "status" }), {
    open: true,
    type: "confirm",
    message: "Delete everything?",
    policy: "hold",
  });
  assert.deepEqual(await h["pages.dialog"]!({ sessionId: "s1", action: "accept" }), {
    type: "confirm",
    message: "Delete everything?",
    accepted: true,
  });
  assert.deepEqual(sent.at(-1), ["Page.handleJavaScriptDialog", { accept: true }]);
  assert.deepEqual(await h["pages.dialog"]!({ sessionId: "s1", action: "status" }), { open: false, policy: "hold" });
  await h["pages.get"]!({ sessionId: "s1", what: "title" });
});

test("a call that opened a held confirm still succeeds and says so", async () => {
  answers.set("Input.dispatchKeyEvent", (p) => {
    if (p["type"] === "keyUp") return {};
    return new Promise(() => emit(7, "Page.javascriptDialogOpening", { type: "confirm", message: "Sure?" }));
  });
  const r = await h["pages.press"]!({ sessionId: "s1", key: "Enter" });
  assert.deepEqual(r, { ok: true, dialog: { type: "confirm", message: "Sure?", state: "open" } });
});

test("dialog accept TEXT answers a prompt; dismiss cancels; none open is 4110", async () => {
  answers.set("Runtime.evaluate", () => ({ result: { type: "number", value: 1 } }));
  await h["pages.eval"]!({ sessionId: "s1", expression: "1" });
  emit(7, "Page.javascriptDialogOpening", { type: "prompt", message: "Name?", defaultPrompt: "anon" });
  assert.deepEqual(await h["pages.dialog"]!({ sessionId: "s1", action: "status" }), {
    open: true,
    type: "prompt",
    message: "Name?",
    defaultPrompt: "anon",
    policy: "hold",
  });
  assert.deepEqual(await h["pages.dialog"]!({ sessionId: "s1", action: "accept", text: "Ada" }), {
    type: "prompt",
    message: "Name?",
    accepted: true,
    text: "Ada",
  });
  assert.deepEqual(sent.at(-1), ["Page.handleJavaScriptDialog", { accept: true, promptText: "Ada" }]);
  emit(7, "Page.javascriptDialogOpening", { type: "confirm", message: "Again?" });
  await h["pages.dialog"]!({ sessionId: "s1", action: "dismiss" });
  assert.deepEqual(sent.at(-1), ["Page.handleJavaScriptDialog", { accept: false }]);
  answers.set("Page.handleJavaScriptDialog", () => {
    throw new Error(JSON.stringify({ code: -32602, message: "No dialog is showing" }));
  });
  await assert.rejects(h["pages.dialog"]!({ sessionId: "s1", action: "accept" }), {
    code: 4110,
    message: "page operation failed: no JavaScript dialog is open",
  });
  await assert.rejects(h["pages.dialog"]!({ sessionId: "s1", action: "close" }), { code: -32602 });
});

test("policy dismiss answers a confirm at once with false; accept answers a prompt with its default", async () => {
  await setPolicy("s1", "dismiss");
  evalOpening("confirm", "Sure?");
  let r = (await h["pages.eval"]!({ sessionId: "s1", expression: "confirm('Sure?')" })) as WithDialog;
  assert.deepEqual(r, { value: "answered false ", dialog: { type: "confirm", message: "Sure?", state: "dismissed" } });
  await setPolicy("s1", "accept");
  evalOpening("prompt", "Name?", "anon");
  r = (await h["pages.eval"]!({ sessionId: "s1", expression: "prompt('Name?')" })) as WithDialog;
  assert.equal(r.value, "answered true anon");
});

test("a tab closed during a wait ends it at once with 4104", async () => {
  fakeWorld(answers, () => new Promise(() => {})); // the page-side wait never answers
  const t0 = Date.now();
  const waiting = h["pages.waitFor"]!({ sessionId: "s1", text: "never", timeoutMs: 10_000 });
  setTimeout(() => {
    closedTabs.add(7);
    fake.onRemoved.fire(7, {});
  }, 50);
  await assert.rejects(waiting, { code: 4104, message: "tab 7 was closed" });
  assert.ok(Date.now() - t0 < 2_000);
});

test("eval honours timeoutMs: a promise slower than the 20 s CDP default still answers within it", async () => {
  answers.set("Runtime.evaluate", () => new Promise(() => {}));
  const t0 = Date.now();
  await assert.rejects(h["pages.eval"]!({ sessionId: "s1", expression: "new Promise(() => {})", timeoutMs: 80 }), {
    code: 4102,
    message: "timed out after 80 ms waiting for the expression's value",
  });
  assert.ok(Date.now() - t0 < 1_000);
});

test("a URL wait ends at once when a confirm is held, freeing the session for dialog accept", async () => {
  const t0 = Date.now();
  const waiting = h["pages.waitFor"]!({ sessionId: "s1", url: "**/never", timeoutMs: 10_000 });
  setTimeout(() => emit(7, "Page.javascriptDialogOpening", { type: "confirm", message: "Leave?" }), 30);
  await assert.rejects(waiting, { code: 4110, message: 'a JavaScript confirm is open: "Leave?"; dismiss it first' });
  assert.ok(Date.now() - t0 < 2_000);
});

test("a call's timeoutMs bounds each of its CDP commands, and only its own", async () => {
  fakeWorld(answers, () => new Promise(() => {}));
  await assert.rejects(h["pages.get"]!({ sessionId: "s1", what: "title", timeoutMs: 60 }), {
    code: 4102,
    message: "timed out after 60 ms waiting for Runtime.callFunctionOn to answer",
  });
  await assert.rejects(h["pages.get"]!({ sessionId: "s1", what: "title", timeoutMs: 40 }), {
    code: 4102,
    message: "timed out after 40 ms waiting for Runtime.callFunctionOn to answer",
  });
});

test("an alert that closed before its answer failed is not held (a page that loops alert())", async () => {
  answers.set("Runtime.evaluate", () => ({ result: { type: "number", value: 1 } }));
  await h["pages.eval"]!({ sessionId: "s1", expression: "1" }); // attached
  let fail: (e: Error) => void = () => {};
  answers.set("Page.handleJavaScriptDialog", () => new Promise((_, reject) => (fail = reject)));
  emit(7, "Page.javascriptDialogOpening", { type: "alert", message: "loop 1" });
  // `dialog dismiss` (or the page) closed it first; the hook's answer then fails.
  emit(7, "Page.javascriptDialogClosed", { result: false });
  await new Promise((r) => setTimeout(r, 10)); // the hook's answer is on its way
  fail(new Error(JSON.stringify({ code: -32602, message: "No dialog is showing" })));
  await new Promise((r) => setTimeout(r, 10));
  const r = await h["pages.eval"]!({ sessionId: "s1", expression: "1" });
  assert.equal((r as ValueResult).value, 1);
  // One still showing whose answer failed is held, as before.
  answers.set("Page.handleJavaScriptDialog", () => {
    throw new Error("the browser is busy");
  });
  emit(7, "Page.javascriptDialogOpening", { type: "alert", message: "loop 2" });
  await new Promise((r) => setTimeout(r, 10));
  await assert.rejects(h["pages.eval"]!({ sessionId: "s1", expression: "1" }), { code: 4110, message: /loop 2/ });
});
