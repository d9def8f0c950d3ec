// Every method of the router's real table (handler-table.ts, as the service
// worker builds it) fed
// malformed params: each answer is -32602, another code from a typed
// RpcError (4103 session required, 4106 session not found, ...), or the
// call reached Chrome having passed validation. Never a TypeError or any
// other exception a handler did not mean to throw.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { handlerTable } from "./handler-table";
import { METHODS } from "./methods";
import { PARAM_SHAPES } from "./protocol.gen";
import { click } from "./pages/input/input";
import { evidenceHandlers } from "./pages/evidence/index";
import { pageHandlers } from "./pages/index";
import { toolHandlers } from "./pages/tools";
import { Router } from "./router";
import { SessionStore } from "./sessions/session-store";
import { ErrorCode, RpcError, type HandlerTable, type Params } from "./types";

/** Thrown by every chrome.* call but storage's: the call got past its checks. */
class ChromeReached extends Error {
  constructor(readonly api: string) {
    super(`reached chrome.${api}`);
  }
}

/** Listener registration (handler groups wire some when built) does nothing. */
const LISTENER_CALLS = new Set(["addListener", "removeListener", "hasListener"]);

/** A chrome whose every function throws ChromeReached, at any depth. */
function reachable(path: string): unknown {
  return new Proxy(function () {}, {
    get: (_t, k) =>
      k === "then" ? undefined : LISTENER_CALLS.has(String(k)) ? () => undefined : reachable(`${path}.${String(k)}`),
    apply: () => {
      throw new ChromeReached(path);
    },
  });
}

beforeEach(() => {
  const memory: Record<string, unknown> = {};
  const area = {
    get: async (k?: string) => (k === undefined ? { ...memory } : k in memory ? { [k]: memory[k] } : {}),
    set: async (o: Record<string, unknown>) => void Object.assign(memory, o),
    remove: async (k: string) => void delete memory[k],
  };
  (globalThis as unknown as { chrome: unknown }).chrome = new Proxy(
    {},
    {
      get: (_t, k) =>
        k === "storage" ? { session: area, local: area, onChanged: reachable("storage.onChanged") } : reachable(String(k)),
    },
  );
});

const MALFORMED: unknown[] = [
  null, [], [1], "x", "", 1, 0, -1, true, false,
  { sessionId: 5 }, { sessionId: ["s1"] }, { sessionId: {} }, { sessionId: true }, { sessionId: "" },
  { sessionId: "s-none" }, { sessionId: null, tabId: "7" },
  { tabId: "7" }, { tabId: -1 }, { tabId: 1.5 }, { tabId: 1e400 }, { tabId: {} },
  { ref: 5 }, { ref: {} }, { selector: 5 }, { selector: [] }, { text: 1 }, { value: {} }, { url: 5 }, { url: {} },
  { expression: 5 }, { what: 1 }, { name: [] }, { timeoutMs: "x" }, { timeoutMs: -5 }, { timeoutMs: 1e400 },
  { ms: "x" }, { keys: 5 }, { files: "x" }, { values: 3 }, { x: "1", y: {} }, { after: "x", limit: -1 },
  { a: { a: { a: { a: { a: { a: { a: { a: [[[[[]]]]] } } } } } } } },
  JSON.parse('{"__proto__": {"sessionId": "s1"}}'), { constructor: 1, toString: 2, hasOwnProperty: 3 },
];

/** The methods that take no sessionId (rpc's NoSession): they ignore one. */
const NO_SESSION = new Set(["sessions.create", "sessions.attachCurrent", "sessions.list", "tabs.userList", "extension.info"]);

function tables(): Record<string, HandlerTable> {
  const real = handlerTable(new SessionStore()); // as background.ts wires it
  // the page and tool handlers past the session, on tab 7: their own checks
  const onTab = async (p: Params) => {
    if (p.tabId !== undefined && p.tabId !== null && (typeof p.tabId !== "number" || !Number.isInteger(p.tabId))) {
      throw new RpcError(ErrorCode.invalidParams, 'invalid params: "tabId" must be an integer');
    }
    return 7;
  };
  const pages = {
    ...real,
    ...pageHandlers({ resolveTab: onTab }),
    ...toolHandlers({ resolveTab: onTab, sessionTabIds: async () => [7] }, click),
    ...evidenceHandlers({ store: new SessionStore(), resolveTab: onTab }),
  } as HandlerTable;
  return { real, pages };
}

