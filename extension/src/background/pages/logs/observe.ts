// What a tab did since browserctl attached to it: console messages, uncaught
// exceptions and unhandled rejections, and network requests, each kept in a
// bounded log per tab (oldest dropped first) with a sequence number, so a
// caller can read "everything after N" and follow a log by calling again.
// Also network blocking: Fetch.requestPaused for the session's patterns
// answers Fetch.failRequest(BlockedByClient), after the session's routes
// (network/routes.ts) had their turn.
//
// The hub carries only request/response, no server push, so following is a
// long poll: logs.* take `after` (the last seq seen) and `waitMs`; with
// nothing newer they wait up to waitMs for an entry, then answer what they
// have. The CLI loops until Ctrl-C.

import type { ConsoleEntry, ErrorEntry, RequestEntry } from "../../protocol.gen";
import { ensureAttached, onForget, type AttachSend } from "../core/debugger";
import { DetailStore } from "../network/network-detail";

export const CONSOLE_LIMIT = 1000;
export const ERRORS_LIMIT = 200;
export const NETWORK_LIMIT = 1000;
/** In-flight requests remembered per tab; beyond it the oldest are dropped. */
const INFLIGHT_LIMIT = 500;

// The entries' shapes are the wire's (rpc/logs.go, generated):
// console levels debug, log, info, warning, error; error kinds exception,
// rejection; a request's status 0 without a response, failure "" or the net
// error, durationMs -1 while in flight.
export type { ConsoleEntry, ErrorEntry, RequestEntry };

/** A bounded log: entries with increasing seq, the oldest dropped first. */
export class Ring<T extends { seq: number }> {
  private items: T[] = [];
  dropped = 0;
  private waiters = new Set<() => void>();
  constructor(
    readonly limit: number,
    private nextSeq: () => number,
  ) {}

  push(e: Omit<T, "seq">): T {
    const full = { ...e, seq: this.nextSeq() } as T;
    this.items.push(full);
    if (this.items.length > this.limit) {
      this.items.splice(0, this.items.length - this.limit);
      this.dropped++;
    }
    for (const w of [...this.waiters]) w();
    return full;
  }

  after(seq: number): T[] {
    // entries are in seq order: find the first newer one from the end
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.seq > seq) i--;
    return this.items.slice(i);
  }

  clear(): void {
    this.items = [];
  }

  /** Resolves on the next push, or after ms; returns the unsubscribe-safe promise. */
  waitNext(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  wakeAll(): void {
    for (const w of [...this.waiters]) w();
  }
}

interface InFlight {
  entry: Omit<RequestEntry, "seq">;
  ts: number; // CDP monotonic seconds at the start
}

export interface TabLogs {
  console: Ring<ConsoleEntry>;
  errors: Ring<ErrorEntry>;
  network: Ring<RequestEntry>;
  inflight: Map<string, InFlight>;
  /** Headers and timing of the newest requests, by short id (network.request). */
  details: DetailStore;
}

let seqCounter = 0;
const nextSeq = () => ++seqCounter;
/** Requests' short ids: unique in the extension's run, across tabs. */
let requestCounter = 0;
const byTab = new Map<number, TabLogs>();

/** The tab's logs, created empty on first use. */
export function tabLogs(tabId: number): TabLogs {
  let l = byTab.get(tabId);
  if (!l) {
    l = {
      console: new Ring<ConsoleEntry>(CONSOLE_LIMIT, nextSeq),
      errors: new Ring<ErrorEntry>(ERRORS_LIMIT, nextSeq),
      network: new Ring<RequestEntry>(NETWORK_LIMIT, nextSeq),
      inflight: new Map(),
      details: new DetailStore(),
    };
    byTab.set(tabId, l);
  }
  return l;
}

/** Requests to fail, per session (network block), and which session a tab serves. */
const blockBySession = new Map<string, Set<string>>();
const sessionOfTab = new Map<number, string>();

export function noteTabSession(tabId: number, sessionId: string): void {
  if (sessionId) sessionOfTab.set(tabId, sessionId);
}

export function tabSession(tabId: number): string {
  return sessionOfTab.get(tabId) ?? "";
}

export function blockedPatterns(sessionId: string): string[] {
  return [...(blockBySession.get(sessionId) ?? [])].sort();
}

