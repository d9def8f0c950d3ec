// pages.vitals: LCP and its element, CLS and the shifting elements, INP,
// FCP, TTFB and the navigation timing phases of the tab's document, from
// the browser's own performance entries (src/injected/document/vitals.ts). With reload, the
// tab is reloaded first and measured once the new document has loaded.

import { optionalBool } from "../../params";
import type { RequestParams, VitalsResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureForeground } from "../core/foreground";
import { reload } from "../navigation/navigate";
import { isolatedContext } from "../core/world";
import { callInjected } from "../core/injected";
import type { PageHandlers } from "../tables";

/** After a reload, how long paints may go on before LCP is read. */
export const SETTLE_MS = 500;

export async function vitals(tabId: number, p: RequestParams<"pages.vitals">): Promise<VitalsResult> {
  if (optionalBool(p, "reload") ?? false) {
    await ensureForeground(tabId); // a hidden tab paints nothing: no FCP, no LCP
    await reload(tabId, { sessionId: p.sessionId, timeoutMs: p.timeoutMs, waitUntil: "load" });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
  }
  const r = await callInjected(tabId, { contextId: await isolatedContext(tabId) }, "readVitals", []);
  if (r.exceptionDetails || typeof r.result.value !== "object" || r.result.value === null) {
    const why = r.exceptionDetails?.exception?.description ?? r.exceptionDetails?.text ?? "no answer";
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: reading the performance entries: ${why}`);
  }
  return r.result.value as VitalsResult;
}

// This file's handlers (index.ts joins them).
export const vitalsHandlers = {
  "pages.vitals": vitals,
} satisfies PageHandlers;
