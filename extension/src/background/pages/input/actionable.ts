// Before a pointer press: the element must be attached, visible, enabled
// and still (its box the same in two animation frames), scrolled into
// view, and the point to press must hit it in its own frame's document
// (or a descendant, or a label of it), not an overlay, a fixed header or
// the frame above. Until then the action waits, polling, up to the call's
// budget; then it fails with the reason (covered names the element on top).
// After the check, a capturing listener in the element's window (the
// isolated world's, which runs before the page's own) stops a press that
// would reach another element after all (a button that moved away on
// hover): nothing else is pressed, and the action tries again.
//
// One in-page call does the checks and arms the listener; one CDP call maps
// the point into the tab's viewport (DOM.getContentQuads, correct at every
// frame depth after the scroll, plus an out-of-process frame's offset); one
// in-page call after the press reads what the listener saw.

import { RpcError, type Reason } from "../../types";
import { DialogOpenError, send } from "../core/debugger";
import { offsetOf } from "./geometry";
import type { Point } from "../core/frames";
import { failed } from "../core/failed";

/** What a pointer action pressed, as its result names it. */
export interface ActedOn {
  ref?: string;
  role: string;
  name: string;
}

export type PointerKind = "click" | "hover" | "drag" | "drop" | "check";

interface CheckAnswer {
  state: "ok" | Reason;
  /** ok: the point to press, in the element's frame's viewport. */
  x?: number;
  y?: number;
  /** ok: the element's (or its label's) bounding box there. */
  bx?: number;
  by?: number;
  /** ok: the element whose box is pressed: 0 the element, 1 its label, 2 a descendant. */
  via?: number;
  role?: string;
  name?: string;
  /** covered: the element on top. */
  top?: string;
  detail?: string;
}