export function setBlocked(sessionId: string, add: string[], remove: string[]): string[] {
  const set = blockBySession.get(sessionId) ?? new Set<string>();
  for (const p of add) set.add(p);
  for (const p of remove) set.delete(p);
  if (set.size === 0) blockBySession.delete(sessionId);
  else blockBySession.set(sessionId, set);
  return blockedPatterns(sessionId);
}

/**
 * A user's pattern as a Fetch urlPattern: with a `*` or `?` it is a
 * wildcard pattern over the whole URL; without, a substring of the URL.
 */
export function fetchPattern(p: string): string {
  if (/[*?]/.test(p)) return p;
  return `*${p.replace(/\\/g, "\\\\")}*`;
}

/**
 * The Fetch domain has one owner per tab: one Fetch.enable whose patterns
 * cover every user of it. Besides blocking, a session's credentials
 * (emulation/auth.ts) need every request intercepted with
 * handleAuthRequests; the hook says whether a tab wants that.
 */
let wantsAuth: (tabId: number) => boolean = () => false;
export function setAuthWanted(fn: (tabId: number) => boolean): void {
  wantsAuth = fn;
}

/**
 * A tab's extra headers (emulation/headers.ts) share it too: requests to
 * their origin pause, and go on with the headers added.
 */
export interface HeaderRule {
  origin: string;
  headers: Record<string, string>;
}
let headerRule: (tabId: number) => HeaderRule | undefined = () => undefined;
export function setHeaderRule(fn: (tabId: number) => HeaderRule | undefined): void {
  headerRule = fn;
}

/** Whether a request URL is on the rule's origin (exactly: scheme, host, port). */
export function onOrigin(rule: HeaderRule, url: string): boolean {
  try {
    return new URL(url).origin === rule.origin;
  } catch {
    return false;
  }
}

/** The request's headers with the rule's put in (a name the request has is replaced, whatever its case). */
export function withHeaders(rule: HeaderRule, request: unknown): Array<{ name: string; value: string }> {
  const ours = new Set(Object.keys(rule.headers).map((n) => n.toLowerCase()));
  const out: Array<{ name: string; value: string }> = [];
  const had = request && typeof request === "object" ? (request as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(had)) {
    if (!ours.has(name.toLowerCase())) out.push({ name, value: String(value) });
  }
  for (const [name, value] of Object.entries(rule.headers)) out.push({ name, value });
  return out;
}

/**
 * Routes (network/routes.ts) share the one Fetch.enable: their patterns
 * are intercepted too, and a paused request goes to them first (paused
 * answers true when a route took it).
 */
export interface FetchRouter {
  ready(): Promise<void>;
  patterns(tabId: number): string[];
  paused(tabId: number, params: Record<string, unknown>): boolean;
}
let router: FetchRouter = { ready: async () => undefined, patterns: () => [], paused: () => false };
export function setFetchRouter(r: FetchRouter): void {
  router = r;
}

/** A Fetch urlPattern (`*`, `?`, `\` escapes) as a RegExp over the whole URL. */
function patternRegExp(p: string): RegExp {
  let re = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\" && i + 1 < p.length) re += p[++i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "s");
}

/** Whether the URL matches a user's pattern (network block's syntax). */
export function matchesPattern(url: string, p: string): boolean {
  return patternRegExp(fetchPattern(p)).test(url);
}

/** Whether the tab's session blocks the URL. */
export function isBlocked(tabId: number, url: string): boolean {
  return blockedPatterns(tabSession(tabId)).some((p) => patternRegExp(fetchPattern(p)).test(url));
}

/**
 * A session's origin fence (network/fence.ts): while a tab's session has
 * one, every request of the tab pauses, and one to an origin outside it
 * fails before routes or blocks are asked.
 */
export interface FenceCheck {
  ready(): Promise<void>;
  fenced(tabId: number): boolean;
  allows(tabId: number, url: string): boolean;
}
let fence: FenceCheck = { ready: async () => undefined, fenced: () => false, allows: () => true };
export function setFenceCheck(f: FenceCheck): void {
  fence = f;
}

/**
 * Puts a session's interception (blocks, routes, fence) on every tab of it
 * now, attaching each; answers the tabs that could not be attached (a
 * chrome:// page, a dialog open): they get it on their first attach.
 */
