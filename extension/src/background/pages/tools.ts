// The handlers of issue 10: files (upload, download), logs (console,
// errors, network) with long-poll following, network blocking, cookies,
// storage and PDF; and reportAftermath, which makes pages.click say when it
// opened a file chooser or started a download.

import { optionalBool, optionalInt, optionalOneOf, optionalString, requireString, requireStringArray } from "../params";
import { ErrorCode, RpcError, type Handler, type Params } from "../types";
import { ensureAttached, isAttached, onForget, onTabEvent, send } from "./debugger";
import { listDownloads, waitBegin, waitDone, type Download } from "./downloads";
import { chooserSince, upload } from "./files";
import { applyBlocking, noteTabSession, setBlocked, tabLogs, type Ring } from "./observe";
import { clearCookies, clearStorage, cookies, pdf, setCookie, setStorage, storage } from "./storage";

export interface ToolDeps {
  resolveTab(params: Params): Promise<number>;
  /** Every tab of the params' session (for network block). */
  sessionTabIds(params: Params): Promise<number[]>;
}

type TabHandler = (tabId: number, params: Params) => Promise<unknown>;

/** A long poll waits at most this long (the hub's call timeout is 30 s). */
export const MAX_WAIT_MS = 20_000;

// ---- what a click set off ----

/** The last main-document request per tab, and whether it has resolved. */
const docRequests = new Map<number, { id: string; frameId: string; at: number; settled: boolean }>();

onTabEvent((tabId, method, p) => {
  const cur = docRequests.get(tabId);
  if (method === "Network.requestWillBeSent" && p["type"] === "Document") {
    docRequests.set(tabId, { id: String(p["requestId"]), frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (!cur || cur.settled) {
    return;
  } else if (method === "Page.frameNavigated") {
    const f = p["frame"] as { id?: string } | undefined;
    if (f?.id === cur.frameId) cur.settled = true;
  } else if (method === "Network.loadingFailed" && p["requestId"] === cur.id) {
    cur.settled = true;
  } else if (method === "Page.downloadWillBegin") {
    cur.settled = true;
  }
});

onForget((tabId) => {
  docRequests.delete(tabId);
});

/** How long a click waits for a navigation it started to turn out a download. */
const NAVIGATION_SETTLE_MS = 2_000;
/** How long a click waits for a download it started to finish. */
const CLICK_DOWNLOAD_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Wraps pages.click: after the click, a file chooser that opened is named in
 * the result ({fileChooser: {mode}}); a document request the click started
 * is given up to 2 s to become a navigation or a download, and a download
 * up to 5 s to finish ({download: Download}).
 */
export function reportAftermath(fn: TabHandler): TabHandler {
  return async (tabId, p) => {
    const since = Date.now();
    const r = (await fn(tabId, p)) as Record<string, unknown>;
    const out: Record<string, unknown> = { ...r };
    // A chooser the click opened is announced just after the input's ack:
    // one round trip to the page lets the event arrive first.
    await send(tabId, "Runtime.evaluate", { expression: "0", returnByValue: true }).catch(() => undefined);
    const deadline = Date.now() + NAVIGATION_SETTLE_MS;
    let d: Download | undefined;
    for (;;) {
      const req = docRequests.get(tabId);
      d = await waitBegin(tabId, since, 0);
      if (d || !req || req.at < since || req.settled || Date.now() >= deadline) break;
      await sleep(20);
    }
    if (d) out["download"] = await waitDone(d, CLICK_DOWNLOAD_MS);
    const c = chooserSince(tabId, since);
    if (c) out["fileChooser"] = { mode: c.mode };
    return out;
  };
}

async function download(tabId: number, p: Params, click: TabHandler): Promise<Download> {
  requireString(p, "ref");
  const budget = optionalInt(p, "timeout", 0) ?? 30_000;
  const since = Date.now();
  await click(tabId, p);
  const d = await waitBegin(tabId, since, Math.max(0, since + budget - Date.now()));
  if (!d) {
    throw new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms: clicking ${String(p["ref"])} started no download`);
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
const LEVELS = ["debug", "log", "info", "warning", "error"] as const;

/**
 * Entries after `after`, filtered; with none and waitMs > 0, waits for the
 * next entry up to waitMs (repeating while new entries do not pass the
 * filter). `next` is the cursor for the next call.
 */
async function readRing<T extends { seq: number }>(
  tabId: number,
  ring: () => Ring<T>,
  p: Params,
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

function consoleRead(tabId: number, p: Params) {
  const level = optionalOneOf(p, "level", LEVELS);
  const min = level ? (LEVEL_RANK[level] ?? 0) : 0;
  return readRing(tabId, () => tabLogs(tabId).console, p, (e) => (LEVEL_RANK[e.level] ?? 1) >= min);
}

function errorsRead(tabId: number, p: Params) {
  return readRing(tabId, () => tabLogs(tabId).errors, p, () => true);
}

async function networkRead(tabId: number, p: Params) {
  const filter = (optionalString(p, "filter") ?? "").toLowerCase();
  const failedOnly = optionalBool(p, "failed") ?? false;
  const keep = (e: { url: string; failure: string; status: number }) =>
    (!filter || e.url.toLowerCase().includes(filter)) && (!failedOnly || e.failure !== "" || e.status >= 400);
  const r = await readRing(tabId, () => tabLogs(tabId).network, p, keep);
  // A plain listing also shows what is still in flight (never in a follow).
  const inflight =
    p["after"] === undefined || p["after"] === null
      ? [...tabLogs(tabId).inflight.values()].map((f) => ({ ...f.entry, seq: 0 })).filter(keep)
      : [];
  return { requests: r.entries, inflight, next: r.next, dropped: r.dropped };
}

// ---- network blocking ----

async function block(p: Params, deps: ToolDeps, add: boolean): Promise<{ patterns: string[]; skippedTabIds?: number[] }> {
  const sessionId = requireString(p, "sessionId");
  const patterns = requireStringArray(p, "patterns");
  if (patterns.some((x) => x.trim() === "")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "patterns" must not hold empty strings`);
  }
  const tabIds = await deps.sessionTabIds(p);
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

export function toolHandlers(deps: ToolDeps, click: TabHandler): Record<string, Handler> {
  const onTab = (fn: TabHandler): Handler => async (p) => {
    const tabId = await deps.resolveTab(p);
    noteTabSession(tabId, typeof p["sessionId"] === "string" ? p["sessionId"] : "");
    return fn(tabId, p);
  };
  return {
    "pages.upload": onTab(upload),
    "pages.download": onTab((tabId, p) => download(tabId, p, click)),
    "pages.pdf": onTab(pdf),
    "pages.cookies": onTab(cookies),
    "pages.setCookie": onTab(setCookie),
    "pages.clearCookies": onTab(clearCookies),
    "pages.storage": onTab(storage),
    "pages.setStorage": onTab(setStorage),
    "pages.clearStorage": onTab(clearStorage),
    "logs.console": onTab(consoleRead),
    "logs.errors": onTab(errorsRead),
    "logs.network": onTab(networkRead),
    "network.block": async (p) => block(p, deps, true),
    "network.unblock": async (p) => block(p, deps, false),
    "downloads.list": async (p) => {
      const sessionId = requireString(p, "sessionId");
      await deps.sessionTabIds(p); // 4103/4107 as every session method
      return { downloads: await listDownloads(sessionId) };
    },
  };
}