// Runs in the page with `this` the element. Self-contained.
// o: {force, kind, scroll (0 none, 1 if needed, 2.. alignments), enabled}
export const ACTION_CHECK = `async function (o) {
  const el = this;
  if (!el.isConnected || !el.ownerDocument.defaultView) return { state: "detached" };
  const doc = el.ownerDocument, win = doc.defaultView;
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const clip = (s, n) => { s = norm(s); return s.length > n ? s.slice(0, n - 1) + "\\u2026" : s; };
  const IMPLICIT = { A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", IMG: "img", H1: "heading", H2: "heading", H3: "heading", LABEL: "label", SUMMARY: "button", OPTION: "option" };
  const roleOf = (e) => {
    const r = (e.getAttribute && e.getAttribute("role") || "").trim().split(/\\s+/)[0];
    if (r) return r;
    if (e.tagName === "INPUT") {
      const t = e.type;
      return t === "checkbox" ? "checkbox" : t === "radio" ? "radio" : ["button", "submit", "reset", "image"].includes(t) ? "button" : t === "range" ? "slider" : "textbox";
    }
    if (e.tagName === "A" && !e.hasAttribute("href")) return "generic";
    return IMPLICIT[e.tagName] || "generic";
  };
  const nameOf = (e) => {
    const a = e.getAttribute && e.getAttribute("aria-label");
    if (a) return clip(a, 60);
    const lb = e.getAttribute && e.getAttribute("aria-labelledby");
    if (lb) { const t = lb.split(/\\s+/).map((id) => { const x = e.ownerDocument.getElementById(id); return x ? x.textContent : ""; }).join(" "); if (norm(t)) return clip(t, 60); }
    if (e.labels && e.labels.length) return clip(e.labels[0].textContent, 60);
    if (e.tagName === "INPUT" && ["button", "submit", "reset"].includes(e.type)) return clip(e.value, 60);
    if (e.tagName === "INPUT" || e.tagName === "TEXTAREA") return clip(e.getAttribute("placeholder") || e.getAttribute("title") || "", 60);
    if (e.tagName === "IMG") return clip(e.getAttribute("alt") || "", 60);
    return clip(e.innerText || e.textContent || e.getAttribute("title") || "", 60);
  };
  const cssPath = (e) => {
    const parts = [];
    for (let n = e, i = 0; n && n.nodeType === 1 && i < 3; n = n.parentElement, i++) {
      let p = n.tagName.toLowerCase();
      if (n.id) { parts.unshift(p + "#" + n.id); break; }
      const cls = Array.from(n.classList).slice(0, 2);
      if (cls.length) p += "." + cls.join(".");
      parts.unshift(p);
    }
    return parts.join(" > ");
  };
  const describe = (e) => { const n = nameOf(e); return roleOf(e) + (n ? " " + JSON.stringify(n) : "") + " (" + cssPath(e) + ")"; };
  const disabled = (e) => {
    if (e.matches(":disabled")) return true;
    for (let n = e; n; n = n.parentElement) if (n.getAttribute("aria-disabled") === "true") return true;
    return false;
  };
  const hasBox = (e) => { const r = e.getBoundingClientRect(); return r.width >= 1 && r.height >= 1; };
  const shown = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && hasBox(e);
  // The box to press: the element's; a hidden checkbox's visible label;
  // a box-less wrapper's first descendant with a box.
  let box = el, via = 0;
  if (!shown(el)) {
    box = null;
    if (el.labels) for (const l of el.labels) if (shown(l)) { box = l; via = 1; break; }
    if (!box && el.checkVisibility({ visibilityProperty: true })) {
      for (const d of el.querySelectorAll("*")) if (shown(d)) { box = d; via = 2; break; }
    }
    if (!box) return { state: "not_visible", detail: hasBox(el) ? "it is hidden (visibility, display or content-visibility)" : "it has no size (zero width or height, or display:none)" };
  }
  if (o.enabled && disabled(el)) return { state: "not_enabled" };
  const rectOf = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
  const frame = () => new Promise((res) => {
    // A background tab runs no animation frames: timers then.
    let done = false;
    const fin = () => { if (!done) { done = true; res(); } };
    if (!doc.hidden) win.requestAnimationFrame(fin);
    setTimeout(fin, doc.hidden ? 16 : 50);
  });
  const inView = (r) => r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= win.innerWidth && r[1] + r[3] <= win.innerHeight;
  const ALIGN = ["center", "end", "start", "nearest"];
  // A point of this frame's viewport in each same-origin parent's: false
  // once it falls outside one (a frame below the fold of the page holding it).
  const toParent = (w, px, py) => {
    let fe;
    try { fe = w.frameElement; } catch (e) { fe = null; }
    if (!fe) return null; // the top, or a cross-origin parent
    const fr = fe.getBoundingClientRect();
    const cs = w.parent.getComputedStyle(fe);
    // A scaled iframe (a transform on it or around it) scales its content.
    const sx = fe.offsetWidth ? fr.width / fe.offsetWidth : 1, sy = fe.offsetHeight ? fr.height / fe.offsetHeight : 1;
    return { fe, x: fr.left + (fe.clientLeft + parseFloat(cs.paddingLeft) + px) * sx, y: fr.top + (fe.clientTop + parseFloat(cs.paddingTop) + py) * sy };
  };
  const framesInView = () => {
    const r = rectOf(box);
    let px = r[0] + r[2] / 2, py = r[1] + r[3] / 2;
    for (let w = win; w !== w.top; w = w.parent) {
      const up = toParent(w, px, py);
      if (!up) return true;
      if (up.x < 0 || up.y < 0 || up.x > w.parent.innerWidth || up.y > w.parent.innerHeight) return false;
      px = up.x; py = up.y;
    }
    return true;
  };
  if (o.scroll === 1 && (!inView(rectOf(box)) || !framesInView())) box.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  else if (o.scroll >= 2) { const a = ALIGN[(o.scroll - 2) % ALIGN.length]; box.scrollIntoView({ block: a, inline: a, behavior: "instant" }); }
  // Still: a box that no running animation or transition can move is
  // still now; else the same box in two frames.
  let r = rectOf(box);
  if (!o.force) {
    const moving = doc.getAnimations().some((a) => a.playState === "running" && a.effect && a.effect.target &&
      (a.effect.target === box || a.effect.target.contains(box) || box.contains(a.effect.target)));
    if (moving) {
      await frame();
      const r1 = rectOf(box);
      await frame();
      const r2 = rectOf(box);
      if (!same(r1, r2)) return { state: "not_stable" };
      r = r2;
    }
  }
  // The point: the centre of the part of the box inside the frame's viewport.
  const x0 = Math.max(r[0], 0), y0 = Math.max(r[1], 0);
  const x1 = Math.min(r[0] + r[2], win.innerWidth), y1 = Math.min(r[1] + r[3], win.innerHeight);
  if (x1 - x0 < 1 || y1 - y0 < 1) return { state: "covered", top: "", detail: "its box is outside its frame's viewport after scrolling" };
  const x = (x0 + x1) / 2, y = (y0 + y1) / 2;
  const answer = { state: "ok", x, y, bx: r[0], by: r[1], via, role: roleOf(el), name: nameOf(el) };
  if (o.force) return answer;
  // Hit-test in the element's own document, through shadow roots: open
  // ones, and the closed ones the snapshot's walk was handed
  // (closed-roots.ts keeps them in this world's tree registry).
  const closedRoots = win.__browserctlTree && win.__browserctlTree.closed;
  const rootOf = (h) => h.shadowRoot || (closedRoots && closedRoots.get(h)) || null;
  const deepest = (root, px, py) => {
    let hit = root.elementFromPoint(px, py);
    while (hit && rootOf(hit)) {
      const inner = rootOf(hit).elementFromPoint(px, py);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const within = (hit) => {
    for (let n = hit; n; n = n.parentNode || n.host) {
      if (n === el || n === box) return true;
      if (n.tagName === "LABEL" && n.control === el) return true;
    }
    return false;
  };
  const hit = deepest(doc, x, y);
  if (!hit || !within(hit)) return { state: "covered", top: hit ? describe(hit) : "nothing (outside the page)" };
  // Same-origin ancestor frames: the frame itself must be where the point is.
  let fx = x, fy = y;
  for (let w = win; w !== w.top; w = w.parent) {
    const up = toParent(w, fx, fy);
    if (!up) break; // a cross-origin parent: its own hit-test is not ours to run
    fx = up.x; fy = up.y;
    const over = deepest(up.fe.ownerDocument, fx, fy);
    if (over !== up.fe) return { state: "covered", top: over ? describe(over) : "nothing (outside the page)", detail: "over its frame" };
  }
  // Arm the listener that stops a press reaching anything else.
  const EVENTS = { click: ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick", "contextmenu"],
    check: ["pointerdown", "mousedown", "pointerup", "mouseup", "click"], drag: ["pointerdown", "mousedown", "pointerup", "mouseup", "click"], hover: [], drop: [] }[o.kind] || [];
  const KEY = "__browserctlHitGuard";
  const old = win[KEY];
  if (old) old.disarm();
  if (EVENTS.length) {
    const guard = { seen: 0, stray: "", disarm: () => { for (const t of EVENTS) win.removeEventListener(t, listener, true); if (win[KEY] === guard) delete win[KEY]; } };
    const listener = (ev) => {
      if (!ev.isTrusted) return;
      let t = ev.composedPath()[0] || ev.target;
      // Inside a closed shadow root the window sees only its host: ask the
      // root what is at the event's point.
      if (t && t.nodeType === 1 && closedRoots && closedRoots.get(t) && typeof ev.clientX === "number") {
        t = deepest(doc, ev.clientX, ev.clientY) || t;
      }
      if (t && t.nodeType === 1 && within(t)) { guard.seen++; return; }
      if (!guard.stray) guard.stray = t && t.nodeType === 1 ? describe(t) : "nothing";
      ev.preventDefault();
      ev.stopImmediatePropagation();
    };
    for (const t of EVENTS) win.addEventListener(t, listener, true);
    Object.defineProperty(win, KEY, { value: guard, configurable: true, enumerable: false, writable: true });
    setTimeout(() => guard.disarm(), 10000);
  }
  return answer;
}`;

