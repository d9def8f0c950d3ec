// The person's actions in this document, as steps for the extension's
// action recording (background/pages/record-actions/): trusted clicks and
// double clicks, a field's value once the person leaves it (one step per
// field, not per key), keys that are not text, checkboxes, selects, files
// chosen. Each step carries the targets that find its element (candidates.ts)
// and goes out through a CDP binding that exists only in this isolated world
// of the tabs being recorded (Runtime.addBinding by name): page scripts can
// neither call it nor see it, nor the listeners here.

import { candidatesFor, proposedName, type Candidate } from "../elements/candidates";
import { tidy } from "../elements/accessible";

import { ACTIONS_BINDING } from "./actions-binding";
import { fromBadge, isBadge, removeBadge, showBadge } from "./actions-badge";

export type StepKind = "click" | "dblclick" | "fill" | "press" | "check" | "uncheck" | "select" | "upload" | "scroll";

export interface ActionStep {
  /** Numbered per document, from 1. */
  seq: number;
  /** The document: when it started (performance.timeOrigin). */
  doc: number;
  /** When the person's input happened (Date.now() ms). */
  t: number;
  kind: StepKind;
  url: string;
  /** Whether the document is the tab's top frame. */
  top: boolean;
  /** A handle on the element for the extension's checks (actionElement). */
  el?: number;
  targets?: Candidate[];
  /** How a comment names the element: its name, else its name attribute or id. */
  field?: string;
  value?: string;
  values?: string[];
  key?: string;
  secret?: "password";
  /** A double click: the seq of the click step it began with, which it replaces. */
  replaces?: number;
  /** Text that appeared in the document since the step before (what the
   * person may have waited for). */
  appeared?: string;
  /** Scroll: the window's position after the scroll. */
  x?: number;
  y?: number;
  /** A fill the person is still typing (the field not left yet): the
   * extension keeps it and writes it only if the document goes first. */
  draft?: true;
}

const NOT_TEXT = new Set(["checkbox", "radio", "file", "button", "submit", "reset", "image", "hidden", "range", "color"]);
/** Inputs whose change is a fill of their value (a slider dragged, a
 * colour picked): the clicks and keys that made it say nothing more. */
const SET_BY_CHANGE = new Set(["range", "color"]);

/** What a click may stand for: the control it landed in. */
const CLICKABLE =
  "a[href],button,input,select,textarea,label,summary,option,[role=button],[role=link],[role=checkbox],[role=radio]," +
  "[role=switch],[role=tab],[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=treeitem]," +
  "[role=gridcell],[onclick]";

/** Keys the browser itself acts on (reload, history, tabs): recorded as navigations, or not at all. */
const BROWSER_KEYS = new Set([
  "F5", "Control+r", "Control+Shift+r", "Meta+r", "Meta+Shift+r", "Alt+ArrowLeft", "Alt+ArrowRight", "Meta+[", "Meta+]",
  "Control+w", "Control+t", "Control+n", "Control+l", "Meta+w", "Meta+t", "Meta+l", "F6", "F11", "F12",
]);
/** Editing keys inside a field: their effect is the field's value. */
const EDITING = new Set(["Backspace", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "Insert"]);
const EDITING_SHORTCUTS = new Set(["a", "c", "v", "x", "z", "y", "Backspace", "Delete", "ArrowLeft", "ArrowRight", "Home", "End"]);
/** Keys that activate the focused control: its click is the step. */
const ACTIVATING = new Set(["Enter", "Space"]);

/** A click without a pointer (detail 0) this soon after a press step is that key's. */
const KEY_CLICK_MS = 100;
const KEEP_HANDLES = 32;
const KEEP_STEPS = 64;

