// What an action would do, as the approval gate asks before it runs: does a
// click on this element, or a key pressed where the focus is, submit a form
// (a button of type submit, Enter in a form's field), follow a link (where
// to), start a download; and how a person names the element ('Pay now').

import { shortName, shortRole } from "./describe";

export interface ActionFacts {
  role: string;
  name: string;
  /** a click (or Enter, Space) here submits a form or presses a submit button */
  submit: boolean;
  /** the link it follows, absolute ("" for none) */
  href: string;
  /** the link is a download (a[download]) */
  download: boolean;
  /** the element is in a frame this document cannot look into */
  opaqueFrame: boolean;
}

const ACTIVE = "button, input, a[href], area[href], summary, label";

/** The nearest ancestor matching sel, across shadow roots. */
function closestComposed(el: Element, sel: string): Element | null {
  let n: Element | null = el;
  while (n) {
    const hit = n.closest(sel);
    if (hit) return hit;
    const root = n.getRootNode();
    n = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

function isSubmitControl(e: Element): boolean {
  if (e instanceof HTMLButtonElement) return e.type === "submit";
  if (e instanceof HTMLInputElement) return e.type === "submit" || e.type === "image";
  return false;
}

function facts(e: Element, submit: boolean): ActionFacts {
  const link = e.closest("a[href], area[href]") as HTMLAnchorElement | HTMLAreaElement | null;
  return {
    role: shortRole(e),
    name: shortName(e),
    submit,
    href: link ? link.href : "",
    download: !!link && link.hasAttribute("download"),
    opaqueFrame: false,
  };
}

/** What a click on el does. */
export function clickFacts(el: Element): ActionFacts {
  let active = closestComposed(el, ACTIVE) ?? el;
  // a label presses the control it is for
  if (active instanceof HTMLLabelElement && active.control) active = active.control;
  return facts(active, isSubmitControl(active));
}

const TEXT_FIELDS = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"]);

/** What a key does where the focus is: Enter in a form's field submits it
 * (implicit submission), Enter or Space on a submit button presses it. */
export function keyFacts(key: "Enter" | " "): ActionFacts {
  let a: Element | null = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  while (a instanceof HTMLIFrameElement) {
    let inner: Element | null = null;
    try {
      inner = a.contentDocument?.activeElement ?? null;
    } catch {
      inner = null;
    }
    if (!inner) return { role: "iframe", name: shortName(a), submit: false, href: "", download: false, opaqueFrame: true };
    a = inner;
  }
  if (!a || a === document.body) return { role: "document", name: "", submit: false, href: "", download: false, opaqueFrame: false };
  const submitBtn = isSubmitControl(a);
  const field = a instanceof HTMLInputElement && TEXT_FIELDS.has(a.type) && !!a.form;
  const f = facts(a, submitBtn || (key === "Enter" && field));
  if (key !== "Enter") f.href = "";
  return f;
}

/** What a press at (x, y) of the viewport lands on and does. */
export function pointFacts(x: number, y: number): ActionFacts {
  let doc: Document | ShadowRoot = document;
  let px = x;
  let py = y;
  for (let i = 0; i < 16; i++) {
    const el: Element | null = doc.elementFromPoint(px, py);
    if (!el) return { role: "none", name: "", submit: false, href: "", download: false, opaqueFrame: false };
    if (el.shadowRoot && el.shadowRoot !== doc) {
      doc = el.shadowRoot;
      continue;
    }
    if (el instanceof HTMLIFrameElement) {
      let inner: Document | null = null;
      try {
        inner = el.contentDocument;
      } catch {
        inner = null;
      }
      if (!inner) return { role: "iframe", name: shortName(el), submit: false, href: "", download: false, opaqueFrame: true };
      const r = el.getBoundingClientRect();
      px -= r.left + el.clientLeft;
      py -= r.top + el.clientTop;
      doc = inner;
      continue;
    }
    return clickFacts(el);
  }
  return { role: "none", name: "", submit: false, href: "", download: false, opaqueFrame: true };
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables).
export const actionFactsMethods = {
  clickFacts: (el: Element) => clickFacts(el),
  keyFacts: (_: unknown, [key]: ["Enter" | " "]) => keyFacts(key),
  pointFacts: (_: unknown, [x, y]: [number, number]) => pointFacts(x, y),
};