export async function applyBlockingToTabs(sessionId: string, tabIds: number[]): Promise<number[]> {
  const skipped: number[] = [];
  for (const tabId of tabIds) {
    noteTabSession(tabId, sessionId);
    try {
      await ensureAttached(tabId);
      await applyBlocking(tabId, (method, params = {}) => chrome.debugger.sendCommand({ tabId }, method, params as Record<string, unknown>));
    } catch {
      skipped.push(tabId);
    }
  }
  return skipped;
}

/** Turns interception on or off in a tab for its session's patterns (and credentials, headers, and its fence). */
export async function applyBlocking(tabId: number, send: AttachSend): Promise<void> {
  await router.ready();
  await fence.ready();
  const hdr = headerRule(tabId);
  const patterns = [
    ...new Set([
      ...[...blockedPatterns(tabSession(tabId)), ...router.patterns(tabId)].map(fetchPattern),
      ...(hdr ? [`${hdr.origin}/*`] : []),
    ]),
  ];
  if (fence.fenced(tabId)) {
    // every request pauses: the fence sees each one
    await send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }], handleAuthRequests: wantsAuth(tabId) });
    return;
  }
  const auth = wantsAuth(tabId);
  if (patterns.length === 0 && !auth) {
    await send("Fetch.disable");
    return;
  }
  if (auth) {
    // Every request pauses; requestPaused fails the blocked ones and
    // continues the rest.
    await send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }], handleAuthRequests: true });
    return;
  }
  await send("Fetch.enable", { patterns: patterns.map((urlPattern) => ({ urlPattern, requestStage: "Request" })) });
}

// ---- event collection ----

const CONSOLE_LEVELS: Record<string, string> = {
  debug: "debug",
  info: "info",
  warning: "warning",
  error: "error",
  assert: "error",
  trace: "log",
};

interface ObjectPreview {
  type?: string;
  subtype?: string;
  description?: string;
  overflow?: boolean;
  properties?: { name: string; type: string; value?: string }[];
}

interface RemoteObject {
  type?: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: ObjectPreview;
}

/** An object as DevTools shows it on one line: {a: 1, b: "x"}, [1, 2]. */
function previewText(p: ObjectPreview): string {
  const props = p.properties ?? [];
  const more = p.overflow ? ", …" : "";
  const val = (x: { type: string; value?: string }) => (x.type === "string" ? JSON.stringify(x.value ?? "") : (x.value ?? x.type));
  if (p.subtype === "array") return `[${props.map(val).join(", ")}${more}]`;
  const body = `{${props.map((x) => `${x.name}: ${val(x)}`).join(", ")}${more}}`;
  return p.description && p.description !== "Object" ? `${p.description} ${body}` : body;
}

function argText(a: RemoteObject): string {
  if (a.type === "string") return String(a.value);
  if (a.type === "object" && a.subtype !== "null" && a.subtype !== "error" && a.preview) return previewText(a.preview);
  if (a.unserializableValue !== undefined) return a.unserializableValue;
  if (a.type === "undefined") return "undefined";
  if (a.value !== undefined) {
    try {
      return JSON.stringify(a.value);
    } catch {
      return String(a.value);
    }
  }
  return a.description ?? a.type ?? "";
}

