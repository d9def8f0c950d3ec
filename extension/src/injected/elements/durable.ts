import { cssPath, looksGenerated, proposedName, proposedRole, roleCandidate } from "./candidates";

// A CSS selector that finds an element again after a reload: #id,
// tag[attr="value"] for a telling attribute, else a path of
// tag:nth-of-type() steps from the nearest ancestor with a unique id; ""
// when none matches it alone.

export function durableSelector(el: Element): string {
  const esc = (s: string) => CSS.escape(s);
  const quote = (v: string) => '"' + v.replace(/["\\]/g, "\\$&").replace(/\n/g, "\\a ") + '"';
  const unique = (sel: string) => {
    try {
      const all = document.querySelectorAll(sel);
      return all.length === 1 && all[0] === el;
    } catch {
      return false;
    }
  };
  if (!el.isConnected || el.getRootNode() !== document) return "";
  if (el.id && unique("#" + esc(el.id))) return "#" + esc(el.id);
  const tag = el.localName;
  for (const a of ["data-testid", "data-test", "data-qa", "name", "aria-label", "placeholder", "title", "alt", "href", "for", "type", "value"]) {
    const v = el.getAttribute(a);
    if (v) {
      const sel = tag + "[" + a + "=" + quote(v) + "]";
      if (unique(sel)) return sel;
    }
  }
  const steps: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e !== el && e.id && document.querySelectorAll("#" + esc(e.id)).length === 1) {
      steps.unshift("#" + esc(e.id));
      break;
    }
    let step = e.localName;
    const p = e.parentElement;
    if (p) {
      const sameTag = Array.from(p.children).filter((c) => c.localName === e!.localName);
      if (sameTag.length > 1) step += ":nth-of-type(" + (sameTag.indexOf(e) + 1) + ")";
    }
    steps.unshift(step);
  }
  const path = steps.join(" > ");
  return unique(path) ? path : "";
}

/**
 * A selector that finds a frame's <iframe> (or <frame>) again after a
 * reload, for a frame target (frame=SELECTOR >> ...): its name, its title,
 * an id that does not look generated, the path of its src, else a CSS path;
 * each only when it finds this element alone. "" for another element, or
 * when none does.
 */
export function frameSelector(el: Element): string {
  const tag = el.localName;
  if (tag !== "iframe" && tag !== "frame") return "";
  const doc = el.ownerDocument;
  const quote = (v: string) => '"' + v.replace(/["\\]/g, "\\$&").replace(/\n/g, "\\a ") + '"';
  const alone = (sel: string) => {
    try {
      const all = doc.querySelectorAll(sel);
      return all.length === 1 && all[0] === el;
    } catch {
      return false;
    }
  };
  for (const a of ["name", "title"]) {
    const v = el.getAttribute(a);
    const sel = tag + "[" + a + "=" + quote(v ?? "") + "]";
    if (v && v.length <= 100 && alone(sel)) return sel;
  }
  if (el.id && !looksGenerated(el.id) && alone("#" + CSS.escape(el.id))) return "#" + CSS.escape(el.id);
  const src = el.getAttribute("src");
  if (src) {
    let path = "";
    try {
      path = new URL(src, doc.baseURI).pathname;
    } catch {
      path = "";
    }
    const sel = tag + "[src*=" + quote(path) + "]";
    if (path.length > 1 && path.length <= 200 && alone(sel)) return sel;
  }
  return cssPath(el) || durableSelector(el);
}

/**
 * What the REPL's `save` writes for el (the extension's durable.ts): the
 * role target the action recorder would write (candidates.ts
 * roleCandidate: a telling role and name that find el alone, by the
 * matcher role= uses), else a durable CSS selector; "" when neither finds
 * it alone. With the role and name the snapshot gives el.
 */
export function durableTarget(el: Element): { target: string; role: string; name: string } {
  const role = proposedRole(el);
  const name = proposedName(el, role);
  return { target: roleCandidate(el) || durableSelector(el), role, name };
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const durableMethods = {
  durableTarget: (el: Element) => durableTarget(el),
  frameSelector: (el: Element) => frameSelector(el),
  documentOf: (el: Element) => el.ownerDocument,
};
