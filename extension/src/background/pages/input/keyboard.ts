// Keyboard input: press (one key with modifiers, to whatever has focus) and
// type (focus an element, then one real key stroke per character, so the
// page's keydown/keypress/input/keyup listeners all run).

import { requireString, requireText } from "../../params";
import type { ActedOn, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { budgetOf, waitMsOf } from "../core/deadline";
import { DialogOpenError, sendInOrder } from "../core/debugger";
import { keyEvents, keyForChar, parseKey, type KeyStroke } from "./keys";
import { releaseActionObjects } from "../snapshot/refs";
import { callInjected, type Where } from "../core/injected";
import { failed } from "../core/failed";
import { labelOf, requireTarget, resolveSpec } from "../targets/target";
import type { PageHandlers } from "../tables";
import { direct } from "./direct";
import { actedOn } from "./forms";
import { reportAftermath } from "./aftermath";

/** One key stroke, its events sent in order without waiting for each
 * (debugger.ts sendInOrder). False: a handler opened a dialog (the key
 * was delivered; its release reaches the page when the dialog closes). */
export async function stroke(tabId: number, s: KeyStroke): Promise<boolean> {
  try {
    await sendInOrder(tabId, keyEvents(s).map((ev) => ["Input.dispatchKeyEvent", ev] as const));
  } catch (e) {
    if (e instanceof DialogOpenError) return false;
    throw e;
  }
  return true;
}

/** Strokes the keys in order; false when a handler opened a dialog,
 * which stops them (the call wrapper reports it). */
export async function strokeAll(tabId: number, keys: KeyStroke[]): Promise<boolean> {
  for (const key of keys) if (!(await stroke(tabId, key))) return false;
  return true;
}

/** Whether text is more than Enter and Tab: typing it is judged by what
 * took the keys. */
export function typesText(text: string): boolean {
  return /[^\r\n\t]/.test(text);
}

/**
 * After keys went where `where` watched them (focusForTyping,
 * keyboardTarget): fails, prefixed with what, when the field or editable
 * element heard none and shows what it showed (a full field, letters in a
 * number, a page that stops the keys). A world gone (the keys navigated)
 * says nothing: the keys went somewhere.
 */
export async function requireKeysTaken(tabId: number, where: Where, what: string): Promise<void> {
  const r = await callInjected(tabId, where, "typingOutcome", []).catch(() => undefined);
  const why = r?.result.value;
  if (typeof why === "string" && why) throw failed(`${what}: ${why}`, "failed");
}

export async function press(tabId: number, p: RequestParams<"pages.press">): Promise<{ ok: true }> {
  const key = requireString(p, "key");
  const s = parseKey(key);
  if (!s) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "key" must be a key name with optional modifiers (Enter, a, Control+a, Shift+Tab), not ${JSON.stringify(key)}`,
    );
  }
  await stroke(tabId, s);
  return { ok: true };
}

const END = parseKey("End")!;

function caretAtStart(focused: unknown): boolean {
  return typeof focused === "object" && focused !== null && (focused as { caret?: unknown }).caret === "start";
}

// Focuses the element; a text field not focused before gets its caret at
// the end, so typing appends.
export async function type(tabId: number, p: RequestParams<"pages.type">): Promise<{ ok: true; target?: ActedOn }> {
  const target = requireTarget(p);
  const text = requireText(p, "text");
  // Found and focused in one in-page call when the target is there.
  const d = await direct(tabId, target, "visible", "focusForTyping", [], { userGesture: true });
  let focused: unknown;
  let where: Where;
  let release = (): void => {};
  try {
    if (d) {
      if (!("value" in d) || !d.value) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: type ${labelOf(target)}: the element cannot take focus`, "not_editable");
      }
      focused = d.value;
      where = d.where;
    } else {
      const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
      release = () => releaseActionObjects(tabId);
      const r = await callInjected(tabId, { objectId }, "focusForTyping", [], { userGesture: true });
      if (!r.result.value) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: type ${ref}: the element cannot take focus`, "not_editable");
      }
      focused = r.result.value;
      where = { objectId }; // its world, for typingOutcome
    }
    // A field whose caret the page could not move (email, number) gets
    // it to the end as a person does: typing appends.
    const keys = caretAtStart(focused) ? [END, ...Array.from(text, keyForChar)] : Array.from(text, keyForChar);
    if ((await strokeAll(tabId, keys)) && typesText(text)) await requireKeysTaken(tabId, where, `type ${labelOf(target)}`);
  } finally {
    release();
  }
  const acted = actedOn(target, focused);
  return acted ? { ok: true, target: acted } : { ok: true };
}

// This file's handlers (index.ts joins them).
export const keyboardHandlers = {
  "pages.press": reportAftermath(press, () => false), // Enter submits a form, follows a link
  "pages.type": type,
} satisfies PageHandlers;
