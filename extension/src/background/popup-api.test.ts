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
