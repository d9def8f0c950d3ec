import assert from "node:assert/strict";
import { test } from "node:test";
import { answerPopup, isPopupSessionMessage } from "./popup-api";
import { Router } from "./router";
import { ErrorCode, RpcError, type HandlerTable, type Params } from "./types";

test("popup messages are recognised, and only well-formed ones", () => {
  assert.ok(isPopupSessionMessage({ type: "listSessions" }));
  assert.ok(isPopupSessionMessage({ type: "releaseSession", sessionId: "sabcde" }));
  assert.ok(!isPopupSessionMessage({ type: "releaseSession" }));
  assert.ok(!isPopupSessionMessage({ type: "releaseSession", sessionId: "" }));
  assert.ok(!isPopupSessionMessage({ type: "getStatus" }));
  assert.ok(!isPopupSessionMessage(null));
});

test("listSessions and releaseSession run the wire methods", async () => {
  const released: unknown[] = [];
  // A partial table, cast: the popup needs only these two methods.
  const handlers: Record<string, (p: Params) => Promise<unknown>> = {
    "sessions.list": async () => ({ sessions: [{ sessionId: "sabcde", tabIds: [1, 2] }] }),
    "sessions.release": async (p) => {
      if (p.sessionId !== "sabcde") throw new RpcError(ErrorCode.sessionNotFound, "session not found");
      released.push(p.sessionId);
      return { sessionId: p.sessionId, released: true };
    },
  };
  const router = new Router(handlers as unknown as HandlerTable);
  assert.deepEqual(await answerPopup(router, { type: "listSessions" }), {
    ok: true,
    result: { sessions: [{ sessionId: "sabcde", tabIds: [1, 2] }] },
  });
  assert.deepEqual(await answerPopup(router, { type: "releaseSession", sessionId: "sabcde" }), {
    ok: true,
    result: { sessionId: "sabcde", released: true },
  });
  assert.deepEqual(released, ["sabcde"]);
  assert.deepEqual(await answerPopup(router, { type: "releaseSession", sessionId: "szzzzz" }), {
    ok: false,
    error: "session not found (4107)",
  });
});

test("a stopped session's calls fail with stopped_by_person, in flight and after, until it is resumed", async () => {
  let release!: () => void;
  const handlers: Record<string, (p: Params) => Promise<unknown>> = {
    "pages.wait": () => new Promise((r) => (release = () => r({ ok: true }))),
    "pages.get": async () => ({ value: "t" }),
    "sessions.stop": async (p) => {
      await (await import("./sessions/stop")).stop(String(p.sessionId));
      return { sessionId: p.sessionId, stopped: true };
    },
    "sessions.resume": async (p) => {
      await (await import("./sessions/stop")).resume(String(p.sessionId));
      return { sessionId: p.sessionId, stopped: false };
    },
  };
  const router = new Router(handlers as unknown as HandlerTable);
  const call = (method: string, sessionId: string) => router.dispatch({ jsonrpc: "2.0", id: 1, method, params: { sessionId } });
  const waiting = call("pages.wait", "sa");
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(await answerPopup(router, { type: "stopSession", sessionId: "sa" }), { ok: true, result: { sessionId: "sa", stopped: true } });
  const w = await waiting;
  assert.ok(w && "error" in w && w.error.data.reason === "stopped_by_person", JSON.stringify(w));
  release();
  const refused = await call("pages.get", "sa");
  assert.ok(refused && "error" in refused && refused.error.data.reason === "stopped_by_person");
  const other = await call("pages.get", "sb");
  assert.ok(other && "result" in other, "another session is not stopped");
  assert.ok(isPopupSessionMessage({ type: "resumeSession", sessionId: "sa" }));
  assert.ok(!isPopupSessionMessage({ type: "toString", sessionId: "sa" }));
  await answerPopup(router, { type: "resumeSession", sessionId: "sa" });
  const again = await call("pages.get", "sa");
  assert.ok(again && "result" in again, JSON.stringify(again));
});
