// network.fence: the origins a session's tabs may reach. The hub sets it for
// a session that has a capability limited to origins (`session grant
// --origins`); while it is set every request of the session's tabs pauses
// (observe.ts's one Fetch.enable) and one to another origin fails
// (BlockedByClient) before any route answers it, and pages.navigate and
// tabs.open to another origin are refused with reason origin_not_allowed.
// Kept in chrome.storage.session, so a worker restart keeps the fence.

import type { NetworkMethod } from "../../methods";
import type { FenceResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError, type Handlers, type Params } from "../../types";
import { applyBlockingToTabs, setFenceCheck, tabSession } from "../logs/observe";
import type { RouteDeps } from "./routes";

const STORAGE_KEY = "originFences";

/** The session's allowed origins; no entry: no fence. */
const fences = new Map<string, string[]>();
let loaded: Promise<void> | undefined;

function load(): Promise<void> {
  // no chrome.storage (the unit tests' router): nothing was kept
  if (typeof chrome === "undefined" || !chrome.storage?.session) return Promise.resolve();
  loaded ??= chrome.storage.session
    .get(STORAGE_KEY)
    .then((v) => {
      const stored = (v?.[STORAGE_KEY] ?? {}) as Record<string, string[]>;
      for (const [s, o] of Object.entries(stored)) if (Array.isArray(o) && o.length > 0) fences.set(s, o);
    })
    .catch(() => undefined);
  return loaded;
}

async function persist(): Promise<void> {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return;
  await chrome.storage.session.set({ [STORAGE_KEY]: Object.fromEntries(fences) });
}

/**
 * An allowed origin as written: scheme://host[:port], the host optionally
 * `*.` for its subdomains too (`https://*.example.com`). Answers the
 * normalized form, or an error message.
 */
export function parseAllowedOrigin(s: string): string | { problem: string } {
  const m = /^(https?|wss?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?\/?$/i.exec(s.trim());
  if (!m) return { problem: `${JSON.stringify(s)} is not an origin (scheme://host[:port], the host may start with *.)` };
  const [, scheme, wild, host, port] = m;
  const def = scheme!.toLowerCase() === "https" || scheme!.toLowerCase() === "wss" ? "443" : "80";
  return `${scheme!.toLowerCase()}://${wild ?? ""}${host!.toLowerCase()}${port && port !== def ? ":" + port : ""}`;
}

/** Whether url may be reached under allowed (normalized origins). */
export function originAllowed(url: string, allowed: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  // what is no network origin stays inside the page: about:blank, data:, blob: of an allowed page
  if (u.protocol === "about:" || u.protocol === "data:") return true;
  if (u.protocol === "blob:") return originAllowed(u.pathname, allowed);
  const scheme = u.protocol.replace(/:$/, "");
  const host = u.hostname.toLowerCase();
  const port = u.port;
  return allowed.some((a) => {
    const m = /^([a-z]+):\/\/(\*\.)?([^:/]+)(?::(\d+))?$/.exec(a);
    if (!m) return false;
    const [, s, wild, h, p] = m;
    // ws(s) follows http(s): a page's WebSocket to its own origin
    const sameScheme = s === scheme || (s === "https" && scheme === "wss") || (s === "http" && scheme === "ws");
    const hostOK = wild ? host === h || host.endsWith("." + h) : host === h;
    return sameScheme && hostOK && (p ?? "") === port;
  });
}

/** Whether the session's fence lets url through (no fence: yes). */
export function fenceAllows(sessionId: string, url: string): boolean {
  const f = fences.get(sessionId);
  return !f || originAllowed(url, f);
}

/** Whether the session is fenced to origins now (its fence needs the debugger). */
export async function isFenced(sessionId: string): Promise<boolean> {
  await load();
  return fences.has(sessionId);
}

/** Whether a tab showing url may be in the session (session-joins.ts). */
export async function mayJoinFenced(sessionId: string, url: string): Promise<boolean> {
  await load();
  return fenceAllows(sessionId, url);
}

/** Refuses a navigation of the session to a URL its fence keeps out. */
export async function requireAllowedOrigin(sessionId: string, url: string): Promise<void> {
  await load();
  if (fenceAllows(sessionId, url)) return;
  throw new RpcError(
    ErrorCode.pageOperationFailed,
    `page operation failed: ${JSON.stringify(url)} is outside the origins this session may reach (${fences.get(sessionId)!.join(", ")})`,
    "origin_not_allowed",
  );
}

setFenceCheck({
  ready: load,
  fenced: (tabId) => fences.has(tabSession(tabId)),
  allows: (tabId, url) => fenceAllows(tabSession(tabId), url),
});

async function setFence(p: RequestParams<"network.fence">, deps: RouteDeps): Promise<FenceResult> {
  const raw = (p as Params)["origins"];
  if (!Array.isArray(raw) || !raw.every((o) => typeof o === "string")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "origins" must be an array of strings ([] lifts the fence)`);
  }
  const given = raw as string[];
  const origins: string[] = [];
  for (const o of given) {
    const n = parseAllowedOrigin(o);
    if (typeof n !== "string") throw new RpcError(ErrorCode.invalidParams, `invalid params: ${n.problem}`);
    if (!origins.includes(n)) origins.push(n);
  }
  const tabIds = await deps.sessionTabIds(p as Params);
  const sessionId = String(p.sessionId);
  await load();
  if (origins.length === 0) fences.delete(sessionId);
  else fences.set(sessionId, origins);
  await persist();
  const skipped = await applyBlockingToTabs(sessionId, tabIds);
  return skipped.length > 0 ? { origins, skippedTabIds: skipped } : { origins };
}

export function fenceHandlers(deps: RouteDeps): Handlers<Extract<NetworkMethod, "network.fence">> {
  return {
    "network.fence": async (p) => setFence(p, deps),
  };
}
