// The handlers of files (upload, download), logs (console, errors,
// network) with long-poll following, network blocking, cookies, storage and
// PDF; and reportAftermath, which makes pages.click say when it opened a
// file chooser or started a download.

import { timeCallOnTab } from "../call-timing";
import type { DownloadMethod, LogMethod, NetworkMethod, PageMethod } from "../methods";
import { optionalBool, optionalInt, optionalOneOf, optionalString, requireString, requireStringArray } from "../params";
import {
  CONSOLE_LEVELS,
  type BlockResult,
  type ClickResult,
  type ConsoleResult,
  type ErrorsResult,
  type NetworkResult,
  type OKResult,
  type RequestDetail,
  type RequestParams,
  type ResultOf,
} from "../protocol.gen";
import { ErrorCode, RpcError, type Handlers, type Params } from "../types";
import { ensureAttached, isAttached, onForget, send } from "./core/debugger";
import { agentCallEnded, agentCallStarted } from "./core/person-input";
import { listDownloads, onDownloadChange, waitBegin, waitDone, type Download } from "./files/downloads";
import { Wakeup } from "./core/wakeup";
import { chooserSince, upload } from "./files/files";
import { requestDetail } from "./network/network-detail";
import { waitResponse } from "./network/network-wait";
import { harHandlers } from "./network/har";
import { routeHandlers } from "./network/routes";
import { webSocketFrames, webSockets } from "./network/websockets";
import { applyBlocking, noteTabSession, setBlocked, tabLogs, type Ring } from "./logs/observe";
import { labelOf, requireTarget } from "./targets/target";
import { clearCookies, clearStorage, cookies, pdf, setCookie, setStorage, storage } from "./files/storage";
import { callInWorld } from "./core/world";

export interface ToolDeps {
  resolveTab(params: Params): Promise<number>;
  /** Every tab of the params' session (for network block). */
  sessionTabIds(params: Params): Promise<number[]>;
}

/** The pages.* methods of files, storage and PDF: handled here, not in index.ts. */
const TOOL_PAGE_METHODS = [
  "pages.upload",
  "pages.download",
  "pages.pdf",
  "pages.cookies",
  "pages.setCookie",
  "pages.clearCookies",
  "pages.storage",
  "pages.setStorage",
  "pages.clearStorage",
] as const satisfies readonly PageMethod[];

export type ToolPageMethod = (typeof TOOL_PAGE_METHODS)[number];

export function isToolPageMethod(m: PageMethod): m is ToolPageMethod {
  return (TOOL_PAGE_METHODS as readonly string[]).includes(m);
}

/** Every method toolHandlers answers. */
export type ToolMethod = ToolPageMethod | LogMethod | NetworkMethod | DownloadMethod;

/** A tab's handler of method M, given its tab. */
type TabHandler<M extends ToolMethod> = (tabId: number, params: RequestParams<M>) => Promise<ResultOf<M>>;

/** pages.click as the input module does it, without the aftermath. */
export type Click = (tabId: number, params: RequestParams<"pages.click">) => Promise<OKResult>;

/** A long poll waits at most this long (the hub's call timeout is 30 s). */
export const MAX_WAIT_MS = 20_000;

// ---- what a click set off ----

/** The last main-document request per tab, and whether it has resolved. */
const docRequests = new Map<number, { id: string; frameId: string; at: number; settled: boolean; navigatedTo?: string }>();
/** Woken when a document request starts or settles, or a download changes. */
const aftermath = new Wakeup();
onDownloadChange(() => aftermath.wake());

/** Network.requestWillBeSent, Page.frameNavigated, Network.loadingFailed,
 * Page.downloadWillBegin: what became of the tab's last document request. */