test("every method answers malformed params with -32602 or a typed error, never an exception", async () => {
  for (const [name, table] of Object.entries(tables())) {
    assert.deepEqual(Object.keys(table).sort(), [...METHODS].sort(), `${name}: the table has every method`);
    const wrapped: Record<string, (p: Params) => Promise<unknown>> = {};
    const untyped: string[] = [];
    for (const [method, handler] of Object.entries(table) as [string, (p: Params) => Promise<unknown>][]) {
      wrapped[method] = async (p) => {
        try {
          return await handler(p);
        } catch (e) {
          if (!(e instanceof RpcError) && !(e instanceof ChromeReached)) {
            untyped.push(`${method} ${JSON.stringify(p)}: ${e instanceof Error ? e.stack : String(e)}`);
          }
          throw e;
        }
      };
    }
    const router = new Router(wrapped as unknown as HandlerTable);
    let id = 0;
    for (const method of METHODS) {
      for (const params of MALFORMED) {
        const r = await router.dispatch({ jsonrpc: "2.0", id: ++id, method, params });
        assert.ok(r, `${method} ${JSON.stringify(params)}: an answer`);
        assert.equal(r.id, id);
        if (params !== null && (typeof params !== "object" || Array.isArray(params))) {
          assert.ok("error" in r && r.error.code === ErrorCode.invalidParams, `${method} ${JSON.stringify(params)}: -32602`);
        }
        if (
          name === "real" && !NO_SESSION.has(method) &&
          typeof params === "object" && params !== null && !Array.isArray(params) &&
          "sessionId" in params && params.sessionId !== null && params.sessionId !== "" &&
          typeof params.sessionId !== "string"
        ) {
          // a method that takes a session checks sessionId before all else
          if (!("error" in r) || r.error.code !== ErrorCode.invalidParams) {
            assert.fail(`${method} ${JSON.stringify(params)}: want -32602, got ${JSON.stringify(r)}`);
          }
        }
      }
    }
    assert.deepEqual(untyped, [], `${name}: exceptions no handler meant to throw`);
  }
});

/** mulberry32: a seeded generator, so a failure is found again by its seed. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random JSON value (or undefined), nested at most depth deep. */
function randomValue(rnd: () => number, depth = 0): unknown {
  const pick = Math.floor(rnd() * (depth > 2 ? 9 : 11));
  switch (pick) {
    case 0: return undefined;
    case 1: return null;
    case 2: return rnd() < 0.5;
    case 3: return Math.floor(rnd() * 2000) - 1000;
    case 4: return [0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 30000, 0.0001][Math.floor(rnd() * 8)];
    case 5: return ["", "x", "e1", "s1", "#id", "soon", "title", "load", "accept", "http://x/", "é\u0000", "a".repeat(300)][Math.floor(rnd() * 12)];
    case 6: return "s1";
    case 7: return 7;
    case 8: return {};
    case 9: return Array.from({ length: Math.floor(rnd() * 3) }, () => randomValue(rnd, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rnd() * 3); i > 0; i--) o[["a", "width", "name", "value", "viewport", "x"][Math.floor(rnd() * 6)] as string] = randomValue(rnd, depth + 1);
      return o;
    }
  }
}

test("fuzz: random values for every declared member end in -32602, a typed error or a call past the checks", async () => {
  const rnd = seeded(34);
  for (const [name, table] of Object.entries(tables())) {
    const untyped: string[] = [];
    const wrapped: Record<string, (p: Params) => Promise<unknown>> = {};
    for (const [method, handler] of Object.entries(table) as [string, (p: Params) => Promise<unknown>][]) {
      wrapped[method] = async (p) => {
        try {
          return await handler(p);
        } catch (e) {
          if (!(e instanceof RpcError) && !(e instanceof ChromeReached)) {
            untyped.push(`${method} ${JSON.stringify(p)}: ${e instanceof Error ? e.stack : String(e)}`);
          }
          throw e;
        }
      };
    }
    const router = new Router(wrapped as unknown as HandlerTable);
    let id = 0;
    for (const method of METHODS) {
      const members = Object.keys(PARAM_SHAPES[method]);
      for (let round = 0; round < 40; round++) {
        const params: Record<string, unknown> = {};
        for (const m of members) {
          const v = randomValue(rnd);
          if (v !== undefined) params[m] = v;
        }
        const r = await router.dispatch({ jsonrpc: "2.0", id: ++id, method, params });
        assert.ok(r && r.id === id, `${method} ${JSON.stringify(params)}: one answer`);
        if ("error" in r) assert.equal(typeof r.error.code, "number");
      }
    }
    assert.deepEqual(untyped, [], `${name}: exceptions no handler meant to throw`);
  }
});
