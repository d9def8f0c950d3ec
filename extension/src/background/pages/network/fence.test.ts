import assert from "node:assert/strict";
import { test } from "node:test";
import { originAllowed, parseAllowedOrigin } from "./fence";

test("allowed origins are written scheme://host[:port], *. for subdomains", () => {
  assert.equal(parseAllowedOrigin("https://Shop.Example.com/"), "https://shop.example.com");
  assert.equal(parseAllowedOrigin("https://shop.example.com:443"), "https://shop.example.com");
  assert.equal(parseAllowedOrigin("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
  assert.equal(parseAllowedOrigin("https://*.example.com"), "https://*.example.com");
  for (const bad of ["shop.example.com", "https://shop.example.com/path", "ftp://x", "https://*", "javascript:alert(1)", ""]) {
    assert.equal(typeof parseAllowedOrigin(bad), "object", bad);
  }
});

test("a URL passes the fence only on an allowed origin (scheme, host, port)", () => {
  const allowed = ["https://shop.example.com", "http://127.0.0.1:8080", "https://*.cdn.example"];
  for (const u of [
    "https://shop.example.com/cart?x=1",
    "wss://shop.example.com/live",
    "http://127.0.0.1:8080/api",
    "https://a.cdn.example/lib.js",
    "https://cdn.example/lib.js",
    "about:blank",
    "data:text/plain,hi",
    "blob:https://shop.example.com/1234",
  ]) {
    assert.ok(originAllowed(u, allowed), u);
  }
  for (const u of [
    "http://shop.example.com/",
    "https://shop.example.com:8443/",
    "https://evil.example/",
    "https://shop.example.com.evil.net/",
    "http://127.0.0.1:9090/",
    "blob:https://evil.example/1",
    "file:///etc/passwd",
    "not a url",
  ]) {
    assert.ok(!originAllowed(u, allowed), u);
  }
});