export function trackDocumentRequest(tabId: number, p: Record<string, unknown>, method: string): void {
  const cur = docRequests.get(tabId);
  if (method === "Network.requestWillBeSent" && p["type"] === "Document") {
    docRequests.set(tabId, { id: String(p["requestId"]), frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (!cur || cur.settled) {
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
  } else {
    return;
  }
  aftermath.wake();
}

onForget((tabId) => {
  docRequests.delete(tabId);
});

/** How long a click waits for a navigation it started to turn out a download. */
const NAVIGATION_SETTLE_MS = 2_000;
/** How long a click waits for a download it started to finish. */
const CLICK_DOWNLOAD_MS = 5_000;

/**
 * Wraps pages.click: after the click, a file chooser that opened is named in
 * the result ({fileChooser: {mode}}); a document request the click started
 * is given up to 2 s to become a navigation or a download, and a download
 * up to 5 s to finish ({download: Download}).
 */
export function reportAftermath(fn: Click): (tabId: number, p: RequestParams<"pages.click">) => Promise<ClickResult> {
  return async (tabId, p) => {
    const since = Date.now();
    // A tab the click opens names this one as its opener.
    let popup: number | undefined;
    const onCreated = (t: chrome.tabs.Tab) => {
      if (t.openerTabId === tabId && popup === undefined && t.id !== undefined) popup = t.id;
    };
    chrome.tabs.onCreated?.addListener(onCreated);
    let out: ClickResult;
    try {
      out = { ...(await fn(tabId, p)) };
    } catch (e) {
      chrome.tabs.onCreated?.removeListener(onCreated);
      throw e;
    }
    // A chooser the click opened is announced just after the input's ack:
    // one round trip to the page lets the event arrive first. A click that
    // was not forced made that round trip already (pointer.ts reads its
    // press's verdict in the element's frame).
    if (p.force === true) await callInWorld(tabId, "readyState", []).catch(() => undefined);
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
    if (d) out.download = await waitDone(d, CLICK_DOWNLOAD_MS);
    const c = chooserSince(tabId, since);
    if (c) out.fileChooser = { mode: c.mode };
    const req = docRequests.get(tabId);
    if (!d && req && req.at >= since && req.navigatedTo !== undefined) out.navigation = { url: req.navigatedTo };
    if (popup !== undefined) out.popup = { tabId: popup };
    return out;
  };
}

/**
 * pages.download: clicks the target (any kind pages.click takes: a ref, a
 * CSS selector, a role target) and waits for the download it starts.
 */
async function download(tabId: number, p: RequestParams<"pages.download">, click: Click): Promise<Download> {
  const target = requireTarget(p);
  const ref = labelOf(target);
  const budget = optionalInt(p, "timeout", 0) ?? 30_000;
  const since = Date.now();
  await click(tabId, { sessionId: p.sessionId, timeoutMs: p.timeoutMs, ...target });
  const d = await waitBegin(tabId, since, Math.max(0, since + budget - Date.now()));
  if (!d) {
    throw new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms: clicking ${ref} started no download`);
  }
  const done = await waitDone(d, Math.max(0, since + budget - Date.now()));
  if (done.state === "in_progress") {
    throw new RpcError(
      ErrorCode.operationFailed,
      `timed out after ${budget} ms: the download of ${done.url} is still in progress (${done.bytes} of ${done.totalBytes} bytes)`,
    );
  }
  if (done.state !== "complete") {
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: the download of ${done.url} ${done.state}${done.error ? `: ${done.error}` : ""}`);
  }
  return done;
}

// ---- logs ----

const LEVEL_RANK: Record<string, number> = { debug: 0, log: 1, info: 1, warning: 2, error: 3 };

/**
 * Entries after `after`, filtered; with none and waitMs > 0, waits for the
 * next entry up to waitMs (repeating while new entries do not pass the
 * filter). `next` is the cursor for the next call.
 */
async function readRing<T extends { seq: number }>(
  tabId: number,
  ring: () => Ring<T>,
  p: RequestParams<"logs.errors">, // the members every logs.* method takes (rpc.LogCursor)
  keep: (e: T) => boolean,
): Promise<{ entries: T[]; next: number; dropped: number }> {
  const after = optionalInt(p, "after", 0) ?? 0;
  const waitMs = Math.min(optionalInt(p, "waitMs", 0) ?? 0, MAX_WAIT_MS);
  const clear = optionalBool(p, "clear") ?? false;
  const limit = optionalInt(p, "limit", 1);
  // Reading attaches: collection starts now for a tab never attached.
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const r = ring();
    const all = r.after(after);
    let entries = all.filter(keep);
    const next = all.length > 0 ? all[all.length - 1]!.seq : after;
    if (entries.length > 0 || Date.now() >= deadline || clear) {
      if (limit !== undefined && entries.length > limit) entries = entries.slice(entries.length - limit);
      const dropped = r.dropped;
      if (clear) r.clear();
      return { entries, next, dropped };
    }
    await r.waitNext(Math.max(1, deadline - Date.now()));
  }
}

function consoleRead(tabId: number, p: RequestParams<"logs.console">): Promise<ConsoleResult> {
  const level = optionalOneOf(p, "level", CONSOLE_LEVELS);
  const min = level ? (LEVEL_RANK[level] ?? 0) : 0;
  return readRing(tabId, () => tabLogs(tabId).console, p, (e) => (LEVEL_RANK[e.level] ?? 1) >= min);
}

function errorsRead(tabId: number, p: RequestParams<"logs.errors">): Promise<ErrorsResult> {
  return readRing(tabId, () => tabLogs(tabId).errors, p, () => true);
}

async function networkRead(tabId: number, p: RequestParams<"logs.network">): Promise<NetworkResult> {
  const filter = (optionalString(p, "filter") ?? "").toLowerCase();
  const failedOnly = optionalBool(p, "failed") ?? false;
  const keep = (e: { url: string; failure: string; status: number }) =>
    (!filter || e.url.toLowerCase().includes(filter)) && (!failedOnly || e.failure !== "" || e.status >= 400);
  const r = await readRing(tabId, () => tabLogs(tabId).network, p, keep);
  // A plain listing also shows what is still in flight (never in a follow).
  const inflight =
    p.after === undefined || p.after === null
      ? [...tabLogs(tabId).inflight.values()].map((f) => ({ ...f.entry, seq: 0 })).filter(keep)
      : [];
  return { requests: r.entries, inflight, next: r.next, dropped: r.dropped };
}

/** network.request: the request with that short id, whole. */
async function networkRequest(tabId: number, p: RequestParams<"network.request">): Promise<RequestDetail> {
  const id = requireString(p, "id").trim();
  const logs = tabLogs(tabId);
  const d = logs.details.get(id);
  const line =
    logs.network.after(0).find((e) => e.id === id) ?? [...logs.inflight.values()].map((f) => f.entry).find((e) => e.id === id);
  if (!d || !line) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: no request ${JSON.stringify(id)} in this tab (ids are those network requests lists; only the newest ${logs.details.limit} are kept)`,
    );
  }
  return requestDetail(line, d, (method, params) => send(tabId, method, params as Record<string, unknown>), isAttached(tabId));
}

// ---- network blocking ----

async function block(p: RequestParams<"network.block">, deps: ToolDeps, add: boolean): Promise<BlockResult> {
  const patterns = requireStringArray(p, "patterns");
  if (patterns.some((x) => x.trim() === "")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "patterns" must not hold empty strings`);
  }
  // The session's lookup answers 4103 without a sessionId, 4107 for an
  // unknown one, as every session method does; after it, sessionId is one.
  const tabIds = await deps.sessionTabIds(p as Params);
  const sessionId = String(p.sessionId);
  const now = setBlocked(sessionId, add ? patterns : [], add ? [] : patterns);
  // Tabs of the session not attached yet get the patterns when they attach;
  // attach them now, so a request they make from now on is blocked.
  // A tab that cannot be attached (chrome:// pages, a dialog open) is
  // skipped: it gets the list on its first successful attach.
  const skipped: number[] = [];
  for (const tabId of tabIds) {
    noteTabSession(tabId, sessionId);
    try {
      await ensureAttached(tabId);
      await applyBlocking(tabId, (method, params = {}) =>
        chrome.debugger.sendCommand({ tabId }, method, params as Record<string, unknown>),
      );
    } catch {
      skipped.push(tabId);
    }
  }
  return skipped.length > 0 ? { patterns: now, skippedTabIds: skipped } : { patterns: now };
}

