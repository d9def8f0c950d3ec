// Pointer input: click, hover, scrollIntoView (by ref), scroll (the page)
// and mouse (raw coordinates). Real mouse events (mouse.ts); click and hover
// go through the pointer action's one flow (pointer.ts). Each brings its
// tab to the front first (foreground.ts): mouse events into a background
// tab take ~5 s each.

import { optionalBool, optionalInt, optionalNumber, optionalOneOf, requireNumber, requireOneOf } from "../../params";
import { MOUSE_ACTIONS, MOUSE_BUTTONS, SCROLL_DIRECTIONS, type ActedOn, type RequestParams } from "../../protocol.gen";
import { budgetOf, waitMsOf } from "../core/deadline";
import { deadlineOf, pointerAction } from "./pointer";
import { ErrorCode, RpcError } from "../../types";
import { send, unlessDialog } from "../core/debugger";
import { ensureForeground } from "../core/foreground";
import { BUTTON_BITS, dispatchMouseEvents, mouseClick } from "./mouse";
import { releaseActionObjects } from "../snapshot/refs";
import { requireTarget, resolveSpec } from "../targets/target";
import { failed } from "../core/failed";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";
import { reportAftermath } from "./aftermath";
import { inViewport, layoutViewport } from "./geometry";

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
    await unlessDialog(send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId }), (e) => {
      if (e instanceof RpcError && e.code === ErrorCode.pageOperationFailed) {
        throw failed(`${ref} cannot be scrolled into view (it is not rendered)`, "not_visible");
      }
      throw e;
    });
  } finally {
    releaseActionObjects(tabId);
  }
  return { ok: true };
}


/** Scrolls the page (window.scrollBy, instant) and answers where it is
 * now; when the window holds still, the pane under the viewport's centre
 * (a wheel there), and answers where that is. */
export async function scroll(tabId: number, p: RequestParams<"pages.scroll">): Promise<{ scrollX: number; scrollY: number; scroller?: string }> {
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
    const at = { x: (w ?? 0) / 2, y: (h ?? 0) / 2 };
    await dispatchMouseEvents(tabId, { type: "mouseWheel", ...at, deltaX: dx, deltaY: dy, modifiers: 0 });
    // What the wheel scrolled says where it is: the window's position
    // would say 0 0 of a page whose pane moved.
    const pane = (await callInWorld(tabId, "scrollerAt", [at.x, at.y])).result.value;
    if (Array.isArray(pane)) return { scrollX: pane[0], scrollY: pane[1], scroller: pane[2] };
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
  if (action === "down" || action === "click" || action === "wheel") {
    // A press or a wheel outside the viewport reaches no element: the
    // browser takes it and nothing happens. (A move or a release out there
    // is a person's drag leaving the window: sent.)
    const vp = await layoutViewport(tabId);
    if (!inViewport({ x, y }, vp)) {
      throw failed(`mouse ${action} at ${x},${y}: the point is outside the viewport (${vp.w}x${vp.h} CSS pixels), where no element takes it; scroll first`, "bad_input");
    }
  }
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
  // names a chooser, download, navigation or popup it set off; a click not
  // forced read its press's verdict in the page (pointer.ts)
  "pages.click": reportAftermath(click, (p) => p.force !== true),
  "pages.hover": hover,
  "pages.scrollIntoView": scrollIntoView,
  "pages.scroll": scroll,
  "pages.mouse": mouse,
} satisfies PageHandlers;
