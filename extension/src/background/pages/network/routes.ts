// network.route / unroute / routes: a session's routes answer the matching
// requests of every tab of the session with their own response
// (Fetch.fulfillRequest) or fail them (Fetch.failRequest), after an
// optional delay. The routes ride on observe.ts's one Fetch.enable per tab
// (its patterns are the block list's and the routes'), and live in
// chrome.storage.session, so a restarted worker answers with them again; a
// session that ends (close, release, its group removed) takes its routes
// with it. `network block` stays the short form of an abort route: its
// patterns are listed here and unroute removes them.

import type { NetworkMethod } from "../../methods";
import { optionalBool, optionalInt, optionalString, requireString } from "../../params";
import type { RequestParams, Route, RouteHeader, RoutesResult } from "../../protocol.gen";
import { onSessionRemoved } from "../../sessions/session-store";
import { ErrorCode, RpcError, type Handlers, type Params } from "../../types";
import { applyBlockingToTabs, blockedPatterns, matchesPattern, noteTabSession, setBlocked, setFetchRouter, tabSession } from "../logs/observe";

export const STORAGE_KEY = "browserctl.routes";
/** The largest body a route answers with (rpc.RouteBodyMax). */
export const ROUTE_BODY_MAX = 4 << 20;
/** The longest delay (rpc.RouteDelayMax). */
export const ROUTE_DELAY_MAX = 60_000;
/** Routes per session. */
export const ROUTES_MAX = 100;

/** A route as kept: the wire's Route plus its body (base64). */
export interface StoredRoute extends Route {
  body: string;
}

// ---- pure ----

/** Why a pattern cannot match a URL (empty, spaces, a lone trailing \), or undefined. */
export function patternProblem(p: string): string | undefined {
  if (p.trim() === "") return "the pattern is empty";
  if (/[\s\u0000-\u001f\u007f]/.test(p)) return `the pattern ${JSON.stringify(p)} holds a space or control character: no URL matches it`;
  const tail = /\\+$/.exec(p)?.[0].length ?? 0;
  if (tail % 2 === 1) return `the pattern ${JSON.stringify(p)} ends in a lone \\ (it escapes the next character)`;
  return undefined;
}

/** Why a header cannot be sent, or undefined (RFC 9110 token name, no CR/LF/NUL in the value). */
export function headerProblem(h: RouteHeader): string | undefined {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name)) return `the header name ${JSON.stringify(h.name)} is not an HTTP token`;
  if (/[\r\n\u0000]/.test(h.value)) return `the value of header ${h.name} holds a line break or NUL`;
  return undefined;
}

/** The route that answers url: the newest one whose pattern matches. */
export function pickRoute<R extends { pattern: string }>(routes: readonly R[], url: string): R | undefined {
  for (let i = routes.length - 1; i >= 0; i--) if (matchesPattern(url, routes[i]!.pattern)) return routes[i];
  return undefined;
}

/** Adds r, replacing the route of the same pattern (r goes last: newest). */
export function upsert(routes: readonly StoredRoute[], r: StoredRoute): StoredRoute[] {
  return [...routes.filter((x) => x.pattern !== r.pattern), r];
}

/**
 * The headers a fulfilled request gets: the route's, Content-Type from
 * contentType when given. A Set-Cookie whose Domain attribute is not the
 * request's host or a parent of it is left out: a route answers for the
 * request's site and never plants cookies for another (the browser's own
 * rule for a real response, kept here whatever the browser does).
 */
export function responseHeaders(r: Pick<Route, "headers" | "contentType">, requestURL = ""): RouteHeader[] {
  let host = "";
  try {
    host = new URL(requestURL).hostname.toLowerCase();
  } catch {
    // no URL: every Set-Cookie with a Domain is left out
  }
  const out = r.headers.filter((h) => {
    const name = h.name.toLowerCase();
    if (r.contentType && name === "content-type") return false;
    return name !== "set-cookie" || cookieDomainFits(h.value, host);
  });
  if (r.contentType) out.push({ name: "Content-Type", value: r.contentType });
  return out;
}

/** Whether a Set-Cookie value's Domain attribute (if any) covers host. */
export function cookieDomainFits(setCookie: string, host: string): boolean {
  for (const part of setCookie.split(";").slice(1)) {
    const [k, ...v] = part.split("=");
    if (k?.trim().toLowerCase() !== "domain") continue;
    const d = v.join("=").trim().toLowerCase().replace(/^\./, "");
    if (!host || !(host === d || host.endsWith("." + d))) return false;
  }
  return true;
}

