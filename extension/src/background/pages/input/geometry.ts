// Where an element is in the tab's viewport, wherever its frame is: CDP
// geometry within a session is relative to that session's top frame, and
// an out-of-process frame's session sits at its iframe's content box
// (sessionOffset). Every quad and box of the extension is read here.

import type { CheckAnswer } from "../../../injected/elements/actionability";
import { send, sendIn, unlessDialog } from "../core/debugger";
import { failed } from "../core/failed";
import { frameHop } from "../core/frames";
import { callInjected, valueOf } from "../core/injected";
import { objectSession } from "../snapshot/refs";

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A CDP quad (DOM.getContentQuads, getBoxModel): four corners, x1, y1,
 * ..., x4, y4. */
export type Quad = number[];

/** The box around a quad's four corners. */
export function quadBox(q: Quad): Box {
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The mean of a quad's four corners. */
export function quadCentre(q: Quad): Point {
  return { x: (q[0]! + q[2]! + q[4]! + q[6]!) / 4, y: (q[1]! + q[3]! + q[5]! + q[7]!) / 4 };
}

/** The top left of every corner of the quads; null when there is none. */
export function topLeftOf(quads: Quad[]): Point | null {
  let x = Infinity;
  let y = Infinity;
  for (const q of quads) {
    for (let i = 0; i + 1 < q.length; i += 2) {
      x = Math.min(x, q[i]!);
      y = Math.min(y, q[i + 1]!);
    }
  }
  return Number.isFinite(x) ? { x, y } : null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Where the viewport of a child session's frame sits in the tab's viewport,
 * CSS px: its iframe element's content box, through every OOPIF above it.
 * CDP geometry (DOM.getContentQuads, getBoxModel) within one session is
 * relative to that session's own top frame.
 */
export async function sessionOffset(tabId: number, sessionId: string | undefined): Promise<Point> {
  let x = 0;
  let y = 0;
  for (let s = sessionId, hops = 0; s !== undefined && hops < 16; hops++) {
    const cs = frameHop(tabId, s);
    if (!cs) break;
    const owner = await sendIn<{ backendNodeId: number }>(tabId, cs.parent, "DOM.getFrameOwner", { frameId: cs.frameId });
    // Where the iframe is: its border quad (DOM.getContentQuads: the
    // session's viewport after every scroll above it, at any frame depth;
    // getBoxModel leaves out the scroll of the frames above an iframe that
    // sits in a nested frame), then its content box inside that border
    // (getBoxModel's border and content differ by the same amount either way).
    const [box, quads] = await Promise.all([
      sendIn<{ model: { content: number[]; border: number[] } }>(tabId, cs.parent, "DOM.getBoxModel", { backendNodeId: owner.backendNodeId }),
      sendIn<{ quads: number[][] }>(tabId, cs.parent, "DOM.getContentQuads", { backendNodeId: owner.backendNodeId }).catch(() => ({ quads: [] as number[][] })),
    ]);
    const c = quadBox(box.model.content);
    const b = quadBox(box.model.border);
    const q = quadBox(quads.quads[0] ?? box.model.border);
    x += q.x + c.x - b.x;
    y += q.y + c.y - b.y;
    s = cs.parent;
  }
  return { x, y };
}

/** The element's content quads in its session's viewport; null when they
 * cannot be read (no layout object, a document going away). */
async function contentQuads(tabId: number, objectId: string): Promise<Quad[] | null> {
  const r = await unlessDialog(send<{ quads: Quad[] }>(tabId, "DOM.getContentQuads", { objectId }), () => null);
  return r ? r.quads : null;
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
  const model = await unlessDialog(send<{ model: { border: number[] } }>(tabId, "DOM.getBoxModel", { objectId }), () => null);
  if (!model) return null;
  const q = model.model.border;
  const off = await offsetOf(tabId, objectId);
  const b = quadBox(q);
  return { x: b.x + off.x, y: b.y + off.y, width: b.width, height: b.height };
}

/** The centre of the element's first non-empty content quad, viewport CSS
 * px of the tab (an element in an out-of-process frame too). */
export async function visibleCentre(tabId: number, objectId: string, ref: string): Promise<Point> {
  const pt = await firstQuadCentre(tabId, objectId);
  if (pt) return pt;
  // No box of its own (a zero-size link around a floated image, display:
  // contents): point at its first descendant that has one.
  const descendant = async () => {
    const r = await callInjected(tabId, { objectId }, "descendantWithBox", [], { returnByValue: false });
    const d = r.result.objectId;
    return d ? await firstQuadCentre(tabId, d) : null;
  };
  const dpt = await unlessDialog(descendant(), () => null);
  if (dpt) return dpt;
  throw failed(`${ref} is not visible (it has no box on the page to point at)`, "not_visible");
}

/** Scrolled into view if needed, the centre of the element's first content
 * quad of at least 1x1 px in the tab's viewport; null when it has none. */
async function firstQuadCentre(tabId: number, objectId: string): Promise<Point | null> {
  // "Node does not have a layout object": judged below by the quads
  await unlessDialog(send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId }), () => undefined);
  const quads = (await contentQuads(tabId, objectId)) ?? [];
  for (const q of quads) {
    if (q.length < 8) continue;
    const box = quadBox(q);
    if (box.width < 1 || box.height < 1) continue;
    const off = await offsetOf(tabId, objectId);
    const c = quadCentre(q);
    return { x: c.x + off.x, y: c.y + off.y };
  }
  return null;
}

