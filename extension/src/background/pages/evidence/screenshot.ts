// pages.screenshot: the viewport, the full page, or one element (by ref),
// as PNG, JPEG or WebP, scaled down to maxWidth; width and height are the
// CSS pixels the shot covers. With annotate, the refs of an interactive
// snapshot of what the shot covers come back with their boxes in image
// pixels (evidence/annotations.ts).

import { optionalBool, optionalInt, optionalOneOf } from "../../params";
import { IMAGE_FORMATS, type Annotation, type ImageFormat, type RequestParams, type ScreenshotResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { budgetOf, waitMsOf } from "../core/deadline";
import { send } from "../core/debugger";
import { annotations, type ImageMapping } from "./annotations";
import { ensureForeground } from "../core/foreground";
import { inFrame, viewportBox, visibleCentre } from "../input/geometry";
import { releaseActionObjects } from "../snapshot/refs";
import { callInjected } from "../core/injected";
import { resolveSpec, targetOf } from "../targets/target";
import type { PageHandlers } from "../tables";

interface Viewport {
  pageX: number;
  pageY: number;
  clientWidth: number;
  clientHeight: number;
}

interface LayoutMetrics {
  cssLayoutViewport: Viewport;
  cssVisualViewport: Viewport;
  visualViewport?: Viewport; // device pixels
  cssContentSize: { x: number; y: number; width: number; height: number };
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

interface Encoding {
  format: ImageFormat;
  quality?: number;
  maxWidth?: number;
}

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function encodingOf(p: RequestParams<"pages.screenshot">): Encoding {
  const format = optionalOneOf(p, "format", IMAGE_FORMATS) ?? "png";
  const quality = optionalInt(p, "quality", 0);
  if (quality !== undefined && quality > 100) throw invalid(`"quality" must be 0-100, got ${quality}`);
  if (quality !== undefined && format === "png") throw invalid(`"quality" is for jpeg and webp, not png`);
  const maxWidth = optionalInt(p, "maxWidth", 0);
  return { format, ...(quality !== undefined ? { quality } : {}), ...(maxWidth ? { maxWidth } : {}) };
}

/** Device pixels per CSS pixel. */
function pixelRatio(m: LayoutMetrics): number {
  const css = m.cssVisualViewport.clientWidth;
  const dev = m.visualViewport?.clientWidth;
  return dev && css ? dev / css : 1;
}

/** inView: the shot is the viewport (no clip needed unless scaled, nothing beyond it). */
async function capture(tabId: number, enc: Encoding, clip: Clip, inView: boolean): Promise<string> {
  await ensureForeground(tabId); // a background tab's capture never answers
  const params: Record<string, unknown> = { format: enc.format };
  if (!inView) {
    params["clip"] = clip;
    params["captureBeyondViewport"] = true;
  } else if (clip.scale !== 1) {
    params["clip"] = clip;
  }
  if (enc.quality !== undefined) params["quality"] = enc.quality;
  const r = await send<{ data: string }>(tabId, "Page.captureScreenshot", params, 30_000);
  return r.data;
}

/** The clip of a shot of w x h CSS px at page (x, y), scaled to maxWidth image px. */
function clipFor(x: number, y: number, w: number, h: number, enc: Encoding, ratio: number): Clip {
  let scale = 1;
  if (enc.maxWidth && w * ratio > enc.maxWidth) scale = enc.maxWidth / (w * ratio);
  return { x, y, width: w, height: h, scale };
}

function mapping(clip: Clip, ratio: number, vp: Viewport): ImageMapping {
  const s = clip.scale * ratio;
  return {
    originX: clip.x,
    originY: clip.y,
    scale: s,
    width: Math.round(clip.width * s),
    height: Math.round(clip.height * s),
    scrollX: vp.pageX,
    scrollY: vp.pageY,
  };
}

export async function screenshot(tabId: number, p: RequestParams<"pages.screenshot">): Promise<ScreenshotResult> {
  const target = targetOf(p);
  const fullPage = optionalBool(p, "fullPage") ?? false;
  const annotate = optionalBool(p, "annotate") ?? false;
  const enc = encodingOf(p);
  const sessionId = typeof p.sessionId === "string" ? p.sessionId : undefined;
  const shot = async (clip: Clip, ratio: number, vp: Viewport, opts: { viewport: boolean; selector?: string }) => {
    let notes: Annotation[] | undefined;
    if (annotate) notes = await annotations(tabId, sessionId, mapping(clip, ratio, vp), opts);
    const data = await capture(tabId, enc, clip, opts.viewport);
    const r: ScreenshotResult = { data, format: enc.format, width: Math.round(clip.width), height: Math.round(clip.height) };
    if (notes) r.annotations = notes;
    return r;
  };
  if (target) {
    const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
    let clip: Clip;
    let m: LayoutMetrics;
    try {
      await visibleCentre(tabId, objectId, ref); // scrolls it into view, fails when it has no box
      const [box, lm] = await Promise.all([
        callInjected(tabId, { objectId }, "box", []),
        send<LayoutMetrics>(tabId, "Page.getLayoutMetrics"),
      ]);
      m = lm;
      let b = box.result.value;
      if (await inFrame(tabId, objectId)) b = (await viewportBox(tabId, objectId)) ?? undefined;
      if (!b || b.width < 1 || b.height < 1) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no box to capture`, "not_visible");
      }
      const vp = m.cssVisualViewport;
      clip = clipFor(b.x + vp.pageX, b.y + vp.pageY, b.width, b.height, enc, pixelRatio(m));
    } finally {
      releaseActionObjects(tabId);
    }
    const selector = "ref" in target ? target.ref : target.selector;
    return shot(clip, pixelRatio(m), m.cssVisualViewport, { viewport: false, selector });
  }
  const m = await send<LayoutMetrics>(tabId, "Page.getLayoutMetrics");
  const ratio = pixelRatio(m);
  const vp = m.cssVisualViewport;
  if (fullPage) {
    const w = Math.ceil(m.cssContentSize.width);
    const h = Math.ceil(m.cssContentSize.height);
    return shot(clipFor(0, 0, w, h, enc, ratio), ratio, vp, { viewport: false });
  }
  return shot(clipFor(vp.pageX, vp.pageY, vp.clientWidth, vp.clientHeight, enc, ratio), ratio, vp, { viewport: true });
}

// This file's handlers (index.ts joins them).
export const screenshotHandlers = {
  "pages.screenshot": screenshot,
} satisfies PageHandlers;
