// Handlers against a fake chrome.debugger: what they send and how they
// answer, without a browser (the real one is e2e's job).
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { uninstall } from "./core/debugger";
import { PAGE_METHODS } from "../methods";
import { pageHandlers } from "./index";
import { toolHandlers } from "./tools";
import { JSON_VALUE_OF } from "./js-value";
import { FakeChrome } from "../../testing/fake-chrome";
import { fakeWorld, injectedCall } from "../../testing/fake-world";
import { BAD_PARAM } from "../../injected/refusal";

type Answer = (params: Record<string, unknown>) => unknown;
let answers: Map<string, Answer>;
let sent: [string, Record<string, unknown>][];
let activeTab: number;
let tabTitle: string;
let tabURL: string;

beforeEach(() => {
  activeTab = 7;
  tabTitle = "";
  tabURL = "about:blank";
  const fake = new FakeChrome({
    tabs: {
      get: async (id: number) => ({ id, active: id === activeTab, title: tabTitle, url: tabURL }),
      update: async (id: number, p: { active?: boolean }) => {
        sent.push(["tabs.update", { id, ...p }]);
        if (p.active) activeTab = id;
        return { id, active: p.active };
      },
    },
  }).install();
  answers = fake.answers;
  sent = fake.sent;
});

afterEach(() => uninstall());

const h = pageHandlers({ resolveTab: async (p) => (typeof p["tabId"] === "number" ? p["tabId"] : 7) });

test("resolveTab runs first and its error is the answer", async () => {
  const failing = pageHandlers({
    resolveTab: async () => {
      throw Object.assign(new Error("no session"), { code: 4103 });
    },
  });
  await assert.rejects(failing["pages.get"]!({ what: "title" }), { code: 4103 });
  assert.equal(sent.length, 0);
});

test("every method of the protocol is there", () => {
  // the generated list, less the ones tools.ts handles: one handler each, no more
  const tools = Object.keys(toolHandlers({ resolveTab: async () => 7, sessionTabIds: async () => [7] }, async () => ({ ok: true })));
  const own = PAGE_METHODS.filter((m) => !tools.includes(m));
  assert.deepEqual(Object.keys(h).sort(), [...own].sort());
  assert.ok(own.includes("pages.snapshot") && !(own as readonly string[]).includes("pages.upload"));
});

test("eval answers the value, null for undefined, 4110 with the exception text", async () => {
  answers.set("Runtime.evaluate", (p) => {
    assert.equal(p["awaitPromise"], true);
    if (p["expression"] === "boom") return { result: { type: "object" }, exceptionDetails: { text: "Uncaught", exception: { description: "Error: boom" } } };
    if (p["expression"] === "u") return { result: { type: "undefined" } };
    if (p["expression"] === "s") return { result: { type: "symbol", objectId: "sym", description: "Symbol(s)" } };
    return { result: { type: "number", value: 3 } };
  });
  assert.deepEqual(await h["pages.eval"]!({ expression: "1+2" }), { value: 3 });
  assert.deepEqual(await h["pages.eval"]!({ expression: "u" }), { value: null });
  assert.deepEqual(await h["pages.eval"]!({ expression: "s" }), { value: "Symbol(s)" });
  await assert.rejects(h["pages.eval"]!({ expression: "boom" }), { code: 4110, message: "page operation failed: Error: boom" });
  await assert.rejects(h["pages.eval"]!({}), { code: -32602 });
});

test("eval: an object is made JSON in the page, then let go; a function's text is called", async () => {
  const expressions: string[] = [];
  answers.set("Runtime.evaluate", (p) => {
    expressions.push(String(p["expression"]));
    return { result: { type: "object", className: "Map", objectId: "map-1" } };
  });
  answers.set("Runtime.callFunctionOn", (p) => {
    assert.equal(p["objectId"], "map-1");
    assert.equal(p["functionDeclaration"], JSON_VALUE_OF);
    assert.equal(p["returnByValue"], true);
    return { result: { type: "object", value: { a: 1 } } };
  });
  assert.deepEqual(await h["pages.eval"]!({ expression: "new Map([['a', 1]])" }), { value: { a: 1 } });
  assert.deepEqual(await h["pages.eval"]!({ expression: "function () { return 1 } // one" }), { value: { a: 1 } });
  assert.deepEqual(expressions, ["new Map([['a', 1]])", "(function () { return 1 } // one\n)"]);
  await new Promise((r) => setTimeout(r, 0));
  const released = sent.filter(([m]) => m === "Runtime.releaseObjectGroup").map(([, p]) => p["objectGroup"]);
  assert.equal(released.length, 2);
  assert.notEqual(released[0], released[1]);
});

