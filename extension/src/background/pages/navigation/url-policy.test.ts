import assert from "node:assert/strict";
import { test } from "node:test";
import { checkNavigable, navigationScheme } from "./url-policy";

test("javascript: is refused however it is spelled", () => {
  for (const u of ["javascript:alert(1)", "JavaScript:alert(1)", " \u0001javascript:x", "java\tscript:x", "jav\nascript:x", "vbscript:x"]) {
    assert.throws(() => checkNavigable(u, true), /runs script/, u);
  }
});

test("file: needs allowFile", () => {
  assert.throws(() => checkNavigable("file:///etc/passwd", false), /allowFile/);
  assert.throws(() => checkNavigable("  FILE:///etc/passwd", false), /allowFile/);
  checkNavigable("file:///tmp/page.html", true);
});

test("web, about and scheme-less URLs pass", () => {
  for (const u of ["https://example.com/", "http://127.0.0.1:8080/javascript:x", "about:blank", "example.com/javascript:", "data:text/html,hi"]) {
    checkNavigable(u, false);
  }
  assert.equal(navigationScheme("example.com/x"), "");
});

test("the browser's and extensions' pages are refused; about:blank passes", () => {
  for (const u of ["chrome://settings", "CHROME://version", "chrome-extension://abcdefghijklmnop/popup.html", " chrome-extension://x/y", "chrome-untrusted://print", "devtools://devtools/bundled/inspector.html", "about:settings", "about:version"]) {
    assert.throws(() => checkNavigable(u, true), /page of the browser or of an extension/, u);
  }
  for (const u of ["about:blank", "ABOUT:BLANK", "about:blank#x", "about:srcdoc", "https://chrome.com/chrome://x"]) checkNavigable(u, false);
});
