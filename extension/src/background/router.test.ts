import assert from "node:assert/strict";
import { test } from "node:test";
import { METHODS, PAGE_METHODS, SESSION_METHODS, TAB_METHODS } from "./methods";
import { requireString } from "./params";
import { Router, toRpcError } from "./router";
import { ErrorCode, RpcError, type HandlerTable, type Params } from "./types";

function req(method: string, params?: unknown, id: number | string = 7): Record<string, unknown> {
  const m: Record<string, unknown> = { jsonrpc: "2.0", id, method };
  if (params !== undefined) m.params = params;
  return m;
}

// A partial table, cast: the type system refuses one (HandlerTable is
// exhaustive), the router still answers -32601 for a missing handler.
const handlers: Record<string, (p: Params) => Promise<unknown>> = {
  "tabs.open": async (p) => ({ url: requireString(p, "url") }),
  "tabs.list": async () => {
    throw new Error("No tab with id: 5.");
  },
  "pages.click": async () => {
    throw new Error('{"code":-32000,"message":"Node is detached from document"}');
  },
  "pages.hover": async () => {
    throw new Error("Another debugger is already attached to the tab with id: 3.");
  },
  "pages.get": async () => {
    throw new RpcError(ErrorCode.pageRefNotFound, "page ref not found: e9");
  },
  "sessions.list": async () => {
    throw new Error("something odd");
  },
  "sessions.release": async () => undefined,
};
const router = new Router(handlers as unknown as HandlerTable);

test("every spec method is in the table", () => {
  // the spec's 27, then the methods issues added (each once)
  assert.equal(SESSION_METHODS.length, 10); // and sessions.setDialogPolicy, .stop, .resume, .setPolicy
  assert.deepEqual(SESSION_METHODS.slice(0, 6), ["sessions.create", "sessions.attachCurrent", "sessions.list", "sessions.rename", "sessions.release", "sessions.close"]);
  assert.equal(TAB_METHODS.length, 7);
  assert.equal(PAGE_METHODS[0], "pages.snapshot");
  assert.equal(PAGE_METHODS[13], "pages.eval");
  assert.equal(new Set(METHODS).size, METHODS.length);
  assert.ok(METHODS.includes("extension.info"));
  assert.ok(METHODS.includes("logs.console"));
  assert.ok(METHODS.includes("pages.navigate"));
  assert.ok(METHODS.includes("sessions.attachCurrent"));
  assert.ok(METHODS.includes("pages.scrollIntoView"));
});

test("a result carries the same id", async () => {
  assert.deepEqual(await router.dispatch(req("tabs.open", { url: "https://a.test/" }, 42)), {
    jsonrpc: "2.0",
    id: 42,
    result: { url: "https://a.test/" },
  });
  assert.deepEqual(await router.dispatch(req("sessions.release", {}, "x")), { jsonrpc: "2.0", id: "x", result: null });
});

test("unknown method answers -32601 naming it", async () => {
  assert.deepEqual(await router.dispatch(req("pages.fly", {})), {
    jsonrpc: "2.0",
    id: 7,
    error: { code: -32601, message: "method not found: pages.fly", data: { reason: "no_such_method" } },
  });
  // a spec method without a handler is just as unknown
  const r = await router.dispatch(req("tabs.userList", {}));
  assert.deepEqual(r && "error" in r ? r.error.code : undefined, -32601);
});

test("params that are not an object answer -32602", async () => {
  for (const bad of [[1, 2], "x", 3, true]) {
    const r = await router.dispatch(req("tabs.open", bad));
    assert.ok(r && "error" in r, `params ${JSON.stringify(bad)}`);
    assert.equal(r.error.code, ErrorCode.invalidParams);
  }
});

test("a missing member answers -32602 naming the member", async () => {
  const r = await router.dispatch(req("tabs.open", {}));
  assert.deepEqual(r, {
    jsonrpc: "2.0",
    id: 7,
    error: { code: -32602, message: 'invalid params: "url" must be a non-empty string', data: { reason: "bad_input" } },
  });
});

test("absent params count as {}", async () => {
  const r = await router.dispatch(req("sessions.release"));
  assert.deepEqual(r, { jsonrpc: "2.0", id: 7, result: null });
});

test("thrown errors map to the spec's codes", async () => {
  const code = async (m: string) => {
    const r = await router.dispatch(req(m, {}));
    return r && "error" in r ? r.error : undefined;
  };
  assert.deepEqual(await code("tabs.list"), { code: 4104, message: "No tab with id: 5.", data: { reason: "tab_closed" } });
  assert.equal((await code("pages.click"))?.code, 4110);
  assert.equal((await code("pages.hover"))?.code, 4110);
  assert.deepEqual(await code("pages.get"), { code: 4109, message: "page ref not found: e9", data: { reason: "stale_ref" } });
  assert.deepEqual(await code("sessions.list"), { code: 4102, message: "something odd", data: { reason: "failed" } });
  assert.equal(toRpcError("Cannot access a chrome:// URL").code, 4110);
  assert.equal(toRpcError(undefined).code, 4102);
  assert.equal(toRpcError("Cannot access a chrome:// URL").reason, "browser_error");
  assert.equal(toRpcError(new RpcError(4110, "x", "covered")).reason, "covered");
  assert.equal(new RpcError(4102, "timed out after 5 ms waiting for load").reason, "timeout");
  assert.equal(new RpcError(4110, "page operation failed: x").reason, "browser_error");
});

test("garbage and control frames get no answer; a bad request with an id gets -32600", async () => {
  for (const junk of [null, 3, "x", [1], { type: "pong" }, { jsonrpc: "2.0", method: "tabs.list" }]) {
    assert.equal(await router.dispatch(junk), undefined, JSON.stringify(junk));
  }
  const r = await router.dispatch({ jsonrpc: "2.0", id: 9, method: 5 });
  assert.deepEqual(r, { jsonrpc: "2.0", id: 9, error: { code: -32600, message: "invalid request", data: { reason: "bad_input" } } });
});