test("wait for a state that never comes answers 4102 after the timeout", async () => {
  fakeWorld(answers, (name) => (name === "readyState" ? "loading" : undefined));
  const t0 = Date.now();
  await assert.rejects(h["pages.wait"]!({ state: "load", timeout: 60 }), { code: 4102, message: "timed out after 60 ms waiting for load" });
  assert.ok(Date.now() - t0 < 1000);
  fakeWorld(answers, (name) => (name === "readyState" ? "interactive" : undefined));
  const r = (await h["pages.wait"]!({ state: "domcontentloaded" })) as { waited: number };
  assert.ok(r.waited >= 0);
  await assert.rejects(h["pages.wait"]!({}), { code: -32602 });
  await assert.rejects(h["pages.wait"]!({ ms: -1 }), { code: -32602 });
});

test("press: unknown key is -32602; a shortcut is rawKeyDown with modifiers", async () => {
  await assert.rejects(h["pages.press"]!({ key: "Hyper+x" }), { code: -32602 });
  await h["pages.press"]!({ key: "Control+a" });
  const keys = sent.filter(([m]) => m === "Input.dispatchKeyEvent").map(([, p]) => [p["type"], p["key"], p["modifiers"]]);
  assert.deepEqual(keys, [
    ["rawKeyDown", "Control", 2],
    ["rawKeyDown", "a", 2],
    ["keyUp", "a", 2],
    ["keyUp", "Control", 0],
  ]);
});

test("scroll answers where the window is after it", async () => {
  fakeWorld(answers, (name, args) => {
    assert.equal(name, "scrollWindow");
    assert.deepEqual(args, [0, 400]);
    return [0, 400, 0, 0, 1280, 713];
  });
  assert.deepEqual(await h["pages.scroll"]!({ direction: "down", amount: 400 }), { scrollX: 0, scrollY: 400 });
  await assert.rejects(h["pages.scroll"]!({ direction: "sideways" }), { code: -32602 });
});

test("a ref-taking method with no snapshot answers 4109 and sends nothing to the page", async () => {
  for (const m of ["pages.click", "pages.hover", "pages.scrollIntoView"] as const) {
    await assert.rejects(h[m]!({ ref: "e1", tabId: 99 }), { code: 4109, message: "page ref not found: e1 (take a new snapshot)" });
  }
  assert.ok(sent.every(([m]) => m === "Page.enable"));
});

// the log, network and file-chooser domains come on beside Page.enable (cdp-events.ts ON_ATTACH), and the closed-root note
const ATTACH_HOOKED = new Set(["Runtime.enable", "Log.enable", "Network.enable", "Fetch.disable", "Page.setInterceptFileChooserDialog", "Page.addScriptToEvaluateOnNewDocument", "Runtime.addBinding"]);

test("mouse input into a background tab activates it first and waits until it is visible", async () => {
  activeTab = 8;
  let polls = 0;
  fakeWorld(answers, (name) => {
    assert.equal(name, "visibilityState");
    return ++polls < 3 ? "hidden" : "visible";
  });
  assert.deepEqual(await h["pages.mouse"]!({ action: "move", x: 1, y: 2 }), { ok: true });
  const order = sent.map(([m]) => m).filter((m) => m !== "Page.enable" && !ATTACH_HOOKED.has(m));
  assert.deepEqual(order, [
    "tabs.update", "Page.getFrameTree", "Page.createIsolatedWorld",
    "Runtime.callFunctionOn", "Runtime.callFunctionOn", "Runtime.callFunctionOn", "Input.dispatchMouseEvent",
  ]);
  assert.deepEqual(sent.find(([m]) => m === "tabs.update")![1], { id: 7, active: true });

  // Already active: no update, no polling.
  sent.length = 0;
  await h["pages.mouse"]!({ action: "move", x: 1, y: 2 });
  assert.deepEqual(sent.map(([m]) => m), ["Input.dispatchMouseEvent"]);
});

test("a target is a ref or a selector, never both, never neither", async () => {
  for (const m of ["pages.click", "pages.hover", "pages.fill", "pages.type", "pages.check", "pages.focus", "pages.is"] as const) {
    await assert.rejects(h[m]!({ ref: "e1", selector: "#a", value: "", text: "", state: "visible" }), {
      code: -32602,
      message: 'invalid params: give "ref" or "selector", not both',
    });
    await assert.rejects(h[m]!({ value: "", text: "", state: "visible" }), { code: -32602, message: /"ref" must be a non-empty string/ });
  }
  await assert.rejects(h["pages.drag"]!({ ref: "e1" }), { code: -32602, message: /"toRef" must be a non-empty string/ });
  await assert.rejects(h["pages.count"]!({}), { code: -32602, message: /"selector"/ });
  await assert.rejects(h["pages.find"]!({ role: "button", text: "x" }), { code: -32602, message: /exactly one of/ });
  await assert.rejects(h["pages.find"]!({ name: "x" }), { code: -32602 });
});

