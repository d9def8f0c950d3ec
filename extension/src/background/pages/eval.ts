// pages.eval: an expression in the page's main world, awaited when it is a
// promise, called when it is a function (and its value awaited), answered
// as JSON (js-value.ts gives the values JSON has no form of); a thrown
// exception answers 4110 with its text.

import { requireString } from "../params";
import type { RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { send } from "./core/debugger";
import { budgetOf, within } from "./core/deadline";
import { JSON_VALUE_OF } from "./js-value";
import type { PageHandlers } from "./tables";

/** The CDP command outlives the budget a little, so the budget's own error wins. */
const CDP_SLACK_MS = 5_000;

/** Numbers each eval's object group: the objects it holds in the page
 * until it has answered, its own, so one eval's release never frees
 * another's. */
let evals = 0;

interface RemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
  className?: string;
}

interface EvalResult {
  result: RemoteObject;
  exceptionDetails?: { text?: string; exception?: RemoteObject };
}

/** `function () {...}` alone is a declaration, whose value is nothing:
 * in parentheses it is the function, which is then called. */
const FUNCTION_TEXT = /^\s*(async\s+)?function\b/;

export async function evaluate(tabId: number, p: RequestParams<"pages.eval">): Promise<{ value: unknown }> {
  const expression = requireString(p, "expression");
  const budget = budgetOf(p);
  return { value: await within(valueOf(tabId, expression, budget + CDP_SLACK_MS), budget, "the expression's value") };
}

async function valueOf(tabId: number, expression: string, timeoutMs: number): Promise<unknown> {
  const objectGroup = `browserctl:eval:${++evals}`;
  const run = (text: string) =>
    send<EvalResult>(tabId, "Runtime.evaluate", { expression: text, objectGroup, awaitPromise: true, userGesture: true }, timeoutMs);
  let r: EvalResult;
  if (FUNCTION_TEXT.test(expression)) {
    r = await run(`(${expression}\n)`);
    // More than one function (`function a() {} a()`): nothing ran, as is.
    if (r.exceptionDetails?.exception?.className === "SyntaxError") r = await run(expression);
  } else {
    r = await run(expression);
  }
  const held = r.result.objectId !== undefined || r.exceptionDetails?.exception?.objectId !== undefined;
  const asJSON = (objectId: string) =>
    send<EvalResult>(tabId, "Runtime.callFunctionOn", { objectId, functionDeclaration: JSON_VALUE_OF, returnByValue: true, awaitPromise: true, userGesture: true }, timeoutMs);
  try {
    const thrown = r.exceptionDetails?.exception;
    if (thrown?.objectId !== undefined && thrown.subtype !== "error") {
      // `throw {code: 7}`: what was thrown, not "Object".
      const j = await asJSON(thrown.objectId).catch(() => undefined);
      if (j && !j.exceptionDetails) thrown.description = `Uncaught ${JSON.stringify(j.result.value)}`;
    }
    failOnException(r);
    const v = r.result;
    // NaN, Infinity, -0 and bigints have no JSON: their text; a symbol its name.
    if (v.unserializableValue !== undefined) return v.unserializableValue;
    if (v.type === "symbol") return v.description ?? "Symbol()";
    if (v.objectId === undefined || v.subtype === "null") return v.value ?? null;
    const c = await asJSON(v.objectId);
    failOnException(c);
    return c.result.value ?? null;
  } finally {
    // Frees what the page kept for the call; a page gone meanwhile took it along.
    if (held) send(tabId, "Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

function failOnException(r: EvalResult): void {
  const d = r.exceptionDetails;
  if (!d) return;
  const text = d.exception?.description ?? (d.exception?.value !== undefined ? String(d.exception.value) : d.text);
  throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${text ?? "exception"}`, "page_error");
}

// This file's handlers (index.ts joins them).
export const evalHandlers = {
  "pages.eval": evaluate,
} satisfies PageHandlers;