/** The wire's view: no body, its size instead. */
export function shown(r: StoredRoute): Route {
  const { body: _body, ...rest } = r;
  return rest;
}

/** Bytes of a base64 string once decoded. */
export function base64Size(b: string): number {
  const pad = b.endsWith("==") ? 2 : b.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((b.length * 3) / 4) - pad);
}

// ---- state ----

const bySession = new Map<string, StoredRoute[]>();
let loaded: Promise<void> | undefined;

/** Loads the stored routes once (a fresh worker). */
export function ready(): Promise<void> {
  loaded ??= (async () => {
    const store = globalThis.chrome?.storage?.session;
    if (!store) return;
    const got = await store.get(STORAGE_KEY).catch(() => ({}) as Record<string, unknown>);
    const all = (got[STORAGE_KEY] ?? {}) as Record<string, StoredRoute[]>;
    for (const [id, rs] of Object.entries(all)) if (!bySession.has(id) && Array.isArray(rs)) bySession.set(id, rs);
  })();
  return loaded;
}

async function persist(): Promise<void> {
  await chrome.storage.session.set({ [STORAGE_KEY]: Object.fromEntries(bySession) });
}

/** Replaces the session's routes and stores them; a refused store (quota) undoes the change and fails. */
async function storeRoutes(sessionId: string, routes: StoredRoute[]): Promise<void> {
  const before = bySession.get(sessionId);
  if (routes.length === 0) bySession.delete(sessionId);
  else bySession.set(sessionId, routes);
  try {
    await persist();
  } catch (e) {
    if (before) bySession.set(sessionId, before);
    else bySession.delete(sessionId);
    throw new RpcError(
      ErrorCode.operationFailed,
      `the routes could not be kept in the extension's session storage (${e instanceof Error ? e.message : String(e)}): a smaller body may fit`,
    );
  }
}

export function routesOf(sessionId: string): StoredRoute[] {
  return bySession.get(sessionId) ?? [];
}

onSessionRemoved((sessionId) => {
  if (!bySession.delete(sessionId)) return;
  void persist().catch(() => undefined);
});

// ---- the Fetch pipeline's answers ----

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// Straight to chrome.debugger, like observe.ts's answers: a paused request
// is answered whatever the page does (a dialog).
function answerSend(tabId: number, method: string, params: object): Promise<unknown> {
  return chrome.debugger.sendCommand({ tabId }, method, params).catch(() => undefined);
}

async function answer(tabId: number, requestId: string, r: StoredRoute, url: string): Promise<void> {
  if (r.delayMs > 0) await sleep(r.delayMs);
  if (r.abort) {
    await answerSend(tabId, "Fetch.failRequest", { requestId, errorReason: "BlockedByClient" });
    return;
  }
  await answerSend(tabId, "Fetch.fulfillRequest", {
    requestId,
    responseCode: r.status || 200,
    responseHeaders: responseHeaders(r, url),
    body: r.body,
  });
}

setFetchRouter({
  ready,
  patterns: (tabId) => routesOf(tabSession(tabId)).map((r) => r.pattern),
  paused(tabId, p) {
    const req = (p["request"] ?? {}) as { url?: unknown; urlFragment?: unknown };
    const url = String(req.url ?? "") + String(req.urlFragment ?? "");
    const r = pickRoute(routesOf(tabSession(tabId)), url);
    if (!r) return false;
    void answer(tabId, String(p["requestId"] ?? ""), r, url);
    return true;
  },
});

// ---- handlers ----

export interface RouteDeps {
  /** Every tab of the params' session: 4103 without a session, 4107 for an unknown one. */
  sessionTabIds(params: Params): Promise<number[]>;
}

type RouteMethod = Extract<NetworkMethod, "network.route" | "network.unroute" | "network.routes">;

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

