// Asking the person before what cannot be undone: the approvals waiting
// now. One is shown as a bar in the page the person watches (the session's
// tab, a closed shadow root in the extension's isolated world: see
// src/injected/document/approval.ts), in the popup, on the extension's
// badge and in the tab group's title; the call waits until the person
// presses Allow or Deny in either, its time runs out, the person stops
// the session, or the tab goes. Events approval_asked and
// approval_answered tell scripts (`browserctl events`), and MCP clients
// hear of the wait as progress.

import { emitEvent } from "../event-stream";
import { callInjected } from "../pages/core/injected";
import { ensureAttached } from "../pages/core/debugger";
import { agentCallEnded, agentCallStarted } from "../pages/core/person-input";
import { Wakeup } from "../pages/core/wakeup";
import { dropContext, isolatedContext } from "../pages/core/world";
import { markGroup } from "../pages/handoff";
import { stoppedError, stoppedNow } from "../sessions/stop";
import { ErrorCode, RpcError } from "../types";

/** An approval waiting for the person, as the popup shows it. */
export interface PendingApproval {
  id: string;
  sessionId: string;
  tabId: number;
  /** "mcp claude-code wants to click 'Pay now' on shop.example" */
  text: string;
  since: number;
}

type Answer = "allow" | "deny";

const pending = new Map<string, PendingApproval & { answer?: Answer }>();
const answered = new Wakeup();
/** How often the page's bar is read (and shown again after a navigation). */
const POLL_MS = 150;
const MARK = "⏸ asks you: ";
let nextId = 1;

export function pendingApprovals(): PendingApproval[] {
  return [...pending.values()].map(({ id, sessionId, tabId, text, since }) => ({ id, sessionId, tabId, text, since }));
}

/** Whether the session waits for the person's answer now. */
export function approvalPending(sessionId: string): boolean {
  for (const a of pending.values()) if (a.sessionId === sessionId) return true;
  return false;
}

/** The person's answer from the popup (a trusted click there); false when
 * no such approval waits. */
export function answerApproval(id: string, allow: boolean): boolean {
  const a = pending.get(id);
  if (!a || a.answer) return false;
  a.answer = allow ? "allow" : "deny";
  answered.wake();
  return true;
}

function badge(): void {
  if (typeof chrome === "undefined" || !chrome.action?.setBadgeText) return;
  const n = pending.size;
  void chrome.action.setBadgeText({ text: n > 0 ? String(n) : "" }).catch(() => undefined);
  if (n > 0) void chrome.action.setBadgeBackgroundColor({ color: "#d93025" }).catch(() => undefined);
}

/** Shows the bar if the document lacks it; answers the person's answer, if any. */
async function showAndRead(tabId: number, id: string, text: string): Promise<Answer | undefined> {
  let contextId: number;
  try {
    await ensureAttached(tabId);
    contextId = await isolatedContext(tabId);
  } catch {
    return undefined; // between documents (or a dialog): next round
  }
  try {
    const r = await callInjected(tabId, { contextId }, "showApproval", [id, text]);
    const v = r.result?.value;
    return v === "allow" || v === "deny" ? v : undefined;
  } catch {
    dropContext(tabId); // the document went: a new world next round
    return undefined;
  }
}

async function removeBar(tabId: number): Promise<void> {
  const contextId = await isolatedContext(tabId);
  await callInjected(tabId, { contextId }, "removeApproval", []);
}

/**
 * Asks the person and waits until deadline (ms since the epoch): resolves
 * when they allow; throws `denied` (not retryable), `approval_timeout`, or
 * stopped_by_person when they stop the session meanwhile.
 */
export async function askPerson(sessionId: string, tabId: number, text: string, deadline: number): Promise<void> {
  const id = `a${nextId++}-${Date.now().toString(36)}`;
  const a = { id, sessionId, tabId, text, since: Date.now() } as PendingApproval & { answer?: Answer };
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  pending.set(id, a);
  badge();
  emitEvent("approval_asked", sessionId, { tabId, url: tab?.url ?? "", text });
  const restore = await markGroup(tab?.groupId, MARK);
  // The person's click on Allow in the page is not input that moved the
  // agent's refs (person-input.ts), nor a person_input event.
  agentCallStarted(tabId);
  let outcome: Answer | "timeout" | "stopped" | "tab_closed" = "timeout";
  try {
    while (Date.now() < deadline) {
      if (stoppedNow(sessionId)) {
        outcome = "stopped";
        break;
      }
      const inPage = await showAndRead(tabId, id, text);
      if (inPage && !a.answer) a.answer = inPage;
      if (a.answer) {
        outcome = a.answer;
        break;
      }
      if (!(await chrome.tabs.get(tabId).catch(() => undefined))) {
        outcome = "tab_closed";
        break;
      }
      await answered.next(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    }
  } finally {
    pending.delete(id);
    badge();
    agentCallEnded(tabId);
    await removeBar(tabId).catch(() => undefined);
    await restore();
  }
  const words = { allow: "allowed", deny: "denied", timeout: "no answer in time", stopped: "the session was stopped", tab_closed: "the tab was closed" };
  emitEvent("approval_answered", sessionId, { tabId, text: `${words[outcome]}: ${text}` });
  switch (outcome) {
    case "allow":
      return;
    case "deny":
      throw new RpcError(ErrorCode.operationFailed, `the person at the browser denied it: ${text}; nothing was done`, "denied");
    case "stopped":
      throw stoppedError(sessionId);
    case "tab_closed":
      throw new RpcError(ErrorCode.tabNotFound, `tab ${tabId} was closed while the person was asked: ${text}; nothing was done`, "tab_closed");
    default:
      throw new RpcError(
        ErrorCode.operationFailed,
        `nobody answered in time: ${text} (the session asks the person first: session policy --confirm); nothing was done`,
        "approval_timeout",
      );
  }
}
