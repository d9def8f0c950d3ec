// The element actions beyond the spec's: check/uncheck, focus, drag,
// keyboard type, is visible|enabled|checked, a count (get attr and get style
// are element-reads.ts's). Each takes a target as the spec's actions do
// (target.ts: "ref" or "selector").

import { optionalBool, requireOneOf, requireString, requireText } from "../../params";
import { ELEMENT_STATES, type ActedOn, type RequestParams } from "../../protocol.gen";
import { RpcError } from "../../types";
import { budgetOf, waitMsOf } from "../core/deadline";
import { ensureAttached, listen, send, sendQuiet } from "../core/debugger";
import { ensureForeground } from "../core/foreground";
import { dispatchMouseEvents, mouseClick } from "./mouse";
import { aim, deadlineOf, disarm, missedErrorOf, pointerAction, pressVerdict } from "./pointer";
import { keyForChar } from "./keys";
import { requireKeysTaken, strokeAll, typesText } from "./keyboard";
import { releaseActionObjects } from "../snapshot/refs";
import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import { valueOf } from "../core/injected";
import { requireTarget, resolveSelectorOnce, resolveSpec, selectorError, type Target } from "../targets/target";
import { callInWorld, isolatedContext } from "../core/world";
import { failed } from "../core/failed";
import type { PageHandlers } from "../tables";


/** Calls the in-page method on the target's element. */
async function callOn<N extends MethodName>(tabId: number, t: Target, name: N, args: ArgsOf<N>, what: string): Promise<ResultOf<N>> {
  return valueOf(tabId, { objectId: t.objectId }, name, args, (why) => failed(`${what} ${t.label}: ${why}`, "page_error"), { userGesture: true });
}

/** Runs act with the resolved target, then frees what was resolved. */
async function withTarget<T>(
  tabId: number,
  p: RequestParams<"pages.check" | "pages.focus" | "pages.is">,
  act: (t: Target) => Promise<T>, pick: "visible" | "visibleElseFirst" = "visible"): Promise<T> {
  const spec = requireTarget(p);
  const t = await resolveSpec(tabId, spec, pick, waitMsOf(budgetOf(p)));
  try {
    return await act(t);
  } finally {
    releaseActionObjects(tabId);
  }
}

// ---- check / uncheck ----

const CHECK_SETTLE_TRIES = 10;
const CHECK_SETTLE_MS = 50;

/**
 * pages.check: makes a checkbox, radio or switch checked (or, with
 * checked:false, unchecked) by clicking it as a user would; nothing happens
 * when it already is. A hidden input behind a styled label is clicked through
 * the DOM. Answers {checked} as the page now has it.
 */
export async function check(tabId: number, p: RequestParams<"pages.check">): Promise<{ checked: boolean; target?: ActedOn }> {
  const want = optionalBool(p, "checked") ?? true;
  const force = optionalBool(p, "force") ?? false;
  const deadline = deadlineOf(budgetOf(p));
  const spec = requireTarget(p);
  const t = await resolveSpec(tabId, spec, "visibleElseFirst", Math.max(0, deadline - Date.now()));
  try {
    const st = await callOn(tabId, t, "checkState", [], "check");
    if (!st || st.error) throw failed(`check ${t.label}: ${st?.error ?? "no answer"}`, "not_checkable");
    if (st.checked === want) return { checked: want };
    if (st.disabled) throw failed(`check ${t.label}: it is disabled`, "not_enabled");
    if (!want && (st.kind === "radio" || st.kind === "menuitemradio")) {
      throw failed(`uncheck ${t.label}: a radio button cannot be unchecked (check another one of its group)`, "not_checkable");
    }
  } finally {
    releaseActionObjects(tabId);
  }
  // Clicked as a user would: waited for, hit-tested (a hidden input is
  // pressed through its visible label).
  const target = await pointerAction(tabId, { kind: "check", spec, force, deadline, pick: "visibleElseFirst" }, (pt) => mouseClick(tabId, pt, "left", 1));
  const t2 = await resolveSpec(tabId, spec, "visibleElseFirst", 0);
  try {
    // A framework may re-render the state a moment after the click.
    let after = await callOn(tabId, t2, "checkState", [], "check");
    for (let i = 0; i < CHECK_SETTLE_TRIES && after?.checked !== want; i++) {
      await new Promise((r) => setTimeout(r, CHECK_SETTLE_MS));
      after = await callOn(tabId, t2, "checkState", [], "check");
    }
    if (after?.checked !== want) {
      throw failed(`${want ? "check" : "uncheck"} ${t.label}: clicking it did not ${want ? "check" : "uncheck"} it`, "failed");
    }
    return { checked: want, target };
  } finally {
    releaseActionObjects(tabId);
  }
}

