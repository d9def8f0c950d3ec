// One request whole (network.request): what observe.ts's Network.* events
// carry beyond the listing's line — request and response headers, the
// request body, the response's timing — kept per tab for the newest
// DETAIL_LIMIT requests (oldest dropped first). Bodies are not copied into
// the extension: the response body is read from the browser's buffer on
// demand (Network.getResponseBody), a request body over POST_DATA_INLINE
// too (Network.getRequestPostData); a body the browser no longer has is
// answered as a note, not an error.

import type { RequestDetail } from "../../protocol.gen";

/** Requests whose detail a tab keeps: the listing's 1000 finished ones and up to 500 in flight. */
export const DETAIL_LIMIT = 1500;
/** A request body up to this many characters is kept as sent; a longer one is read on demand. */
export const POST_DATA_INLINE = 64 * 1024;
/** A response body over this many bytes is not fetched. */
export const BODY_CAP = 10 * 1024 * 1024;

export interface Detail {
  id: string;
  /** CDP's requestId (redirect hops share it). */
  requestId: string;
  /** The hop was redirected: it has no body of its own. */
  redirected: boolean;
  requestHeaders: Record<string, string>;
  postData?: string;
  hasPostData: boolean;
  responseHeaders: Record<string, string>;
  /** CDP monotonic seconds at the start. */
  ts: number;
  /** ms from the start to the response's headers; -1 before them. */
  ttfbMs: number;
  /** Decoded bytes received (Network.dataReceived). */
  received: number;
}

/** The newest details of a tab, by short id. */
export class DetailStore {
  private byId = new Map<string, Detail>();
  /** The current hop of each CDP requestId. */
  private current = new Map<string, Detail>();

  constructor(readonly limit = DETAIL_LIMIT) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Detail | undefined {
    return this.byId.get(id);
  }

  /** Network.requestWillBeSent: a new hop with short id `id`. */
  start(id: string, requestId: string, ts: number, p: Record<string, unknown>): void {
    const prev = this.current.get(requestId);
    if (prev && p["redirectResponse"]) {
      prev.redirected = true;
      this.response(requestId, ts, p["redirectResponse"] as Record<string, unknown>);
    }
    const req = (p["request"] ?? {}) as { headers?: Record<string, unknown>; postData?: unknown; hasPostData?: unknown };
    const postData = typeof req.postData === "string" && req.postData.length <= POST_DATA_INLINE ? req.postData : undefined;
    const d: Detail = {
      id,
      requestId,
      redirected: false,
      requestHeaders: headerObject(req.headers),
      ...(postData !== undefined ? { postData } : {}),
      hasPostData: req.hasPostData === true || typeof req.postData === "string",
      responseHeaders: {},
      ts,
      ttfbMs: -1,
      received: 0,
    };
    this.byId.set(id, d);
    this.current.set(requestId, d);
    while (this.byId.size > this.limit) {
      const oldest = this.byId.keys().next().value as string;
      const o = this.byId.get(oldest)!;
      this.byId.delete(oldest);
      if (this.current.get(o.requestId) === o) this.current.delete(o.requestId);
    }
  }

  /** Network.responseReceived (or a redirect's response): headers and time to first byte. */
  response(requestId: string, ts: number, r: Record<string, unknown>): void {
    const d = this.current.get(requestId);
    if (!d) return;
    d.responseHeaders = headerObject(r["headers"]);
    const t = r["timing"] as { requestTime?: number; receiveHeadersEnd?: number } | undefined;
    if (t && typeof t.requestTime === "number" && typeof t.receiveHeadersEnd === "number" && t.requestTime > 0) {
      d.ttfbMs = Math.max(0, Math.round((t.requestTime - d.ts) * 1000 + t.receiveHeadersEnd));
    } else if (ts > 0) {
      d.ttfbMs = Math.max(0, Math.round((ts - d.ts) * 1000));
    }
  }

