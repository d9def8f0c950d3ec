// fill, select, focus: a field's value set the way a framework notices (the
// native value setter, then bubbling input and change events).

import { tidy } from "./accessible";
import { shortName, shortRole } from "./describe";
import { shadowOf } from "./registry";

const NOT_TEXT = ["checkbox", "radio", "file", "button", "submit", "reset", "image", "hidden"];

/** A label stands for its control. */
function controlOf(target: Element): Element {
  const l = target as HTMLLabelElement;
  return target.tagName === "LABEL" && l.control ? l.control : target;
}

/** The form a value of these input types is written in (the browser
 * empties a field given another). */
const VALUE_FORMS: Record<string, string> = {
  number: "a number such as 42 or -1.5",
  date: "yyyy-mm-dd, such as 2024-12-31",
  time: "hh:mm or hh:mm:ss, such as 09:30",
  "datetime-local": "yyyy-mm-ddThh:mm, such as 2024-12-31T09:30",
  month: "yyyy-mm, such as 2024-12",
  week: "yyyy-Www, such as 2024-W52",
};

/**
 * Whether a slider or colour input holds the value it was given. The
 * browser keeps such an input's value valid, so an out-of-range number
 * comes out at the end of the range, and one off the step or a colour
 * name comes out as another value: not what was asked for. "" when it
 * does, else what it takes.
 */
function heldAsGiven(f: HTMLInputElement, value: string): string {
  if (f.type === "range") {
    if (value.trim() !== "" && Number(f.value) === Number(value)) return "";
    const min = f.min || "0";
    const max = f.max || "100";
    const step = f.step && f.step !== "any" ? ` in steps of ${f.step}` : "";
    return `a number from ${min} to ${max}${step}`;
  }
  if (f.type === "color") return f.value === value.trim().toLowerCase() ? "" : "a colour written #rrggbb, such as #1e90ff";
  return "";
}

/** Fills a field; answers "" or why it cannot. */
export function fill(target: Element, value: string): string {
  const el = controlOf(target);
  const tag = el.tagName;
  const f = el as HTMLInputElement;
  if (tag === "INPUT" && NOT_TEXT.includes(f.type)) return "an input of type " + f.type + " cannot be filled";
  if (tag === "INPUT" || tag === "TEXTAREA") {
    if (f.disabled) return "the field is disabled";
    if (f.readOnly) return "the field is read-only";
    const before = f.value;
    f.focus();
    const proto = tag === "INPUT" ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(proto, "value")!.set!;
    setter.call(el, value);
    const filled = f.value; // the browser's form of it: a text input drops line breaks
    const takes = tag === "INPUT" ? heldAsGiven(f, value) : "";
    if (takes !== "") {
      setter.call(el, before);
      return `an input of type ${f.type} cannot hold ${JSON.stringify(value)} (it takes ${takes})`;
    }
    if (filled === "" && value.trim() !== "") {
      // The browser's value sanitizing refused the text (a date in
      // another form, letters in a number): nothing was filled, and the
      // page is told nothing.
      setter.call(el, before);
      const form = VALUE_FORMS[f.type];
      return `an input of type ${f.type} cannot hold ${JSON.stringify(value)}` + (form ? ` (it takes ${form})` : "");
    }
    el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    // The page's handlers ran in those dispatches: one that put the old
    // value back (a controlled field whose state refused the change) or
    // emptied the field did not let it be filled. One that reformatted
    // the text (a phone number's mask, capitals) did.
    const now = f.value;
    if (now !== filled && filled !== before && (now === before || now === "")) {
      return `the page set the field back to ${JSON.stringify(now)}`;
    }
    return "";
  }
  const h = el as HTMLElement;
  if (h.isContentEditable) {
    h.focus();
    const before = h.innerText;
    const doc = el.ownerDocument;
    const sel = doc.getSelection()!;
    const range = doc.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
    if (value === "") doc.execCommand("delete");
    else if (!doc.execCommand("insertText", false, value)) {
      el.textContent = value;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, data: value, inputType: "insertText" }));
    }
    // As for a field: the page's handlers put the old text back, or
    // emptied it, and did not let it be filled.
    const now = h.innerText;
    if (tidy(now) !== tidy(value) && tidy(before) !== tidy(value) && (now === before || tidy(now) === "")) {
      return `the page set the editable element back to ${JSON.stringify(tidy(now).slice(0, 80))}`;
    }
    return "";
  }
  return "a " + tag.toLowerCase() + " element cannot be filled (not an input, textarea or contenteditable)";
}

/** What a select offers, for an error that names none of it: its
 * options' labels (their values where they differ), the first 20. */