interface CallFrame {
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

function firstFrame(st: unknown): CallFrame {
  const frames = (st as { callFrames?: CallFrame[] } | undefined)?.callFrames;
  return frames?.[0] ?? {};
}

function onConsoleAPI(logs: TabLogs, p: Record<string, unknown>): void {
  const args = (p["args"] as RemoteObject[] | undefined) ?? [];
  const type = String(p["type"] ?? "log");
  const f = firstFrame(p["stackTrace"]);
  logs.console.push({
    level: CONSOLE_LEVELS[type] ?? "log",
    text: args.map(argText).join(" "),
    source: "console-api",
    url: f.url ?? "",
    line: (f.lineNumber ?? -1) + 1,
    column: (f.columnNumber ?? -1) + 1,
    time: typeof p["timestamp"] === "number" ? Math.round(p["timestamp"] as number) : Date.now(),
  });
}

function onLogEntry(logs: TabLogs, p: Record<string, unknown>): void {
  const e = (p["entry"] ?? {}) as Record<string, unknown>;
  const level = String(e["level"] ?? "info");
  logs.console.push({
    level: level === "verbose" ? "debug" : level,
    text: String(e["text"] ?? ""),
    source: String(e["source"] ?? "other"),
    url: String(e["url"] ?? ""),
    line: typeof e["lineNumber"] === "number" ? (e["lineNumber"] as number) + 1 : 0,
    column: 0,
    time: typeof e["timestamp"] === "number" ? Math.round(e["timestamp"] as number) : Date.now(),
  });
}

function onException(logs: TabLogs, p: Record<string, unknown>): void {
  const d = (p["exceptionDetails"] ?? {}) as Record<string, unknown>;
  const ex = (d["exception"] ?? {}) as RemoteObject;
  const head = String(d["text"] ?? "Uncaught");
  const desc = ex.description ?? (ex.value !== undefined ? argText(ex) : "");
  const rejection = /in promise/i.test(head);
  const f = firstFrame(d["stackTrace"]);
  logs.errors.push({
    kind: rejection ? "rejection" : "exception",
    text: desc ? `${head} ${desc.split("\n")[0]}` : head,
    stack: desc,
    url: String(d["url"] ?? f.url ?? ""),
    line: (typeof d["lineNumber"] === "number" ? (d["lineNumber"] as number) : (f.lineNumber ?? -1)) + 1,
    column: (typeof d["columnNumber"] === "number" ? (d["columnNumber"] as number) : (f.columnNumber ?? -1)) + 1,
    time: typeof p["timestamp"] === "number" ? Math.round(p["timestamp"] as number) : Date.now(),
  });
}

function finish(logs: TabLogs, id: string, ts: number, patch: Partial<RequestEntry>): void {
  const f = logs.inflight.get(id);
  if (!f) return;
  logs.inflight.delete(id);
  logs.network.push({ ...f.entry, ...patch, durationMs: Math.max(0, Math.round((ts - f.ts) * 1000)) });
}

interface CdpResponse {
  status?: number;
  statusText?: string;
  mimeType?: string;
  encodedDataLength?: number;
}

function onNetwork(logs: TabLogs, method: string, p: Record<string, unknown>): void {
  const id = String(p["requestId"] ?? "");
  const ts = typeof p["timestamp"] === "number" ? (p["timestamp"] as number) : 0;
  switch (method) {
    case "Network.requestWillBeSent": {
      const redirect = p["redirectResponse"] as CdpResponse | undefined;
      if (redirect) {
        finish(logs, id, ts, {
          status: redirect.status ?? 0,
          statusText: redirect.statusText ?? "",
          mimeType: redirect.mimeType ?? "",
          size: redirect.encodedDataLength ?? 0,
        });
      }
      const req = (p["request"] ?? {}) as { url?: string; method?: string; urlFragment?: string };
      const shortId = String(++requestCounter);
      logs.details.start(shortId, id, ts, p);
      if (logs.inflight.size >= INFLIGHT_LIMIT) {
        const oldest = logs.inflight.keys().next().value;
        if (oldest !== undefined) logs.inflight.delete(oldest);
      }
      logs.inflight.set(id, {
        ts,
        entry: {
          id: shortId,
          requestId: id,
          method: req.method ?? "GET",
          url: (req.url ?? "") + (req.urlFragment ?? ""),
          type: String(p["type"] ?? "Other"),
          status: 0,
          statusText: "",
          mimeType: "",
          failure: "",
          blocked: false,
          size: 0,
          started: typeof p["wallTime"] === "number" ? Math.round((p["wallTime"] as number) * 1000) : Date.now(),
          durationMs: -1,
        },
      });
      return;
    }
    case "Network.responseReceived": {
      const f = logs.inflight.get(id);
      const r = (p["response"] ?? {}) as CdpResponse;
      logs.details.response(id, ts, (p["response"] ?? {}) as Record<string, unknown>);
      if (f) {
        f.entry.status = r.status ?? 0;
        f.entry.statusText = r.statusText ?? "";
        f.entry.mimeType = r.mimeType ?? "";
        if (typeof p["type"] === "string") f.entry.type = p["type"] as string;
      }
      return;
    }
    case "Network.requestWillBeSentExtraInfo":
      logs.details.extraHeaders(id, "request", p["headers"]);
      return;
    case "Network.responseReceivedExtraInfo":
      logs.details.extraHeaders(id, "response", p["headers"]);
      return;
    case "Network.dataReceived":
      logs.details.dataReceived(id, typeof p["dataLength"] === "number" ? (p["dataLength"] as number) : 0);
      return;
    case "Network.loadingFinished":
      finish(logs, id, ts, { size: typeof p["encodedDataLength"] === "number" ? (p["encodedDataLength"] as number) : 0 });
      return;
    case "Network.loadingFailed": {
      const reason = String(p["blockedReason"] ?? "");
      const text = String(p["errorText"] ?? "failed");
      finish(logs, id, ts, {
        failure: text,
        blocked: reason !== "" || /BLOCKED_BY_CLIENT/.test(text),
        ...(typeof p["type"] === "string" ? { type: p["type"] as string } : {}),
      });
      return;
    }
  }
}

// The CDP events kept here (cdp-events.ts lists them).

/** Runtime.consoleAPICalled: a console line. */
export function consoleCalled(tabId: number, p: Record<string, unknown>): void {
  onConsoleAPI(tabLogs(tabId), p);
}

/** Log.entryAdded: the browser's own console line (a failed load, an intervention). */
export function logEntryAdded(tabId: number, p: Record<string, unknown>): void {
  onLogEntry(tabLogs(tabId), p);
}

/** Runtime.exceptionThrown: an uncaught exception or unhandled rejection. */
export function exceptionThrown(tabId: number, p: Record<string, unknown>): void {
  onException(tabLogs(tabId), p);
}

/** The Network.* events of a request's life: its entry in the request log. */
export function networkEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  onNetwork(tabLogs(tabId), method, p);
}

