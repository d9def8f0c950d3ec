// Where an element is in the tab's viewport, wherever its frame is: CDP
// geometry within a session is relative to that session's top frame, and
// an out-of-process frame's session sits at its iframe's content box
// (frames.ts sessionOffset).

import { DialogOpenError, send } from "../core/debugger";
import { sessionOffset, type Point } from "../core/frames";
import { callInjected } from "../core/injected";
import { objectSession } from "../snapshot/refs";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The offset to add to the session-relative geometry of objectId. */
export async function offsetOf(tabId: number, objectId: string): Promise<Point> {
  const s = objectSession(tabId, objectId);
  return s === undefined ? { x: 0, y: 0 } : sessionOffset(tabId, s);
}

/** Whether the element is in a frame rather than the top document. */
export async function inFrame(tabId: number, objectId: string): Promise<boolean> {
  const r = await callInjected(tabId, { objectId }, "inFrame", []);
  return r.result.value === true;
}

/** The element's border box in the tab's viewport, CSS px; null without layout. */
export async function viewportBox(tabId: number, objectId: string): Promise<Box | null> {
  let q: number[];
  try {
    q = (await send<{ model: { border: number[] } }>(tabId, "DOM.getBoxModel", { objectId })).model.border;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return null;
  }
  const off = await offsetOf(tabId, objectId);
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x: x + off.x, y: y + off.y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
