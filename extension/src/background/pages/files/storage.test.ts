import assert from "node:assert/strict";
import { test } from "node:test";
import { cookieRefusal, withinHosts } from "./storage";

test("a cookie host is the session's when it is a tab's host, a parent domain or a subdomain of one", () => {
  const hosts = ["shop.example.com", "localhost"];
  for (const h of ["shop.example.com", "SHOP.example.com", "example.com", ".example.com", "api.shop.example.com", "localhost"]) {
    assert.ok(withinHosts(h, hosts), h);
  }
  for (const h of ["api.example.com", "example.org", "evil-shop.example.com", "shop.example.com.evil.net", "com.", ""]) {
    assert.ok(!withinHosts(h, hosts), h);
  }
  assert.ok(!withinHosts("example.com", []));
});

test("a cookie the browser would refuse is said why, before it is sent", () => {
  assert.equal(cookieRefusal("sid", "abc"), "");
  assert.equal(cookieRefusal("sid", "a b=c,d"), "");
  assert.match(cookieRefusal("a;b", "1"), /name cannot hold/);
  assert.match(cookieRefusal("a=b", "1"), /name cannot hold/);
  assert.match(cookieRefusal("a", "x;y"), /value cannot hold/);
  assert.match(cookieRefusal("a", "x\ny"), /value cannot hold/);
  assert.match(cookieRefusal("big", "v".repeat(4094)), /4097 bytes, more than the 4096/);
});