/**
 * Fetch.requestPaused. Without credentials only patterns we block or route
 * (and the extra headers' origin) are intercepted; with them every request
 * pauses. A route answers first, a blocked one fails, the rest go on (with
 * the extra headers, on their origin).
 */
export function requestPaused(tabId: number, p: Record<string, unknown>): void {
  const url = String((p["request"] as { url?: unknown } | undefined)?.url ?? "");
  if (!fence.allows(tabId, url)) {
    void blockSend(tabId, "Fetch.failRequest", { requestId: p["requestId"], errorReason: "BlockedByClient" });
    return;
  }
  if (router.paused(tabId, p)) return;
  if (isBlocked(tabId, url)) {
    void blockSend(tabId, "Fetch.failRequest", { requestId: p["requestId"], errorReason: "BlockedByClient" });
  } else {
    // Extra headers only to their origin; redirects pause again, and a
    // hop to another origin goes without them.
    const hdr = headerRule(tabId);
    const request = p["request"] as { headers?: unknown } | undefined;
    const headers = hdr && onOrigin(hdr, url) ? { headers: withHeaders(hdr, request?.headers) } : {};
    void blockSend(tabId, "Fetch.continueRequest", { requestId: p["requestId"], ...headers });
  }
}

// Fetch.failRequest goes straight to chrome.debugger: send() would wait on
// a dialog, and a blocked request must be answered whatever the page does.
function blockSend(tabId: number, method: string, params: object): Promise<unknown> {
  return chrome.debugger.sendCommand({ tabId }, method, params).catch(() => undefined);
}

/** On attach: the domains whose events fill the logs, and the tab's blocking. */
export async function enableLogs(tabId: number, send: AttachSend): Promise<void> {
  tabLogs(tabId);
  await Promise.all([
    send("Runtime.enable"),
    send("Log.enable"),
    send("Network.enable"),
    applyBlocking(tabId, send).catch(() => undefined),
  ]);
}

onForget((tabId) => {
  const l = byTab.get(tabId);
  if (l) {
    l.console.wakeAll();
    l.errors.wakeAll();
    l.network.wakeAll();
  }
  // The logs stay readable after a detach while the tab lives; a new
  // attachment appends to them. A closed tab's logs go.
  Promise.resolve()
    .then(() => chrome.tabs.get(tabId))
    .then(
    () => undefined,
    () => dropTab(tabId),
  );
});

/** Drops a closed tab's logs. */
export function dropTab(tabId: number): void {
  byTab.delete(tabId);
  sessionOfTab.delete(tabId);
}