function optionList(opts: HTMLOptionElement[]): string {
  if (opts.length === 0) return "the select has no options";
  const shown = opts.slice(0, 20).map((o) => {
    const label = tidy(o.label);
    return o.value === label ? JSON.stringify(label) : `${JSON.stringify(label)} (${JSON.stringify(o.value)})`;
  });
  const more = opts.length > shown.length ? `, and ${opts.length - shown.length} more` : "";
  return `it has ${shown.join(", ")}${more}`;
}

/** Selects options by value, else label; {selected} or {error}. */
export function select(target: Element, values: string[]): { selected?: string[]; error?: string } {
  const el = controlOf(target) as HTMLSelectElement;
  if (el.tagName !== "SELECT") {
    const role = shortRole(el);
    // a widget of ARIA options (a listbox, a custom combobox) is chosen by
    // clicking its option, as a person does
    const how = role === "listbox" || role === "combobox" ? `: it is a ${role} of ARIA options; click the option instead (click 'role=option[name=${JSON.stringify(values[0] ?? "")}]')` : "";
    return { error: "a " + el.tagName.toLowerCase() + " element is not a select" + how };
  }
  if (el.disabled) return { error: "the select is disabled" };
  const opts = Array.from(el.options);
  const picked: HTMLOptionElement[] = [];
  for (const v of values) {
    let o = opts.find((x) => x.value === v);
    if (!o) o = opts.find((x) => tidy(x.label) === tidy(v) || tidy(x.text) === tidy(v));
    if (!o) return { error: "no option has the value or label " + JSON.stringify(v) + ": " + optionList(opts) };
    if (o.disabled) return { error: "the option " + JSON.stringify(v) + " is disabled" };
    picked.push(o);
  }
  if (!el.multiple && picked.length > 1) return { error: "the select takes one value, not " + picked.length };
  el.focus();
  for (const o of opts) o.selected = picked.includes(o);
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  // The page's handlers ran in those dispatches: one may have set the
  // selection back (a controlled select whose state refused the change).
  const lost = picked.filter((o) => !o.selected);
  if (lost.length > 0) {
    const now = Array.from(el.selectedOptions, (o) => JSON.stringify(tidy(o.label)));
    const asked = lost.map((o) => JSON.stringify(tidy(o.label)));
    return { error: `the page set the selection back: ${now.join(", ") || "nothing"} selected, not ${asked.join(", ")}` };
  }
  return { selected: Array.from(el.selectedOptions, (o) => o.value) };
}

/** pages.focus: focuses the element; whether it (or what it holds) has focus. */
export function focus(el: Element): boolean {
  (el as HTMLElement).focus();
  const a = el.ownerDocument.activeElement;
  return a === el || el.contains(a);
}

/** Before typing: focuses the field (a label's control, an editable
 * element) with the caret at its end. "end": the caret is not at the end
 * and cannot be put there from the page (an email or number field that
 * holds text): an End key goes first. */
export function focusForTyping(target: Element): boolean | "end" {
  const el = controlOf(target) as HTMLInputElement;
  if (el.ownerDocument.activeElement === el) return true;
  el.focus();
  if ((el.tagName === "INPUT" || el.tagName === "TEXTAREA") && typeof el.value === "string") {
    try {
      el.setSelectionRange(el.value.length, el.value.length);
    } catch {
      // a type without a selection (email, number): focus() left the caret at the start
      if (el.value !== "") return el.ownerDocument.activeElement === el ? "end" : false;
    }
  } else if ((el as HTMLElement).isContentEditable) {
    // focus() puts the caret at the start of an editable element's text
    const sel = el.ownerDocument.getSelection();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
    sel?.removeAllRanges();
    sel?.addRange(range);
  }
  return el.ownerDocument.activeElement === el || el.contains(el.ownerDocument.activeElement);
}

/** The text field or editable element typing went into (focusForTyping,
 * keyboardTarget): its text then, and how many input events it has had
 * since. One at a time: the next typing replaces it. */
let typing: { field: HTMLElement; before: string; inputs: number; stop: () => void } | undefined;

const isTextField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement => el.tagName === "INPUT" || el.tagName === "TEXTAREA";
const typedText = (el: HTMLElement): string => (isTextField(el) ? el.value : (el.textContent ?? ""));

function forgetTyping(): void {
  typing?.stop();
  typing = undefined;
}

function watchTyping(target: Element): void {
  forgetTyping();
  let el = controlOf(target) as HTMLElement;
  if (!isTextField(el)) {
    if (!el.isContentEditable) return;
    // the editing host: where the page's input events go and its text is
    while (el.parentElement?.isContentEditable) el = el.parentElement;
  }
  const field = el;
  const t = { field, before: typedText(field), inputs: 0, stop: () => field.removeEventListener("input", heard, true) };
  function heard(): void {
    t.inputs++;
  }
  field.addEventListener("input", heard, true);
  typing = t;
}

