// A call's time budget: the `timeoutMs` member a caller gives (browserctl
// sends its --timeout), else the spec's 30 s. Running out answers 4102 with
// a message that starts "timed out", which the hub treats as retryable.

import { optionalInt } from "../../params";
import type { PageMethod, ParamsOf, Untrusted } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";

export const DEFAULT_BUDGET_MS = 30_000;
/** Longer budgets are refused: nothing should hold a session that long. */
export const MAX_BUDGET_MS = 3_600_000;

/** Every pages.* method's params declare timeoutMs (rpc.PageParams). */
type Budgeted = Untrusted<Pick<ParamsOf<PageMethod>, "timeoutMs">>;

export function budgetOf(p: Budgeted): number {
  const ms = optionalInt(p, "timeoutMs", 0);
  if (ms !== undefined && ms > MAX_BUDGET_MS) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "timeoutMs" must be at most ${MAX_BUDGET_MS}`);
  }
  return ms ?? DEFAULT_BUDGET_MS;
}

export function timedOut(ms: number, what: string): RpcError {
  return new RpcError(ErrorCode.operationFailed, `timed out after ${ms} ms waiting for ${what}`);
}

/** p, or a timedOut error once ms have passed. */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(ms, what)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long a call may wait for its element (to appear, to be uncovered):
 * the budget less a margin, so the answer saying why (not_found, covered)
 * reaches the caller before the hub's own timer for the call, which
 * started earlier, answers only "timed out".
 */
export function waitMsOf(budgetMs: number): number {
  const margin = Math.min(1_500, Math.max(400, budgetMs * 0.15));
  return Math.max(0, budgetMs - margin);
}
