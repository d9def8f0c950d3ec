// pages.highlight: an outline on an element for a person to see, drawn by
// the browser's inspector overlay (CDP Overlay.highlightNode), so the page's
// DOM and layout stay as they were. The outline goes after durationMs (a
// timer per tab) or at pages.highlight {clear: true}.

import { optionalBool, optionalInt } from "../../params";
import type { HighlightResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { onForget, sendIn, sendQuiet } from "../core/debugger";
import { viewportBox } from "../input/geometry";
import { objectSession, releaseActionObjects } from "../snapshot/refs";
import { resolveSpec, targetOf } from "../targets/target";
import type { PageHandlers } from "../tables";

export const DEFAULT_HIGHLIGHT_MS = 2_000;

/** The config DevTools uses for an element, in a colour that stands out. */
const CONFIG = {
  showInfo: true,
  showStyles: false,
  showAccessibilityInfo: false,
  contentColor: { r: 255, g: 64, b: 129, a: 0.25 },
  paddingColor: { r: 255, g: 171, b: 64, a: 0.25 },
  borderColor: { r: 255, g: 64, b: 129, a: 0.9 },
  marginColor: { r: 255, g: 235, b: 59, a: 0.2 },
};

/** Per tab: the session the outline was drawn in and the timer that hides it. */
const shown = new Map<number, { session: string | undefined; timer?: ReturnType<typeof setTimeout> }>();

onForget((tabId) => {
  const s = shown.get(tabId);
  if (s?.timer) clearTimeout(s.timer);
  shown.delete(tabId);
});

function hide(tabId: number): boolean {
  const s = shown.get(tabId);
  if (!s) return false;
  if (s.timer) clearTimeout(s.timer);
  shown.delete(tabId);
  if (s.session === undefined) sendQuiet(tabId, "Overlay.hideHighlight");
  else sendIn(tabId, s.session, "Overlay.hideHighlight", {}, 5_000).catch(() => {});
  return true;
}

export async function highlight(tabId: number, p: RequestParams<"pages.highlight">): Promise<HighlightResult> {
  const clear = optionalBool(p, "clear") ?? false;
  const target = targetOf(p);
  const duration = optionalInt(p, "durationMs", 0) ?? DEFAULT_HIGHLIGHT_MS;
  if (clear) {
    if (target) throw new RpcError(ErrorCode.invalidParams, `invalid params: give a target or "clear", not both`);
    hide(tabId);
    return { cleared: true };
  }
  if (!target) throw new RpcError(ErrorCode.invalidParams, `invalid params: "ref" or "selector" (the element to outline), or "clear"`);
  const { objectId, label } = await resolveSpec(tabId, target);
  try {
    const box = await viewportBox(tabId, objectId);
    if (!box || box.width < 1 || box.height < 1) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${label} has no box to outline (hidden or not rendered)`);
    }
    hide(tabId);
    const session = objectSession(tabId, objectId);
    await sendIn(tabId, session, "DOM.enable", {});
    await sendIn(tabId, session, "Overlay.enable", {});
    await sendIn(tabId, session, "Overlay.highlightNode", { highlightConfig: CONFIG, objectId });
    const entry: { session: string | undefined; timer?: ReturnType<typeof setTimeout> } = { session };
    if (duration > 0) entry.timer = setTimeout(() => shown.get(tabId) === entry && hide(tabId), duration);
    shown.set(tabId, entry);
    return { target: label, box };
  } finally {
    releaseActionObjects(tabId);
  }
}

// This file's handlers (index.ts joins them).
export const highlightHandlers = {
  "pages.highlight": highlight,
} satisfies PageHandlers;