/**
 * After typing into a text field or an editable element: why the keys did
 * not reach its text (it heard no input event and shows what it showed
 * before), else "". One that heard input took the keys, whatever its page
 * did with them then (a tag box that empties itself at a comma); an editor
 * that writes the text itself (beforeinput) changed its text.
 */
export function typingOutcome(): string {
  const t = typing;
  typing = undefined;
  if (!t) return "";
  t.stop();
  const f = t.field;
  if (t.inputs > 0 || typedText(f) !== t.before || !f.isConnected) return "";
  if (!isTextField(f)) return "the page kept the keys from the editable element: its text is as it was";
  if (f.readOnly) return "the field is read-only";
  if (f.maxLength >= 0 && f.value.length >= f.maxLength) return `the field is full (it holds at most ${f.maxLength} characters)`;
  if (f.tagName === "INPUT" && VALUE_FORMS[f.type]) return `an input of type ${f.type} took none of the keys (it takes ${VALUE_FORMS[f.type]})`;
  return "the page kept the keys from the field: it still shows " + JSON.stringify(f.value);
}

/** Input types whose value a key stroke does not write. */
const KEYLESS_INPUTS = new Set([...NOT_TEXT, "range", "color"]);

/** What keyboard type types into: the element with focus, through shadow
 * roots and same-origin frames. "unseen": focus is where this document
 * cannot look (a cross-origin frame, a component's closed root), so the
 * keys go there unjudged. */
function focusedElement(doc: Document): Element | null | "unseen" {
  let a: Element | null = doc.activeElement;
  for (let depth = 0; a && depth < 32; depth++) {
    const inner = shadowOf(a)?.activeElement;
    if (inner) {
      a = inner;
      continue;
    }
    if (a.tagName === "IFRAME" || a.tagName === "FRAME") {
      const d = (a as HTMLIFrameElement).contentDocument;
      if (!d) return "unseen";
      a = d.activeElement;
      continue;
    }
    // a custom element with focus and no open root may hold its field in a closed one
    if (a.tagName.includes("-") && !(a as HTMLElement).shadowRoot) return "unseen";
    break;
  }
  return a;
}

/** Why typed keys would write no text where focus is, or "" when they
 * would (or it cannot be told); a text field that would is watched, as
 * focusForTyping's is, for typingOutcome. */
export function keyboardTarget(doc: Document): string {
  forgetTyping();
  const a = focusedElement(doc);
  if (a === "unseen") return "";
  const own = a?.ownerDocument ?? doc;
  if (own.designMode === "on") return "";
  if (!a || a === own.body || a === own.documentElement) {
    return own.body?.isContentEditable ? "" : "nothing on the page has focus";
  }
  const what = `${shortRole(a)}${shortName(a) ? " " + JSON.stringify(shortName(a)) : ""}`;
  const field = a as HTMLInputElement;
  if (a.tagName === "INPUT" || a.tagName === "TEXTAREA") {
    if (a.tagName === "INPUT" && KEYLESS_INPUTS.has(field.type)) return `the focus is on ${what}, which takes no typed text`;
    if (field.readOnly || field.disabled) return `the focus is on ${what}, which is read-only`;
    watchTyping(a);
    return "";
  }
  if ((a as HTMLElement).isContentEditable) {
    watchTyping(a);
    return "";
  }
  if (a.tagName === "SELECT") return "";
  // a widget that says it takes text handles the keys itself
  if (["textbox", "searchbox", "combobox", "spinbutton"].includes(shortRole(a))) return "";
  return `the focus is on ${what}, which takes no typed text`;
}

/** How the journal names the field an action took: its role and name. */
function named(target: Element): { role: string; name: string } {
  const el = controlOf(target);
  return { role: shortRole(el), name: shortName(el) };
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference. fill and focusForTyping answer the field's
// role and name when they did it (fill: else why not; focusForTyping: else
// false), select its role and name beside what it selected. keyboardTarget
// answers why keys would type nothing where focus is ("" when they would);
// typingOutcome whether the keys typed since focusForTyping or
// keyboardTarget reached the field.
export const formMethods = {
  fill: (el: Element, [value]: [string]) => fill(el, value) || named(el),
  select: (el: Element, [values]: [string[]]) => {
    const r = select(el, values);
    return r.error ? r : { ...r, ...named(el) };
  },
  focus: (el: Element) => focus(el),
  focusForTyping: (el: Element) => {
    const focused = focusForTyping(el);
    if (!focused) return false;
    watchTyping(el);
    return focused === "end" ? { ...named(el), caret: "start" as const } : named(el);
  },
  keyboardTarget: () => keyboardTarget(document),
  typingOutcome: () => typingOutcome(),
};
