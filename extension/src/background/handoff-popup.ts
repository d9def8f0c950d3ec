// The popup's view of the handoffs waiting for the person (pages/handoff.ts):
// listHandoffs answers them, handoffDone presses Done for one tab.

import { finishHandoff, pendingHandoffs, type PendingHandoff } from "./pages/handoff";

export type HandoffMessage = { type: "listHandoffs" } | { type: "handoffDone"; tabId: number };
export type HandoffAnswer = { handoffs: PendingHandoff[] } | { done: boolean };

export function isHandoffMessage(m: unknown): m is HandoffMessage {
  if (typeof m !== "object" || m === null) return false;
  const o = m as { type?: unknown; tabId?: unknown };
  return o.type === "listHandoffs" || (o.type === "handoffDone" && typeof o.tabId === "number");
}

/** Adds the runtime.onMessage listener; returns its removal. */
export function wireHandoffPopup(): () => void {
  const onMessage = (msg: unknown, sender: chrome.runtime.MessageSender, sendResponse: (a: HandoffAnswer) => void): boolean => {
    if (sender.id !== chrome.runtime.id || !isHandoffMessage(msg)) return false;
    sendResponse(msg.type === "listHandoffs" ? { handoffs: pendingHandoffs() } : { done: finishHandoff(msg.tabId) });
    return false;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}
