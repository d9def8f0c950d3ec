// Pure: CDP Network events' shapes to HAR 1.2 entries (unit-tested).

import type { HAREntry, HARNameValue, HARTimings } from "../../protocol.gen";

/** CDP Network.ResourceTiming: requestTime in s, the rest ms after it, -1 when not there. */
export interface ResourceTiming {
  requestTime: number;
  dnsStart: number;
  dnsEnd: number;
  connectStart: number;
  connectEnd: number;
  sslStart: number;
  sslEnd: number;
  sendStart: number;
  sendEnd: number;
  receiveHeadersEnd: number;
}

/** What a recording knows of one request. */
export interface HarRecord {
  started: number; // wall clock ms
  startTs: number; // CDP monotonic s
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  postData?: string;
  postMimeType?: string;
  status: number;
  statusText: string;
  protocol: string;
  responseHeaders: Record<string, string>;
  mimeType: string;
  timing?: ResourceTiming;
  responseTs?: number;
  endTs?: number;
  encodedSize: number;
  decodedSize: number;
  redirectURL: string;
  remoteIP: string;
  failure: string;
  text?: string;
  base64?: boolean;
  note?: string;
}

export function nameValues(h: Record<string, string>): HARNameValue[] {
  const out: HARNameValue[] = [];
  for (const [name, value] of Object.entries(h)) {
    // CDP joins repeated headers with \n: HAR lists each.
    for (const v of String(value).split("\n")) out.push({ name, value: v });
  }
  return out;
}

export function queryString(url: string): HARNameValue[] {
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** CDP's protocol ("http/1.1", "h2", "h3") as HAR's httpVersion. */
export function httpVersion(protocol: string): string {
  if (/^http\/1\.[01]$/i.test(protocol)) return protocol.toUpperCase();
  return protocol || "HTTP/1.1";
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * HAR timings from CDP's ResourceTiming (DevTools' HAR export does the
 * same): phases it does not know are -1; blocked is what came before the
 * first known phase, receive what came after the headers.
 */
export function timings(r: HarRecord): HARTimings {
  const endTs = r.endTs ?? r.responseTs ?? r.startTs;
  const total = Math.max(0, (endTs - r.startTs) * 1000);
  const t = r.timing;
  if (!t) {
    const wait = r.responseTs !== undefined ? Math.max(0, (r.responseTs - r.startTs) * 1000) : total;
    return { blocked: -1, dns: -1, connect: -1, send: 0, wait: round(wait), receive: round(Math.max(0, total - wait)), ssl: -1 };
  }
  const span = (a: number, b: number) => (a >= 0 && b >= a ? b - a : -1);
  const dns = span(t.dnsStart, t.dnsEnd);
  const connect = span(t.connectStart, t.connectEnd);
  const ssl = span(t.sslStart, t.sslEnd);
  const send = Math.max(0, span(t.sendStart, t.sendEnd));
  const wait = Math.max(0, t.receiveHeadersEnd - Math.max(0, t.sendEnd));
  // ms from the request's start to the timing's origin, then to its first phase
  const lead = Math.max(0, (t.requestTime - r.startTs) * 1000);
  const first = [t.dnsStart, t.connectStart, t.sendStart].find((x) => x >= 0) ?? 0;
  const blocked = lead + first;
  const headersAt = lead + Math.max(0, t.receiveHeadersEnd);
  const receive = Math.max(0, total - headersAt);
  return {
    blocked: round(blocked),
    dns: dns < 0 ? -1 : round(dns),
    connect: connect < 0 ? -1 : round(connect),
    send: round(send),
    wait: round(wait),
    receive: round(receive),
    ssl: ssl < 0 ? -1 : round(ssl),
  };
}

/** The sum HAR's entry.time is: the known phases (ssl is inside connect). */
export function entryTime(t: HARTimings): number {
  return round([t.blocked, t.dns, t.connect, t.send, t.wait, t.receive].filter((x) => x > 0).reduce((a, b) => a + b, 0));
}

export function headerValue(h: Record<string, string>, name: string): string {
  const k = Object.keys(h).find((x) => x.toLowerCase() === name);
  return k === undefined ? "" : h[k]!;
}

/** Whether a MIME type's body is text (HAR keeps small ones as content.text). */
export function isTextMime(mime: string): boolean {
  const m = mime.toLowerCase().split(";")[0]!.trim();
  return (
    m.startsWith("text/") ||
    /[/+](json|xml)$/.test(m) ||
    /javascript|ecmascript/.test(m) ||
    m === "application/x-www-form-urlencoded" ||
    m === "image/svg+xml"
  );
}

export function toEntry(r: HarRecord): HAREntry {
  const t = timings(r);
  const version = httpVersion(r.protocol);
  const e: HAREntry = {
    startedDateTime: new Date(r.started).toISOString(),
    time: entryTime(t),
    request: {
      method: r.method,
      url: r.url,
      httpVersion: version,
      headers: nameValues(r.requestHeaders),
      queryString: queryString(r.url),
      cookies: [],
      headersSize: -1,
      bodySize: r.postData !== undefined ? new TextEncoder().encode(r.postData).length : 0,
    },
    response: {
      status: r.status,
      statusText: r.statusText,
      httpVersion: r.status > 0 ? version : "",
      headers: nameValues(r.responseHeaders),
      cookies: [],
      content: { size: r.decodedSize, mimeType: r.mimeType || "x-unknown" },
      redirectURL: r.redirectURL,
      headersSize: -1,
      bodySize: r.status > 0 ? r.encodedSize : -1,
    },
    cache: {},
    timings: t,
  };
  if (r.postData !== undefined) {
    e.request.postData = { mimeType: r.postMimeType ?? headerValue(r.requestHeaders, "content-type"), text: r.postData };
  }
  if (r.text !== undefined) {
    e.response.content.text = r.text;
    if (r.base64) e.response.content.encoding = "base64";
  }
  if (r.remoteIP) e.serverIPAddress = r.remoteIP;
  const notes = [r.failure, r.note].filter((x) => x);
  if (notes.length > 0) e.comment = notes.join("; ");
  return e;
}
