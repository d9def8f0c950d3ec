// network.harStart / harStop: from harStart on, the requests of every tab
// of the session are recorded as HAR entries (har-build.ts); harStop hands
// them over and the CLI writes the file. Bounded: the newest HAR_ENTRIES
// entries, response bodies as content.text only when text and at most
// HAR_TEXT_MAX bytes, at most HAR_BODIES_MAX body bytes in all. The
// recording lives in the worker's memory (a restart ends it).

import type { NetworkMethod } from "../../methods";
import type { HAREntry } from "../../protocol.gen";
import { onSessionRemoved } from "../../sessions/session-store";
import { ErrorCode, RpcError, type Handlers, type Params } from "../../types";
import { ensureAttached } from "../core/debugger";
import { noteTabSession, tabSession } from "../logs/observe";
import { headerValue, isTextMime, toEntry, type HarRecord, type ResourceTiming } from "./har-build";

export const HAR_ENTRIES = 1000;
export const HAR_TEXT_MAX = 64 << 10;
export const HAR_BODIES_MAX = 16 << 20;
/** Requests in flight a recording follows; beyond it the oldest are dropped. */
const INFLIGHT_MAX = 500;
/** How long harStop waits for bodies still being read. */
const BODY_WAIT_MS = 3_000;

interface Recording {
  started: number;
  done: HarRecord[];
  dropped: number;
  inflight: Map<string, HarRecord>;
  bodyBytes: number;
  reading: Set<Promise<void>>;
}

const bySession = new Map<string, Recording>();

/** Whether the session records a HAR now (it needs the debugger). */
export function harRecording(sessionId: string): boolean {
  return bySession.has(sessionId);
}

onSessionRemoved((sessionId) => {
  bySession.delete(sessionId);
});

function headers(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === "object") for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = String(x);
  return out;
}

function keep(rec: Recording, r: HarRecord): void {
  rec.done.push(r);
  if (rec.done.length > HAR_ENTRIES) {
    const gone = rec.done.splice(0, rec.done.length - HAR_ENTRIES);
    rec.dropped += gone.length;
    for (const g of gone) if (g.text !== undefined) rec.bodyBytes -= g.text.length;
  }
}

interface CdpResponse {
  url?: string;
  status?: number;
  statusText?: string;
  headers?: unknown;
  mimeType?: string;
  protocol?: string;
  timing?: ResourceTiming;
  remoteIPAddress?: string;
  encodedDataLength?: number;
}

function applyResponse(r: HarRecord, res: CdpResponse, ts: number): void {
  r.status = res.status ?? 0;
  r.statusText = res.statusText ?? "";
  // extra info's raw headers, when they came first, win
  if (Object.keys(r.responseHeaders).length === 0) r.responseHeaders = headers(res.headers);
  r.mimeType = res.mimeType ?? "";
  r.protocol = res.protocol ?? "";
  if (res.timing) r.timing = res.timing;
  r.responseTs = ts;
  r.remoteIP = res.remoteIPAddress ?? "";
}

/** Reads a small text body for the entry, within the recording's budget. */
function readBody(rec: Recording, tabId: number, requestId: string, r: HarRecord): void {
  if (r.status === 0 || r.status === 204 || r.status === 304 || (r.status >= 300 && r.status < 400)) return;
  if (!isTextMime(r.mimeType)) return;
  if (r.decodedSize > HAR_TEXT_MAX) {
    r.note = `body of ${r.decodedSize} bytes left out (over ${HAR_TEXT_MAX})`;
    return;
  }
  if (rec.bodyBytes + r.decodedSize > HAR_BODIES_MAX) {
    r.note = `body left out: the recording holds ${HAR_BODIES_MAX} bytes of bodies`;
    return;
  }
  const p = chrome.debugger
    .sendCommand({ tabId }, "Network.getResponseBody", { requestId })
    .then((got) => {
      const b = got as { body?: string; base64Encoded?: boolean } | undefined;
      if (!b || typeof b.body !== "string") return;
      if (b.body.length > HAR_TEXT_MAX * 2) {
        r.note = `body left out (over ${HAR_TEXT_MAX} bytes)`;
        return;
      }
      r.text = b.body;
      r.base64 = b.base64Encoded === true;
      rec.bodyBytes += b.body.length;
    })
    .catch(() => {
      r.note = "body no longer in the browser's buffer";
    })
    .finally(() => rec.reading.delete(p));
  rec.reading.add(p);
}

