// fill and select: set a field's value the way a framework notices (the
// native value setter, then bubbling input and change events).

import { requireStringArray, requireText } from "../../params";
import type { RequestParams } from "../../protocol.gen";
import type { Reason } from "../../types";
import { budgetOf, waitMsOf } from "../core/deadline";
import { send } from "../core/debugger";
import { releaseActionObjects } from "../snapshot/refs";
import { requireTarget, resolveSpec } from "../targets/target";
import { failed } from "../core/failed";

interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}


// Runs in the page on the element; answers "" or an error text.
const FILL = `function (value) {
  const el = this.tagName === "LABEL" && this.control ? this.control : this;
  const tag = el.tagName;
  const NOT_TEXT = ["checkbox", "radio", "file", "button", "submit", "reset", "image", "hidden", "range", "color"];
  if (tag === "INPUT" && NOT_TEXT.includes(el.type)) return "an input of type " + el.type + " cannot be filled";
  if (tag === "INPUT" || tag === "TEXTAREA") {
    if (el.disabled) return "the field is disabled";
    if (el.readOnly) return "the field is read-only";
    el.focus();
    const proto = tag === "INPUT" ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(proto, "value").set;
    setter.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    return "";
  }
  if (el.isContentEditable) {
    el.focus();
    const sel = el.ownerDocument.getSelection();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
    if (value === "") el.ownerDocument.execCommand("delete");
    else if (!el.ownerDocument.execCommand("insertText", false, value)) {
      el.textContent = value;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, data: value, inputType: "insertText" }));
    }
    return "";
  }
  return "a " + tag.toLowerCase() + " element cannot be filled (not an input, textarea or contenteditable)";
}`;

/** The reason of FILL's answer. */
function fillReason(why: string): Reason {
  return why.includes("disabled") ? "not_enabled" : "not_editable";
}

/** The reason of SELECT's error. */
function selectReason(why: string): Reason {
  if (why.includes("is disabled")) return "not_enabled";
  if (why.startsWith("no option") || why.startsWith("the select takes")) return "bad_input";
  return why.includes("is not a select") ? "not_editable" : "failed";
}

export async function fill(tabId: number, p: RequestParams<"pages.fill">): Promise<{ ok: true }> {
  const target = requireTarget(p);
  const value = requireText(p, "value");
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    const r = await send<CallValue>(tabId, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: FILL,
      arguments: [{ value }],
      returnByValue: true,
      userGesture: true,
    });
    if (r.exceptionDetails) throw failed(`fill ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
    if (typeof r.result.value === "string" && r.result.value) throw failed(`fill ${ref}: ${r.result.value}`, fillReason(r.result.value));
  } finally {
    releaseActionObjects(tabId);
  }
  return { ok: true };
}

// Answers {selected} or {error}.
const SELECT = `function (values) {
  const el = this.tagName === "LABEL" && this.control ? this.control : this;
  if (el.tagName !== "SELECT") return { error: "a " + el.tagName.toLowerCase() + " element is not a select" };
  if (el.disabled) return { error: "the select is disabled" };
  const opts = Array.from(el.options);
  const norm = (s) => s.replace(/\\s+/g, " ").trim();
  const picked = [];
  for (const v of values) {
    let o = opts.find((x) => x.value === v);
    if (!o) o = opts.find((x) => norm(x.label) === norm(v) || norm(x.text) === norm(v));
    if (!o) return { error: "no option has the value or label " + JSON.stringify(v) };
    if (o.disabled) return { error: "the option " + JSON.stringify(v) + " is disabled" };
    picked.push(o);
  }
  if (!el.multiple && picked.length > 1) return { error: "the select takes one value, not " + picked.length };
  el.focus();
  for (const o of opts) o.selected = picked.includes(o);
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return { selected: Array.from(el.selectedOptions, (o) => o.value) };
}`;

export async function select(tabId: number, p: RequestParams<"pages.select">): Promise<{ selected: string[] }> {
  const target = requireTarget(p);
  const values = requireStringArray(p, "values");
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    const r = await send<CallValue>(tabId, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: SELECT,
      arguments: [{ value: values }],
      returnByValue: true,
      userGesture: true,
    });
    if (r.exceptionDetails) throw failed(`select ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
    const v = r.result.value as { selected?: string[]; error?: string } | undefined;
    if (!v || v.error || !Array.isArray(v.selected)) throw failed(`select ${ref}: ${v?.error ?? "no answer"}`, selectReason(v?.error ?? ""));
    return { selected: v.selected };
  } finally {
    releaseActionObjects(tabId);
  }
}
