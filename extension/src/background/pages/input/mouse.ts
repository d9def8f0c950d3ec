// Mouse events as the page sees a person's: Input.dispatchMouseEvent, so
// the page gets mousemove/mousedown/mouseup/click and CSS :hover applies.

import type { MouseButton } from "../../protocol.gen";
import { DialogOpenError, sendInOrder } from "../core/debugger";
import type { Point } from "./geometry";

export const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

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
