// The popup's messages beyond getStatus/reconnect (those live in
// lifecycle.ts): list the sessions this browser holds, and release one. Both
// go through the router, so the popup sees and does exactly what the wire
// methods sessions.list and sessions.release see and do.

import type { Router } from "./router";

export type PopupSessionMessage = { type: "listSessions" } | { type: "releaseSession"; sessionId: string };

/** What the service worker answers: the method's result, or its error text. */
export type PopupSessionAnswer = { ok: true; result: unknown } | { ok: false; error: string };

export function isPopupSessionMessage(m: unknown): m is PopupSessionMessage {
  if (typeof m !== "object" || m === null) return false;
  const o = m as { type?: unknown; sessionId?: unknown };
  if (o.type === "listSessions") return true;
  return o.type === "releaseSession" && typeof o.sessionId === "string" && o.sessionId !== "";
}

let nextId = 1;

/** Runs a popup message as a wire call; never throws. */
export async function answerPopup(router: Router, msg: PopupSessionMessage): Promise<PopupSessionAnswer> {
  const call =
    msg.type === "listSessions"
      ? { method: "sessions.list", params: {} }
      : { method: "sessions.release", params: { sessionId: msg.sessionId } };
  const resp = await router.dispatch({ jsonrpc: "2.0", id: `popup-${nextId++}`, ...call });
  if (resp && "result" in resp) return { ok: true, result: resp.result };
  return { ok: false, error: resp && "error" in resp ? `${resp.error.message} (${resp.error.code})` : "no answer" };
}

/** Adds the runtime.onMessage listener; returns its removal. */
export function wirePopupApi(router: Router): () => void {
  const onMessage = (
    msg: unknown,
    sender: chrome.runtime.MessageSender,
    sendResponse: (r: PopupSessionAnswer) => void,
  ): boolean => {
    if (sender.id !== chrome.runtime.id || !isPopupSessionMessage(msg)) return false;
    void answerPopup(router, msg).then(sendResponse);
    return true; // answers asynchronously
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}
