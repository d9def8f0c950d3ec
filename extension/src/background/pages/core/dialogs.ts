// JavaScript dialogs (alert, confirm, prompt, beforeunload): the hook that
// answers or holds each one as it opens, following its session's policy
// (dialog-policy.ts); the per-tab record of what opened, so a call during
// which a dialog opened can say so; and pages.dialog (status, accept,
// dismiss).

import { loadPolicies, decide, policyOf } from "../../sessions/dialog-policy";
import { optionalString, requireOneOf } from "../../params";
import { DIALOG_ACTIONS, type DialogReport, type DialogResult, type RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import {
  clearDialog,
  cdpMessage,
  holdDialog,
  onForget,
  openDialog,
  sendDuringDialog,
  showingDialog,
  type Dialog,
} from "./debugger";
import type { PageHandlers } from "../tables";

export type DialogState = DialogReport["state"];
export type { DialogReport };

interface Logged extends DialogReport {
  seq: number;
}

/** The session each tab was last used by: a dialog follows that session's policy. */
const tabSession = new Map<number, string>();
/** The last dialog of each tab, numbered. */
const lastDialog = new Map<number, Logged>();
let seq = 0;

onForget((tabId) => {
  lastDialog.delete(tabId);
  openings.delete(tabId);
});

/**
 * A dialog loop: the page opens dialog after dialog (a script that loops
 * alert() for ever), so the tab never yields to a call. It is LOOP_DIALOGS
 * dialogs opened within LOOP_WINDOW_MS, the last of them opened within
 * LOOP_RECENT_MS or still held open. One dialog, or a few far apart, is not
 * a loop: a person may want to see it.
 */
export const LOOP_DIALOGS = 3;
export const LOOP_WINDOW_MS = 5_000;
export const LOOP_RECENT_MS = 1_000;

/** When each tab's recent dialogs opened (at most LOOP_DIALOGS). */
const openings = new Map<number, number[]>();

/** A dialog opened in the tab now (answerDialog; tests give the time). */
export function noteOpening(tabId: number, now = Date.now()): void {
  const list = openings.get(tabId) ?? [];
  list.push(now);
  if (list.length > LOOP_DIALOGS) list.shift();
  openings.set(tabId, list);
}

/** Whether the tab is in a dialog loop now (see LOOP_DIALOGS). */
export function inDialogLoop(tabId: number, now = Date.now()): boolean {
  const list = openings.get(tabId);
  if (!list || list.length < LOOP_DIALOGS) return false;
  const first = list[0] as number;
  const last = list[list.length - 1] as number;
  if (last - first > LOOP_WINDOW_MS) return false;
  return now - last <= LOOP_RECENT_MS || openDialog(tabId) !== null;
}

export function noteSession(tabId: number, sessionId: unknown): void {
  if (typeof sessionId === "string" && sessionId !== "") tabSession.set(tabId, sessionId);
}

/** The mark before a call; dialogSince(mark) after it. */
export function dialogMark(): number {
  return seq;
}

/** The last dialog that opened in the tab after mark, if any. */
export function dialogSince(tabId: number, mark: number): DialogReport | undefined {
  const d = lastDialog.get(tabId);
  if (!d || d.seq <= mark) return undefined;
  const { seq: _, ...report } = d;
  return report;
}

function record(tabId: number, d: Dialog, state: DialogState): void {
  const entry: Logged = { type: d.type, message: d.message, state, seq: ++seq };
  if (d.defaultPrompt !== undefined && d.type === "prompt") entry.defaultPrompt = d.defaultPrompt;
  lastDialog.set(tabId, entry);
}

/** Decides a dialog as it opens (debugger.ts dialogOpening): answered now, or held. */
export function answerDialog(tabId: number, d: Dialog): boolean {
  noteOpening(tabId);
  const action = decide(policyOf(tabSession.get(tabId)), d.type);
  if (action === "hold") {
    record(tabId, d, "open");
    return false;
  }
  const accept = action === "accept";
  record(tabId, d, accept ? "accepted" : "dismissed");
  const params: Record<string, unknown> = { accept };
  if (accept && d.type === "prompt") params["promptText"] = d.defaultPrompt ?? "";
  const which = showingDialog(tabId);
  sendDuringDialog(tabId, "Page.handleJavaScriptDialog", params).catch(() => {
    // Could not answer it: hold it, so calls fail naming it instead of
    // hanging; unless it closed meanwhile (`dialog` answered it first).
    if (showingDialog(tabId) !== which || which === 0) return;
    record(tabId, d, "open");
    holdDialog(tabId, d, which);
  });
  return true;
}

void loadPolicies();

// ---- pages.dialog ----

export async function dialog(tabId: number, p: RequestParams<"pages.dialog">): Promise<DialogResult> {
  const action = requireOneOf(p, "action", DIALOG_ACTIONS);
  const text = optionalString(p, "text");
  await loadPolicies();
  const policy = policyOf(tabSession.get(tabId));
  const d = openDialog(tabId);
  if (action === "status") {
    if (!d) return { open: false, policy };
    const r: DialogResult = { open: true, type: d.type, message: d.message, policy };
    if (d.type === "prompt") r.defaultPrompt = d.defaultPrompt ?? "";
    return r;
  }
  const accept = action === "accept";
  const params: Record<string, unknown> = { accept };
  if (accept && (text !== undefined || d?.type === "prompt")) params["promptText"] = text ?? d?.defaultPrompt ?? "";
  try {
    // Sent even when no dialog is known: one that was open before the
    // debugger attached sends no event, and this is the way to close it.
    await sendDuringDialog(tabId, "Page.handleJavaScriptDialog", params);
  } catch (e) {
    const msg = e instanceof RpcError ? e.message : cdpMessage(e);
    if (/no dialog is showing/i.test(msg)) {
      throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: no JavaScript dialog is open");
    }
    throw e;
  }
  clearDialog(tabId);
  const shown = d ?? { type: "dialog", message: "" };
  record(tabId, shown, accept ? "accepted" : "dismissed");
  const r: DialogResult = { type: shown.type, message: shown.message, accepted: accept };
  if (accept && params["promptText"] !== undefined) r.text = String(params["promptText"]);
  return r;
}

// This file's handlers (index.ts joins them).
export const dialogHandlers = {
  "pages.dialog": dialog,
} satisfies PageHandlers;
