// The one actionability check of every pointer action: attached, visible
// (a hidden checkbox's visible label, a box-less wrapper's first descendant
// with a box stand in), enabled, still (the same box in two animation
// frames while an animation runs on or around it), scrolled into view, and
// the press point hits it in its own document (through shadow roots) and
// over each same-origin parent frame. Then a capturing listener on its
// window (the isolated world's listeners run before the page's) stops a
// press that would reach anything else, and counts the trusted events that
// reached the element: a press is done only when its own window saw it
// there (guardVerdict's seen), not when it was sent.

import { closedRootOf } from "./registry";
import { describe, shortName, shortRole } from "./describe";
import { hasOwnBox, isRendered, isVisible, shownLabel } from "./visibility";

export type PointerKind = "click" | "hover" | "drag" | "drop" | "check";

export interface CheckOptions {
  force: boolean;
  kind: PointerKind;
  /** 0 none, 1 if needed, 2.. alignments. */
  scroll: number;
  enabled: boolean;
}

export interface CheckAnswer {
  state: "ok" | "detached" | "not_visible" | "not_enabled" | "not_stable" | "covered";
  x?: number;
  y?: number;
  bx?: number;
  by?: number;
  via?: number;
  /** ok: the element is in the top document and its viewport is the visual
   * one (no pinch zoom): x, y are the tab's viewport coordinates as they are. */
  topViewport?: boolean;
  role?: string;
  name?: string;
  top?: string;
  detail?: string;
}

/** Disabled: :disabled, or aria-disabled on it or an ancestor. */
export function isDisabled(e: Element): boolean {
  if (e.matches(":disabled")) return true;
  for (let n: Element | null = e; n; n = n.parentElement) if (n.getAttribute("aria-disabled") === "true") return true;
  return false;
}

type Rect = [number, number, number, number];
const rectOf = (e: Element): Rect => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
};
const same = (a: Rect, b: Rect) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
const ALIGN: ScrollLogicalPosition[] = ["center", "end", "start", "nearest"];

/** A point of this frame's viewport in its same-origin parent's; null at the
 * top or under a cross-origin parent. */
function toParent(w: Window, px: number, py: number): { fe: Element; x: number; y: number } | null {
  let fe: Element | null;
  try {
    fe = w.frameElement;
  } catch {
    fe = null;
  }
  if (!fe) return null;
  return { fe, ...inHolder(fe, px, py) };
}

/** A point of the viewport of the frame the iframe fe shows, in the
 * viewport of the document holding fe: fe's content box, scaled as fe is
 * (a transform on it or around it scales its content). */
function inHolder(fe: Element, px: number, py: number): { x: number; y: number } {
  const fr = fe.getBoundingClientRect();
  const cs = fe.ownerDocument.defaultView!.getComputedStyle(fe);
  const h = fe as HTMLElement;
  const sx = h.offsetWidth ? fr.width / h.offsetWidth : 1;
  const sy = h.offsetHeight ? fr.height / h.offsetHeight : 1;
  return { x: fr.left + (fe.clientLeft + parseFloat(cs.paddingLeft) + px) * sx, y: fr.top + (fe.clientTop + parseFloat(cs.paddingTop) + py) * sy };
}

const rootOf = (h: Element): ShadowRoot | null => h.shadowRoot || closedRootOf(h) || null;

