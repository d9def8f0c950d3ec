// HAR 1.2 entries from what a recording saw: fields, timings, bodies.
import assert from "node:assert/strict";
import { test } from "node:test";
import { entryTime, httpVersion, isTextMime, timings, toEntry, type HarRecord } from "./har-build";

const base = (): HarRecord => ({
  started: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
  startTs: 100,
  method: "POST",
  url: "http://h/api?a=1&b=x%20y",
  requestHeaders: { "Content-Type": "application/json", Accept: "*/*" },
  postData: '{"k":1}',
  status: 201,
  statusText: "Created",
  protocol: "http/1.1",
  responseHeaders: { "Set-Cookie": "a=1\nb=2", "Content-Type": "application/json" },
  mimeType: "application/json",
  timing: {
    requestTime: 100.002,
    dnsStart: 1,
    dnsEnd: 3,
    connectStart: 3,
    connectEnd: 10,
    sslStart: -1,
    sslEnd: -1,
    sendStart: 10,
    sendEnd: 11,
    receiveHeadersEnd: 31,
  },
  responseTs: 100.033,
  endTs: 100.05,
  encodedSize: 300,
  decodedSize: 7,
  redirectURL: "",
  remoteIP: "127.0.0.1",
  failure: "",
  text: '{"ok":1}',
});

test("an entry carries HAR 1.2's request and response members", () => {
  const e = toEntry(base());
  assert.equal(e.startedDateTime, "2026-01-02T03:04:05.006Z");
  assert.equal(e.request.method, "POST");
  assert.equal(e.request.httpVersion, "HTTP/1.1");
  assert.deepEqual(e.request.queryString, [
    { name: "a", value: "1" },
    { name: "b", value: "x y" },
  ]);
  assert.deepEqual(e.request.postData, { mimeType: "application/json", text: '{"k":1}' });
  assert.equal(e.request.bodySize, 7);
  assert.equal(e.request.headersSize, -1);
  assert.equal(e.response.status, 201);
  assert.deepEqual(
    e.response.headers.filter((h) => h.name === "Set-Cookie").map((h) => h.value),
    ["a=1", "b=2"],
    "a repeated header is listed once per value",
  );
  assert.equal(e.response.content.text, '{"ok":1}');
  assert.equal(e.response.content.encoding, undefined);
  assert.equal(e.response.content.mimeType, "application/json");
  assert.deepEqual(e.cache, {});
  assert.equal(e.serverIPAddress, "127.0.0.1");
});

test("timings come from CDP's ResourceTiming, -1 where a phase did not happen", () => {
  const t = timings(base());
  assert.deepEqual(t, { blocked: 3, dns: 2, connect: 7, send: 1, wait: 20, receive: 17, ssl: -1 });
  assert.equal(entryTime(t), 50);
  assert.equal(toEntry(base()).time, 50);
});

test("without ResourceTiming (a fulfilled or failed request) the known spans stay", () => {
  const r = { ...base(), timing: undefined };
  const t = timings(r);
  assert.equal(t.dns, -1);
  assert.equal(t.wait, 33);
  assert.equal(t.receive, 17);
  const failed = toEntry({ ...base(), timing: undefined, status: 0, responseTs: undefined, failure: "net::ERR_FAILED", text: undefined });
  assert.equal(failed.response.status, 0);
  assert.equal(failed.comment, "net::ERR_FAILED");
  assert.equal(failed.response.content.text, undefined);
});

test("text MIME types and protocols", () => {
  for (const m of ["text/html; charset=utf-8", "application/json", "application/ld+json", "application/javascript", "image/svg+xml"]) {
    assert.ok(isTextMime(m), m);
  }
  for (const m of ["image/png", "application/octet-stream", "font/woff2"]) assert.ok(!isTextMime(m), m);
  assert.equal(httpVersion("h2"), "h2");
  assert.equal(httpVersion("http/1.0"), "HTTP/1.0");
});

test("memory: a HAR recording's 1000 records with typical headers", () => {
  // as network-detail.test.ts measures its store: 14 headers each way,
  // 40-character values unique to each request; no bodies (a body adds its
  // own length, at most 64 KiB each and 16 MiB in all)
  const headers = (i: number) => {
    const h: Record<string, string> = {};
    for (let k = 0; k < 14; k++) h[`Header-Name-${k}`] = `${i}-${k}-`.padEnd(40, String.fromCharCode(97 + ((i + k) % 26)));
    return h;
  };
  const kept: HarRecord[] = [];
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 1000; i++) {
    const r = base();
    r.url = `https://example.com/api/${i}?q=${"a".repeat(60)}`;
    r.requestHeaders = headers(i);
    r.responseHeaders = headers(i + 1);
    r.timing = { ...r.timing! };
    delete r.text;
    delete r.postData;
    kept.push(r);
  }
  global.gc?.();
  const kb = (process.memoryUsage().heapUsed - before) / 1024;
  if (process.env["SHOW_MEMORY"]) console.log(`HAR recording: ${kb.toFixed(0)} KiB per 1000 requests`);
  assert.equal(kept.length, 1000);
});
