// pages.screenshot: the viewport, the full page, or one element (by ref), as
// PNG; width and height are the CSS pixels the shot covers.

import { optionalBool } from "../params";
import type { RequestParams, ScreenshotResult } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { budgetOf, waitMsOf } from "./deadline";
import { send } from "./debugger";
import { ensureForeground } from "./foreground";
import { inFrame, viewportBox } from "./geometry";
import { visibleCentre } from "./input";
import { releaseActionObjects } from "./refs";
import { resolveSpec, targetOf } from "./target";

interface LayoutMetrics {
  cssLayoutViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number };
  cssVisualViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number };
  cssContentSize: { x: number; y: number; width: number; height: number };
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

async function capture(tabId: number, clip?: Clip): Promise<string> {
  await ensureForeground(tabId); // a background tab's capture never answers
  const params: Record<string, unknown> = { format: "png" };
  if (clip) {
    params["clip"] = clip;
    params["captureBeyondViewport"] = true;
  }
  const r = await send<{ data: string }>(tabId, "Page.captureScreenshot", params, 30_000);
  return r.data;
}

export async function screenshot(tabId: number, p: RequestParams<"pages.screenshot">): Promise<ScreenshotResult> {
  const target = targetOf(p);
  const fullPage = optionalBool(p, "fullPage") ?? false;
  if (target) {
    const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
    try {
      await visibleCentre(tabId, objectId, ref); // scrolls it into view, fails when it has no box
      const [box, m] = await Promise.all([
        send<{ result: { value?: { x: number; y: number; width: number; height: number } } }>(tabId, "Runtime.callFunctionOn", {
          objectId,
          functionDeclaration: `function () { const r = this.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
          returnByValue: true,
        }),
        send<LayoutMetrics>(tabId, "Page.getLayoutMetrics"),
      ]);
      let b = box.result.value;
      if (await inFrame(tabId, objectId)) b = (await viewportBox(tabId, objectId)) ?? undefined;
      if (!b || b.width < 1 || b.height < 1) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no box to capture`, "not_visible");
      }
      const vp = m.cssVisualViewport;
      const clip = { x: b.x + vp.pageX, y: b.y + vp.pageY, width: b.width, height: b.height, scale: 1 };
      return { data: await capture(tabId, clip), format: "png", width: Math.round(b.width), height: Math.round(b.height) };
    } finally {
      releaseActionObjects(tabId);
    }
  }
  const m = await send<LayoutMetrics>(tabId, "Page.getLayoutMetrics");
  if (fullPage) {
    const w = Math.ceil(m.cssContentSize.width);
    const h = Math.ceil(m.cssContentSize.height);
    const data = await capture(tabId, { x: 0, y: 0, width: w, height: h, scale: 1 });
    return { data, format: "png", width: w, height: h };
  }
  const data = await capture(tabId);
  return {
    data,
    format: "png",
    width: Math.round(m.cssVisualViewport.clientWidth),
    height: Math.round(m.cssVisualViewport.clientHeight),
  };
}