/** The route params as a StoredRoute, every member checked. */
export function parseRoute(p: RequestParams<"network.route">): StoredRoute {
  const pattern = requireString(p, "pattern");
  const bad = patternProblem(pattern);
  if (bad) throw invalid(bad);
  const abort = optionalBool(p, "abort") ?? false;
  const status = optionalInt(p, "status", 100) ?? 200;
  if (status > 599) throw invalid(`"status" must be an HTTP status 100..599, got ${status}`);
  const delayMs = optionalInt(p, "delayMs", 0) ?? 0;
  if (delayMs > ROUTE_DELAY_MAX) throw invalid(`"delayMs" must be at most ${ROUTE_DELAY_MAX}`);
  const body = optionalString(p, "body") ?? "";
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) throw invalid(`"body" must be base64`);
  const bodySize = base64Size(body);
  if (bodySize > ROUTE_BODY_MAX) throw invalid(`"body" is ${bodySize} bytes, more than ${ROUTE_BODY_MAX}`);
  const contentType = optionalString(p, "contentType") ?? "";
  if (/[\r\n\u0000]/.test(contentType)) throw invalid(`"contentType" holds a line break or NUL`);
  const rawHeaders = p.headers;
  if (rawHeaders !== undefined && rawHeaders !== null && !Array.isArray(rawHeaders)) throw invalid(`"headers" must be an array`);
  const headers: RouteHeader[] = [];
  for (const h of (rawHeaders ?? []) as unknown[]) {
    const o = h as { name?: unknown; value?: unknown } | null;
    if (!o || typeof o.name !== "string" || typeof o.value !== "string") throw invalid(`"headers" holds {name, value} strings`);
    const why = headerProblem({ name: o.name, value: o.value });
    if (why) throw invalid(why);
    headers.push({ name: o.name, value: o.value });
  }
  if (abort && (body !== "" || headers.length > 0 || contentType !== "" || p.status !== undefined)) {
    throw invalid(`an abort route fails the request: it takes no status, body, headers or contentType`);
  }
  return { pattern, status: abort ? 0 : status, headers, contentType, bodySize, abort, delayMs, body };
}

function list(sessionId: string): Route[] {
  const routes = routesOf(sessionId).map(shown);
  const routed = new Set(routes.map((r) => r.pattern));
  // network block's patterns: abort routes in their short form.
  const blocks = blockedPatterns(sessionId)
    .filter((p) => !routed.has(p))
    .map((pattern) => ({ pattern, status: 0, headers: [], contentType: "", bodySize: 0, abort: true, delayMs: 0 }));
  return [...blocks, ...routes];
}


function result(sessionId: string, skipped: number[], removed?: number): RoutesResult {
  const out: RoutesResult = { routes: list(sessionId) };
  if (removed !== undefined) out.removed = removed;
  if (skipped.length > 0) out.skippedTabIds = skipped;
  return out;
}

export function routeHandlers(deps: RouteDeps): Handlers<RouteMethod> {
  return {
    "network.route": async (p) => {
      const r = parseRoute(p);
      const tabIds = await deps.sessionTabIds(p as Params);
      const sessionId = String(p.sessionId);
      await ready();
      const now = upsert(routesOf(sessionId), r);
      if (now.length > ROUTES_MAX) throw invalid(`a session keeps at most ${ROUTES_MAX} routes (network unroute removes some)`);
      await storeRoutes(sessionId, now);
      return result(sessionId, await applyBlockingToTabs(sessionId, tabIds));
    },
    "network.unroute": async (p) => {
      const pattern = optionalString(p, "pattern");
      const all = optionalBool(p, "all") ?? false;
      if (all === (pattern !== undefined)) throw invalid(`give a pattern or all, one of them`);
      const tabIds = await deps.sessionTabIds(p as Params);
      const sessionId = String(p.sessionId);
      await ready();
      const before = routesOf(sessionId);
      const blocks = blockedPatterns(sessionId);
      let removed: number;
      if (all) {
        removed = before.length + blocks.filter((b) => !before.some((r) => r.pattern === b)).length;
        setBlocked(sessionId, [], blocks);
        await storeRoutes(sessionId, []);
      } else {
        const routed = before.some((r) => r.pattern === pattern);
        const blocked = blocks.includes(pattern!);
        if (!routed && !blocked) {
          const have = list(sessionId).map((r) => r.pattern);
          throw invalid(
            `no route ${JSON.stringify(pattern)} in this session (${have.length === 0 ? "it has none" : `its routes: ${have.map((x) => JSON.stringify(x)).join(", ")}`})`,
          );
        }
        if (blocked) setBlocked(sessionId, [], [pattern!]);
        if (routed) await storeRoutes(sessionId, before.filter((r) => r.pattern !== pattern));
        removed = 1;
      }
      return result(sessionId, await applyBlockingToTabs(sessionId, tabIds), removed);
    },
    "network.routes": async (p) => {
      await deps.sessionTabIds(p as Params);
      await ready();
      return result(String(p.sessionId), []);
    },
  };
}