// ---- focus ----

export async function focus(tabId: number, p: RequestParams<"pages.focus">): Promise<{ ok: true }> {
  return withTarget(tabId, p, async (t) => {
    if ((await callOn(tabId, t, "focus", [], "focus")) !== true) throw failed(`focus ${t.label}: the element cannot take focus`, "not_editable");
    return { ok: true as const };
  });
}

// ---- keyboard type ----

/**
 * pages.keyboardType: one key stroke per character into whatever has
 * focus. Text (more than Enter, Tab) is refused before any key goes when
 * focus is on nothing that takes text (the page itself, a button, a
 * checkbox), where its keys would type nothing and a space would press;
 * a text field that heard none of the keys fails as type's does.
 */
export async function keyboardType(tabId: number, p: RequestParams<"pages.keyboardType">): Promise<{ ok: true }> {
  const text = requireText(p, "text");
  const where = typesText(text) ? { contextId: await isolatedContext(tabId) } : undefined;
  if (where) {
    const why = await valueOf(tabId, where, "keyboardTarget", [], (w) => failed(`keyboard type: ${w}`, "page_error"));
    if (why) {
      throw failed(
        `keyboard type: ${why}: focus a field first (click or focus it), or type into one by its target (type TARGET TEXT); a key press goes to whatever has focus`,
        "not_editable",
      );
    }
  }
  if ((await strokeAll(tabId, Array.from(text, keyForChar))) && where) await requireKeysTaken(tabId, where, "keyboard type");
  return { ok: true };
}

// ---- drag ----

const DRAG_STEPS = 5;
const TO_KEYS = { ref: "toRef", selector: "toSelector" } as const;

/** One mouse event of the drag, answered before the next is decided. */
function mouseEvent(tabId: number, params: Record<string, unknown>): Promise<void> {
  return dispatchMouseEvents(tabId, { modifiers: 0, ...params });
}

/**
 * pages.drag: presses the mouse on the source, moves it in steps to the
 * destination and releases it there. Pages that drag by mouse events see
 * them all; an HTML5 drag (draggable=true) that starts is intercepted
 * (Input.setInterceptDrags) and finished with drag events at the
 * destination, which headless Chrome does not do by itself.
 */
