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

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const durableMethods = {
  durableSelector: (el: Element) => durableSelector(el),
};