// Runs in the page on the element: what the armed listener saw, disarmed.
export const GUARD_VERDICT = `function (keep) {
  const win = this.ownerDocument && this.ownerDocument.defaultView;
  const g = win && win.__browserctlHitGuard;
  if (!g) return { seen: -1, stray: "" };
  if (!keep) g.disarm();
  return { seen: g.seen, stray: g.stray };
}`;

// Disarms the listener (after a stray press was released under it).
export const GUARD_DISARM = `function () {
  const win = this.ownerDocument && this.ownerDocument.defaultView;
  const g = win && win.__browserctlHitGuard;
  if (g) g.disarm();
}`;

const POLL_MS = [0, 20, 50, 100, 100, 250, 500];


const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface PressPoint extends Point {
  target: ActedOn;
}

export interface ActionOpts {
  kind: PointerKind;
  force: boolean;
  /** When the wait ends (Date.now() ms). */
  deadline: number;
  label: string;
  ref?: string;
}

function why(a: CheckAnswer, label: string): string {
  switch (a.state) {
    case "not_visible":
      return `${label} is not visible: ${a.detail ?? "it has no box"}`;
    case "not_enabled":
      return `${label} is disabled`;
    case "detached":
      return `${label} was removed from the page`;
    case "not_stable":
      return `${label} kept moving (its box changed between animation frames)`;
    case "covered":
      return a.top ? `${label} is covered: ${a.top} would receive the press${a.detail ? ` (${a.detail})` : ""}` : `${label}: ${a.detail ?? "covered"}`;
  }
  return `${label}: ${a.state}${a.detail ? `: ${a.detail}` : ""}`;
}

interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

async function inPage<T>(tabId: number, objectId: string, fn: string, args: unknown[], awaitPromise = false): Promise<T> {
  const r = await send<CallValue>(tabId, "Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise,
  });
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    // The element's document went away mid-call.
    throw failed(`the element's page did not answer: ${d.exception?.description ?? d.text}`, "detached");
  }
  return r.result.value as T;
}