interface State {
  on: boolean;
  seq: number;
  pending: Map<Element, number>;
  handles: Map<number, Element>;
  nextHandle: number;
  /** The newest steps, for a worker that restarted mid-recording. */
  recent: ActionStep[];
  /** Cost of the listeners: events seen, ms spent in them. */
  events: number;
  ms: number;
  remove: Array<() => void>;
  /** stopActions was called in this document: installing the script again does not start it. */
  stopped: boolean;
  /** When the last press step was sent (performance.now()). */
  pressedAt: number;
  /** The first text that appeared since the last step, and what watches for it. */
  appeared: string | undefined;
  watcher: MutationObserver | undefined;
  /** The field being typed into and its step, for its drafts (sendDraft). */
  draft: { el: Element; step: Omit<ActionStep, "seq" | "doc" | "url" | "top"> } | undefined;
}

const st: State = {
  on: false, seq: 0, pending: new Map(), handles: new Map(), nextHandle: 1, recent: [], events: 0, ms: 0, remove: [], stopped: false, pressedAt: -1e9, appeared: undefined, watcher: undefined,
  draft: undefined,
};

function binding(): ((payload: string) => void) | undefined {
  const b = (globalThis as Record<string, unknown>)[ACTIONS_BINDING];
  return typeof b === "function" ? (b as (payload: string) => void) : undefined;
}

function handleOf(el: Element): number {
  const id = st.nextHandle++;
  st.handles.set(id, el);
  if (st.handles.size > KEEP_HANDLES) st.handles.delete(st.handles.keys().next().value!);
  return id;
}

/** How long after a step the recorder looks for text that appears. */
const APPEAR_MS = 15_000;
const APPEAR_MAX = 80;

/** Watches for the first text that appears from now on (a fetch's rows, a
 * message): the next step says what the person saw before it. */
function watchAppearing(): void {
  st.appeared = undefined;
  st.watcher?.disconnect();
  const mo = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        const host = n.nodeType === Node.TEXT_NODE ? n.parentElement : (n as Element);
        if (!host || !(host instanceof HTMLElement) || isBadge(host) || !host.checkVisibility()) continue;
        const text = tidy((n.nodeType === Node.TEXT_NODE ? n.textContent : host.innerText)?.split("\n").find((l) => l.trim() !== "") ?? "");
        if (text && text.length <= APPEAR_MAX) {
          st.appeared = text;
          mo.disconnect();
          return;
        }
      }
    }
  });
  mo.observe(document.documentElement, { childList: true, subtree: true });
  st.watcher = mo;
  setTimeout(() => mo.disconnect(), APPEAR_MS);
}

/** Sends a step to the extension (kept among the recent ones too). */
function emit(step: Omit<ActionStep, "seq" | "doc" | "url" | "top">, collect?: ActionStep[]): void {
  const s: ActionStep = { ...step, seq: ++st.seq, doc: performance.timeOrigin, url: location.href, top: window === window.top };
  if (st.appeared !== undefined) s.appeared = st.appeared;
  if (step.kind !== "fill") watchAppearing();
  else st.appeared = undefined;
  st.recent.push(s);
  if (st.recent.length > KEEP_STEPS) st.recent.shift();
  if (collect) {
    collect.push(s);
    return;
  }
  try {
    binding()?.(JSON.stringify(s));
  } catch {
    // the binding went with the extension's attachment: the step stays in recent
  }
}

/** An element's step with its targets. */
function elementStep(kind: StepKind, el: Element, t: number, more: Partial<ActionStep> = {}): Omit<ActionStep, "seq" | "doc" | "url" | "top"> {
  return { kind, t, el: handleOf(el), targets: candidatesFor(el), field: fieldName(el), ...more };
}

function fieldName(el: Element): string {
  return tidy(proposedName(el) || el.getAttribute("name") || el.id || el.localName).slice(0, 60);
}

/** The deepest element the event reached, through open shadow roots. */
function origin(ev: Event): Element | null {
  for (const n of ev.composedPath()) if (n instanceof Element) return n;
  return null;
}