/** The innermost element at a point, through open and handed-over closed roots. */
function deepest(root: Document | ShadowRoot, px: number, py: number): Element | null {
  let hit = root.elementFromPoint(px, py);
  while (hit && rootOf(hit)) {
    const inner = rootOf(hit)!.elementFromPoint(px, py);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/**
 * The hit-test an out-of-process frame's document cannot run, in the
 * document holding its iframe fe: the point (lx, ly of the frame's
 * viewport) must hit fe here and over each same-origin frame above.
 * Answers what is there instead, or "" when fe is.
 */
export function ownerHit(fe: Element, lx: number, ly: number): string {
  const win = fe.ownerDocument.defaultView;
  if (!win) return "";
  let { x, y } = inHolder(fe, lx, ly);
  const over = deepest(fe.ownerDocument, x, y);
  if (over !== fe) return over ? describe(over) : "nothing (outside the page)";
  for (let w: Window = win; w !== w.top; w = w.parent) {
    const up = toParent(w, x, y);
    if (!up) break;
    x = up.x;
    y = up.y;
    const o = deepest(up.fe.ownerDocument, x, y);
    if (o !== up.fe) return o ? describe(o) : "nothing (outside the page)";
  }
  return "";
}

interface Guard {
  seen: number;
  stray: string;
  disarm: () => void;
}
let guard: Guard | undefined;

const GUARDED: Record<PointerKind, string[]> = {
  click: ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick", "contextmenu"],
  check: ["pointerdown", "mousedown", "pointerup", "mouseup", "click"],
  drag: ["pointerdown", "mousedown", "pointerup", "mouseup", "click"],
  // A hover moved the mouse onto the element: its window saw the move there.
  hover: ["pointermove", "mousemove", "pointerover", "mouseover"],
  drop: [],
};

/** Whether a hit (a node at the press point, or an event's target) is the
 * element el, the box pressed for it (b), inside one of them through
 * shadow roots, or a label of el. */
function pressedOn(hit: Node | null, el: Element, b: Element): boolean {
  for (let n: Node | null = hit; n; n = n.parentNode || (n as ShadowRoot).host || null) {
    if (n === el || n === b) return true;
    if ((n as Element).tagName === "LABEL" && (n as HTMLLabelElement).control === el) return true;
  }
  return false;
}

/**
 * The actionability check, in its steps: the box to press, enabled,
 * scrolled into view, still, the press point, and what that point hits
 * here and over each same-origin parent frame. An ok answer arms the
 * guard that judges the press (armGuard).
 */
export async function actionCheck(el: Element, o: CheckOptions): Promise<CheckAnswer> {
  if (!el.isConnected || !el.ownerDocument.defaultView) return { state: "detached" };
  const pressed = boxToPress(el);
  if ("state" in pressed) return pressed;
  const answer = await checkPress(el, pressed.box, pressed.via, o);
  if (answer.state !== "covered" || pressed.via !== 0) return answer;
  // A control hidden the accessible way (clipped to a pixel, moved off
  // screen, under its own styled label): its label takes the press, as a
  // person's. Still covered there: the control's own answer says why.
  const label = shownLabel(el);
  if (!label) return answer;
  const viaLabel = await checkPress(el, label, 1, o);
  return viaLabel.state === "covered" ? answer : viaLabel;
}

/** actionCheck's steps once the box to press (b) is chosen. */
async function checkPress(el: Element, b: Element, via: number, o: CheckOptions): Promise<CheckAnswer> {
  if (o.enabled && isDisabled(el)) return { state: "not_enabled" };
  scrollForPress(b, o.scroll);
  const r = o.force ? rectOf(b) : await stillRect(b);
  if (!r) return { state: "not_stable" };
  const win = el.ownerDocument.defaultView!;
  const at = pressPoint(r, win);
  if (!at) return { state: "covered", top: "", detail: "its box is outside its frame's viewport after scrolling" };
  const vv = win.visualViewport;
  const topViewport = win === win.top && (!vv || (vv.scale === 1 && vv.offsetLeft === 0 && vv.offsetTop === 0));
  const answer: CheckAnswer = { state: "ok", x: at.x, y: at.y, bx: r[0], by: r[1], via, topViewport, role: shortRole(el), name: shortName(el) };
  if (o.force) return answer;
  const covered = coveredAt(el, b, at.x, at.y);
  if (covered) return covered;
  armGuard(el, b, win, el.ownerDocument, o.kind);
  return answer;
}

/** The box a press aims at: the element's; a hidden checkbox's visible
 * label (via 1); a box-less wrapper's first descendant with a box (via 2).
 * not_visible when none has one. */
function boxToPress(el: Element): { box: Element; via: number } | CheckAnswer {
  const shown = (e: Element) => isRendered(e) && hasOwnBox(e);
  if (shown(el)) return { box: el, via: 0 };
  const label = shownLabel(el);
  if (label) return { box: label, via: 1 };
  if (isRendered(el)) {
    for (const d of el.querySelectorAll("*")) if (shown(d)) return { box: d, via: 2 };
  }
  return { state: "not_visible", detail: hasOwnBox(el) ? "it is hidden (visibility, display or content-visibility)" : "it has no size (zero width or height, or display:none)" };
}

/** Scrolls b for the press: scroll 1, into view when it is not (in its
 * frame, or its frames in theirs); 2 and on, to that try's alignment. */
function scrollForPress(b: Element, scroll: number): void {
  const win = b.ownerDocument.defaultView!;
  const inView = (r: Rect) => r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= win.innerWidth && r[1] + r[3] <= win.innerHeight;
  const framesInView = () => {
    const r = rectOf(b);
    let px = r[0] + r[2] / 2;
    let py = r[1] + r[3] / 2;
    for (let w: Window = win; w !== w.top; w = w.parent) {
      const up = toParent(w, px, py);
      if (!up) return true;
      if (up.x < 0 || up.y < 0 || up.x > w.parent.innerWidth || up.y > w.parent.innerHeight) return false;
      px = up.x;
      py = up.y;
    }
    return true;
  };
  if (scroll === 1 && (!inView(rectOf(b)) || !framesInView())) b.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  else if (scroll >= 2) {
    const a = ALIGN[(scroll - 2) % ALIGN.length]!;
    b.scrollIntoView({ block: a, inline: a, behavior: "instant" });
  }
}

/** The next animation frame; a background tab runs none: a timer then. */
function nextFrame(doc: Document): Promise<void> {
  const win = doc.defaultView!;
  return new Promise<void>((res) => {
    let done = false;
    const fin = () => {
      if (!done) {
        done = true;
        res();
      }
    };
    if (!doc.hidden) win.requestAnimationFrame(fin);
    setTimeout(fin, doc.hidden ? 16 : 50);
  });
}

/** b's box once it is still, null when it moves: a box no running
 * animation or transition can move is still now; else the same box in two
 * frames. */
async function stillRect(b: Element): Promise<Rect | null> {
  const doc = b.ownerDocument;
  const moving = doc.getAnimations().some((a) => {
    const t = a.playState === "running" && a.effect ? (a.effect as KeyframeEffect).target : null;
    return !!t && (t === b || t.contains(b) || b.contains(t));
  });
  if (!moving) return rectOf(b);
  await nextFrame(doc);
  const r1 = rectOf(b);
  await nextFrame(doc);
  const r2 = rectOf(b);
  return same(r1, r2) ? r2 : null;
}

/** The press point: the centre of the part of box r inside the frame's
 * viewport; null when none of it is. */
function pressPoint(r: Rect, win: Window): { x: number; y: number } | null {
  const x0 = Math.max(r[0], 0);
  const y0 = Math.max(r[1], 0);
  const x1 = Math.min(r[0] + r[2], win.innerWidth);
  const y1 = Math.min(r[1] + r[3], win.innerHeight);
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
}

/** What covers the press point (x, y) of el (pressed at its box b): the
 * hit here (through shadow roots) must be el, b or a label of el, and each
 * same-origin parent frame's hit its iframe; undefined when nothing does. */
function coveredAt(el: Element, b: Element, x: number, y: number): CheckAnswer | undefined {
  const hit = deepest(el.ownerDocument, x, y);
  if (!hit || !pressedOn(hit, el, b)) return { state: "covered", top: hit ? describe(hit) : "nothing (outside the page)" };
  let fx = x;
  let fy = y;
  for (let w: Window = el.ownerDocument.defaultView!; w !== w.top; w = w.parent) {
    const up = toParent(w, fx, fy);
    if (!up) break; // a cross-origin parent: its own hit-test is not ours to run
    fx = up.x;
    fy = up.y;
    const over = deepest(up.fe.ownerDocument, fx, fy);
    if (over !== up.fe) return { state: "covered", top: over ? describe(over) : "nothing (outside the page)", detail: "over its frame" };
  }
  return undefined;
}

function armGuard(el: Element, b: Element, win: Window, doc: Document, kind: PointerKind): void {
  guard?.disarm();
  const events = GUARDED[kind] ?? [];
  if (!events.length) return;
  const within = (hit: Node | null): boolean => pressedOn(hit, el, b);
  const g: Guard = {
    seen: 0,
    stray: "",
    disarm: () => {
      for (const t of events) win.removeEventListener(t, listener, true);
      if (guard === g) guard = undefined;
    },
  };
  const listener = (ev: Event) => {
    if (!ev.isTrusted) return;
    let t = (ev.composedPath()[0] || ev.target) as Node | null;
    // Inside a closed shadow root the window sees only its host: ask the
    // root what is at the event's point.
    const me = ev as MouseEvent;
    if (t && t.nodeType === 1 && closedRootOf(t as Element) && typeof me.clientX === "number") {
      t = deepest(doc, me.clientX, me.clientY) || t;
    }
    if (t && t.nodeType === 1 && within(t)) {
      g.seen++;
      return;
    }
    if (!g.stray) g.stray = t && t.nodeType === 1 ? describe(t as Element) : "nothing";
    ev.preventDefault();
    ev.stopImmediatePropagation();
  };
  for (const t of events) win.addEventListener(t, listener, true);
  guard = g;
  setTimeout(() => g.disarm(), 10000);
}

/** What the armed listener saw: seen, the trusted events at the element
 * (0: none arrived, or they went elsewhere in another window); stray, the
 * first element of this window that got one instead. Disarmed unless keep.
 * seen -1: none armed. */
export function guardVerdict(keep: boolean): { seen: number; stray: string } {
  const g = guard;
  if (!g) return { seen: -1, stray: "" };
  if (!keep) g.disarm();
  return { seen: g.seen, stray: g.stray };
}

export function guardDisarm(): void {
  guard?.disarm();
}

/** `is visible` of one element. */
export function visible(el: Element): boolean {
  return isVisible(el);
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const actionabilityMethods = {
  actionCheck: (el: Element, [o]: [CheckOptions]) => actionCheck(el, o),
  guardVerdict: (_: unknown, [keep]: [boolean]) => guardVerdict(keep),
  guardDisarm: () => guardDisarm(),
  ownerHit: (fe: Element, [lx, ly]: [number, number]) => ownerHit(fe, lx, ly),
  isVisible: (el: Element) => visible(el),
  isEnabled: (el: Element) => !isDisabled(el),
};
