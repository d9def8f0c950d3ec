// The in-page half of `snapshot -i`: one walk of the DOM (open shadow roots
// included) that finds every element a user can act on and is not hidden,
// with its role, an approximate accessible name and its state. It runs in
// the page through Runtime.callFunctionOn, so it must stay self-contained:
// no imports, no closures over module values.
//
// Refs stay the same for the same element: the page keeps a WeakMap from
// element to ref number (a non-enumerable window property owned by this
// service worker's run); new elements get numbers from `next` on, never one
// the page or the extension handed out before.

import type { WalkItem } from "./snapshot-text";

export interface WalkResult {
  /** JSON of [url, title, WalkItem[], ref numbers, next free number]: one
   * string property carries it all. */
  items: string;
  /** The elements, in the same order as the items. */
  els: Element[];
}

export function walkInteractive(this: unknown, maxName: number, next: number, owner: string): WalkResult {
  const KEY = "__browserctlRefs";
  type Registry = { owner: string; map: WeakMap<Element, number>; max: number };
  const w = window as unknown as Record<string, Registry | undefined>;
  let reg = w[KEY];
  if (!reg || reg.owner !== owner || !(reg.map instanceof WeakMap)) {
    reg = { owner, map: new WeakMap(), max: 0 };
    try {
      Object.defineProperty(window, KEY, { value: reg, configurable: true, enumerable: false, writable: true });
    } catch {
      // a page that froze window: numbers are simply not kept
    }
  }
  if (reg.max >= next) next = reg.max + 1;
  const numbers: number[] = [];
  const ROLES = new Set([
    "button", "checkbox", "combobox", "link", "listbox", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "radio", "scrollbar",
    "searchbox", "slider", "spinbutton", "switch", "tab", "textbox",
    "treeitem", "gridcell",
  ]);
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "META", "LINK", "IFRAME", "svg"]);
  const SKIP_TEXT = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "META", "LINK", "IFRAME"]);
  // Roles whose name comes from their content when nothing else names them.
  const FROM_CONTENT = new Set([
    "button", "checkbox", "link", "menuitem", "menuitemcheckbox", "menuitemradio",
    "option", "radio", "switch", "tab", "treeitem", "gridcell",
  ]);
  const NO_NAME_TAGS = new Set(["ARTICLE", "FIGURE", "NAV", "MAIN", "ASIDE", "DIALOG", "AUDIO", "VIDEO", "FORM"]);
  const NO_NAME_ROLES = new Set([
    "alert", "alertdialog", "application", "article", "banner", "complementary", "contentinfo",
    "dialog", "document", "feed", "figure", "form", "grid", "listbox", "log", "main", "marquee",
    "math", "menu", "menubar", "navigation", "region", "search", "status", "tablist", "tabpanel",
    "timer", "toolbar", "tree", "treegrid",
  ]);
  // Roles that do not override the native role of a focusable element.
  const WEAK = new Set(["none", "presentation", "generic"]);
  const items: WalkItem[] = [];
  const els: Element[] = [];

  const clean = (s: string | null | undefined): string => {
    if (!s) return "";
    let t = s.replace(/\s+/g, " ").trim();
    if (t.length > maxName) t = t.slice(0, maxName - 1) + "…";
    return t;
  };

  const implicitRole = (el: Element): string => {
    const tag = el.tagName;
    switch (tag) {
      case "A":
      case "AREA":
        return el.hasAttribute("href") ? "link" : "";
      case "BUTTON":
        return "button";
      case "SUMMARY":
        return el.parentElement?.tagName === "DETAILS" ? "button" : "";
      case "TEXTAREA":
        return "textbox";
      case "SELECT": {
        const s = el as HTMLSelectElement;
        return s.multiple || s.size > 1 ? "listbox" : "combobox";
      }
      case "INPUT": {
        const i = el as HTMLInputElement;
        switch (i.type) {
          case "hidden":
            return "";
          case "button": case "submit": case "reset": case "image": case "file": case "color":
            return "button";
          case "checkbox":
            return "checkbox";
          case "radio":
            return "radio";
          case "range":
            return "slider";
          case "number":
            return "spinbutton";
          case "search":
            return i.hasAttribute("list") ? "combobox" : "searchbox";
          default:
            return i.hasAttribute("list") ? "combobox" : "textbox";
        }
      }
    }
    const h = el as HTMLElement;
    if (h.isContentEditable && !(h.parentElement && h.parentElement.isContentEditable)) return "textbox";
    return "";
  };

  const textOf = (ids: string, root: Document | ShadowRoot): string => {
    const parts: string[] = [];
    for (const id of ids.split(/\s+/)) {
      const t = id && root.getElementById(id);
      if (t) parts.push(t.textContent || "");
    }
    return parts.join(" ");
  };

  // Name from content, close to Chrome's: text of visible descendants,
  // aria-label and alt/title of images instead of their subtree, the title
  // of an svg, spaces around block boxes and <wbr>/<br>.
  let self: Element | null = null; // the control being named: its own value is not part of its label
  const contentText = (node: Node, out: string[], depth: number): void => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        const data = (c as Text).data;
        // Whitespace between two siblings is a rendered space (and counts
        // as content, as in Chrome); at the edges of a box it collapses.
        if (data.trim() !== "") out.push(data);
        else if (c.previousSibling && c.nextSibling) out.push(" ");
        continue;
      }
      if (c.nodeType !== 1) continue;
      const e = c as Element;
      const tag = e.tagName;
      if (SKIP_TEXT.has(tag)) continue;
      if (tag === "WBR" || tag === "BR") {
        out.push(" ");
        continue;
      }
      if (e.getAttribute("aria-hidden") === "true") continue;
      // Chrome does not take a name from inside these (an <article> or a
      // <figure> in a link adds nothing to the link's name).
      if (NO_NAME_TAGS.has(tag)) continue;
      const r = e.getAttribute("role");
      if (r && NO_NAME_ROLES.has(r.trim().split(/\s+/)[0] ?? "")) continue;
      if (!e.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      const al = e.getAttribute("aria-label");
      if (al && al.trim()) {
        out.push(" ", al, " ");
        continue;
      }
      if (tag === "IMG" || tag === "AREA" || (tag === "INPUT" && (e as HTMLInputElement).type === "image")) {
        const alt = e.getAttribute("alt") ?? e.getAttribute("title");
        if (alt) out.push(" ", alt, " ");
        continue;
      }
      if (tag === "svg" || tag === "SVG") {
        const t = e.querySelector("title");
        if (t) out.push(" ", t.textContent || "", " ");
        continue;
      }
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
        const t = (e as HTMLInputElement).type;
        if (e !== self && t !== "checkbox" && t !== "radio" && t !== "hidden" && t !== "file") {
          out.push(" ", (e as HTMLInputElement).value || "", " ");
        }
        continue;
      }
      if (depth > 40) continue;
      const d = getComputedStyle(e).display;
      const block = !d.startsWith("inline") && d !== "contents";
      if (block) out.push(" ");
      const sr = (e as HTMLElement).shadowRoot;
      contentText(sr || e, out, depth + 1);
      if (block) out.push(" ");
    }
  };

  /** The name from content; undefined when the content has nothing at all
   * (not even a rendered space), so that the title may name it instead. */
  const fromContent = (el: Element): string | undefined => {
    const out: string[] = [];
    contentText((el as HTMLElement).shadowRoot || el, out, 0);
    const raw = out.join("");
    return raw === "" ? undefined : clean(raw);
  };

  const nameOf = (el: Element, role: string): string => {
    const root = el.getRootNode() as Document | ShadowRoot;
    const lb = el.getAttribute("aria-labelledby");
    if (lb) {
      const n = clean(textOf(lb, root));
      if (n) return n;
    }
    const al = clean(el.getAttribute("aria-label"));
    if (al) return al;
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
      const f = el as HTMLInputElement;
      if (tag === "INPUT" && (f.type === "button" || f.type === "submit" || f.type === "reset")) {
        return clean(f.value) || (f.type === "submit" ? "Submit" : f.type === "reset" ? "Reset" : "");
      }
      if (tag === "INPUT" && f.type === "image") return clean(f.alt) || clean(f.title) || "Submit";
      const labels = f.labels;
      if (labels && labels.length) {
        // Chrome names the control by its labels even when they are empty.
        self = el;
        const n = clean(Array.from(labels, (l) => fromContent(l) ?? "").join(" "));
        self = null;
        return n;
      }
      return clean(el.getAttribute("title")) || clean(el.getAttribute("placeholder"));
    }
    if (tag === "AREA") return clean(el.getAttribute("alt")) || clean(el.getAttribute("title"));
    if (!FROM_CONTENT.has(role)) {
      return clean(el.getAttribute("title")) || clean(el.getAttribute("aria-placeholder"));
    }
    return fromContent(el) ?? clean(el.getAttribute("title"));
  };

  const stateOf = (el: Element, role: string): string[] => {
    const out: string[] = [];
    const tag = el.tagName;
    if (tag === "INPUT" && (role === "checkbox" || role === "radio")) {
      const i = el as HTMLInputElement;
      if (i.indeterminate) out.push("checked=mixed");
      else if (i.checked) out.push("checked");
    } else {
      const ac = el.getAttribute("aria-checked");
      if (ac === "true") out.push("checked");
      else if (ac === "mixed") out.push("checked=mixed");
    }
    if ((el as HTMLButtonElement).disabled === true || el.getAttribute("aria-disabled") === "true") out.push("disabled");
    if (el.getAttribute("aria-expanded") === "true") out.push("expanded");
    if (el.getAttribute("aria-selected") === "true") out.push("selected");
    if (el.getAttribute("aria-pressed") === "true") out.push("pressed");
    if (role === "textbox" || role === "searchbox" || role === "combobox" || role === "spinbutton" || role === "slider") {
      let v = "";
      if (tag === "INPUT" || tag === "TEXTAREA") {
        const i = el as HTMLInputElement;
        v = i.type === "password" ? (i.value ? "••••" : "") : i.value;
      } else if (tag === "SELECT") {
        const s = el as HTMLSelectElement;
        v = s.selectedIndex >= 0 ? (s.options[s.selectedIndex]?.text ?? "") : "";
      } else if (role === "textbox") {
        v = el.textContent || "";
      }
      v = clean(v);
      if (v) out.push(`value="${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
    }
    return out;
  };

  // A box a user can point at: its own, or (a zero-size link around a
  // floated image, display: contents) one of its descendants'.
  const hasBox = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return true;
    for (const d of el.querySelectorAll("*")) {
      const q = d.getBoundingClientRect();
      if (q.width > 0 && q.height > 0) return true;
    }
    return false;
  };

  const visit = (el: Element): void => {
    if (SKIP.has(el.tagName)) return;
    if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return;
    const explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0] ?? "";
    let role = implicitRole(el);
    // An explicit role wins over the native one (a link with role=menu is a
    // menu to Chrome), except the presentational ones on a native control.
    if (explicit && (ROLES.has(explicit) || (role && !WEAK.has(explicit)))) role = explicit;
    if (role && el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) && hasBox(el)) {
      items.push([role, nameOf(el, role), stateOf(el, role)]);
      let n = reg.map.get(el);
      if (!n) {
        n = next++;
        reg.map.set(el, n);
      }
      numbers.push(n);
      els.push(el);
    }
    const sr = (el as HTMLElement).shadowRoot;
    if (sr) for (let c = sr.firstElementChild; c; c = c.nextElementSibling) visit(c);
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) visit(c);
  };

  const body = document.body || document.documentElement;
  if (body) visit(body);
  if (next - 1 > reg.max) reg.max = next - 1;
  return { items: JSON.stringify([location.href, document.title, items, numbers, next]), els };
}
