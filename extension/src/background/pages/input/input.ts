// Pointer input: click, hover, scrollIntoView (by ref), scroll (the page)
// and mouse (raw coordinates). Real Input.dispatchMouseEvent events, so the
// page sees mousemove/mousedown/mouseup/click and CSS :hover applies. Each
// brings its tab to the front first (foreground.ts): mouse events into a
// background tab take ~5 s each.

import { optionalBool, optionalInt, optionalNumber, optionalOneOf, requireNumber, requireOneOf } from "../../params";
import { MOUSE_ACTIONS, MOUSE_BUTTONS, SCROLL_DIRECTIONS, type ActedOn, type MouseButton, type RequestParams } from "../../protocol.gen";
import { budgetOf, waitMsOf } from "../core/deadline";
import { deadlineOf, pointerAction } from "./pointer";
import { ErrorCode, RpcError } from "../../types";
import { DialogOpenError, send, sendInOrder } from "../core/debugger";
import { ensureForeground } from "../core/foreground";
import { offsetOf } from "./geometry";
import { releaseActionObjects } from "../snapshot/refs";
import { callInjected } from "../core/injected";
import { requireTarget, resolveSpec } from "../targets/target";
import { failed } from "../core/failed";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";
import { reportAftermath } from "./aftermath";

const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

export interface Point {
  x: number;
  y: number;
}


/** Mouse events, sent in order without waiting for each (debugger.ts
 * sendInOrder). Events whose page handler opened a dialog did their job:
 * the rest reach the page when it closes. */
export async function dispatchMouseEvents(tabId: number, ...events: Record<string, unknown>[]): Promise<void> {
  try {
    await sendInOrder(tabId, events.map((e) => ["Input.dispatchMouseEvent", e] as const));
  } catch (e) {
    if (e instanceof DialogOpenError) return;
    throw e;
  }
}

/** The centre of the element's first non-empty content quad, viewport CSS
 * px of the tab (an element in an out-of-process frame too). */
export async function visibleCentre(tabId: number, objectId: string, ref: string): Promise<Point> {
  const pt = await quadCentre(tabId, objectId);
  if (pt) return pt;
  // No box of its own (a zero-size link around a floated image, display:
  // contents): point at its first descendant that has one.
  try {
    const r = await callInjected(tabId, { objectId }, "descendantWithBox", [], { returnByValue: false });
    const d = r.result.objectId;
    const dpt = d ? await quadCentre(tabId, d) : null;
    if (dpt) return dpt;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
  }
  throw failed(`${ref} is not visible (it has no box on the page to point at)`, "not_visible");
}

async function quadCentre(tabId: number, objectId: string): Promise<Point | null> {
  try {
    await send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId });
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    // "Node does not have a layout object": judged below by the quads
  }
  let quads: number[][] = [];
  try {
    quads = (await send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId })).quads;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
  }
  for (const q of quads) {
    if (q.length < 8) continue;
    const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
    const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
    const w = Math.max(...xs) - Math.min(...xs);
    const h = Math.max(...ys) - Math.min(...ys);
    if (w < 1 || h < 1) continue;
    const off = await offsetOf(tabId, objectId);
    return { x: xs.reduce((a, b) => a + b) / 4 + off.x, y: ys.reduce((a, b) => a + b) / 4 + off.y };
  }
  return null;
}

/** The mouse moved to pt, then clickCount presses and releases there. */
export async function mouseClick(tabId: number, pt: Point, button: MouseButton, clickCount: number): Promise<void> {
  const base = { x: pt.x, y: pt.y, button, modifiers: 0 };
  const events: Record<string, unknown>[] = [{ type: "mouseMoved", x: pt.x, y: pt.y, button: "none", modifiers: 0 }];
  for (let i = 1; i <= clickCount; i++) {
    events.push({ ...base, type: "mousePressed", clickCount: i, buttons: BUTTON_BITS[button] });
    events.push({ ...base, type: "mouseReleased", clickCount: i, buttons: 0 });
  }
  await dispatchMouseEvents(tabId, ...events);
}

/**
 * pages.click: waits until the element can take the press, hit-tests it
 * (pointer.ts; force skips both), presses, and names what it pressed.
 */
export async function click(tabId: number, p: RequestParams<"pages.click">): Promise<{ ok: true; target: ActedOn }> {
  const spec = requireTarget(p);
  const button = optionalOneOf(p, "button", MOUSE_BUTTONS) ?? "left";
  const clickCount = optionalInt(p, "clickCount", 1) ?? 1;
  if (clickCount > 3) throw new RpcError(ErrorCode.invalidParams, `invalid params: "clickCount" must be 1, 2 or 3`);
  const force = optionalBool(p, "force") ?? false;
  const target = await pointerAction(tabId, { kind: "click", spec, force, deadline: deadlineOf(budgetOf(p)) }, (pt) =>
    mouseClick(tabId, pt, button, clickCount),
  );
  return { ok: true, target };
}

