import assert from "node:assert/strict";
import { test } from "node:test";
import { Router, type CallOutcome } from "../router";
import type { HandlerTable, Params } from "../types";
import { callerText, noteCallTab, takeCaller, type CallContext } from "./call-context";
import { targetText } from "./call-record";
import { bringsBar } from "../pages/core/debug-bar";
import { hostOf, noteSite, offsite, policyOf } from "./policy";

test("the hub's caller member is taken out of the params, checked", () => {
  const p: Record<string, unknown> = { sessionId: "s1", ref: "e3", caller: { kind: "mcp", name: "claude-code", pid: 42, timeoutMs: 5000 } };
  assert.deepEqual(takeCaller(p), { kind: "mcp", name: "claude-code", pid: 42, timeoutMs: 5000 });
  assert.deepEqual(p, { sessionId: "s1", ref: "e3" });
  assert.equal(takeCaller({ sessionId: "s1" }), undefined);
  const bad: Record<string, unknown> = { caller: "shell" };
  assert.equal(takeCaller(bad), undefined);
  assert.deepEqual(bad, {}, "a malformed member goes too: it is not the method's");
  assert.deepEqual(takeCaller({ caller: { kind: "shell", pid: -1, name: 7 } }), { kind: "shell" });
  assert.equal(callerText({ kind: "mcp", name: "claude-code" }), "mcp claude-code");
  assert.equal(callerText({ kind: "shell", pid: 9 }), "shell");
  assert.equal(callerText(undefined), "a caller");
});

test("the router hands observers the caller and never the handler", async () => {
  const seen: Params[] = [];
  const handlers: Record<string, (p: Params) => Promise<unknown>> = {
    "pages.click": async (p) => {
      seen.push({ ...p });
      return { ok: true, target: { ref: "e3", role: "button", name: "Pay now" } };
    },
  };
  const events: string[] = [];
  let ended: [CallContext, CallOutcome] | undefined;
  const router = new Router(handlers as unknown as HandlerTable, [
    { started: (m) => events.push(`start ${m}`), ended: (m, _p, ctx, o) => (events.push(`end ${m}`), (ended = [ctx, o])) },
  ]);
  await router.dispatch({ jsonrpc: "2.0", id: 1, method: "pages.click", params: { sessionId: "s1", ref: "e3", caller: { kind: "batch", name: "flow.txt", pid: 7 } } });
  assert.deepEqual(seen, [{ sessionId: "s1", ref: "e3" }]);
  assert.deepEqual(events, ["start pages.click", "end pages.click"]);
  assert.deepEqual(ended?.[0].caller, { kind: "batch", name: "flow.txt", pid: 7 });
  assert.ok(ended && "result" in ended[1]);
});

test("a call's target is named by role and name, never by a typed value", () => {
  assert.equal(targetText({ ref: "e3" }, { ok: true, target: { ref: "e3", role: "button", name: "Pay now" } }), 'button "Pay now" [e3]');
  assert.equal(targetText({ selector: "#user", value: "secret" }, { ok: true }), "#user");
  assert.equal(targetText({ url: "https://shop.example/" }, null), "https://shop.example/");
  assert.equal(targetText({ tabId: 12 }, null), "tab 12");
  assert.equal(targetText({ text: "typed words" }, null), undefined);
});

test("navigate-offsite compares with the session's first site: its host, a parent or a subdomain is not off it", async () => {
  assert.equal(hostOf("https://Shop.Example:8443/pay"), "shop.example");
  assert.equal(hostOf("about:blank"), "");
  assert.equal(offsite("s-new", "https://anything.example/"), false, "no first site yet: nothing is offsite");
  noteSite("s-site", "about:blank"); // not a site
  noteSite("s-site", "https://www.shop.example/cart");
  await policyOf("s-site");
  noteSite("s-site", "https://other.example/"); // the first stays
  await policyOf("s-site");
  assert.equal((await policyOf("s-site"))?.firstSite, "www.shop.example");
  assert.equal(offsite("s-site", "https://www.shop.example/pay"), false);
  assert.equal(offsite("s-site", "http://pay.www.shop.example/"), false);
  assert.equal(offsite("s-site", "https://shop.example/"), false);
  assert.equal(offsite("s-site", "https://evil.example/"), true);
  assert.equal(offsite("s-site", "https://shop.example.evil.example/"), true);
  assert.equal(offsite("s-site", "javascript:alert(1)"), false, "not a navigation to a site (url-policy refuses it)");
});

test("only the attach that brings Chrome's debugging bar waits for the viewport", () => {
  const now = 100_000;
  assert.equal(bringsBar(1, now, 0, false), true, "the first attach");
  assert.equal(bringsBar(2, now, 0, false), false, "another tab holds the bar already");
  assert.equal(bringsBar(1, now, now - 1_000, false), false, "the bar lingers after the last detach");
  assert.equal(bringsBar(1, now, now - 6_000, false), true, "gone since");
  assert.equal(bringsBar(1, now, 0, true), false, "headless Chrome shows none");
});

test("beside a page call's answer, the page it acted on; none for other calls", async () => {
  const handlers: Record<string, (p: Params) => Promise<unknown>> = {
    // pages/index.ts notes the tab of a page call; here the handler does
    "pages.get": async (p) => (noteCallTab(p, 7), { value: "Shop" }),
    "sessions.list": async () => ({ sessions: [] }),
  };
  const router = new Router(handlers as unknown as HandlerTable, [], (ctx) => (ctx.tabId === undefined ? undefined : { tabId: ctx.tabId, url: "https://shop.example/" }));
  assert.deepEqual(await router.dispatch({ jsonrpc: "2.0", id: 1, method: "pages.get", params: { sessionId: "s1", what: "title" } }), {
    jsonrpc: "2.0",
    id: 1,
    result: { value: "Shop" },
    page: { tabId: 7, url: "https://shop.example/" },
  });
  assert.deepEqual(await router.dispatch({ jsonrpc: "2.0", id: 2, method: "sessions.list" }), { jsonrpc: "2.0", id: 2, result: { sessions: [] } });
});
