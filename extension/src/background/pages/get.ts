// pages.get: title, url, text, value, html, box.

import { requireOneOf } from "../params";
import { GET_WHATS, type Box, type GetResult, type RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { budgetOf, waitMsOf } from "./core/deadline";
import { callInjected } from "./core/injected";
import { inFrame, viewportBox } from "./input/geometry";
import { releaseActionObjects } from "./snapshot/refs";
import { labelOf, resolveSpec, targetOf } from "./targets/target";
import { direct } from "./input/direct";
import { callInWorld } from "./core/world";
import { failed } from "./core/failed";
import type { PageHandlers } from "./tables";


interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}


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
    const r = await callInWorld(tabId, "documentPart", [what as "title" | "url" | "text" | "html"]);
    const v = unwrap(r, what);
    return { value: typeof v === "string" ? v : String(v ?? "") };
  }
  if (what !== "box") {
    // Found and read in one in-page call when the target is there.
    const d = await direct(tabId, target, "visible", "elementPart", [what]);
    if (d) {
      if ("exception" in d) throw failed(`get ${what}: ${d.exception}`);
      const v = d.value;
      if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${labelOf(target)}: ${String((v as { error: unknown }).error)}`);
      return { value: String(v ?? "") };
    }
  }
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    if (what === "box" && (await inFrame(tabId, objectId))) {
      // A frame's own viewport is not the tab's: the box in the tab's.
      const b = await viewportBox(tabId, objectId);
      return { value: b ?? { x: 0, y: 0, width: 0, height: 0 } };
    }
    const r = await callInjected(tabId, { objectId }, "elementPart", [what]);
    const v = unwrap(r, what);
    if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${ref}: ${String((v as { error: unknown }).error)}`);
    return { value: what === "box" ? (v as Box) : String(v ?? "") };
  } finally {
    releaseActionObjects(tabId);
  }
}

// This file's handlers (index.ts joins them).
export const getHandlers = {
  "pages.get": get,
} satisfies PageHandlers;
