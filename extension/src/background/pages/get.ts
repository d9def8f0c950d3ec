// pages.get: title, url, text, value, html, box.

import { requireOneOf } from "../params";
import { GET_WHATS, type Box, type GetResult, type GetWhat, type RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { send } from "./debugger";
import { releaseActionObjects } from "./refs";
import { resolveSpec, targetOf } from "./target";


interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

function failed(msg: string): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${msg}`);
}

const ON_DOCUMENT: Partial<Record<GetWhat, string>> = {
  title: "document.title",
  url: "location.href",
  text: "(document.body || document.documentElement).innerText",
  html: "document.documentElement.outerHTML",
};

const ON_ELEMENT: Record<Exclude<GetWhat, "title" | "url">, string> = {
  text: `function () { return typeof this.innerText === "string" ? this.innerText : this.textContent; }`,
  html: `function () { return this.outerHTML; }`,
  value: `function () {
    if ("value" in this && typeof this.value === "string") return this.value;
    if (this.isContentEditable) return this.innerText;
    return { error: "it has no value (not a form field)" };
  }`,
  box: `function () { const r = this.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
};

function unwrap(r: CallValue, what: string): unknown {
  if (r.exceptionDetails) throw failed(`get ${what}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
  return r.result.value;
}

export async function get(tabId: number, p: RequestParams<"pages.get">): Promise<GetResult> {
  const what = requireOneOf(p, "what", GET_WHATS);
  const target = targetOf(p);
  if (!target && (what === "value" || what === "box")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "ref" must be a non-empty string (get ${what} needs one, or a "selector")`);
  }
  if (!target || what === "title" || what === "url") {
    const r = await send<CallValue>(tabId, "Runtime.evaluate", { expression: ON_DOCUMENT[what]!, returnByValue: true });
    const v = unwrap(r, what);
    return { value: typeof v === "string" ? v : String(v ?? "") };
  }
  const { objectId, label: ref } = await resolveSpec(tabId, target);
  try {
    const r = await send<CallValue>(tabId, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: ON_ELEMENT[what],
      returnByValue: true,
    });
    const v = unwrap(r, what);
    if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${ref}: ${String((v as { error: unknown }).error)}`);
    return { value: what === "box" ? (v as Box) : String(v ?? "") };
  } finally {
    releaseActionObjects(tabId);
  }
}
