// pages.navigate, pages.back, pages.forward, pages.reload: send the tab
// somewhere and wait, on CDP's lifecycle events for the new document's
// loader, until it reached waitUntil (load, domcontentloaded, networkidle;
// none returns once the navigation started). pages.navigate with snapshot
// answers the loaded page's compact snapshot too (browser_navigate). A navigation error answers 4110
// with the browser's own reason (net::ERR_CONNECTION_REFUSED).

import { noteWait } from "../../call-timing";
import { optionalBool, optionalOneOf, requireString } from "../../params";
import { WAIT_UNTILS, type HistoryParams, type NavResult, type RequestParams, type Untrusted, type WaitUntil } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { cdpMessage, DialogOpenError, ensureAttached, isAttached, listen, onForget, openDialog, send } from "../core/debugger";
import { dialogMark, dialogSince } from "../core/dialogs";
import { waitBegin, waitDone, type Download } from "../files/downloads";
import { budgetOf, timedOut, within } from "../core/deadline";
import { requireAllowedOrigin } from "../network/fence";
import { withScheme } from "./url-match";
import { checkNavigable, isBrowserPage } from "./url-policy";
import { failed } from "../core/failed";
import { callInWorld } from "../core/world";
import { settled } from "../core/tab-settling";
import { snapshot } from "../snapshot/snapshot";
import type { PageHandlers } from "../tables";

/** The Page.lifecycleEvent name each waitUntil waits for. */
const LIFECYCLE: Record<Exclude<WaitUntil, "none">, string> = {
  load: "load",
  domcontentloaded: "DOMContentLoaded",
  networkidle: "networkIdle",
};

/** Tabs whose lifecycle events are on (until the debugger leaves them). */
const lifecycleOn = new Set<number>();
onForget((tabId) => {
  lifecycleOn.delete(tabId);
});

async function enableLifecycle(tabId: number): Promise<void> {
  if (lifecycleOn.has(tabId)) return;
  await send(tabId, "Page.setLifecycleEventsEnabled", { enabled: true });
  lifecycleOn.add(tabId);
}

/** What the command that starts a navigation learnt. */
interface Started {
  /** The new document's loader (Page.navigate says it up front). */
  loaderId?: string;
  /** A fragment or history.pushState navigation: no new document. */
  sameDocument?: boolean;
  /** The URL answered a file: the browser downloads it, the tab stays. */
  download?: Download;
}

/** How long after Page.navigate's net::ERR_ABORTED a download may begin. */
const DOWNLOAD_BEGIN_MS = 500;
/** How long a navigation that became a download waits for it to finish. */
const NAV_DOWNLOAD_MS = 5_000;

/** The tab's navigation events since it was made; next() waits for one more. */
class NavWatch {
  readonly lifecycle = new Map<string, Set<string>>();
  /** The HTTP status of each document response since the watch began, by its loader. */
  readonly status = new Map<string, number>();
  committed: { loaderId: string; restored: boolean; unreachableUrl?: string } | undefined;
  sameDocument = false;
  private wake: () => void = () => {};
  private readonly unlisten: () => void;

  constructor(tabId: number, private readonly mainFrameId?: string) {
    this.unlisten = listen(tabId, (method, p) => {
      if (method === "Page.lifecycleEvent") {
        const loader = String(p["loaderId"] ?? "");
        let names = this.lifecycle.get(loader);
        if (!names) this.lifecycle.set(loader, (names = new Set()));
        names.add(String(p["name"] ?? ""));
      } else if (method === "Page.frameNavigated") {
        const frame = p["frame"] as { parentId?: string; loaderId?: string; unreachableUrl?: string } | undefined;
        if (frame && !frame.parentId) {
          this.committed = { loaderId: String(frame.loaderId ?? ""), restored: p["type"] === "BackForwardCacheRestore" };
          // The browser's error page stands in for a URL it could not load.
          if (frame.unreachableUrl) this.committed.unreachableUrl = frame.unreachableUrl;
        }
      } else if (method === "Network.responseReceived") {
        const r = p["response"] as { status?: unknown } | undefined;
        if (p["type"] === "Document" && typeof p["loaderId"] === "string" && typeof r?.status === "number") this.status.set(p["loaderId"], r.status);
      } else if (method === "Page.navigatedWithinDocument") {
        if (this.mainFrameId === undefined || p["frameId"] === this.mainFrameId) this.sameDocument = true;
      }
      this.wake();
    });
  }