/** Maps a point of the element's frame viewport to the tab's viewport. */
async function toTab(tabId: number, objectId: string, a: CheckAnswer): Promise<Point | null> {
  // The top document's client coordinates are the tab's viewport's: no
  // round trip to map them.
  if (a.topViewport && objectSession(tabId, objectId) === undefined) return { x: a.x!, y: a.y! };
  const quads = await contentQuads(tabId, objectId);
  if (!quads) return null;
  if (a.via !== 0) {
    // The label or descendant's box was pressed: the element's own quads
    // may be absent; its frame's offset is then found from the document.
    if (quads.length === 0) return null;
  }
  const corner = topLeftOf(quads);
  if (!corner) return null;
  const off = await offsetOf(tabId, objectId);
  return { x: corner.x - a.bx! + a.x! + off.x, y: corner.y - a.by! + a.y! + off.y };
}

async function toTabByDocument(tabId: number, objectId: string, a: CheckAnswer): Promise<Point> {
  const r = await callInjected(tabId, { objectId }, "documentElement", [], { returnByValue: false });
  const de = r.result.objectId;
  if (!de) throw failed("the element's document has no root", "detached");
  const [q, origin] = await Promise.all([
    send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId: de }),
    valueOf(tabId, { objectId }, "documentOrigin", [], (why) => failed(`the element's page did not answer: ${why}`, "detached")),
  ]);
  const quad = q.quads[0];
  if (!quad) throw failed("the element's document has no box", "not_visible");
  const off = await offsetOf(tabId, objectId);
  const doc = quadBox(quad);
  return { x: doc.x - origin[0]! + a.x! + off.x, y: doc.y - origin[1]! + a.y! + off.y };
}

/** Measures of the point until two agree, at most. */
const SETTLE_MEASURES = 8;
const SETTLE_MS = 20;

/**
 * The press point in the tab's viewport, from the element's box as the top
 * frame has it after every ancestor scrolled. The check scrolled the
 * element's own document at once; a frame's ancestors in other processes
 * scroll a moment later, and any of them may stop short at its end: the
 * box is measured again until two measures agree. Null when the settled
 * point is outside the tab's viewport (force presses there anyway). An element of the top document
 * needs none of this (its check's point is the tab's).
 */
export async function settledPoint(tabId: number, objectId: string, a: CheckAnswer, deadline: number, force: boolean): Promise<Point | null> {
  const measure = async () => (await toTab(tabId, objectId, a)) ?? (await toTabByDocument(tabId, objectId, a));
  let pt = await measure();
  if (a.topViewport && objectSession(tabId, objectId) === undefined) return pt;
  for (let i = 1; i < SETTLE_MEASURES; i++) {
    await sleep(SETTLE_MS);
    const again = await measure();
    const same = Math.abs(again.x - pt.x) < 0.5 && Math.abs(again.y - pt.y) < 0.5;
    pt = again;
    if (same || Date.now() >= deadline) break;
  }
  const vp = await unlessDialog(layoutViewport(tabId), () => undefined);
  if (vp && !force && !inViewport(pt, vp)) return null;
  return pt;
}

/** The tab's layout viewport, CSS pixels, as the browser holds it. */
export async function layoutViewport(tabId: number): Promise<{ w: number; h: number }> {
  const m = await send<{ cssLayoutViewport: { clientWidth: number; clientHeight: number } }>(tabId, "Page.getLayoutMetrics", {});
  return { w: m.cssLayoutViewport.clientWidth, h: m.cssLayoutViewport.clientHeight };
}

/** Whether a point of the tab is inside its viewport, where a press or a
 * wheel reaches an element. */
export function inViewport(pt: Point, vp: { w: number; h: number }): boolean {
  return pt.x >= 0 && pt.y >= 0 && pt.x < vp.w && pt.y < vp.h;
}
