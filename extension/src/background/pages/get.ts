// pages.get: title, url, text, value, html, box.

import { requireOneOf } from "../params";
import { GET_WHATS, type Box, type GetResult, type GetWhat, type RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { budgetOf, waitMsOf } from "./core/deadline";
import { send } from "./core/debugger";
import { inFrame, viewportBox } from "./input/geometry";
import { releaseActionObjects } from "./snapshot/refs";
import { resolveSpec, targetOf } from "./targets/target";
import { failed } from "./core/failed";


interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}


// The page's text with the text of its same-origin frames, each after a
// line naming the frame (cross-origin frames cannot be read from here).
const PAGE_TEXT = `(() => {
  const textOf = (doc, depth) => {
    let out = (doc.body || doc.documentElement)?.innerText ?? "";
    if (depth > 8) return out;
    for (const f of doc.querySelectorAll("iframe, frame")) {
      let d = null;
      try { d = f.contentDocument; } catch (e) {}
      if (!d || !f.getClientRects().length) continue;
      const t = textOf(d, depth + 1);
      if (t.trim()) out += "\\n\\n[frame" + (f.title ? " " + JSON.stringify(f.title) : "") + "]\\n" + t;
    }
    return out;
  };
  return textOf(document, 0);
})()`;

const ON_DOCUMENT: Partial<Record<GetWhat, string>> = {
  title: "document.title",
  url: "location.href",
  text: PAGE_TEXT,
  html: "document.documentElement.outerHTML",
};

const ON_ELEMENT: Record<Exclude<GetWhat, "title" | "url">, string> = {
  text: `function () { return typeof this.innerText === "string" ? this.innerText : this.textContent; }`,
  html: `function () { return this.outerHTML; }`,
  value: `function () {
    if (this.tagName === "LABEL" && this.control) return this.control.value;
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
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    if (what === "box" && (await inFrame(tabId, objectId))) {
      // A frame's own viewport is not the tab's: the box in the tab's.
      const b = await viewportBox(tabId, objectId);
      return { value: b ?? { x: 0, y: 0, width: 0, height: 0 } };
    }
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
