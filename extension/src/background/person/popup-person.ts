// The popup's view of the person's side: the approvals waiting for them
// (listPerson, answerApproval: Allow or Deny pressed in the popup) and the
// last calls of each session with who made them (listPerson). The popup
// sends answerApproval only for a trusted click (event.isTrusted); only
// the extension's own pages can send it at all.

import { answerApproval, pendingApprovals, type PendingApproval } from "./approvals";
import { recentCalls, type CallEntry } from "./call-record";

export type PersonMessage = { type: "listPerson" } | { type: "answerApproval"; id: string; allow: boolean };
export type PersonAnswer = { approvals: PendingApproval[]; calls: Record<string, CallEntry[]> } | { answered: boolean };

export function isPersonMessage(m: unknown): m is PersonMessage {
  if (typeof m !== "object" || m === null) return false;
  const o = m as { type?: unknown; id?: unknown; allow?: unknown };
  return o.type === "listPerson" || (o.type === "answerApproval" && typeof o.id === "string" && typeof o.allow === "boolean");
}

/** Adds the runtime.onMessage listener; returns its removal. */
export function wirePersonPopup(): () => void {
  const onMessage = (msg: unknown, sender: chrome.runtime.MessageSender, sendResponse: (a: PersonAnswer) => void): boolean => {
    if (sender.id !== chrome.runtime.id || !isPersonMessage(msg)) return false;
    // the extension's own pages only (the popup), never a frame of a web page
    if (!sender.url?.startsWith(chrome.runtime.getURL(""))) return false;
    if (msg.type === "answerApproval") {
      sendResponse({ answered: answerApproval(msg.id, msg.allow) });
      return false;
    }
    void recentCalls().then((calls) => sendResponse({ approvals: pendingApprovals(), calls }));
    return true; // answers asynchronously
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}
