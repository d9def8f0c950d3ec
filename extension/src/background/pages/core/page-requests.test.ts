// page-requests.ts: which of the page's requests an action set off, and
// when an action's time ends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lastActionAt, pageCallStarted, pageRequestEvent, requestsInFlightSince } from "./page-requests";

const sent = (tabId: number, id: string, type: string) => pageRequestEvent(tabId, { requestId: id, type }, "Network.requestWillBeSent");
const ended = (tabId: number, id: string, how = "Network.loadingFinished") => pageRequestEvent(tabId, { requestId: id }, how);

test("an action's time counts from its start; a read keeps it, a navigation or another call ends it", () => {
  pageCallStarted(1, "pages.click");
  const at = lastActionAt(1);
  assert.ok(at !== undefined);
  pageCallStarted(1, "pages.snapshot");
  pageCallStarted(1, "pages.find");
  assert.equal(lastActionAt(1), at, "the snapshot after the action reads what it did");
  pageCallStarted(1, "pages.navigate");
  assert.equal(lastActionAt(1), undefined, "a navigation's answer waits for its load, not for what the page fetches after");
  pageCallStarted(1, "pages.dialog");
  assert.ok(lastActionAt(1) !== undefined, "answering a dialog is an action");
  pageCallStarted(1, "pages.get");
  assert.equal(lastActionAt(1), undefined);
});

test("fetch and XMLHttpRequest requests count until they end, others never", () => {
  const since = Date.now();
  sent(2, "a", "Fetch");
  sent(2, "b", "XHR");
  sent(2, "c", "Image");
  sent(2, "d", "Document");
  assert.equal(requestsInFlightSince(2, since), 2);
  assert.equal(requestsInFlightSince(2, Date.now() + 1), 0, "requests before the action began do not count");
  sent(2, "a", "Fetch"); // a redirect: the same request
  ended(2, "a");
  assert.equal(requestsInFlightSince(2, since), 1);
  ended(2, "b", "Network.loadingFailed");
  assert.equal(requestsInFlightSince(2, since), 0);
  assert.equal(requestsInFlightSince(3, since), 0, "another tab's requests are its own");
});

test("requests that never end are let go past a bound", () => {
  const since = Date.now();
  for (let i = 0; i < 1000; i++) sent(4, `r${i}`, "Fetch");
  assert.ok(requestsInFlightSince(4, since) <= 256);
});
