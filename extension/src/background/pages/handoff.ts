// pages.handoff: the agent hands the session's tab to the person at the
// browser. The tab comes to the front, its tab group is marked (a title
// prefix and colour, restored after), the message shows in the page (a
// closed shadow root made from the extension's isolated world, so page
// scripts can neither read it nor press its button) and in the popup, and
// the call returns when the person presses Done in either, or when its
// budget runs out. A navigation (a login that redirects) loses the overlay:
// it is shown again in the new document.

import { emitEvent } from "../event-stream";
import type { RequestParams, ResultOf } from "../protocol.gen";
import { requireString } from "../params";
import { ErrorCode, RpcError } from "../types";
import { budgetOf } from "./core/deadline";
import { ensureAttached, send } from "./core/debugger";
import { Wakeup } from "./core/wakeup";
import { callInjected } from "./core/injected";
import { dropContext, isolatedContext } from "./core/world";
import type { PageHandlers } from "./tables";

/** A handoff waiting for the person, as the popup shows it. */
export interface PendingHandoff {
  tabId: number;
  message: string;
  title: string;
  since: number;
}

const pending = new Map<number, PendingHandoff & { done: boolean }>();
/** Woken by Done in the popup, so the call answers at once. */
const finished = new Wakeup();

/** The handoffs waiting now, for the popup. */
export function pendingHandoffs(): PendingHandoff[] {
  return [...pending.values()].map(({ tabId, message, title, since }) => ({ tabId, message, title, since }));
}

/** Done from the popup; false when no handoff waits on the tab. */
export function finishHandoff(tabId: number): boolean {
  const h = pending.get(tabId);
  if (!h) return false;
  h.done = true;
  finished.wake();
  return true;
}

/** How often the page's own Done button is read (and the overlay shown
 * again after a navigation). */
const POLL_MS = 200;
const MARK = "⏸ needs you: ";

export async function handoff(tabId: number, p: RequestParams<"pages.handoff">): Promise<ResultOf<"pages.handoff">> {
  const message = requireString(p, "message");
  if (message.trim() === "") throw new RpcError(ErrorCode.invalidParams, 'invalid params: "message" must not be empty');
  if (pending.has(tabId)) throw new RpcError(ErrorCode.operationFailed, `a handoff already waits on tab ${tabId}`);
  const budget = budgetOf(p);
  const start = Date.now();
  await ensureAttached(tabId);
  const tab = await chrome.tabs.get(tabId);
  await chrome.tabs.update(tabId, { active: true });
  if (tab.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
  const restore = await markGroup(tab.groupId);
  const h = { tabId, message, title: tab.title ?? "", since: start, done: false };
  pending.set(tabId, h);
  try {
    while (!h.done && Date.now() - start < budget) {
      const pressed = await showAndRead(tabId, message).catch(() => false);
      if (pressed) h.done = true;
      if (h.done) break;
      // A tab closed under the handoff ends it (the call answers 4104).
      if (!(await chrome.tabs.get(tabId).catch(() => undefined))) break;
      await finished.next(POLL_MS);
    }
  } finally {
    pending.delete(tabId);
    await removeOverlay(tabId).catch(() => undefined);
    await restore();
  }
  const now = await chrome.tabs.get(tabId).catch(() => undefined);
  if (h.done) emitEvent("handoff_done", typeof p.sessionId === "string" ? p.sessionId : "", { tabId, url: now?.url ?? tab.url ?? "" });
  return { done: h.done, url: now?.url ?? tab.url ?? "", title: now?.title ?? "", tabId, waitedMs: Date.now() - start };
}

/** Marks the tab's group while it waits (a title prefix, red); returns what restores it. */
export async function markGroup(groupId: number | undefined, mark = MARK): Promise<() => Promise<void>> {
  if (groupId === undefined || groupId < 0) return async () => undefined;
  const g = await chrome.tabGroups.get(groupId).catch(() => undefined);
  if (!g) return async () => undefined;
  const title = g.title ?? "";
  const color = g.color;
  await chrome.tabGroups.update(groupId, { title: mark + title, color: "red", collapsed: false }).catch(() => undefined);
  return async () => {
    const now = await chrome.tabGroups.get(groupId).catch(() => undefined);
    if (!now) return;
    // The person may have renamed it meanwhile: take our prefix off only.
    const t = (now.title ?? "").startsWith(mark) ? (now.title ?? "").slice(mark.length) : (now.title ?? title);
    await chrome.tabGroups.update(groupId, { title: t, color }).catch(() => undefined);
  };
}

/** Shows the overlay if the document lacks it; answers whether Done was pressed. */
async function showAndRead(tabId: number, message: string): Promise<boolean> {
  let contextId: number;
  try {
    contextId = await isolatedContext(tabId);
  } catch {
    return false; // between documents: next round
  }
  const r = await callInjected(tabId, { contextId }, "showHandoff", [message]).catch((e: unknown) => {
    dropContext(tabId); // the document went: a new world next round
    throw e;
  });
  return r.result?.value === "done";
}

async function removeOverlay(tabId: number): Promise<void> {
  const contextId = await isolatedContext(tabId);
  await callInjected(tabId, { contextId }, "removeHandoff", []);
}

// This file's handlers (index.ts joins them).
export const handoffHandlers = {
  "pages.handoff": handoff,
} satisfies PageHandlers;