  /** Resolves on the next event, or after ms. */
  next(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      this.wake = () => {
        clearTimeout(timer);
        this.wake = () => {};
        resolve();
      };
    });
  }

  close(): void {
    this.unlisten();
    this.wake();
  }
}

/** Waits until done() holds, failing at the deadline or on a held dialog. */
async function until(tabId: number, w: NavWatch, done: () => boolean, deadline: number, budget: number, what: string): Promise<void> {
  for (;;) {
    if (done()) return;
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(budget, what);
    await w.next(left);
  }
}

async function navigation(
  tabId: number,
  p: Untrusted<HistoryParams>,
  what: string,
  start: (w: NavWatch) => Promise<Started>,
  mainFrameId?: string,
  then: (waitUntil: WaitUntil, sameDocument: boolean) => Promise<NavResult> = (waitUntil, sameDocument) => pageInfo(tabId, waitUntil, sameDocument),
): Promise<NavResult> {
  let status: number | undefined;
  const waitUntil = optionalOneOf(p, "waitUntil", WAIT_UNTILS) ?? "load";
  const budget = budgetOf(p);
  const deadline = Date.now() + budget;
  await ensureAttached(tabId);
  await enableLifecycle(tabId);
  const w = new NavWatch(tabId, mainFrameId);
  const dialogs = dialogMark();
  let sameDocument = false;
  try {
    const started = await within(start(w), budget, what);
    sameDocument = started.sameDocument === true;
    if (started.download) {
      // The tab stays at the page it showed: that page, and the file.
      const download = await waitDone(started.download, Math.min(NAV_DOWNLOAD_MS, Math.max(0, deadline - Date.now())));
      return { ...(await pageInfo(tabId, waitUntil, true)), download };
    }
    if (waitUntil !== "none" && !started.sameDocument) {
      const event = LIFECYCLE[waitUntil];
      const waitFrom = performance.now();
      await until(
        tabId,
        w,
        () => {
          // The page asked to stay (beforeunload) and was answered so: no
          // navigation comes (Page.navigate says so itself, reload and the
          // history's steps do not).
          const d = dialogSince(tabId, dialogs);
          if (!w.committed && d?.type === "beforeunload" && d.state === "dismissed") {
            throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: the page shown stays, no longer waiting for ${what}`, "navigation_failed");
          }
          if (!started.loaderId && w.sameDocument) return true;
          const c = w.committed;
          const loader = started.loaderId ?? c?.loaderId;
          if (!loader) return false;
          // A page restored from the back/forward cache is loaded already
          // and sends no lifecycle events.
          if (c?.restored && c.loaderId === loader) return true;
          return w.lifecycle.get(loader)?.has(event) ?? false;
        },
        deadline,
        budget,
        what,
      );
      noteWait(tabId, event, performance.now() - waitFrom);
    }
    // The status of the document that committed (a redirect's last hop).
    const loader = w.committed?.loaderId;
    if (loader && !started.sameDocument) status = w.status.get(loader);
    const failed = w.committed?.unreachableUrl;
    if (failed && !started.sameDocument) throw navFailed(failed, await errorPageReason(tabId));
    // what the new document set off beside it (the session's permissions on its origin)
    if (waitUntil !== "none") await settled(tabId, deadline - Date.now());
  } catch (e) {
    // The new page's response came, and no new document by the deadline:
    // the page shown held it back (a slow server's page has no response).
    if (!w.committed && w.status.size > 0 && e instanceof RpcError && e.message.startsWith("timed out")) throw heldBack(what, budget);
    throw e;
  } finally {
    w.close();
  }
  const r = await then(waitUntil, sameDocument);
  return status === undefined ? r : { ...r, status };
}

/** The timeout of a navigation whose page arrived and never replaced the
 * page shown: a script in that page that runs without a pause keeps it
 * from unloading, and a page of its site waits on it. */
function heldBack(what: string, budget: number): RpcError {
  return new RpcError(
    ErrorCode.operationFailed,
    `timed out after ${budget} ms waiting for ${what}: the page arrived, but the page shown did not let it in ` +
      "(a script in it runs without a pause); close the tab (`browserctl tab close`) and open the URL in a new one",
  );
}

/** The net:: error the browser's error page shows, when it can be read. */
async function errorPageReason(tabId: number): Promise<string> {
  try {
    const r = await callInWorld(tabId, "errorPageCode", [], { timeoutMs: 2_000 });
    const code = typeof r.result.value === "string" ? r.result.value : "";
    if (code) return code.startsWith("net::") ? code : `net::${code}`;
  } catch {
    // the error page is not readable: say what we know
  }
  return "the browser shows its error page";
}

/**
 * The tab's URL and title now, as the browser holds them for the tab's
 * current history entry (Page.getNavigationHistory): answered by the
 * browser process, where asking the new document (Runtime.evaluate) waits
 * behind the renderer's own work right after the load event (5-20 ms on a
 * small page). The entry's title is the document's, "" without one (not
 * the URL the tab strip shows), updated as the document sets it, a title
 * set in a load handler included; a history.pushState moves its URL
 * (checked against the document's own over CDP, 200 loads). A
 * same-document navigation (a fragment) is answered at once, before the
 * browser has its entry: the document says where it is. A navigation not
 * waited for may not have committed: the tab's pending URL says where it
 * goes.
 */
async function pageInfo(tabId: number, waitUntil: WaitUntil, sameDocument: boolean): Promise<NavResult> {
  // A dialog the page opened once loaded holds the document (the
  // navigation is done all the same): the tab knows where it is.
  if (waitUntil !== "none" && !openDialog(tabId)) {
    const asked = sameDocument
      ? send<{ result: { value?: unknown } }>(
          tabId,
          "Runtime.evaluate",
          { expression: "[location.href, document.title]", returnByValue: true },
          5_000,
        ).then((r) => r.result.value)
      : currentEntry(tabId).then((e) => (e ? [e.url, e.title] : undefined));
    // the document is being swapped, or a dialog opened: the tab knows
    const v = await asked.catch(() => undefined);
    if (Array.isArray(v) && typeof v[0] === "string") {
      return { url: v[0], title: typeof v[1] === "string" ? v[1] : "" };
    }
  }
  const t = await chrome.tabs.get(tabId);
  return { url: t.pendingUrl || t.url || "", title: t.title ?? "" };
}

function navFailed(url: string, reason: string): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: navigation to ${url} failed: ${reason}`, "navigation_failed");
}

/** How long a tab may take to leave a browser's page for about:blank. */
const LEAVE_MS = 5_000;

/**
 * A tab that shows a page of the browser or of an extension (a person
 * took it there) cannot be, or must not be, attached to: it is first sent
 * to about:blank by chrome.tabs, and the navigation goes on from there as
 * from any page. Asked only of a tab the debugger is not on.
 */
async function leaveBrowserPage(tabId: number): Promise<void> {
  if (isAttached(tabId)) return;
  const t = await chrome.tabs.get(tabId);
  if (!isBrowserPage(t.pendingUrl || t.url || "")) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: RpcError) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      if (err) reject(err);
      else resolve();
    };
    const onUpdated = (id: number, info: chrome.tabs.OnUpdatedInfo, tab: chrome.tabs.Tab) => {
      if (id === tabId && info.status === "complete" && tab.url === "about:blank") done();
    };
    const timer = setTimeout(() => done(failed(`the tab did not leave ${t.url} for about:blank within ${LEAVE_MS} ms`)), LEAVE_MS);
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.update(tabId, { url: "about:blank" }).catch((e: unknown) => done(failed(cdpMessage(e))));
  });
}

