// pages.eval: an expression in the page's main world, awaited when it is a
// promise, answered by value; a thrown exception answers 4110 with its text.

import { requireString } from "../params";
import type { RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { send } from "./core/debugger";
import { budgetOf, within } from "./core/deadline";
import type { PageHandlers } from "./tables";

/** The CDP command outlives the budget a little, so the budget's own error wins. */
const CDP_SLACK_MS = 5_000;

interface EvalResult {
  result: { type: string; value?: unknown; unserializableValue?: string; description?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string; value?: unknown } };
}

export async function evaluate(tabId: number, p: RequestParams<"pages.eval">): Promise<{ value: unknown }> {
  const expression = requireString(p, "expression");
  const budget = budgetOf(p);
  const r = await within(
    send<EvalResult>(
      tabId,
      "Runtime.evaluate",
      { expression, returnByValue: true, awaitPromise: true, userGesture: true },
      budget + CDP_SLACK_MS,
    ),
    budget,
    "the expression's value",
  );
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    const text = d.exception?.description ?? (d.exception?.value !== undefined ? String(d.exception.value) : d.text);
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${text ?? "exception"}`, "page_error");
  }
  // NaN, Infinity, -0 and bigints have no JSON: their text.
  if (r.result.unserializableValue !== undefined) return { value: r.result.unserializableValue };
  return { value: r.result.value === undefined ? null : r.result.value };
}

// This file's handlers (index.ts joins them).
export const evalHandlers = {
  "pages.eval": evaluate,
} satisfies PageHandlers;