/** A text field: an input that takes text, a textarea, or an editing host. */
function textField(el: Element | null): HTMLElement | null {
  if (!el) return null;
  if (el.tagName === "INPUT") return NOT_TEXT.has((el as HTMLInputElement).type) ? null : (el as HTMLElement);
  if (el.tagName === "TEXTAREA") return el as HTMLElement;
  const h = el as HTMLElement;
  if (h.isContentEditable) {
    let host = h;
    while (host.parentElement?.isContentEditable) host = host.parentElement;
    return host;
  }
  return null;
}

function valueOf(f: HTMLElement): string {
  if (f.tagName === "INPUT" || f.tagName === "TEXTAREA") return (f as HTMLInputElement).value;
  return f.innerText;
}

/** The control a click stands for: the nearest clickable element on its path. */
function clickTarget(ev: Event): Element | null {
  let depth = 0;
  for (const n of ev.composedPath()) {
    if (!(n instanceof Element)) continue;
    if (n.matches(CLICKABLE)) return n;
    if (++depth > 8) break;
  }
  return origin(ev);
}

/** Whether a click on el is said by another step (typing, change) instead. */
function clickSaidElsewhere(el: Element): boolean {
  const control = el.tagName === "LABEL" ? ((el as HTMLLabelElement).control ?? null) : el;
  if (!control) return false;
  if (textField(control)) return true;
  const tag = control.tagName;
  if (tag === "SELECT" || tag === "OPTION") return true;
  // A press that reached a frame's element, not its document (one still
  // loading): it did nothing; what the person does in the frame is said by
  // the frame's own recorder, and a replayed click there would land inside.
  if (tag === "IFRAME" || tag === "FRAME") return true;
  if (tag === "INPUT") {
    const type = (control as HTMLInputElement).type;
    return type === "checkbox" || type === "radio" || type === "file" || SET_BY_CHANGE.has(type);
  }
  return false;
}

/** The key as `press` takes it (Control+Shift+a, Enter, Space); "" for a modifier alone. */
export function keyName(ev: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): string {
  if (["Control", "Shift", "Alt", "Meta", "AltGraph", "CapsLock", "Dead", "Unidentified", "Process"].includes(ev.key)) return "";
  let k = ev.key === " " ? "Space" : ev.key;
  const mods: string[] = [];
  if (ev.ctrlKey) mods.push("Control");
  if (ev.altKey) mods.push("Alt");
  if (ev.metaKey) mods.push("Meta");
  if (ev.shiftKey && (k.length > 1 || mods.length > 0)) mods.push("Shift");
  if (k.length === 1 && mods.length > 0) k = k.toLowerCase();
  return [...mods, k].join("+");
}

function fillStep(f: Element, t: number): Omit<ActionStep, "seq" | "doc" | "url" | "top"> {
  const secret = f.tagName === "INPUT" && (f as HTMLInputElement).type === "password" ? "password" : undefined;
  return elementStep("fill", f, t, { value: valueOf(f as HTMLElement), ...(secret ? { secret } : {}) });
}

function flush(f: Element, collect?: ActionStep[]): void {
  const t = st.pending.get(f);
  if (t === undefined) return;
  st.pending.delete(f);
  if (st.draft?.el === f) st.draft = undefined;
  if (!f.isConnected) return; // gone with its value: nothing to fill
  emit(fillStep(f, t), collect);
}

/**
 * The fill of a field still being typed into, sent at each input as a
 * draft with the seq its fill will have: a navigation the person starts
 * without leaving the field (a URL typed into the address bar) may take
 * the document before its pagehide's step is heard, and the extension then
 * writes the draft. The field's targets are worked out once per field.
 */
function sendDraft(f: Element, t: number): void {
  if (st.draft?.el !== f) st.draft = { el: f, step: fillStep(f, t) };
  try {
    const d: ActionStep = { ...st.draft.step, t, value: valueOf(f as HTMLElement), seq: st.seq + 1, doc: performance.timeOrigin, url: location.href, top: window === window.top, draft: true };
    binding()?.(JSON.stringify(d));
  } catch {
    // the binding went with the extension's attachment
  }
}