export async function navigate(tabId: number, p: RequestParams<"pages.navigate">): Promise<NavResult> {
  const raw = requireString(p, "url");
  const allowFile = optionalBool(p, "allowFile") ?? false;
  checkNavigable(raw, allowFile); // as given: "java\tscript:" gets no https://
  const url = withScheme(raw);
  checkNavigable(url, allowFile);
  await requireAllowedOrigin(typeof p.sessionId === "string" ? p.sessionId : "", url);
  const deadline = Date.now() + budgetOf(p);
  const withSnapshot = optionalBool(p, "snapshot") ?? false;
  await leaveBrowserPage(tabId);
  return navigation(
    tabId,
    p,
    `${url} to load`,
    async (w) => {
      const since = Date.now();
      const r = await send<{ loaderId?: string; errorText?: string }>(tabId, "Page.navigate", { url }, budgetOf(p) + 5_000);
      if (r.errorText) {
        // A file (Content-Disposition: attachment, a type the browser
        // does not show): the navigation ends in a download, not a page.
        const download = r.errorText === "net::ERR_ABORTED" ? await waitBegin(tabId, since, DOWNLOAD_BEGIN_MS) : undefined;
        if (download) return { download };
        // A 204 or 205 answer has no page to show: the browser stays.
        const empty = [...w.status.values()].find((s) => s === 204 || s === 205);
        if (r.errorText === "net::ERR_ABORTED" && empty) {
          throw navFailed(url, `the server answered HTTP ${empty} ${empty === 204 ? "No Content" : "Reset Content"}: there is no page to show, and the tab stays at the page it showed`);
        }
        throw navFailed(url, r.errorText);
      }
      return r.loaderId ? { loaderId: r.loaderId } : { sameDocument: true };
    },
    undefined,
    async (waitUntil, sameDocument) => {
      if (!withSnapshot || waitUntil === "none") return pageInfo(tabId, waitUntil, sameDocument);
      // The page read in this call: its URL and title are the snapshot's,
      // read from the document (no second trip to the browser for them).
      // The navigation succeeded whatever the read meets (a confirm the
      // page opens at load holds it): then the answer goes without the
      // snapshot, the call wrapper reports the dialog, and the caller
      // reads the page its own way.
      try {
        const snap = await snapshot(tabId, { compact: true, settle: true, timeoutMs: Math.max(1, deadline - Date.now()) });
        return { url: snap.url, title: snap.title, snapshot: snap };
      } catch {
        return pageInfo(tabId, waitUntil, sameDocument);
      }
    },
  );
}

