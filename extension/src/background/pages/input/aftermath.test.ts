// aftermath.ts against a fake chrome.debugger: a click waits for the
// document request the page asked for, however late the browser announces
// it, and does not wait for one it did not ask for in this tab.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { FakeChrome } from "../../../testing/fake-chrome";
import { ensureAttached, uninstall } from "../core/debugger";
import type { RequestParams } from "../../protocol.gen";
import { reportAftermath } from "./aftermath";
import "../cdp-events"; // the tab's listeners

let fake: FakeChrome;

beforeEach(() => {
  fake = new FakeChrome({ tabs: { get: async (id: number) => ({ id }) } }).install();
});

afterEach(() => uninstall());

const params = { ref: "e1" } as RequestParams<"pages.click">;

/** A click whose default action asks for a navigation (disposition). */
const clickAsking = (disposition: string) =>
  reportAftermath(async (tabId) => {
    fake.emit(tabId, "Page.frameRequestedNavigation", { frameId: "F", reason: "anchorClick", url: "http://x.test/report", disposition });
    return { ok: true };
  }, () => true);

test("a link whose request the browser announces after the click's last call: the click waits and names the download", async () => {
  await ensureAttached(31);
  setTimeout(() => {
    fake.emit(31, "Network.requestWillBeSent", { requestId: "R1", loaderId: "R1", frameId: "F", type: "Document", request: { url: "http://x.test/report" } });
    fake.emit(31, "Page.downloadWillBegin", { frameId: "F", guid: "G1", url: "http://x.test/report", suggestedFilename: "report.bin" });
    fake.emit(31, "Page.downloadProgress", { guid: "G1", receivedBytes: 0, totalBytes: 3, state: "canceled" });
  }, 50);
  const out = await clickAsking("currentTab")(31, params);
  assert.equal(out.download?.url, "http://x.test/report", `the click's answer: ${JSON.stringify(out)}`);
});

test("a link that navigates the tab late: the click names where it went", async () => {
  await ensureAttached(32);
  setTimeout(() => {
    fake.emit(32, "Network.requestWillBeSent", { requestId: "R2", loaderId: "R2", frameId: "F", type: "Document", request: { url: "http://x.test/next" } });
    fake.emit(32, "Page.frameNavigated", { frame: { id: "F", loaderId: "R2", url: "http://x.test/next" }, type: "Navigation" });
  }, 50);
  const out = await clickAsking("currentTab")(32, params);
  assert.deepEqual(out.navigation, { url: "http://x.test/next" });
  assert.equal(out.download, undefined);
});

test("a navigation asked for in another tab, or none at all: the click does not wait for a request", async () => {
  await ensureAttached(33);
  for (const click of [clickAsking("newTab"), reportAftermath(async () => ({ ok: true }), () => true)]) {
    const out = await Promise.race([click(33, params), new Promise((r) => setTimeout(() => r("waited"), 1_000))]);
    assert.notEqual(out, "waited", "the click waited for a request no one asked for in this tab");
  }
});

test("a navigation asked for and held by a dialog before its request (beforeunload): the click does not wait for the request", async () => {
  await ensureAttached(34);
  const click = reportAftermath(async (tabId) => {
    fake.emit(tabId, "Page.frameRequestedNavigation", { frameId: "F", reason: "anchorClick", url: "http://x.test/away", disposition: "currentTab" });
    fake.emit(tabId, "Page.javascriptDialogOpening", { url: "http://x.test/", message: "", type: "beforeunload", hasBrowserHandler: true });
    return { ok: true };
  }, () => true);
  const out = await Promise.race([click(34, params), new Promise((r) => setTimeout(() => r("waited"), 1_000))]);
  assert.notEqual(out, "waited", "the click waited for a request a dialog holds");
});
