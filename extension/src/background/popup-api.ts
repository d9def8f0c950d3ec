// The popup's messages beyond getStatus/reconnect (those live in
// lifecycle.ts): list the sessions this browser holds, and release, stop or
// resume one. Each goes through the router, so the popup sees and does
// exactly what the wire methods sessions.list, .release, .stop and .resume
// see and do.

import type { Router } from "./router";

export type PopupSessionMessage =
  | { type: "listSessions" }
  | { type: "releaseSession" | "stopSession" | "resumeSession"; sessionId: string };

const ACTIONS = { releaseSession: "sessions.release", stopSession: "sessions.stop", resumeSession: "sessions.resume" } as const;

/** What the service worker answers: the method's result, or its error text. */
export type PopupSessionAnswer = { ok: true; result: unknown } | { ok: false; error: string };

export function isPopupSessionMessage(m: unknown): m is PopupSessionMessage {
  if (typeof m !== "object" || m === null) return false;
  const o = m as { type?: unknown; sessionId?: unknown };
  if (o.type === "listSessions") return true;
  return typeof o.type === "string" && Object.hasOwn(ACTIONS, o.type) && typeof o.sessionId === "string" && o.sessionId !== "";
}

let nextId = 1;

/** Runs a popup message as a wire call; never throws. */
export async function answerPopup(router: Router, msg: PopupSessionMessage): Promise<PopupSessionAnswer> {
  const call =
    msg.type === "listSessions"
      ? { method: "sessions.list", params: {} }
      : { method: ACTIONS[msg.type], params: { sessionId: msg.sessionId, caller: { kind: "the person (popup)" } } };
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