/** Maps a point of the element's frame viewport to the tab's viewport. */
async function toTab(tabId: number, objectId: string, a: CheckAnswer): Promise<Point | null> {
  let quads: number[][];
  try {
    quads = (await send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId })).quads;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return null;
  }
  if (a.via !== 0) {
    // The label or descendant's box was pressed: the element's own quads
    // may be absent; its frame's offset is then found from the document.
    if (quads.length === 0) return null;
  }
  let minX = Infinity;
  let minY = Infinity;
  for (const q of quads) {
    for (let i = 0; i + 1 < q.length; i += 2) {
      minX = Math.min(minX, q[i]!);
      minY = Math.min(minY, q[i + 1]!);
    }
  }
  if (!Number.isFinite(minX)) return null;
  const off = await offsetOf(tabId, objectId);
  return { x: minX - a.bx! + a.x! + off.x, y: minY - a.by! + a.y! + off.y };
}

// The frame's origin in its session's viewport, from the document element.
const DOC_ORIGIN = `function () { const r = this.ownerDocument.documentElement.getBoundingClientRect(); return [r.left, r.top]; }`;

async function toTabByDocument(tabId: number, objectId: string, a: CheckAnswer): Promise<Point> {
  const r = await send<{ result: { objectId?: string } }>(tabId, "Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: "function () { return this.ownerDocument.documentElement; }",
  });
  const de = r.result.objectId;
  if (!de) throw failed("the element's document has no root", "detached");
  const [q, origin] = await Promise.all([
    send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId: de }),
    inPage<number[]>(tabId, objectId, DOC_ORIGIN, []),
  ]);
  const quad = q.quads[0];
  if (!quad) throw failed("the element's document has no box", "not_visible");
  const off = await offsetOf(tabId, objectId);
  const minX = Math.min(quad[0]!, quad[2]!, quad[4]!, quad[6]!);
  const minY = Math.min(quad[1]!, quad[3]!, quad[5]!, quad[7]!);
  return { x: minX - origin[0]! + a.x! + off.x, y: minY - origin[1]! + a.y! + off.y };
}

/**
 * Waits until the element can take the pointer action and answers the point
 * to press in the tab's viewport. Fails with not_visible, not_enabled,
 * detached, not_stable or covered once the deadline passes (detached at
 * once: a removed element does not come back).
 */
export async function pressPoint(tabId: number, objectId: string, o: ActionOpts): Promise<PressPoint> {
  let last: CheckAnswer | undefined;
  for (let attempt = 0; ; attempt++) {
    const scroll = attempt === 0 ? 1 : attempt < 2 ? 1 : 2 + ((attempt - 2) % 4);
    const a = await inPage<CheckAnswer>(tabId, objectId, ACTION_CHECK, [
      { force: o.force, kind: o.kind, scroll, enabled: o.kind !== "hover" },
    ], true);
    if (!a || typeof a !== "object") throw failed(`${o.label}: the page did not answer the check`, "failed");
    if (a.state === "ok") {
      const pt = (await toTab(tabId, objectId, a)) ?? (await toTabByDocument(tabId, objectId, a));
      return { ...pt, target: { ref: o.ref, role: a.role ?? "generic", name: a.name ?? "" } };
    }
    last = a;
    if (a.state === "detached") throw failed(why(a, o.label), "detached");
    if (Date.now() >= o.deadline) break;
    await sleep(Math.min(POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!, Math.max(0, o.deadline - Date.now())));
  }
  throw failed(why(last!, o.label), last!.state as Reason);
}

/** What the armed listener saw since pressPoint: a stray press is "covered". */
export async function pressVerdict(tabId: number, objectId: string, keep = false): Promise<{ ok: boolean; stray: string }> {
  try {
    const v = await inPage<{ seen: number; stray: string }>(tabId, objectId, GUARD_VERDICT, [keep]);
    if (!v) return { ok: true, stray: "" };
    return { ok: !v.stray, stray: v.stray };
  } catch {
    // A dialog the press opened (a page handler ran: a stray press is
    // stopped before any handler sees it), or a navigation that took the
    // page away: the press reached its element. call.ts reports the dialog.
    return { ok: true, stray: "" };
  }
}

/** Disarms the listener pressPoint armed; never fails. */
export async function disarm(tabId: number, objectId: string): Promise<void> {
  await inPage(tabId, objectId, GUARD_DISARM, []).catch(() => undefined);
}

export function strayError(label: string, stray: string): RpcError {
  return failed(`${label} is covered: the press went to ${stray}, which did not receive it (stopped)`, "covered");
}