interface History {
  currentIndex: number;
  entries: { id: number; url: string; title?: string }[];
}

/** The tab's current history entry as the browser holds it (the title
 * the document set, "" until it has one): answered by the browser
 * process, not the page. */
export async function currentEntry(tabId: number): Promise<{ url: string; title?: string } | undefined> {
  const h = await send<History>(tabId, "Page.getNavigationHistory", {}, 5_000);
  return h.entries[h.currentIndex];
}

async function historyStep(tabId: number, p: Untrusted<HistoryParams>, step: -1 | 1): Promise<NavResult> {
  const name = step < 0 ? "back" : "forward";
  await ensureAttached(tabId);
  const h = await send<History>(tabId, "Page.getNavigationHistory");
  const entry = h.entries[h.currentIndex + step];
  if (!entry) {
    throw new RpcError(
      ErrorCode.pageOperationFailed,
      `page operation failed: ${name}: there is no ${step < 0 ? "previous" : "next"} page in the tab's history`,
    );
  }
  const tree = await send<{ frameTree: { frame: { id: string } } }>(tabId, "Page.getFrameTree");
  return navigation(
    tabId,
    p,
    `${entry.url} to load (${name})`,
    async () => {
      await send(tabId, "Page.navigateToHistoryEntry", { entryId: entry.id });
      return {};
    },
    tree.frameTree.frame.id,
  );
}

export function back(tabId: number, p: RequestParams<"pages.back">): Promise<NavResult> {
  return historyStep(tabId, p, -1);
}

export function forward(tabId: number, p: RequestParams<"pages.forward">): Promise<NavResult> {
  return historyStep(tabId, p, 1);
}

export async function reload(tabId: number, p: RequestParams<"pages.reload">): Promise<NavResult> {
  return navigation(tabId, p, "the page to load again (reload)", async () => {
    await send(tabId, "Page.reload", {});
    return {};
  });
}

// This file's handlers (index.ts joins them).
export const navigationHandlers = {
  "pages.navigate": navigate,
  "pages.back": back,
  "pages.forward": forward,
  "pages.reload": reload,
} satisfies PageHandlers;
