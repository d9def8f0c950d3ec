// Reading an element or the document: text, html, value, box, an
// attribute, a computed style, a check state, the page's text with its
// same-origin frames'.

import { badParam } from "../refusal";

/** The page's text with the text of its same-origin frames, each after a
 * line naming the frame (cross-origin frames cannot be read from here). */
export function pageText(): string {
  const textOf = (doc: Document, depth: number): string => {
    let out = (doc.body || doc.documentElement)?.innerText ?? "";
    if (depth > 8) return out;
    for (const f of doc.querySelectorAll("iframe, frame")) {
      let d: Document | null = null;
      try {
        d = (f as HTMLIFrameElement).contentDocument;
      } catch {
        // cross-origin
      }
      if (!d || !f.getClientRects().length) continue;
      const t = textOf(d, depth + 1);
      const title = (f as HTMLIFrameElement).title;
      if (t.trim()) out += "\n\n[frame" + (title ? " " + JSON.stringify(title) : "") + "]\n" + t;
    }
    return out;
  };
  return textOf(document, 0);
}

export type DocumentPart = "title" | "url" | "text" | "html";

export function documentPart(what: DocumentPart): string {
  switch (what) {
    case "title":
      return document.title;
    case "url":
      return location.href;
    case "text":
      return pageText();
    case "html":
      return document.documentElement.outerHTML;
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

export type ElementPart = "text" | "html" | "value" | "box";

/** An element's text, html, value or box; {error} when it has no value. */
export function elementPart(el: Element, what: ElementPart): string | Box | { error: string } {
  switch (what) {
    case "text": {
      const h = el as HTMLElement;
      return typeof h.innerText === "string" ? h.innerText : (el.textContent ?? "");
    }
    case "html":
      return el.outerHTML;
    case "box":
      return boxOf(el);
    case "value": {
      const l = el as HTMLLabelElement;
      if (el.tagName === "LABEL" && l.control) return (l.control as HTMLInputElement).value;
      const v = (el as HTMLInputElement).value;
      if ("value" in el && typeof v === "string") return v;
      if ((el as HTMLElement).isContentEditable) return (el as HTMLElement).innerText;
      return { error: "it has no value (not a form field)" };
    }
  }
}

/** The first 1000 characters of an element's text (find names by it). */
export function elementText(el: Element): string {
  return ((el as HTMLElement).innerText || el.textContent || "").slice(0, 1000);
}

/** pages.getAttribute: the attribute's text, null when the element has none. */
export function attribute(el: Element, name: string): { value: string | null } {
  return { value: el.getAttribute(name) };
}

/** pages.getStyle: the computed value of a CSS property; a name the browser
 * does not know as one is refused (a custom --property always counts as known). */
export function computedStyle(el: Element, name: string): { value: string } {
  if (!name.startsWith("--") && !CSS.supports(name, "inherit")) {
    throw badParam(`"name": ${JSON.stringify(name)} is not a CSS property this browser knows`);
  }
  return { value: getComputedStyle(el).getPropertyValue(name).trim() };
}

export interface CheckState {
  kind?: string;
  checked?: boolean;
  disabled?: boolean;
  error?: string;
}

/** {kind, checked, disabled} of a checkbox, radio or ARIA checkable (a label
 * stands for its control), else {error}. */
export function checkState(target: Element): CheckState {
  const l = target as HTMLLabelElement;
  const el = target.tagName === "LABEL" && l.control ? l.control : target;
  const i = el as HTMLInputElement;
  if (el.tagName === "INPUT" && (i.type === "checkbox" || i.type === "radio")) {
    return { kind: i.type, checked: i.checked, disabled: i.disabled };
  }
  const role = (el.getAttribute("role") || "").trim();
  if (["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(role)) {
    return { kind: role, checked: el.getAttribute("aria-checked") === "true", disabled: el.getAttribute("aria-disabled") === "true" };
  }
  return { error: "a " + el.tagName.toLowerCase() + (role ? " with role " + role : "") + " element is not a checkbox or radio" };
}

/** "single", "multiple", "disabled" or "not-file:TAG" for an upload target. */
export function fileInputKind(el: Element): string {
  if (!(el instanceof HTMLInputElement) || el.type !== "file") return "not-file:" + (el.tagName || "").toLowerCase();
  if (el.disabled) return "disabled";
  return el.multiple ? "multiple" : "single";
}

/** The file input an upload target stands for: the element itself, or the
 * control of the label it is (or is inside), as a user's click on a label
 * opens its input's chooser; text= finds the label, not the input. */
export function fileInputOf(el: Element): Element {
  const label = el instanceof HTMLLabelElement ? el : el.closest("label");
  const c = label?.control;
  return c instanceof HTMLInputElement && c.type === "file" ? c : el;
}

/** Whether the element is in a frame rather than the top document. */
export function inFrame(el: Element): boolean {
  const w = el.ownerDocument.defaultView;
  return !!w && w !== w.top;
}

/** The first descendant with a box of at least 1x1 px, or null. */
export function descendantWithBox(el: Element): Element | null {
  for (const d of el.querySelectorAll("*")) {
    const r = d.getBoundingClientRect();
    if (r.width >= 1 && r.height >= 1) return d;
  }
  return null;
}

/** The element's document element (its frame's origin for geometry). */
export function documentElementOf(el: Element): Element {
  return el.ownerDocument.documentElement;
}

/** The document element's viewport origin in the element's frame. */
export function documentOrigin(el: Element): [number, number] {
  const r = el.ownerDocument.documentElement.getBoundingClientRect();
  return [r.left, r.top];
}

/** The document, as the url and time origin that tell it from another. */
export function documentIdentity(): [string, string] {
  return [location.href, String(performance.timeOrigin)];
}

/** The iframe element is shown, and so is each same-origin iframe above it. */
export function ownerShown(start: Element): boolean {
  let el: Element | null = start;
  for (let hops = 0; el && hops < 16; hops++) {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 && r.height <= 0) return false;
    const cs = el.ownerDocument.defaultView!.getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.display === "none") return false;
    try {
      el = el.ownerDocument.defaultView!.frameElement;
    } catch {
      el = null;
    }
  }
  return true;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const readMethods = {
  documentPart: (_: unknown, [what]: [DocumentPart]) => documentPart(what),
  elementPart: (el: Element, [what]: [ElementPart]) => elementPart(el, what),
  elementText: (el: Element) => elementText(el),
  attribute: (el: Element, [name]: [string]) => attribute(el, name),
  computedStyle: (el: Element, [name]: [string]) => computedStyle(el, name),
  checkState: (el: Element) => checkState(el),
  box: (el: Element) => boxOf(el),
  fileInputKind: (el: Element) => fileInputKind(el),
  fileInputOf: (el: Element) => fileInputOf(el),
  inFrame: (el: Element) => inFrame(el),
  descendantWithBox: (el: Element) => descendantWithBox(el),
  documentElement: (el: Element) => documentElementOf(el),
  documentOrigin: (el: Element) => documentOrigin(el),
  documentIdentity: () => documentIdentity(),
  ownerShown: (el: Element) => ownerShown(el),
};

// The pages.* methods that are one in-page read of their target, declared
// with the function: the in-page method, the params it takes (required
// strings, in its arguments' order) and the command's words for its errors.
// The extension runs each the same way (background/pages/element-reads.ts):
// the params checked, the target resolved as every target is, the method
// called on it, its answer the result.
export const elementReads = {
  "pages.getAttribute": { call: "attribute", strings: ["name"], what: "get attr" },
  "pages.getStyle": { call: "computedStyle", strings: ["name"], what: "get style" },
} as const satisfies Record<string, { call: keyof typeof readMethods; strings: readonly string[]; what: string }>;
