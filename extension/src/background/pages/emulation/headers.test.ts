// headers.ts: extra headers go only to their origin, through the tab's
// one Fetch.enable, never through Network.setExtraHTTPHeaders' every request.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { FakeChrome } from "../../../testing/fake-chrome";
import "../cdp-events";
import { ensureAttached, uninstall, type AttachSend } from "../core/debugger";
import { onOrigin, withHeaders } from "../logs/observe";
import { setHeadersWanted } from "./headers";

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ tabs: { get: async (id: number) => ({ id }) } }).install();
});

afterEach(() => uninstall());

const sendTo =
  (tabId: number): AttachSend =>
  (method, params = {}) =>
    chrome.debugger.sendCommand({ tabId }, method, params as Record<string, unknown>);
const tick = () => new Promise((r) => setTimeout(r, 10));
const last = (method: string) => fake.sent.filter(([m]) => m === method).at(-1)?.[1];

test("a request URL is on an origin only with its scheme, host and port", () => {
  const rule = { origin: "http://127.0.0.1:8080", headers: {} };
  assert.ok(onOrigin(rule, "http://127.0.0.1:8080/a?b"));
  assert.ok(!onOrigin(rule, "http://127.0.0.1:8081/a"));
  assert.ok(!onOrigin(rule, "https://127.0.0.1:8080/a"));
  assert.ok(!onOrigin(rule, "http://localhost:8080/a"));
  assert.ok(!onOrigin(rule, "not a url"));
});

test("the headers replace the request's of the same name, whatever its case", () => {
  const rule = { origin: "http://a", headers: { "X-Emu": "yes", Accept: "text/plain" } };
  assert.deepEqual(withHeaders(rule, { accept: "*/*", "User-Agent": "UA" }), [
    { name: "User-Agent", value: "UA" },
    { name: "X-Emu", value: "yes" },
    { name: "Accept", value: "text/plain" },
  ]);
});

test("set headers pauses only their origin's requests, and adds them to those alone", async () => {
  await ensureAttached(31);
  await setHeadersWanted(31, { "X-Emu": "yes" }, "http://a.test:8080", sendTo(31));
  assert.deepEqual(last("Network.setExtraHTTPHeaders"), { headers: {} }, "no unscoped override");
  assert.deepEqual(last("Fetch.enable"), { patterns: [{ urlPattern: "http://a.test:8080/*", requestStage: "Request" }] });

  fake.emit(31, "Fetch.requestPaused", { requestId: "r1", request: { url: "http://a.test:8080/page", headers: { Accept: "*/*" } } });
  fake.emit(31, "Fetch.requestPaused", { requestId: "r2", request: { url: "http://b.test:8080/page", headers: { Accept: "*/*" } } });
  await tick();
  const cont = fake.sent.filter(([m]) => m === "Fetch.continueRequest").map(([, p]) => p);
  assert.deepEqual(cont, [
    { requestId: "r1", headers: [{ name: "Accept", value: "*/*" }, { name: "X-Emu", value: "yes" }] },
    { requestId: "r2" },
  ]);

  await setHeadersWanted(31, undefined, undefined, sendTo(31));
  assert.equal(fake.methods().at(-1), "Fetch.disable");
});

test("headers without an origin are sent nowhere", async () => {
  await ensureAttached(32);
  await setHeadersWanted(32, { "X-Emu": "yes" }, undefined, sendTo(32));
  assert.ok(!fake.methods().includes("Fetch.enable"));
  assert.deepEqual(last("Network.setExtraHTTPHeaders"), { headers: {} });
});