function flushAll(collect?: ActionStep[]): void {
  for (const f of [...st.pending.keys()]) flush(f, collect);
}

// ---- the listeners (capturing, on the window: they run before the page's
// own listeners on the element, in this world the page cannot reach)

function onClick(ev: MouseEvent): void {
  if (ev.button !== 0) return;
  // A key the step said already made this click (Enter in a form field
  // submits through its submit button's click).
  if (ev.detail === 0 && performance.now() - st.pressedAt < KEY_CLICK_MS) return;
  const el = clickTarget(ev);
  if (!el || clickSaidElsewhere(el)) return;
  if (ev.detail > 1) return; // the second click of a double click: dblclick says it
  emit(elementStep("click", el, Date.now()));
}

function onDblClick(ev: MouseEvent): void {
  const el = clickTarget(ev);
  if (!el || clickSaidElsewhere(el)) return;
  const last = st.recent.at(-1);
  const first = last && last.kind === "click" && last.el !== undefined && st.handles.get(last.el) === el ? last.seq : undefined;
  emit(elementStep("dblclick", el, Date.now(), first !== undefined ? { replaces: first } : {}));
}

function onInput(ev: Event): void {
  const f = textField(origin(ev));
  if (!f) return;
  const t = Date.now();
  st.pending.set(f, t); // the step's time: the field's last input
  sendDraft(f, t);
}

function onChange(ev: Event): void {
  const el = origin(ev);
  if (!el) return;
  const f = textField(el);
  if (f) {
    flush(f);
    return;
  }
  const t = Date.now();
  if (el.tagName === "INPUT") {
    const inp = el as HTMLInputElement;
    if (inp.type === "checkbox") emit(elementStep(inp.checked ? "check" : "uncheck", el, t));
    else if (inp.type === "radio" && inp.checked) emit(elementStep("check", el, t));
    else if (inp.type === "file") emit(elementStep("upload", el, t, { values: Array.from(inp.files ?? []).map((f) => f.name) }));
    else if (SET_BY_CHANGE.has(inp.type)) emit(elementStep("fill", el, t, { value: inp.value }));
    return;
  }
  if (el.tagName === "SELECT") {
    const s = el as HTMLSelectElement;
    const opts = Array.from(s.selectedOptions);
    const unique = (o: HTMLOptionElement) => o.value !== "" && Array.from(s.options).filter((x) => x.value === o.value).length === 1;
    emit(elementStep("select", el, t, { values: opts.map((o) => (unique(o) ? o.value : tidy(o.label || o.text))) }));
  }
}

function onFocusOut(ev: FocusEvent): void {
  const f = textField(origin(ev));
  if (f) flush(f);
}

function onKeyDown(ev: KeyboardEvent): void {
  const key = keyName(ev);
  if (!key || BROWSER_KEYS.has(key)) return;
  const el = origin(ev);
  const f = textField(el);
  const mods = ev.ctrlKey || ev.metaKey || ev.altKey;
  const isChar = ev.key.length === 1;
  if (f) {
    if (isChar && !mods) return; // typing: the field's value says it
    if (EDITING.has(key) || (mods && EDITING_SHORTCUTS.has(ev.key))) return;
    if (key === "Tab" || key === "Shift+Tab") {
      flush(f); // leaving the field: its value is the step, the key moved focus only
      return;
    }
    if (key === "Enter" && f.tagName !== "INPUT") return; // a new line in a textarea or editor
    flush(f);
    emit({ kind: "press", t: Date.now(), key });
    st.pressedAt = performance.now();
    return;
  }
  // a select's choice is its change: keys that move through its options say nothing more
  if (el && (el.tagName === "SELECT" || el.tagName === "OPTION") && !mods && (isChar || EDITING.has(key) || key === "Enter" || key === "Space" || key === "Tab" || key === "Shift+Tab")) return;
  // so is a slider's value, moved by the arrows, Home, End and the page keys
  if (el && el.tagName === "INPUT" && SET_BY_CHANGE.has((el as HTMLInputElement).type) && !mods && EDITING.has(key)) return;
  if (ACTIVATING.has(key) && el && el !== document.body && el !== document.documentElement && el.matches(CLICKABLE)) return; // its click says it
  emit({ kind: "press", t: Date.now(), key });
  st.pressedAt = performance.now();
}