export function toolHandlers(deps: ToolDeps, click: Click): Handlers<ToolMethod> {
  const onTab =
    <M extends ToolMethod>(_method: M, fn: TabHandler<M>) =>
    async (p: RequestParams<M>): Promise<ResultOf<M>> => {
      const tabId = await deps.resolveTab(p as Params);
      noteTabSession(tabId, typeof p.sessionId === "string" ? p.sessionId : "");
      timeCallOnTab(p, tabId);
      agentCallStarted(tabId); // its input (a download's click) is not the person's
      try {
        return await fn(tabId, p);
      } finally {
        agentCallEnded(tabId);
      }
    };
  return {
    "pages.upload": onTab("pages.upload", upload),
    "pages.download": onTab("pages.download", (tabId, p) => download(tabId, p, click)),
    "pages.pdf": onTab("pages.pdf", pdf),
    "pages.cookies": onTab("pages.cookies", cookies),
    "pages.setCookie": onTab("pages.setCookie", setCookie),
    "pages.clearCookies": onTab("pages.clearCookies", clearCookies),
    "pages.storage": onTab("pages.storage", storage),
    "pages.setStorage": onTab("pages.setStorage", setStorage),
    "pages.clearStorage": onTab("pages.clearStorage", clearStorage),
    "logs.console": onTab("logs.console", consoleRead),
    "logs.errors": onTab("logs.errors", errorsRead),
    "logs.network": onTab("logs.network", networkRead),
    "network.request": onTab("network.request", networkRequest),
    "network.waitResponse": onTab("network.waitResponse", waitResponse),
    "network.block": async (p) => block(p, deps, true),
    "network.unblock": async (p) => block(p, deps, false),
    ...routeHandlers(deps),
    ...harHandlers(deps),
    "network.webSockets": onTab("network.webSockets", webSockets),
    "network.webSocketFrames": onTab("network.webSocketFrames", webSocketFrames),
    "downloads.list": async (p) => {
      await deps.sessionTabIds(p as Params); // 4103/4107 as every session method
      return { downloads: await listDownloads(String(p.sessionId)) };
    },
  };
}
