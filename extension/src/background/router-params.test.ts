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