function onPageHide(): void {
  flushAll();
}

function listen<K extends keyof WindowEventMap>(type: K, fn: (ev: WindowEventMap[K]) => void): void {
  const timed = (ev: WindowEventMap[K]): void => {
    if (!ev.isTrusted || fromBadge(ev)) return; // a page script's events are not the person's, nor the badge's
    const start = performance.now();
    try {
      fn(ev);
    } catch {
      // a page that broke an element must not break the recorder
    }
    st.events++;
    st.ms += performance.now() - start;
  };
  window.addEventListener(type, timed, true);
  st.remove.push(() => window.removeEventListener(type, timed, true));
}

/** The badge's Stop: the person ends the recording from the page. */
function personStop(): void {
  try {
    binding()?.(JSON.stringify({ control: "stop" }));
  } catch {
    // the binding went with the extension's attachment
  }
}

/** Starts recording this document; false when it already was. */
export function startActions(): boolean {
  st.stopped = false;
  try {
    showBadge(undefined, personStop);
  } catch {
    // a page that broke the DOM still records
  }
  if (st.on) return false;
  st.on = true;
  listen("click", onClick);
  listen("dblclick", onDblClick);
  listen("input", onInput);
  listen("change", onChange);
  listen("focusout", onFocusOut);
  listen("keydown", onKeyDown);
  listen("pagehide", onPageHide);
  return true;
}

/** Stops recording: answers the steps still pending (a field being typed
 * into), which the extension adds itself. */
export function stopActions(): ActionStep[] {
  const out: ActionStep[] = [];
  if (st.on) flushAll(out);
  for (const r of st.remove.splice(0)) r();
  st.on = false;
  st.stopped = true;
  st.watcher?.disconnect();
  removeBadge();
  st.pending.clear();
  st.draft = undefined;
  st.handles.clear();
  return out;
}

/** As the script is installed in a new document: a tab being recorded has
 * the binding in this world from the document's start, so it records at once. */
export function autoStartActions(): void {
  if (!st.stopped && binding()) startActions();
}

/** The element of a step's handle, while it is kept. */
export function actionElement(id: number): Element | null {
  return st.handles.get(id) ?? null;
}

/** The steps after seq this document still keeps (a worker restarted). */
export function actionsAfter(seq: number): ActionStep[] {
  return st.recent.filter((s) => s.seq > seq);
}

/** What the listeners cost: events seen and ms spent. */
export function actionStats(): { on: boolean; events: number; ms: number; steps: number } {
  return { on: st.on, events: st.events, ms: st.ms, steps: st.seq };
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const actionMethods = {
  startActions: () => startActions(),
  stopActions: () => stopActions(),
  actionElement: (_: unknown, [id]: [number]) => actionElement(id),
  actionDocument: (_: unknown, [id]: [number]) => actionElement(id)?.ownerDocument ?? null,
  /** The i-th file a file input of a step holds (the extension asks the browser its path). */
  actionFile: (_: unknown, [id, i]: [number, number]) => (actionElement(id) as HTMLInputElement | null)?.files?.[i] ?? null,
  actionsAfter: (_: unknown, [seq]: [number]) => actionsAfter(seq),
  actionStats: () => actionStats(),
  /** The badge with the recording's number of lines (while it records). */
  actionsBadge: (_: unknown, [lines]: [number]) => {
    if (st.on) showBadge(lines, personStop);
  },
};
