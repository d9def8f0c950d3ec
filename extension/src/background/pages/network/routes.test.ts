// The pure parts of routes.ts: which route answers a URL (network block's
// glob syntax, the newest route wins), what is refused before anything
// changes, the headers a fulfilled request gets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RpcError } from "../../types";
import { base64Size, cookieDomainFits, headerProblem, parseRoute, patternProblem, pickRoute, responseHeaders, upsert, type StoredRoute } from "./routes";

const route = (pattern: string, status = 200): StoredRoute => ({
  pattern,
  status,
  headers: [],
  contentType: "",
  bodySize: 0,
  abort: false,
  delayMs: 0,
  body: "",
});

test("a pattern without * or ? is a URL substring; with them a glob over the whole URL", () => {
  const rs = [route("/api/"), route("*://*/img/*.png"), route("http://h/a?c")];
  assert.equal(pickRoute(rs, "http://h/api/x")?.pattern, "/api/");
  assert.equal(pickRoute(rs, "https://cdn.example/img/a.png")?.pattern, "*://*/img/*.png");
  assert.equal(pickRoute(rs, "https://cdn.example/img/a.png?v=1"), undefined, "a glob covers the whole URL");
  assert.equal(pickRoute(rs, "http://h/abc")?.pattern, "http://h/a?c", "? is one character");
  assert.equal(pickRoute(rs, "http://h/other"), undefined);
});

test("a backslash escapes a wildcard", () => {
  assert.equal(pickRoute([route("*/a\\*b")], "http://h/a*b")?.pattern, "*/a\\*b");
  assert.equal(pickRoute([route("*/a\\*b")], "http://h/axxb"), undefined);
});

test("the newest matching route answers; the same pattern again replaces its route", () => {
  let rs = upsert([], route("/api/", 201));
  rs = upsert(rs, route("*/api/users", 202));
  assert.equal(pickRoute(rs, "http://h/api/users")?.status, 202);
  rs = upsert(rs, route("/api/", 203));
  assert.deepEqual(rs.map((r) => r.pattern), ["*/api/users", "/api/"]);
  assert.equal(pickRoute(rs, "http://h/api/users")?.status, 203);
});

test("malformed patterns and headers are named", () => {
  assert.match(patternProblem("") ?? "", /empty/);
  assert.match(patternProblem("a b") ?? "", /space/);
  assert.match(patternProblem("abc\\") ?? "", /lone/);
  assert.equal(patternProblem("abc\\\\"), undefined);
  assert.equal(patternProblem("*://*/*.png"), undefined);
  assert.match(headerProblem({ name: "X Bad", value: "v" }) ?? "", /token/);
  assert.match(headerProblem({ name: "X-Ok", value: "a\r\nb" }) ?? "", /line break/);
  assert.equal(headerProblem({ name: "X-Ok", value: "fine: yes" }), undefined);
});

test("contentType becomes the one Content-Type header", () => {
  assert.deepEqual(
    responseHeaders({ headers: [{ name: "content-type", value: "text/plain" }, { name: "X-A", value: "1" }], contentType: "application/json" }),
    [
      { name: "X-A", value: "1" },
      { name: "Content-Type", value: "application/json" },
    ],
  );
  assert.deepEqual(responseHeaders({ headers: [{ name: "X-A", value: "1" }], contentType: "" }), [{ name: "X-A", value: "1" }]);
});

test("route params are checked whole before anything changes", () => {
  const bad = (p: Record<string, unknown>, re: RegExp) =>
    assert.throws(() => parseRoute(p), (e: unknown) => e instanceof RpcError && e.code === -32602 && re.test(e.message));
  bad({ pattern: "" }, /empty/);
  bad({ pattern: "x", status: 99 }, /status/);
  bad({ pattern: "x", status: 600 }, /100\.\.599/);
  bad({ pattern: "x", body: "not base64!" }, /base64/);
  bad({ pattern: "x", headers: [{ name: "a b", value: "1" }] }, /token/);
  bad({ pattern: "x", headers: ["X: 1"] }, /name, value/);
  bad({ pattern: "x", abort: true, status: 404 }, /abort/);
  bad({ pattern: "x", delayMs: 600_000 }, /delayMs/);
  const r = parseRoute({ pattern: "/api/", status: 418, body: "aGk=", headers: [{ name: "X-T", value: "1" }], contentType: "text/plain" });
  assert.equal(r.status, 418);
  assert.equal(r.bodySize, 2);
  assert.equal(base64Size("aGVsbG8="), 5);
  assert.equal(parseRoute({ pattern: "x", abort: true }).status, 0);
});

test("a route's Set-Cookie for another site than the request's is left out", () => {
  const headers = [
    { name: "Set-Cookie", value: "a=1; Path=/" },
    { name: "set-cookie", value: "b=2; Domain=.shop.example" },
    { name: "Set-Cookie", value: "c=3; Domain=bank.example; Secure" },
    { name: "Set-Cookie", value: "d=4; domain=evil-shop.example" },
    { name: "X-A", value: "1" },
  ];
  assert.deepEqual(
    responseHeaders({ headers, contentType: "" }, "https://www.shop.example/cart").map((h) => h.value),
    ["a=1; Path=/", "b=2; Domain=.shop.example", "1"],
  );
  assert.ok(cookieDomainFits("x=1; Domain=shop.example", "shop.example"));
  assert.ok(!cookieDomainFits("x=1; Domain=shop.example", ""));
});
