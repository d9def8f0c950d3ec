import assert from "node:assert/strict";
import { test } from "node:test";
import { globToRegExp, urlMatches, withScheme } from "./url-match";

test("a plain pattern matches when the URL contains it", () => {
  assert.ok(urlMatches("http://127.0.0.1:8080/done?x=1", "/done"));
  assert.ok(urlMatches("http://127.0.0.1:8080/done?x=1", "done?x=1"));
  assert.ok(!urlMatches("http://127.0.0.1:8080/start", "/done"));
});

test("** crosses slashes, * does not", () => {
  assert.ok(urlMatches("http://127.0.0.1:8080/a/b/done.html?t=1", "**/done*"));
  assert.ok(!urlMatches("http://127.0.0.1:8080/a/b/undone/x", "**/done*"));
  assert.ok(urlMatches("https://example.com/users/42", "https://example.com/users/*"));
  assert.ok(!urlMatches("https://example.com/users/42/edit", "https://example.com/users/*"));
  assert.ok(urlMatches("https://example.com/users/42/edit", "https://example.com/users/**"));
});

test("the glob is anchored at both ends and ? is literal", () => {
  assert.ok(!urlMatches("http://x/done", "done*x"));
  assert.ok(urlMatches("http://x/p?q=1", "http://x/p?q=*"));
  assert.ok(!urlMatches("http://x/pXq=1", "http://x/p?q=*"));
});

test("{a,b} matches either", () => {
  assert.ok(urlMatches("http://x/ok.html", "**/{ok,done}.html"));
  assert.ok(urlMatches("http://x/done.html", "**/{ok,done}.html"));
  assert.ok(!urlMatches("http://x/fail.html", "**/{ok,done}.html"));
});

test("regexp characters in a glob are themselves", () => {
  assert.equal(globToRegExp("a.b(c)+").test("a.b(c)+"), true);
  assert.equal(globToRegExp("a.b").test("axb"), false);
});

test("a URL without a scheme gets https://", () => {
  assert.equal(withScheme("example.com"), "https://example.com");
  assert.equal(withScheme(" example.com/a?b=1 "), "https://example.com/a?b=1");
  assert.equal(withScheme("localhost:3000/x"), "https://localhost:3000/x");
  assert.equal(withScheme("127.0.0.1:8080"), "https://127.0.0.1:8080");
  assert.equal(withScheme("http://example.com"), "http://example.com");
  assert.equal(withScheme("about:blank"), "about:blank");
  assert.equal(withScheme("data:text/html,<p>x"), "data:text/html,<p>x");
  assert.equal(withScheme("file:///tmp/a.html"), "file:///tmp/a.html");
});
