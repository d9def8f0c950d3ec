// DetailStore: headers and timing per request, bounded, redirect hops apart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { base64Length, DetailStore, POST_DATA_INLINE } from "./network-detail";

const sent = (url: string, extra: Record<string, unknown> = {}) => ({
  request: { url, method: "POST", headers: { "X-A": "1" }, postData: "body", hasPostData: true },
  ...extra,
});

test("keeps the newest requests only", () => {
  const s = new DetailStore(3);
  for (let i = 1; i <= 5; i++) s.start(String(i), `r${i}`, i, sent(`https://x/${i}`));
  assert.equal(s.size, 3);
  assert.equal(s.get("1"), undefined);
  assert.equal(s.get("2"), undefined);
  assert.equal(s.get("5")?.postData, "body");
  // the dropped one's events no longer land anywhere
  s.response("r1", 2, { headers: { late: "x" } });
  assert.deepEqual(s.get("3")?.responseHeaders, {});
});

test("a redirect hop keeps its own response; the next hop gets the next", () => {
  const s = new DetailStore();
  s.start("1", "r", 10, sent("https://x/a"));
  s.start("2", "r", 10.2, sent("https://x/b", { redirectResponse: { headers: { Location: "/b" }, status: 302 } }));
  s.response("r", 10.5, { headers: { "Content-Type": "text/plain" }, timing: { requestTime: 10.2, receiveHeadersEnd: 100 } });
  assert.equal(s.get("1")?.redirected, true);
  assert.deepEqual(s.get("1")?.responseHeaders, { Location: "/b" });
  assert.equal(s.get("2")?.redirected, false);
  assert.deepEqual(s.get("2")?.responseHeaders, { "Content-Type": "text/plain" });
  assert.equal(s.get("2")?.ttfbMs, 100);
});

test("a long request body is not copied: it is read on demand", () => {
  const s = new DetailStore();
  s.start("1", "r", 1, { request: { url: "https://x/", postData: "x".repeat(POST_DATA_INLINE + 1), hasPostData: true } });
  assert.equal(s.get("1")?.postData, undefined);
  assert.equal(s.get("1")?.hasPostData, true);
});

test("base64Length", () => {
  assert.equal(base64Length(Buffer.from("abc").toString("base64")), 3);
  assert.equal(base64Length(Buffer.from("abcd").toString("base64")), 4);
  assert.equal(base64Length(Buffer.from("abcde").toString("base64")), 5);
});

test("memory: 1000 requests with typical headers", () => {
  const s = new DetailStore(1000);
  // 14 headers each way, 40-character values unique to each request, as a
  // real page's cookies, dates and ids are
  const headers = (i: number) => {
    const h: Record<string, string> = {};
    for (let k = 0; k < 14; k++) h[`Header-Name-${k}`] = `${i}-${k}-`.padEnd(40, String.fromCharCode(97 + ((i + k) % 26)));
    return h;
  };
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 1000; i++) {
    s.start(String(i), `r${i}`, i, { request: { url: `https://example.com/api/${i}?q=${"a".repeat(60)}`, headers: headers(i) } });
    s.response(`r${i}`, i + 0.01, { headers: headers(i) });
  }
  global.gc?.();
  const kb = (process.memoryUsage().heapUsed - before) / 1024;
  if (process.env["SHOW_MEMORY"]) console.log(`detail store: ${kb.toFixed(0)} KiB per 1000 requests`);
  assert.equal(s.size, 1000);
});