/** The Network.* events of a request's life: its HAR entry (cdp-events.ts lists them). */
export function harNetworkEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  if (!method.startsWith("Network.") || bySession.size === 0) return;
  const rec = bySession.get(tabSession(tabId));
  if (!rec) return;
  const id = String(p["requestId"] ?? "");
  const key = `${tabId}:${id}`;
  const ts = typeof p["timestamp"] === "number" ? (p["timestamp"] as number) : 0;
  switch (method) {
    case "Network.requestWillBeSent": {
      const prev = rec.inflight.get(key);
      const redirect = p["redirectResponse"] as CdpResponse | undefined;
      const req = (p["request"] ?? {}) as { url?: string; urlFragment?: string; method?: string; headers?: unknown; postData?: string };
      if (prev && redirect) {
        applyResponse(prev, redirect, ts);
        prev.redirectURL = (req.url ?? "") + (req.urlFragment ?? "");
        prev.endTs = ts;
        rec.inflight.delete(key);
        keep(rec, prev);
      }
      if (rec.inflight.size >= INFLIGHT_MAX) {
        const oldest = rec.inflight.keys().next().value;
        if (oldest !== undefined) rec.inflight.delete(oldest);
        rec.dropped++;
      }
      const h = headers(req.headers);
      rec.inflight.set(key, {
        started: typeof p["wallTime"] === "number" ? (p["wallTime"] as number) * 1000 : Date.now(),
        startTs: ts,
        method: req.method ?? "GET",
        url: (req.url ?? "") + (req.urlFragment ?? ""),
        requestHeaders: h,
        ...(typeof req.postData === "string" ? { postData: req.postData, postMimeType: headerValue(h, "content-type") } : {}),
        status: 0,
        statusText: "",
        protocol: "",
        responseHeaders: {},
        mimeType: "",
        encodedSize: 0,
        decodedSize: 0,
        redirectURL: "",
        remoteIP: "",
        failure: "",
      });
      return;
    }
    case "Network.requestWillBeSentExtraInfo": {
      const r = rec.inflight.get(key);
      if (r) r.requestHeaders = { ...r.requestHeaders, ...headers(p["headers"]) };
      return;
    }
    case "Network.responseReceived": {
      const r = rec.inflight.get(key);
      if (r) applyResponse(r, (p["response"] ?? {}) as CdpResponse, ts);
      return;
    }
    case "Network.responseReceivedExtraInfo": {
      const r = rec.inflight.get(key);
      if (r) r.responseHeaders = headers(p["headers"]);
      return;
    }
    case "Network.dataReceived": {
      const r = rec.inflight.get(key);
      if (r && typeof p["dataLength"] === "number") r.decodedSize += p["dataLength"] as number;
      return;
    }
    case "Network.loadingFinished": {
      const r = rec.inflight.get(key);
      if (!r) return;
      rec.inflight.delete(key);
      r.endTs = ts;
      if (typeof p["encodedDataLength"] === "number") r.encodedSize = p["encodedDataLength"] as number;
      keep(rec, r);
      readBody(rec, tabId, id, r);
      return;
    }
    case "Network.loadingFailed": {
      const r = rec.inflight.get(key);
      if (!r) return;
      rec.inflight.delete(key);
      r.endTs = ts;
      r.failure = String(p["errorText"] ?? "failed");
      keep(rec, r);
      return;
    }
  }
}

/** The recording's entries, oldest first (what is still in flight too, marked). */
export function entriesOf(rec: Recording): HAREntry[] {
  const inflight = [...rec.inflight.values()].map((r) => ({ ...r, note: r.note ?? "still in flight when the recording stopped" }));
  return [...rec.done, ...inflight].sort((a, b) => a.started - b.started).map(toEntry);
}

export interface HarDeps {
  sessionTabIds(params: Params): Promise<number[]>;
}

type HarMethod = Extract<NetworkMethod, "network.harStart" | "network.harStop">;

export function harHandlers(deps: HarDeps): Handlers<HarMethod> {
  return {
    "network.harStart": async (p) => {
      const tabIds = await deps.sessionTabIds(p as Params);
      const sessionId = String(p.sessionId);
      const had = bySession.has(sessionId);
      if (!had) {
        bySession.set(sessionId, { started: Date.now(), done: [], dropped: 0, inflight: new Map(), bodyBytes: 0, reading: new Set() });
      }
      // Recording needs the Network domain on: the tabs are attached now.
      for (const tabId of tabIds) {
        noteTabSession(tabId, sessionId);
        await ensureAttached(tabId).catch(() => undefined);
      }
      return { started: !had, maxEntries: HAR_ENTRIES };
    },
    "network.harStop": async (p) => {
      await deps.sessionTabIds(p as Params);
      const sessionId = String(p.sessionId);
      const rec = bySession.get(sessionId);
      if (!rec) {
        throw new RpcError(ErrorCode.invalidParams, "invalid params: no HAR recording in this session (network har start begins one)");
      }
      bySession.delete(sessionId);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all([...rec.reading]), new Promise((r) => (timer = setTimeout(r, BODY_WAIT_MS)))]);
      clearTimeout(timer);
      return { entries: entriesOf(rec), dropped: rec.dropped, started: rec.started };
    },
  };
}
