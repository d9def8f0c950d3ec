// pages.eval: an expression in the page's main world, awaited when it is a
// promise, answered by value; a thrown exception answers 4110 with its text.

import { requireString } from "../params";
import type { RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { send } from "./debugger";

interface EvalResult {
  result: { type: string; value?: unknown; unserializableValue?: string; description?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string; value?: unknown } };
}

export async function evaluate(tabId: number, p: RequestParams<"pages.eval">): Promise<{ value: unknown }> {
  const expression = requireString(p, "expression");
  const r = await send<EvalResult>(tabId, "Runtime.evaluate", {
    expression,
    returnByValue: true,
    awaitPromise: true,
    userGesture: true,
  });
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    const text = d.exception?.description ?? (d.exception?.value !== undefined ? String(d.exception.value) : d.text);
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${text ?? "exception"}`);
  }
  // NaN, Infinity, -0 and bigints have no JSON: their text.
  if (r.result.unserializableValue !== undefined) return { value: r.result.unserializableValue };
  return { value: r.result.value === undefined ? null : r.result.value };
}