// timeoutMs keeps the wait for the selector short: the answer is the same
// after 300 ms as after the default 30 s.
test("a selector that matches nothing visible answers 4110 naming it; a bad one -32602", async () => {
  answers.set("Page.getFrameTree", () => ({ frameTree: { frame: { id: "F" } } }));
  answers.set("Page.createIsolatedWorld", () => ({ executionContextId: 5 }));
  let answer: unknown = "none";
  answers.set("Runtime.callFunctionOn", (p) => {
    assert.equal(p["executionContextId"], 5);
    return { result: { type: "string", value: answer } };
  });
  await assert.rejects(h["pages.click"]!({ selector: "#nope", timeoutMs: 300 }), {
    code: 4110,
    message: 'page operation failed: no element matches the selector "#nope"',
  });
  answer = "hidden:2";
  await assert.rejects(h["pages.fill"]!({ selector: ".x", value: "a", timeoutMs: 300 }), {
    code: 4110,
    message: 'page operation failed: no visible element matches the selector ".x" (2 matches, none visible)',
  });
  answer = "invalid:'[[' is not a valid selector";
  await assert.rejects(h["pages.hover"]!({ selector: "[[", timeoutMs: 300 }), { code: -32602, message: /not a valid CSS selector/ });
  assert.ok(!sent.some(([m]) => m === "Input.dispatchMouseEvent"));
});

test("get title reads document.title in the page, every time", async () => {
  let title = "First";
  fakeWorld(answers, (name, args) => (name === "documentPart" && args[0] === "title" ? title : undefined));
  tabTitle = "What Chrome's tab strip shows";
  assert.deepEqual(await h["pages.get"]!({ what: "title" }), { value: "First" });
  title = "";
  assert.deepEqual(await h["pages.get"]!({ what: "title" }), { value: "" });
  const calls = sent.filter(([m]) => m === "Runtime.callFunctionOn").map(([, p]) => injectedCall(p));
  assert.deepEqual(calls, [["documentPart", ["title"]], ["documentPart", ["title"]]]);
});

test("screenshot: format, quality and maxWidth reach Page.captureScreenshot; bad ones are -32602", async () => {
  const vp = { pageX: 0, pageY: 30, clientWidth: 1000, clientHeight: 500 };
  answers.set("Page.getLayoutMetrics", () => ({ cssVisualViewport: vp, cssLayoutViewport: vp, visualViewport: vp, cssContentSize: { x: 0, y: 0, width: 1000, height: 3000 } }));
  answers.set("Page.captureScreenshot", () => ({ data: "AAAA" }));
  const r = await h["pages.screenshot"]!({ format: "jpeg", quality: 50, maxWidth: 400 });
  assert.deepEqual(r, { data: "AAAA", format: "jpeg", width: 1000, height: 500 });
  const shot = sent.find(([m]) => m === "Page.captureScreenshot")![1];
  assert.equal(shot["format"], "jpeg");
  assert.equal(shot["quality"], 50);
  assert.deepEqual(shot["clip"], { x: 0, y: 30, width: 1000, height: 500, scale: 0.4 });
  assert.equal(shot["captureBeyondViewport"], undefined); // the viewport: nothing beyond it
  await assert.rejects(h["pages.screenshot"]!({ format: "jpeg", quality: 101 }), { code: -32602 });
  await assert.rejects(h["pages.screenshot"]!({ quality: 50 }), { code: -32602, message: /not png/ });
  await assert.rejects(h["pages.screenshot"]!({ format: "bmp" as never }), { code: -32602 });
});

test("highlight needs a target or clear, not both", async () => {
  await assert.rejects(h["pages.highlight"]!({}), { code: -32602 });
  await assert.rejects(h["pages.highlight"]!({ ref: "e1", clear: true }), { code: -32602 });
  assert.deepEqual(await h["pages.highlight"]!({ clear: true }), { cleared: true });
});

test("get style: the in-page method's answer is the result, a property the page refuses is -32602, a missing name is -32602 before the page is asked", async () => {
  fakeWorld(answers, () => undefined);
  const calls: [string, unknown[]][] = [];
  answers.set("Runtime.callFunctionOn", (p) => {
    const [name, args] = injectedCall(p);
    calls.push([name, args]);
    if (name === "firstMatch") return { result: { type: "object", subtype: "node", objectId: "el-1" } };
    assert.equal(p["objectId"], "el-1");
    if (args[0] === "colr") return { result: { type: "object", value: { [BAD_PARAM]: `"name": "colr" is not a CSS property this browser knows` } } };
    return { result: { type: "object", value: { value: "rgb(1, 2, 3)" } } };
  });
  assert.deepEqual(await h["pages.getStyle"]!({ selector: "#x", name: "color" }), { value: "rgb(1, 2, 3)" });
  assert.deepEqual(calls.at(-1), ["computedStyle", ["color"]]);
  await assert.rejects(h["pages.getStyle"]!({ selector: "#x", name: "colr" }), {
    code: -32602,
    message: `invalid params: "name": "colr" is not a CSS property this browser knows`,
  });
  calls.length = 0;
  await assert.rejects(h["pages.getStyle"]!({ selector: "#x" }), { code: -32602, message: `invalid params: "name" must be a non-empty string` });
  await assert.rejects(h["pages.getAttribute"]!({ selector: "#x", name: "" }), { code: -32602 });
  assert.deepEqual(calls, []);
});
