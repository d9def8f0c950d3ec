// The popup's view of what each caller did: the last calls of each
// session, as the router saw them (the hub keeps the whole journal: GET
// /journal, `browserctl log`). Each names its caller (from the hub's
// "caller" member), method, target as role and name, the page's URL, how
// it ended and how long it took; never a value typed into a field (its
// length only). Kept in chrome.storage.session, so a service-worker
// restart keeps them; the newest RECORD_LIMIT per session.

import { lastURL } from "../pages/logs/events";
import type { CallObserver } from "../router";
import type { Caller } from "./call-context";

export const RECORD_LIMIT = 20;
const STORAGE_KEY = "browserctl.calls";
const SAVE_AFTER_MS = 200;

export interface CallEntry {
  time: number;
  caller?: Caller;
  method: string;
  target?: string;
  url?: string;
  valueLength?: number;
  ok: boolean;
  code?: number;
  reason?: string;
  ms: number;
}

const bySession = new Map<string, CallEntry[]>();
let loaded: Promise<void> | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function hasStorage(): boolean {
  return typeof chrome !== "undefined" && !!chrome.storage?.session;
}

function load(): Promise<void> {
  if (!hasStorage()) return Promise.resolve();
  loaded ??= chrome.storage.session
    .get(STORAGE_KEY)
    .then((v) => {
      const all = v?.[STORAGE_KEY] as Record<string, CallEntry[]> | undefined;
      for (const [sid, es] of Object.entries(all ?? {})) {
        if (!Array.isArray(es)) continue;
        // calls recorded since the load began come after the kept ones
        bySession.set(sid, [...es, ...(bySession.get(sid) ?? [])].slice(-RECORD_LIMIT));
      }
    })
    .catch(() => undefined);
  return loaded;
}

function saveSoon(): void {
  if (!hasStorage() || saveTimer !== undefined) return;
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    void load().then(() => chrome.storage.session.set({ [STORAGE_KEY]: Object.fromEntries(bySession) })).catch(() => undefined);
  }, SAVE_AFTER_MS);
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** What a call acted on: the element its answer names (`button "Pay now"
 * [e3]`), else the ref, selector, URL, key or tab it was given. */
export function targetText(params: Record<string, unknown>, result: unknown): string | undefined {
  const t = (result as { target?: unknown } | null)?.target;
  if (t && typeof t === "object") {
    const el = t as { ref?: unknown; role?: unknown; name?: unknown };
    if (typeof el.role === "string" && el.role !== "") {
      return `${el.role}${typeof el.name === "string" && el.name ? ` ${JSON.stringify(el.name)}` : ""}${typeof el.ref === "string" && el.ref ? ` [${el.ref}]` : ""}`;
    }
  }
  for (const k of ["ref", "selector", "url", "key", "direction", "what"]) {
    const v = str(params[k]);
    if (v) return v.length > 200 ? v.slice(0, 199) + "…" : v;
  }
  return typeof params["tabId"] === "number" ? `tab ${params["tabId"]}` : undefined;
}

/** Notes one call of a session (the router calls this as each ends). */
export function recordCall(sessionId: string, e: CallEntry): void {
  if (!sessionId) return;
  let es = bySession.get(sessionId);
  if (!es) bySession.set(sessionId, (es = []));
  es.push(e);
  if (es.length > RECORD_LIMIT) es.splice(0, es.length - RECORD_LIMIT);
  void load().then(saveSoon);
}

/** The newest calls of each session (the popup asks). */
export async function recentCalls(): Promise<Record<string, CallEntry[]>> {
  await load();
  return Object.fromEntries(bySession);
}

/** Forgets an ended session's calls. */
export function forgetCalls(sessionId: string): void {
  if (bySession.delete(sessionId)) saveSoon();
}

/** Methods not recorded: the event stream's polls (a follower's long
 * poll every few seconds), and the ends of a session (nothing is left to
 * show them under). */
const UNRECORDED = new Set(["logs.events", "sessions.close", "sessions.release"]);

/** The router's observer: each call of a session, recorded as it ends. */
export const callRecorder: CallObserver = { ended: recordEnded };

function recordEnded(...[method, params, ctx, outcome]: Parameters<NonNullable<CallObserver["ended"]>>): void {
  if (UNRECORDED.has(method)) return;
  const result = "result" in outcome ? (outcome.result as Record<string, unknown> | null) : undefined;
  const sid = str(params["sessionId"]) ?? (method.startsWith("sessions.") ? str(result?.["sessionId"]) : undefined);
  if (!sid) return;
  const e: CallEntry = { time: ctx.started, method, ok: "result" in outcome, ms: Date.now() - ctx.started };
  if (ctx.caller) e.caller = { kind: ctx.caller.kind, ...(ctx.caller.name ? { name: ctx.caller.name } : {}), ...(ctx.caller.pid ? { pid: ctx.caller.pid } : {}) };
  const target = targetText(params, result);
  if (target) e.target = target;
  const nav = (result?.["navigation"] as { url?: unknown } | undefined)?.url;
  const url = str(result?.["url"]) ?? str(nav) ?? lastURL(ctx.tabId);
  if (url) e.url = url.length > 300 ? url.slice(0, 299) + "…" : url;
  for (const k of ["value", "text"]) {
    if (typeof params[k] === "string") e.valueLength = [...(params[k] as string)].length;
  }
  if ("error" in outcome) {
    e.code = outcome.error.code;
    e.reason = outcome.error.reason;
  }
  recordCall(sid, e);
}
