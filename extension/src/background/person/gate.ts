// The approval gate, where the call lands: before a call that the
// session's policy asks about (a submit, an upload, a download, a
// navigation to another site, JavaScript, a close) runs, the person is
// asked (approvals.ts) and the call waits, within its time, for Allow; the
// caller gets `denied` or `approval_timeout` otherwise, and nothing is
// done. While a session waits for the person, no input reaches its tabs
// (approval_pending): nothing the agent sends can press Allow for it. A
// session without such a policy pays one map look-up per call.

import type { HandlerTable, Method, Params } from "../protocol.gen";
import { waitMsOf, DEFAULT_BUDGET_MS } from "../pages/core/deadline";
import { REF_ACTIONS } from "../pages/core/person-input";
import { ErrorCode, RpcError } from "../types";
import { approvalPending, askPerson } from "./approvals";
import { callerText, contextOf } from "./call-context";
import { classify, CONFIRMABLE, pageHost, type ClassifyDeps } from "./classify";
import { anyConfirm, loadPolicies, policyOf } from "./policy";

/** Page calls that send input (or run script) into the session's tabs:
 * the element actions and the rest. */
const INPUT = new Set<string>([
  ...REF_ACTIONS,
  "pages.press",
  "pages.mouse",
  "pages.keyboardType",
  "pages.scroll",
  "pages.eval",
  "pages.waitFor",
  "pages.download",
  "pages.upload",
  "pages.dialog",
]);

/** The call's own time: its timeoutMs, else how long the hub waits for it. */
function budgetOfCall(p: Params): number {
  const own = p["timeoutMs"];
  if (typeof own === "number" && own > 0) return own;
  return contextOf(p)?.caller?.timeoutMs ?? DEFAULT_BUDGET_MS;
}

async function gate(method: string, p: Params, deps: ClassifyDeps): Promise<void> {
  const sid = typeof p["sessionId"] === "string" ? p["sessionId"] : "";
  if (!sid) return;
  if (INPUT.has(method) && approvalPending(sid)) {
    throw new RpcError(ErrorCode.operationFailed, `session ${sid} waits for the person to allow or deny another action: no input reaches its tabs until they answer`, "approval_pending");
  }
  if (!CONFIRMABLE.has(method)) return;
  await loadPolicies();
  if (!anyConfirm()) return;
  const policy = await policyOf(sid);
  if (!policy || policy.confirm.length === 0) return;
  const started = contextOf(p)?.started ?? Date.now();
  const c = await classify(method, p, sid, deps);
  const asked = c?.kinds.filter((k) => policy.confirm.includes(k)) ?? [];
  if (!c || asked.length === 0) return;
  const tabId = await deps.tabOf(p);
  const text = `${callerText(contextOf(p)?.caller)} wants to ${c.action} on ${await pageHost(tabId)}`;
  await askPerson(sid, tabId, text, started + waitMsOf(budgetOfCall(p)));
}

/** The table with the gate before every handler. */
export function withApproval(table: HandlerTable, deps: ClassifyDeps): HandlerTable {
  const out: Record<string, (p: Params) => Promise<unknown>> = {};
  for (const [m, h] of Object.entries(table) as [Method, (p: Params) => Promise<unknown>][]) {
    out[m] = CONFIRMABLE.has(m) || INPUT.has(m) ? async (p: Params) => (await gate(m, p, deps), h(p)) : h;
  }
  return out as unknown as HandlerTable;
}
