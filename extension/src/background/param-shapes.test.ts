// Walks every method of the protocol table and every member of its params
// (nested objects' members too): a value of the wrong type for it is refused
// by the router with -32602 naming the member, before the handler runs; a
// value of the right type reaches the handler. Issue 34: pages.get with
// {"timeoutMs":"soon"} answered the title.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkParamShapes } from "./param-shapes";
import { METHODS, OBJECT_SHAPES, PARAM_SHAPES, type Method } from "./protocol.gen";
import { Router } from "./router";
import { ErrorCode, type HandlerTable, type Params } from "./types";

/** Values that are not of the shape. */
function wrong(shape: string): unknown[] {
  if (shape.endsWith("[]")) return ["x", 5, {}, true];
  if (shape.startsWith("map:") || shape in OBJECT_SHAPES) return ["x", 5, [], true];
  switch (shape) {
    case "string": return [5, {}, [], true];
    case "int": return ["soon", "5", 1.5, true, {}, [], 1e400];
    case "number": return ["x", "5", true, {}, []];
    case "boolean": return ["yes", "true", 1, 0, {}, []];
  }
  return []; // unknown: anything goes
}

/** A value of the shape. */
function right(shape: string): unknown {
  if (shape.endsWith("[]")) return [right(shape.slice(0, -2))];
  if (shape.startsWith("map:")) return { k: right(shape.slice(4)) };
  const members = OBJECT_SHAPES[shape];
  if (members) return Object.fromEntries(Object.entries(members).map(([k, s]) => [k, right(s)]));
  switch (shape) {
    case "string": return "x";
    case "int": return 1;
    case "number": return 1.5;
    case "boolean": return true;
  }
  return "anything";
}

/** Every member path of a shape's members, nested ones as "a.b", with its shape. */
function paths(members: Readonly<Record<string, string>>, prefix = "", depth = 0): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, shape] of Object.entries(members)) {
    out.push([prefix + name, shape]);
    const nested = OBJECT_SHAPES[shape];
    if (nested && depth < 3) out.push(...paths(nested, `${prefix}${name}.`, depth + 1));
  }
  return out;
}

/** Params with every member at its right value, and path set to v. */
function withValue(method: Method, path: string, v: unknown): Params {
  const p = right2(PARAM_SHAPES[method]);
  const keys = path.split(".");
  let o = p as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys[keys.length - 1] as string] = v;
  return p;
}

function right2(members: Readonly<Record<string, string>>): Params {
  return Object.fromEntries(Object.entries(members).map(([k, s]) => [k, right(s)]));
}

function reachedTable(reached: string[]): HandlerTable {
  return Object.fromEntries(
    METHODS.map((m) => [m, async (p: Params) => (reached.push(`${m} ${JSON.stringify(p)}`), { ok: true })]),
  ) as unknown as HandlerTable;
}

test("every method refuses a wrong-typed member with -32602 naming it, before its handler", async () => {
  const reached: string[] = [];
  const router = new Router(reachedTable(reached));
  let id = 0;
  let checked = 0;
  for (const method of METHODS) {
    for (const [path, shape] of paths(PARAM_SHAPES[method])) {
      for (const v of wrong(shape)) {
        const params = withValue(method, path, v);
        const r = await router.dispatch({ jsonrpc: "2.0", id: ++id, method, params });
        assert.ok(r && "error" in r, `${method} ${path}=${JSON.stringify(v)}: refused, got ${JSON.stringify(r)}`);
        assert.equal(r.error.code, ErrorCode.invalidParams, `${method} ${path}=${JSON.stringify(v)}`);
        assert.ok(r.error.message.includes(`"${path}"`), `${method}: the message names ${path}: ${r.error.message}`);
        assert.equal(r.error.data.reason, "bad_input");
        checked++;
      }
    }
  }
  assert.deepEqual(reached, [], "no handler ran for a wrong-typed member");
  assert.ok(checked > 500, `walked ${checked} wrong values`);
});

test("the issue's case: pages.get with timeoutMs \"soon\" is refused", () => {
  assert.throws(
    () => checkParamShapes("pages.get", { sessionId: "s1", what: "title", timeoutMs: "soon" }),
    (e: Error & { code?: number }) => e.code === ErrorCode.invalidParams && /"timeoutMs" must be an integer/.test(e.message),
  );
});

test("right-typed members, null members and undeclared members reach the handler", async () => {
  const reached: string[] = [];
  const router = new Router(reachedTable(reached));
  let id = 0;
  for (const method of METHODS) {
    const members = PARAM_SHAPES[method];
    for (const params of [
      right2(members),
      Object.fromEntries(Object.keys(members).map((k) => [k, null])),
      { ...right2(members), notInTheTable: { any: "thing" } },
    ]) {
      const r = await router.dispatch({ jsonrpc: "2.0", id: ++id, method, params });
      assert.ok(r && "result" in r, `${method} ${JSON.stringify(params)}: reached, got ${JSON.stringify(r)}`);
    }
  }
  assert.equal(reached.length, METHODS.length * 3);
});