export async function drag(tabId: number, p: RequestParams<"pages.drag">): Promise<{ ok: true; target: ActedOn; to: ActedOn }> {
  const src = requireTarget(p);
  const dst = requireTarget(p, TO_KEYS);
  const force = optionalBool(p, "force") ?? false;
  const deadline = deadlineOf(budgetOf(p));
  let dragData: unknown;
  await ensureAttached(tabId); // listen() needs the attachment
  const stop = listen(tabId, (method, params) => {
    if (method === "Input.dragIntercepted") dragData = params["data"];
  });
  let intercepting = false;
  try {
    // The drop zone first: a destination that is covered or missing fails
    // before anything is pressed.
    await aim(tabId, { kind: "drop", spec: dst, force, deadline });
    releaseActionObjects(tabId);
    // The source's press, tried again while it would reach another
    // element (the listener stops it, and the release after it).
    let from = await aim(tabId, { kind: "drag", spec: src, force, deadline });
    await ensureForeground(tabId);
    await send(tabId, "Input.setInterceptDrags", { enabled: true });
    intercepting = true;
    for (;;) {
      await mouseEvent(tabId, { type: "mouseMoved", x: from.x, y: from.y, button: "none" });
      await mouseEvent(tabId, { type: "mousePressed", x: from.x, y: from.y, button: "left", buttons: 1, clickCount: 1 });
      if (force) break;
      const v = await pressVerdict(tabId, from.objectId, true);
      if (v.ok) {
        await disarm(tabId, from.objectId);
        break;
      }
      await mouseEvent(tabId, { type: "mouseReleased", x: from.x, y: from.y, button: "left", buttons: 0, clickCount: 1 });
      await disarm(tabId, from.objectId);
      if (Date.now() >= deadline) throw await missedErrorOf(tabId, from.objectId, from.target.ref ?? from.target.role, v, from);
      releaseActionObjects(tabId);
      await new Promise((r) => setTimeout(r, 50));
      from = await aim(tabId, { kind: "drag", spec: src, force, deadline });
    }
    // Past the drag threshold first, so an HTML5 drag starts where it began.
    await mouseEvent(tabId, { type: "mouseMoved", x: from.x + 5, y: from.y + 5, button: "left", buttons: 1 });
    // The destination's point now, after the source's scroll.
    const dropDeadline = Math.max(deadline, Date.now() + 1000);
    let to = await aim(tabId, { kind: "drop", spec: dst, force, deadline: dropDeadline });
    let at = { x: from.x + 5, y: from.y + 5 };
    // A drop zone that moved as the pointer reached it (a hover effect) is
    // followed, a few times, before the release.
    for (let round = 0; ; round++) {
      for (let i = 1; i <= DRAG_STEPS; i++) {
        const x = at.x + ((to.x - at.x) * i) / DRAG_STEPS;
        const y = at.y + ((to.y - at.y) * i) / DRAG_STEPS;
        await mouseEvent(tabId, { type: "mouseMoved", x, y, button: "left", buttons: 1 });
      }
      at = { x: to.x, y: to.y };
      if (force || round >= 3) break;
      releaseActionObjects(tabId);
      const again = await aim(tabId, { kind: "drop", spec: dst, force, deadline: dropDeadline });
      if (Math.abs(again.x - to.x) < 1 && Math.abs(again.y - to.y) < 1) break;
      to = again;
    }
    if (dragData !== undefined) {
      for (const type of ["dragEnter", "dragOver", "drop"]) {
        await send(tabId, "Input.dispatchDragEvent", { type, x: to.x, y: to.y, data: dragData, modifiers: 0 });
      }
    }
    await mouseEvent(tabId, { type: "mouseReleased", x: to.x, y: to.y, button: "left", buttons: 0, clickCount: 1 });
    return { ok: true, target: from.target, to: to.target };
  } finally {
    stop();
    if (intercepting) sendQuiet(tabId, "Input.setInterceptDrags", { enabled: false });
    releaseActionObjects(tabId);
  }
}

// ---- is ----


/**
 * pages.is: {value: true|false}. `visible` with a selector is whether any
 * match is visible (none matching: false); `enabled` and `checked` look at
 * the first visible match, else the first match.
 */
export async function is(tabId: number, p: RequestParams<"pages.is">): Promise<{ value: boolean }> {
  const state = requireOneOf(p, "state", ELEMENT_STATES);
  const spec = requireTarget(p);
  if (state === "visible" && "selector" in spec) {
    // Any visible match, now (no wait): none is false.
    try {
      await resolveSelectorOnce(tabId, spec.selector, "visible");
      return { value: true };
    } catch (e) {
      if (e instanceof RpcError && (e.reason === "not_found" || e.reason === "not_visible")) return { value: false };
      throw e;
    } finally {
      releaseActionObjects(tabId);
    }
  }
  return withTarget(
    tabId,
    p,
    async (t) => {
      if (state === "visible") return { value: (await callOn(tabId, t, "isVisible", [], "is visible")) === true };
      if (state === "enabled") return { value: (await callOn(tabId, t, "isEnabled", [], "is enabled")) === true };
      const st = await callOn(tabId, t, "checkState", [], "is checked");
      if (!st || st.error) throw failed(`is checked ${t.label}: ${st?.error ?? "no answer"}`, "not_checkable");
      return { value: st.checked === true };
    },
    "visibleElseFirst",
  );
}

// ---- count ----

/** pages.count: {count} of the elements matching a selector, visible or not. */
export async function count(tabId: number, p: RequestParams<"pages.count">): Promise<{ count: number }> {
  const selector = requireString(p, "selector");
  const r = await callInWorld(tabId, "count", [selector]);
  if (typeof r.result.value === "string") throw selectorError(selector, r.result.value);
  if (typeof r.result.value !== "number") throw failed(`count ${JSON.stringify(selector)}: the page did not answer`);
  return { count: r.result.value };
}

// This file's handlers (index.ts joins them).
export const actionHandlers = {
  "pages.check": check,
  "pages.focus": focus,
  "pages.drag": drag,
  "pages.keyboardType": keyboardType,
  "pages.is": is,
  "pages.count": count,
} satisfies PageHandlers;
