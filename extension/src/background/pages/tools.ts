// The tool calls: the handlers of files (upload, download), logs (console,
// errors, network) with long-poll following, network blocking, cookies,
// storage and PDF, run on their tab as the agent's input (no runPageCall).
// Each module exports its ToolHandlers next to its handlers; toolHandlers
// joins them with the ones that need deps.

import { timeCallOnTab } from "../call-timing";
import { joinTables } from "../../join-tables";
import { optionalBool, optionalInt, optionalOneOf, optionalString, requireString, requireStringArray } from "../params";
import {
  CONSOLE_LEVELS,
  type BlockResult,
  type ConsoleResult,
  type ErrorsResult,
  type NetworkResult,
  type RequestDetail,
  type RequestParams,
  type ResultOf,
} from "../protocol.gen";
import { ErrorCode, RpcError, type Handler, type Params } from "../types";
import { ensureAttached, generation, isAttached, send } from "./core/debugger";
import { agentCallEnded, agentCallStarted } from "./core/person-input";
import { listDownloads, waitBegin, waitDone, type Download } from "./files/downloads";
import { uploadHandlers } from "./files/files";
import { requestDetail } from "./network/network-detail";
import { waitResponseHandlers } from "./network/network-wait";
import { harHandlers } from "./network/har";
import { pollEvents } from "../event-stream";
import { fenceHandlers } from "./network/fence";
import { routeHandlers } from "./network/routes";
import { webSocketHandlers } from "./network/websockets";
import { applyBlockingToTabs, noteTabSession, setBlocked, tabLogs, type Ring } from "./logs/observe";
import { labelOf, requireTarget } from "./targets/target";
import { storageHandlers } from "./files/storage";
import type { TabHandler, ToolCallMethod, ToolHandlers } from "./tables";

export interface ToolDeps {
  resolveTab(params: Params): Promise<number>;
  /** Every tab of the params' session (for network block). */
  sessionTabIds(params: Params): Promise<number[]>;
}

/** A long poll waits at most this long (the hub's call timeout is 30 s). */
export const MAX_WAIT_MS = 20_000;

/** pages.click as the input module does it, without the aftermath
 * (pages.download waits for the download itself). */
export type Click = (tabId: number, params: RequestParams<"pages.click">) => Promise<{ ok: true }>;

/**
 * pages.download: clicks the target (any kind pages.click takes: a ref, a
 * CSS selector, a role target) and waits for the download it starts.
 */
async function download(tabId: number, p: RequestParams<"pages.download">, click: Click): Promise<Download> {
  const target = requireTarget(p);
  const ref = labelOf(target);
  const budget = optionalInt(p, "timeout", 0) ?? 30_000;
  const since = Date.now();
  const shown = generation(tabId);
  await click(tabId, { sessionId: p.sessionId, timeoutMs: p.timeoutMs, ...target });
  const d = await waitBegin(tabId, since, Math.max(0, since + budget - Date.now()));
  if (!d) {
    // The click opened a page instead (a link to HTML): say which, so the
    // caller knows the file is not coming from this click.
    let opened = "";
    if (generation(tabId) !== shown) {
      const t = await chrome.tabs.get(tabId).catch(() => undefined);
      if (t?.url) opened = `: it opened the page ${t.url} instead`;
    }
    throw new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms: clicking ${ref} started no download${opened}`);
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
  const skipped = await applyBlockingToTabs(sessionId, tabIds);
  return skipped.length > 0 ? { patterns: now, skippedTabIds: skipped } : { patterns: now };
}

// This file's handlers that need no deps.
const logHandlers = {
  "logs.console": consoleRead,
  "logs.errors": errorsRead,
  "logs.network": networkRead,
  "network.request": networkRequest,
} satisfies ToolHandlers;

/** The modules' tool tables: each handler runs on the call's tab. Those
 * that act on the page (an upload's files) make the caller's input; the
 * reads and waits make none. */
const ON_TAB_ACTING = joinTables(uploadHandlers, storageHandlers);
const ON_TAB_READING = joinTables(logHandlers, waitResponseHandlers, webSocketHandlers);
const ON_TAB = joinTables(ON_TAB_ACTING, ON_TAB_READING);

/** Every method toolHandlers answers (index.ts leaves their pages.* ones out). */
export type ToolMethod = keyof ReturnType<typeof toolHandlers>;

export function toolHandlers(deps: ToolDeps, click: Click) {
  // makesInput: the call's own input (a download's click, an upload's
  // files) is not the person's, so the call's time is the caller's. Reads
  // and waits (logs.*, network.*) make none and may run long (a follow's
  // long poll): counted as the caller's, the person's clicks meanwhile
  // would be taken for the caller's too.
  const onTab =
    <M extends ToolCallMethod>(fn: TabHandler<M>, makesInput: boolean): Handler<M> =>
    async (p) => {
      const tabId = await deps.resolveTab(p as Params);
      noteTabSession(tabId, typeof p.sessionId === "string" ? p.sessionId : "");
      timeCallOnTab(p, tabId);
      if (makesInput) agentCallStarted(tabId);
      try {
        return await fn(tabId, p);
      } finally {
        if (makesInput) agentCallEnded(tabId);
      }
    };
  const onTabs = Object.fromEntries(
    Object.entries(ON_TAB).map(([m, fn]) => [m, onTab(fn as TabHandler<ToolCallMethod>, m in ON_TAB_ACTING)]),
  ) as {
    readonly [M in keyof typeof ON_TAB]: Handler<M>;
  };
  return joinTables(
    onTabs,
    {
      "pages.download": onTab<"pages.download">((tabId, p) => download(tabId, p, click), true),
      "network.block": async (p) => block(p, deps, true),
      "network.unblock": async (p) => block(p, deps, false),
      "logs.events": pollEvents,
      "downloads.list": async (p) => {
        await deps.sessionTabIds(p as Params); // 4103/4107 as every session method
        return { downloads: await listDownloads(String(p.sessionId)) };
      },
    } satisfies { readonly [M in ToolCallMethod]?: Handler<M> },
    routeHandlers(deps),
    harHandlers(deps),
    fenceHandlers(deps),
  );
}
