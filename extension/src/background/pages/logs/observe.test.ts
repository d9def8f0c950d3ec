// observe.ts and the logs.* handlers against a fake chrome.debugger: events
// become bounded log entries; a follow call waits for the next one.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import "../cdp-events";
import { ensureAttached, uninstall } from "../core/debugger";
import { fetchPattern, Ring, tabLogs } from "./observe";
import { ErrorCode, RpcError } from "../../types";
import { toolHandlers } from "../tools";
import { cdpError, FakeChrome } from "../../../testing/fake-chrome";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ tabs: { get: async (id: number) => ({ id }) } }).install();
});

afterEach(() => uninstall());

function emit(tabId: number, method: string, params: object): void {
  fake.emit(tabId, method, params);
}

const handlers = toolHandlers(
  { resolveTab: async (p) => (typeof p["tabId"] === "number" ? p["tabId"] : 5), sessionTabIds: async () => [5] },
  async () => ({ ok: true }),
);

test("a ring keeps the newest entries, counts the dropped, reads after a seq", () => {
  let n = 0;
  const r = new Ring<{ seq: number; v: string }>(3, () => ++n);
  for (const v of ["a", "b", "c", "d", "e"]) r.push({ v });
  assert.deepEqual(r.after(0).map((e) => e.v), ["c", "d", "e"]);
  assert.equal(r.dropped, 2);
  assert.deepEqual(r.after(4).map((e) => e.v), ["e"]);
  assert.deepEqual(r.after(5), []);
});

test("block patterns: text is a substring, wildcards are kept", () => {
  assert.equal(fetchPattern("ads.example"), "*ads.example*");
  assert.equal(fetchPattern("*://*/*.png"), "*://*/*.png");
});

test("attach enables the collecting domains; events become entries", async () => {
  await ensureAttached(3);
  await new Promise((r) => setTimeout(r, 0));
  const methods = fake.methods();
  for (const m of ["Runtime.enable", "Log.enable", "Network.enable", "Page.setInterceptFileChooserDialog"]) {
    assert.ok(methods.includes(m), `${m} sent on attach: ${methods}`);
  }
  emit(3, "Runtime.consoleAPICalled", {
    type: "warning",
    timestamp: 1000,
    args: [
      { type: "string", value: "hi" },
      { type: "number", value: 42 },
      { type: "object", preview: { properties: [{ name: "a", type: "number", value: "1" }, { name: "b", type: "string", value: "x" }] } },
      { type: "object", subtype: "array", preview: { subtype: "array", properties: [{ name: "0", type: "number", value: "1" }] } },
    ],
    stackTrace: { callFrames: [{ url: "http://a.test/p.html", lineNumber: 9, columnNumber: 4 }] },
  });
  emit(3, "Runtime.exceptionThrown", {
    timestamp: 2000,
    exceptionDetails: { text: "Uncaught (in promise)", exception: { description: "Error: nope\n    at x" }, url: "http://a.test/p.html", lineNumber: 1, columnNumber: 2 },
  });
  emit(3, "Network.requestWillBeSent", { requestId: "r1", type: "Fetch", timestamp: 10, wallTime: 100, request: { url: "http://a.test/api", method: "POST" } });
  emit(3, "Network.responseReceived", { requestId: "r1", response: { status: 201, statusText: "Created", mimeType: "application/json" } });
  emit(3, "Network.loadingFinished", { requestId: "r1", timestamp: 10.25, encodedDataLength: 321 });
  emit(3, "Network.requestWillBeSent", { requestId: "r2", type: "Image", timestamp: 11, request: { url: "http://ads.test/x.png", method: "GET" } });
  emit(3, "Network.loadingFailed", { requestId: "r2", timestamp: 11.5, errorText: "net::ERR_BLOCKED_BY_CLIENT", blockedReason: "inspector" });

  const logs = tabLogs(3);
  const [c] = logs.console.after(0);
  assert.equal(c!.level, "warning");
  assert.equal(c!.text, 'hi 42 {a: 1, b: "x"} [1]');
  assert.deepEqual([c!.url, c!.line, c!.column], ["http://a.test/p.html", 10, 5]);
  const [e] = logs.errors.after(0);
  assert.equal(e!.kind, "rejection");
  assert.equal(e!.text, "Uncaught (in promise) Error: nope");
  const reqs = logs.network.after(0);
  assert.deepEqual(
    reqs.map((r) => [r.method, r.url, r.status, r.type, r.size, r.durationMs, r.failure, r.blocked]),
    [
      ["POST", "http://a.test/api", 201, "Fetch", 321, 250, "", false],
      ["GET", "http://ads.test/x.png", 0, "Image", 0, 500, "net::ERR_BLOCKED_BY_CLIENT", true],
    ],
  );
});