/** pages.hover: the mouse moved onto the element, hit-tested first. */
export async function hover(tabId: number, p: RequestParams<"pages.hover">): Promise<{ ok: true; target: ActedOn }> {
  const spec = requireTarget(p);
  const force = optionalBool(p, "force") ?? false;
  const target = await pointerAction(tabId, { kind: "hover", spec, force, deadline: deadlineOf(budgetOf(p)) }, (pt) =>
    dispatchMouseEvents(tabId, { type: "mouseMoved", x: pt.x, y: pt.y, button: "none", modifiers: 0 }),
  );
  return { ok: true, target };
}

export async function scrollIntoView(tabId: number, p: RequestParams<"pages.scrollIntoView">): Promise<{ ok: true }> {
  const { objectId, label: ref } = await resolveSpec(tabId, requireTarget(p), "visible", waitMsOf(budgetOf(p)));
  try {
    await send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId });
  } catch (e) {
    if (e instanceof RpcError && e.code === ErrorCode.pageOperationFailed && !(e instanceof DialogOpenError)) {
      throw failed(`${ref} cannot be scrolled into view (it is not rendered)`, "not_visible");
    }
    throw e;
  } finally {
    releaseActionObjects(tabId);
  }
  return { ok: true };
}


/** Scrolls the page (window.scrollBy, instant) and answers where it is now. */
export async function scroll(tabId: number, p: RequestParams<"pages.scroll">): Promise<{ scrollX: number; scrollY: number }> {
  const direction = requireOneOf(p, "direction", SCROLL_DIRECTIONS);
  const amount = optionalNumber(p, "amount") ?? 500;
  const dx = direction === "left" ? -amount : direction === "right" ? amount : 0;
  const dy = direction === "up" ? -amount : direction === "down" ? amount : 0;
  const r = await callInWorld(tabId, "scrollWindow", [dx, dy]);
  const v = r.result.value as number[] | undefined;
  if (!Array.isArray(v)) throw failed("scroll: the page did not answer");
  let [x, y] = v as [number, number];
  const [, , x0, y0, w, h] = v as number[];
  if (x === x0 && y === y0) {
    // The window did not move: the page scrolls an inner element. A wheel
    // at the viewport centre scrolls whatever is under it.
    await ensureForeground(tabId);
    await dispatchMouseEvents(tabId, { type: "mouseWheel", x: (w ?? 0) / 2, y: (h ?? 0) / 2, deltaX: dx, deltaY: dy, modifiers: 0 });
    const r2 = await callInWorld(tabId, "scrollPosition", []);
    const v2 = r2.result.value as number[] | undefined;
    if (Array.isArray(v2)) [x, y] = v2 as [number, number];
  }
  return { scrollX: x, scrollY: y };
}


export async function mouse(tabId: number, p: RequestParams<"pages.mouse">): Promise<{ ok: true }> {
  const action = requireOneOf(p, "action", MOUSE_ACTIONS);
  const x = requireNumber(p, "x");
  const y = requireNumber(p, "y");
  const button = optionalOneOf(p, "button", MOUSE_BUTTONS) ?? "left";
  const base = { x, y, modifiers: 0 };
  await ensureForeground(tabId);
  switch (action) {
    case "move":
      await dispatchMouseEvents(tabId, { ...base, type: "mouseMoved", button: "none" });
      break;
    case "down":
      await dispatchMouseEvents(
        tabId,
        { ...base, type: "mouseMoved", button: "none" },
        { ...base, type: "mousePressed", button, clickCount: 1, buttons: BUTTON_BITS[button] },
      );
      break;
    case "up":
      await dispatchMouseEvents(tabId, { ...base, type: "mouseReleased", button, clickCount: 1, buttons: 0 });
      break;
    case "click":
      await mouseClick(tabId, { x, y }, button, 1);
      break;
    case "wheel":
      await dispatchMouseEvents(tabId, {
        ...base,
        type: "mouseWheel",
        deltaX: optionalNumber(p, "deltaX") ?? 0,
        deltaY: optionalNumber(p, "deltaY") ?? 0,
      });
      break;
  }
  return { ok: true };
}

// This file's handlers (index.ts joins them).
export const pointerHandlers = {
  "pages.click": reportAftermath(click), // names a chooser, download, navigation or popup it set off
  "pages.hover": hover,
  "pages.scrollIntoView": scrollIntoView,
  "pages.scroll": scroll,
  "pages.mouse": mouse,
} satisfies PageHandlers;