  /** Network.requestWillBeSentExtraInfo / responseReceivedExtraInfo: the headers as sent on the wire. */
  extraHeaders(requestId: string, which: "request" | "response", headers: unknown): void {
    const d = this.current.get(requestId);
    if (!d) return;
    const h = headerObject(headers);
    if (which === "request") d.requestHeaders = { ...d.requestHeaders, ...h };
    else d.responseHeaders = { ...d.responseHeaders, ...h };
  }

  dataReceived(requestId: string, bytes: number): void {
    const d = this.current.get(requestId);
    if (d) d.received += bytes;
  }
}

function headerObject(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (h && typeof h === "object") {
    for (const [k, v] of Object.entries(h as Record<string, unknown>)) out[k] = String(v);
  }
  return out;
}

/** A header's value, any case of its name. */
export function headerValue(h: Record<string, string>, name: string): string {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === want) return v;
  return "";
}

/** UTF-8 bytes of a string. */
export function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Bytes a base64 string stands for. */
export function base64Length(b64: string): number {
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((b64.length * 3) / 4) - pad);
}

type Send = (method: string, params?: object) => Promise<unknown>;

/** The listing's line of a request, as RequestDetail needs it. */
export interface Line {
  method: string;
  url: string;
  status: number;
  statusText: string;
  type: string;
  mimeType: string;
  failure: string;
  started: number;
  durationMs: number;
}

/** The request whole: the line, its detail, and the bodies read from the browser now. */
export async function requestDetail(line: Line, d: Detail, send: Send, attached: boolean): Promise<RequestDetail> {
  const out: RequestDetail = {
    id: d.id,
    method: line.method,
    url: line.url,
    status: line.status,
    statusText: line.statusText,
    type: line.type,
    mimeType: line.mimeType,
    failure: line.failure,
    requestHeaders: d.requestHeaders,
    requestBody: null,
    requestBodySize: 0,
    responseHeaders: d.responseHeaders,
    responseBody: null,
    base64Encoded: false,
    responseBodySize: d.received,
    timing: { start: line.started, ttfbMs: d.ttfbMs, totalMs: line.durationMs },
  };
  // request body
  if (d.postData !== undefined) {
    out.requestBody = d.postData;
    out.requestBodySize = utf8Length(d.postData);
  } else if (d.hasPostData) {
    if (!attached) {
      out.requestBodyNote = "not available: the tab's debugger is detached";
    } else {
      try {
        const r = (await send("Network.getRequestPostData", { requestId: d.requestId })) as { postData?: string };
        out.requestBody = r.postData ?? "";
        out.requestBodySize = utf8Length(out.requestBody);
      } catch (e) {
        out.requestBodyNote = `gone from the browser's buffer (${errText(e)})`;
      }
    }
  }
  // response body
  if (d.redirected) {
    out.responseBodyNote = "a redirect: no body";
  } else if (line.durationMs < 0) {
    out.responseBodyNote = "not finished yet";
  } else if (line.failure !== "") {
    out.responseBodyNote = `the request failed: ${line.failure}`;
  } else if (d.received > BODY_CAP) {
    out.responseBodyNote = `over the ${BODY_CAP} byte cap (${d.received} bytes): not fetched`;
  } else if (!attached) {
    out.responseBodyNote = "not available: the tab's debugger is detached";
  } else {
    try {
      const r = (await send("Network.getResponseBody", { requestId: d.requestId })) as { body?: string; base64Encoded?: boolean };
      const body = r.body ?? "";
      out.base64Encoded = r.base64Encoded === true;
      out.responseBody = body;
      out.responseBodySize = out.base64Encoded ? base64Length(body) : utf8Length(body);
    } catch (e) {
      out.responseBodyNote = `gone from the browser's buffer (${errText(e)})`;
    }
  }
  return out;
}

function errText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  try {
    const j = JSON.parse(m) as { message?: string };
    if (j.message) return j.message;
  } catch {
    /* not JSON */
  }
  return m;
}