test("a follow call answers as soon as a new entry is logged; a filtered one keeps waiting", async () => {
  await ensureAttached(5);
  emit(5, "Runtime.consoleAPICalled", { type: "log", args: [{ type: "string", value: "old" }] });
  const first = (await handlers["logs.console"]!({})) as { entries: { text: string }[]; next: number };
  assert.deepEqual(first.entries.map((e) => e.text), ["old"]);

  const started = Date.now();
  const pending = handlers["logs.console"]!({ after: first.next, waitMs: 5000, level: "error" }) as Promise<{
    entries: { text: string }[];
    next: number;
  }>;
  setTimeout(() => emit(5, "Runtime.consoleAPICalled", { type: "log", args: [{ type: "string", value: "quiet" }] }), 20);
  setTimeout(() => emit(5, "Runtime.consoleAPICalled", { type: "error", args: [{ type: "string", value: "loud" }] }), 60);
  const r = await pending;
  assert.deepEqual(r.entries.map((e) => e.text), ["loud"]);
  assert.ok(Date.now() - started < 2000, "answered at once, not after waitMs");
  assert.ok(r.next > first.next);

  // nothing new: answers empty after waitMs, cursor unchanged
  const empty = (await handlers["logs.console"]!({ after: r.next, waitMs: 30 })) as { entries: unknown[]; next: number };
  assert.deepEqual(empty.entries, []);
  assert.equal(empty.next, r.next);
});

test("a browser that will not print answers 4110 saying why", async () => {
  fake.answers.set("Page.printToPDF", () => {
    throw cdpError("PrintToPDF is not implemented");
  });
  await assert.rejects(handlers["pages.pdf"]!({}), (e: unknown) => {
    const err = e as { code: number; message: string };
    assert.equal(err.code, 4110);
    assert.match(err.message, /cannot print this page to PDF \(PrintToPDF is not implemented\)/);
    return true;
  });
});

test("upload checks its params before touching the page", async () => {
  await assert.rejects(handlers["pages.upload"]!({ files: ["rel/a.txt"], ref: "e1" }), { code: -32602 });
  await assert.rejects(handlers["pages.upload"]!({ files: [] }), { code: -32602 });
  await assert.rejects(handlers["pages.upload"]!({ files: ["/a"], ref: "e1", selector: "#x" }), { code: -32602 });
  // no target and no chooser open: 4110 naming what to do
  await assert.rejects(handlers["pages.upload"]!({ files: ["/a"] }), { code: 4110, message: /no file chooser is open/ });
  assert.ok(!fake.methods().includes("DOM.setFileInputFiles"));
});

test("network.block and downloads.list without a session answer 4103 like every session method", async () => {
  // The session's lookup, as the SessionStore does it: 4103 without a
  // sessionId, 4107 for one it does not know.
  const lookup = async (p: Record<string, unknown>): Promise<number[]> => {
    if (p["sessionId"] === undefined) throw new RpcError(ErrorCode.sessionRequired, "session required");
    if (p["sessionId"] !== "s1") throw new RpcError(ErrorCode.sessionNotFound, "session not found");
    return [];
  };
  const h = toolHandlers({ resolveTab: async () => 5, sessionTabIds: lookup }, async () => ({ ok: true }));
  await assert.rejects(h["network.block"]({ patterns: ["ads"] }), { code: 4103 });
  await assert.rejects(h["network.unblock"]({ patterns: ["ads"] }), { code: 4103 });
  await assert.rejects(h["downloads.list"]({}), { code: 4103 });
  await assert.rejects(h["network.block"]({ sessionId: "nope", patterns: ["ads"] }), { code: 4107 });
  // Bad patterns are the caller's mistake whatever the session.
  await assert.rejects(h["network.block"]({ patterns: [] }), { code: -32602 });
  assert.deepEqual(await h["network.block"]({ sessionId: "s1", patterns: ["ads"] }), { patterns: ["ads"] });
  assert.deepEqual(await h["downloads.list"]({ sessionId: "s1" }), { downloads: [] });
});
