// What a click or a key press set off: pages.click and pages.press name a
// file chooser it opened, a download it started (waited for up to 5 s), the
// navigation it made and a tab it opened (reportAftermath); the tab's last
// document request, from cdp-events.ts (trackDocumentRequest), known from
// the moment the page asks for it.

import type { ClickResult } from "../../protocol.gen";
import { onForget } from "../core/debugger";
import { Wakeup } from "../core/wakeup";
import { callInWorld } from "../core/world";
import { onDownloadChange, waitBegin, waitDone, type Download } from "../files/downloads";
import { chooserSince } from "../files/files";

/** What an action set off (pages.click's and pages.press's members of it). */
export type Aftermath = Pick<ClickResult, "navigation" | "popup" | "download" | "fileChooser">;

// ---- what a click set off ----

/** The last document request per tab, and whether it has resolved; id ""
 * while the page has asked for it (frameRequestedNavigation) and the
 * browser has not announced it yet. */
const docRequests = new Map<number, { id: string; frameId: string; at: number; settled: boolean; navigatedTo?: string; status?: number }>();
/** Woken when a document request starts or settles, or a download changes. */
const aftermath = new Wakeup();
onDownloadChange(() => aftermath.wake());

/** Page.frameRequestedNavigation, Network.requestWillBeSent,
 * Network.responseReceived, Page.frameNavigated, Network.loadingFailed,
 * Page.downloadWillBegin, Page.javascriptDialogOpening: what became of the
 * tab's last document request, and the HTTP status it came with. */
export function trackDocumentRequest(tabId: number, p: Record<string, unknown>, method: string): void {
  const cur = docRequests.get(tabId);
  if (method === "Page.frameRequestedNavigation") {
    // The page asked for a navigation of its own (a link's or a form's
    // default action). The renderer says so on the tab's session before it
    // acknowledges the click's events, so the click knows a request is
    // coming; the browser announces that request (requestWillBeSent) in
    // its own time, which may be after the click's last in-page call.
    // Another tab's or window's navigation is not this tab's request.
    if ((p["disposition"] ?? "currentTab") !== "currentTab") return;
    docRequests.set(tabId, { id: "", frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (method === "Network.requestWillBeSent" && p["type"] === "Document") {
    docRequests.set(tabId, { id: String(p["requestId"]), frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (!cur || cur.settled) {
    return;
  } else if (method === "Network.responseReceived") {
    // its response (a redirect's last hop), before it commits
    const status = (p["response"] as { status?: unknown } | undefined)?.status;
    if (p["requestId"] === cur.id && typeof status === "number") cur.status = status;
    return;
  } else if (method === "Page.frameNavigated") {
    const f = p["frame"] as { id?: string; parentId?: string; url?: string } | undefined;
    if (f?.id === cur.frameId) {
      cur.settled = true;
      if (!f.parentId) cur.navigatedTo = f.url ?? "";
    }
  } else if (method === "Network.loadingFailed" && p["requestId"] === cur.id) {
    cur.settled = true;
  } else if (method === "Page.downloadWillBegin") {
    cur.settled = true;
  } else if (method === "Page.javascriptDialogOpening" && cur.id === "") {
    // asked for, and held by a dialog before its request (beforeunload):
    // the click ends and says so; the request may never come
    cur.settled = true;
  } else {
    return;
  }
  aftermath.wake();
}

onForget((tabId) => {
  docRequests.delete(tabId);
});

/** How long an action waits for a navigation it started to turn out a download. */
const NAVIGATION_SETTLE_MS = 2_000;
/** How long an action waits for a download it started to finish. */
const ACTION_DOWNLOAD_MS = 5_000;

/**
 * Wraps an input action (pages.click, pages.press): after it, a file
 * chooser that opened is named in the result ({fileChooser: {mode}}); a
 * document request it started is given up to 2 s to become a navigation
 * or a download, and a download up to 5 s to finish ({download: Download}).
 * readPageAfter: whether the action's last step was a call into the page,
 * after its input (a click's verdict); one that was not makes one first.
 */
export function reportAftermath<P, R extends object>(
  fn: (tabId: number, p: P) => Promise<R>,
  readPageAfter: (p: P) => boolean,
): (tabId: number, p: P) => Promise<R & Aftermath> {
  return async (tabId, p) => {
    const since = Date.now();
    // A tab the action opens names this one as its opener.
    let popup: number | undefined;
    const onCreated = (t: chrome.tabs.Tab) => {
      if (t.openerTabId === tabId && popup === undefined && t.id !== undefined) popup = t.id;
    };
    chrome.tabs.onCreated?.addListener(onCreated);
    let out: R & Aftermath;
    try {
      out = { ...(await fn(tabId, p)) };
    } catch (e) {
      chrome.tabs.onCreated?.removeListener(onCreated);
      throw e;
    }
    // A chooser or a navigation the input set off is announced just after
    // the input's ack: one round trip to the page lets the event arrive
    // first.
    if (!readPageAfter(p)) await callInWorld(tabId, "readyState", []).catch(() => undefined);
    const deadline = Date.now() + NAVIGATION_SETTLE_MS;
    let d: Download | undefined;
    for (;;) {
      const req = docRequests.get(tabId);
      d = await waitBegin(tabId, since, 0);
      if (d || !req || req.at < since || req.settled || Date.now() >= deadline) break;
      await aftermath.next(deadline - Date.now());
    }
    // Removed after the settle wait: a popup may open a moment late.
    chrome.tabs.onCreated?.removeListener(onCreated);
    if (d) out.download = await waitDone(d, ACTION_DOWNLOAD_MS);
    const c = chooserSince(tabId, since);
    if (c) out.fileChooser = { mode: c.mode };
    const req = docRequests.get(tabId);
    if (!d && req && req.at >= since && req.navigatedTo !== undefined) {
      out.navigation = req.status === undefined ? { url: req.navigatedTo } : { url: req.navigatedTo, status: req.status };
    }
    if (popup !== undefined) out.popup = { tabId: popup };
    return out;
  };
}
