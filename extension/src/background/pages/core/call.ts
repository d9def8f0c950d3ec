// What every pages.* call goes through around its handler: a held dialog
// fails it at once with 4110 naming the dialog (pages.dialog excepted); a tab
// closed under it ends it at once with 4104; a dialog that opened during it
// is reported in the result's `dialog` member. An action on a ref after the
// person at the browser clicked or typed in the tab since the last snapshot
// fails with 4109 (person-input.ts); input made during a call is the agent's.

import { ErrorCode, RpcError, type Params } from "../../types";
import { DialogOpenError, openDialog, setCallBudget } from "./debugger";
import { MAX_BUDGET_MS } from "./deadline";
import { dialogMark, dialogSince, noteSession } from "./dialogs";
import { agentCallEnded, agentCallStarted, checkPersonInput, REF_ACTIONS, snapshotTaken, startRecorder } from "./person-input";
import { pageCallStarted } from "./page-requests";
import { tabClosedError, tabGone, whenClosed } from "./tab-watch";

/** Methods that run while a dialog is open. */
const DIALOG_EXEMPT = new Set(["pages.dialog"]);

export async function runPageCall(
  method: string,
  tabId: number,
  params: Params,
  fn: (tabId: number, params: Params) => Promise<unknown>,
): Promise<unknown> {
  noteSession(tabId, params["sessionId"]);
  if (!DIALOG_EXEMPT.has(method)) {
    const open = openDialog(tabId);
    if (open) throw new DialogOpenError(open);
  }
  if (REF_ACTIONS.has(method) && (typeof params["ref"] === "string" || typeof params["toRef"] === "string")) {
    await checkPersonInput(tabId);
  }
  // A handoff is the person's time: their input during it counts.
  const agents = method !== "pages.handoff";
  const mark = dialogMark();
  const watch = whenClosed(tabId);
  // The caller's timeoutMs bounds each CDP command of the call, instead of
  // the 30 s default: nothing is cut shorter than the caller's --timeout.
  const budget = params["timeoutMs"];
  const ownBudget = typeof budget === "number" && Number.isInteger(budget) && budget > 0;
  if (ownBudget) setCallBudget(tabId, Math.min(budget, MAX_BUDGET_MS));
  let result: unknown;
  pageCallStarted(tabId, method);
  if (agents) agentCallStarted(tabId);
  // A snapshot's walk starts the recorder itself (snapshot.ts); find's
  // goes out beside it.
  const recorder = method === "pages.find" ? startRecorder(tabId) : undefined;
  try {
    result = await Promise.race([fn(tabId, params), watch.closed]);
  } catch (e) {
    if (!(e instanceof RpcError && e.code === ErrorCode.tabNotFound) && (await tabGone(tabId))) {
      throw tabClosedError(tabId);
    }
    // A dialog answered during the call may be why it failed (a dismissed
    // beforeunload cancels the navigation): say so. A held one names itself.
    const d = dialogSince(tabId, mark);
    if (d && d.state !== "open" && e instanceof RpcError && !DIALOG_EXEMPT.has(method)) {
      e.message += ` (a ${d.type} dialog${d.message ? ` ${JSON.stringify(d.message)}` : ""} was ${d.state} during the call)`;
    }
    throw e;
  } finally {
    if (agents) agentCallEnded(tabId);
    watch.stop();
    if (ownBudget) setCallBudget(tabId, undefined);
  }
  // A navigation that answers with its page's snapshot is a snapshot (not
  // when the read failed and it answered without one).
  const snapshotted = method === "pages.snapshot" || method === "pages.find" || (method === "pages.navigate" && hasSnapshot(result));
  if (snapshotted) await snapshotTaken(tabId, recorder);
  if (DIALOG_EXEMPT.has(method)) return result;
  const d = dialogSince(tabId, mark);
  if (d && result && typeof result === "object" && !Array.isArray(result)) {
    return { ...(result as Record<string, unknown>), dialog: d };
  }
  return result;
}

function hasSnapshot(result: unknown): boolean {
  return typeof result === "object" && result !== null && "snapshot" in result;
}
