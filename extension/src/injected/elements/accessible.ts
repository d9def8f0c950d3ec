// The role, accessible name and states of an element as its snapshot line
// shows them (walk.ts), close to Chrome's accessibility tree: every visible
// link, button and text field of the corpus gets Chrome's role and name
// (pages/README.md, "Names follow Chrome's accessible-name rules").

import { shadowOf } from "./registry";
import { isRendered } from "./visibility";

export const INTERACTIVE = new Set([
  "button", "checkbox", "combobox", "link", "listbox", "menuitem", "menuitemcheckbox", "menuitemradio",
  "option", "radio", "scrollbar", "searchbox", "slider", "spinbutton", "switch", "tab", "textbox",
  "treeitem", "gridcell",
]);
export const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "META", "LINK", "TITLE"]);
const FROM_CONTENT = new Set([
  "button", "checkbox", "link", "menuitem", "menuitemcheckbox", "menuitemradio",
  "option", "radio", "switch", "tab", "treeitem", "gridcell", "heading",
]);
const NO_NAME_TAGS = new Set(["ARTICLE", "FIGURE", "NAV", "MAIN", "ASIDE", "DIALOG", "AUDIO", "VIDEO", "FORM"]);
const NO_NAME_ROLES = new Set([
  "alert", "alertdialog", "application", "article", "banner", "complementary", "contentinfo",
  "dialog", "document", "feed", "figure", "form", "grid", "listbox", "log", "main", "marquee",
  "math", "menu", "menubar", "navigation", "region", "search", "status", "tablist", "tabpanel",
  "timer", "toolbar", "tree", "treegrid",
]);
const WEAK = new Set(["none", "presentation", "generic"]);
// Roles whose content is said by their name and value: not walked.
export const LEAF = new Set([
  "button", "link", "textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton",
  "checkbox", "radio", "switch", "img", "separator", "option", "menuitem", "tab", "heading",
]);
// Dropped by compact when unnamed: wrappers that only group.
export const STRUCTURAL = new Set(["group", "rowgroup", "paragraph", "blockquote", "figure", "section", "generic", "none"]);
// Inline tags: text on both sides runs on without a space.
export const INLINE = new Set([
  "A", "ABBR", "B", "BDI", "BDO", "CITE", "CODE", "DATA", "DEL", "DFN", "EM", "FONT", "I", "INS", "KBD",
  "LABEL", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR",
]);
const LANDMARK_SCOPE = "ARTICLE,ASIDE,MAIN,NAV,SECTION";

/** s with its white space folded (case kept). */
export function tidy(s: string | null | undefined): string {
  return (s ?? "").replace(/\s+/g, " ").trim();
}

/** s with its white space folded, cut at maxName characters. */
export function clean(s: string | null | undefined, maxName: number): string {
  let t = tidy(s);
  if (t.length > maxName) t = t.slice(0, maxName - 1) + "…";
  return t;
}

/** s in double quotes, its quotes and backslashes escaped. */
export const quote = (s: string): string => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The role of el's tag and attributes; the landmarks, lists, tables, headings
 * and the like only in the full mode. */
export function implicitRole(el: Element, full: boolean): string {
  switch (el.tagName) {
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
  if (!full) return "";
  switch (el.tagName) {
    case "H1": case "H2": case "H3": case "H4": case "H5": case "H6":
      return "heading";
    case "UL": case "OL": case "MENU":
      return "list";
    case "LI":
      return "listitem";
    case "NAV":
      return "navigation";
    case "MAIN":
      return "main";
    case "ASIDE":
      return "complementary";
    case "HEADER":
      return el.parentElement?.closest(LANDMARK_SCOPE) ? "" : "banner";
    case "FOOTER":
      return el.parentElement?.closest(LANDMARK_SCOPE) ? "" : "contentinfo";
    case "FORM":
      return "form";
    case "SECTION":
      return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : "";
    case "ARTICLE":
      return "article";
    case "TABLE":
      return "table";
    case "TR":
      return "row";
    case "TD":
      return "cell";
    case "TH":
      return el.closest("thead") || (el as HTMLTableCellElement).scope === "col" ? "columnheader" : "rowheader";
    case "IMG":
      return el.getAttribute("alt") === "" ? "" : "img";
    case "svg":
      return el.getAttribute("aria-label") || el.querySelector(":scope > title") ? "img" : "";
    case "P":
      return "paragraph";
    case "BLOCKQUOTE":
      return "blockquote";
    case "DIALOG":
      return "dialog";
    case "FIGURE":
      return "figure";
    case "FIELDSET":
    case "DETAILS":
      return "group";
    case "HR":
      return "separator";
    case "IFRAME":
    case "FRAME":
      return "iframe";
  }
  return "";
}

/** The role el's line shows: an explicit role where it counts, else the
 * implicit one; none for the weak ones. */
export function roleOf(el: Element, full: boolean): string {
  const explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0] ?? "";
  let role = implicitRole(el, full);
  if (explicit && (INTERACTIVE.has(explicit) || (role && !WEAK.has(explicit)) || (full && !role && !WEAK.has(explicit)))) {
    role = explicit;
  }
  if (WEAK.has(role)) role = "";
  return role;
}

/** The text of the elements aria-labelledby names. */
function textOf(ids: string, root: Document | ShadowRoot): string {
  const parts: string[] = [];
  for (const id of ids.split(/\s+/)) {
    const t = id && root.getElementById(id);
    if (t) parts.push(t.textContent || "");
  }
  return parts.join(" ");
}

/** Name from content, close to Chrome's: the text of node's subtree into
 * out; self, a control whose label is read, leaves its own value out. */
function contentText(node: Node, out: string[], depth: number, self: Element | null): void {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      const data = (c as Text).data;
      if (data.trim() !== "") out.push(data);
      else if (c.previousSibling && c.nextSibling) out.push(" ");
      continue;
    }
    if (c.nodeType !== 1) continue;
    const e = c as Element;
    const tag = e.tagName;
    if (SKIP.has(tag) || tag === "IFRAME") continue;
    if (tag === "WBR" || tag === "BR") {
      out.push(" ");
      continue;
    }
    if (e.getAttribute("aria-hidden") === "true") continue;
    if (NO_NAME_TAGS.has(tag)) continue;
    const r = e.getAttribute("role");
    if (r && NO_NAME_ROLES.has(r.trim().split(/\s+/)[0] ?? "")) continue;
    if (!isRendered(e)) continue;
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
    const block = !INLINE.has(tag);
    if (block) out.push(" ");
    contentText(shadowOf(e) || e, out, depth + 1, self);
    if (block) out.push(" ");
  }
}

function fromContent(el: Element, maxName: number, self: Element | null): string | undefined {
  const out: string[] = [];
  contentText(shadowOf(el) || el, out, 0, self);
  const raw = out.join("");
  return raw === "" ? undefined : clean(raw, maxName);
}

/** The accessible name of el in role, cut at maxName characters. */
export function nameOf(el: Element, role: string, maxName: number): string {
  const lb = el.getAttribute("aria-labelledby");
  if (lb) {
    const n = clean(textOf(lb, el.getRootNode() as Document | ShadowRoot), maxName);
    if (n) return n;
  }
  const al = clean(el.getAttribute("aria-label"), maxName);
  if (al) return al;
  const tag = el.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
    const f = el as HTMLInputElement;
    if (tag === "INPUT" && (f.type === "button" || f.type === "submit" || f.type === "reset")) {
      return clean(f.value, maxName) || (f.type === "submit" ? "Submit" : f.type === "reset" ? "Reset" : "");
    }
    if (tag === "INPUT" && f.type === "image") return clean(f.alt, maxName) || clean(f.title, maxName) || "Submit";
    const labels = f.labels;
    if (labels && labels.length) {
      // A label's text without the control's own value (el is self).
      return clean(Array.from(labels, (l) => fromContent(l, maxName, el) ?? "").join(" "), maxName);
    }
    return clean(el.getAttribute("title"), maxName) || clean(el.getAttribute("placeholder"), maxName);
  }
  if (tag === "AREA" || tag === "IMG") return clean(el.getAttribute("alt"), maxName) || clean(el.getAttribute("title"), maxName);
  if (tag === "svg") return clean(el.querySelector(":scope > title")?.textContent, maxName);
  if (tag === "IFRAME" || tag === "FRAME") return clean(el.getAttribute("title"), maxName) || clean(el.getAttribute("name"), maxName);
  if (tag === "TABLE") {
    const cap = (el as HTMLTableElement).caption;
    if (cap) return clean(cap.textContent, maxName);
  }
  if (tag === "FIELDSET") {
    const lg = el.querySelector(":scope > legend");
    if (lg) return clean(lg.textContent, maxName);
  }
  if (!FROM_CONTENT.has(role)) {
    return clean(el.getAttribute("title"), maxName) || clean(el.getAttribute("aria-placeholder"), maxName);
  }
  return fromContent(el, maxName, null) ?? clean(el.getAttribute("title"), maxName);
}

/** The states el's line shows in role: checked, disabled, expanded,
 * selected, pressed, a heading's level, a field's value. */
export function stateOf(el: Element, role: string, maxName: number): string[] {
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
  const ex = el.getAttribute("aria-expanded");
  if (ex === "true" || (tag === "DETAILS" && (el as HTMLDetailsElement).open)) out.push("expanded");
  if (el.getAttribute("aria-selected") === "true") out.push("selected");
  if (el.getAttribute("aria-pressed") === "true") out.push("pressed");
  if (role === "heading") {
    const al = Number(el.getAttribute("aria-level"));
    const lv = al > 0 ? al : /^H[1-6]$/.test(tag) ? Number(tag[1]) : 2;
    out.push(`level=${lv}`);
  }
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
    v = clean(v, maxName);
    if (v) out.push(`value=${quote(v)}`);
  }
  if (tag === "SELECT") out.push(...choicesOf(el as HTMLSelectElement, maxName));
  // a colour input is a button to the accessibility tree: its colour is its value
  else if (tag === "INPUT" && (el as HTMLInputElement).type === "color") out.push(`value=${quote((el as HTMLInputElement).value)}`);
  return out;
}

/** How many of a select's options a snapshot line names. */
const SHOWN_OPTIONS = 10;

/** A native select's options (the first ten, and how many more), so an
 * agent picks one it has instead of guessing; a multiple select's chosen
 * ones too (its line has no value). */
function choicesOf(s: HTMLSelectElement, maxName: number): string[] {
  const list = (texts: string[]): string => {
    const shown = texts.slice(0, SHOWN_OPTIONS).map((t) => quote(clean(t, maxName)));
    return shown.join(",") + (texts.length > SHOWN_OPTIONS ? ` +${texts.length - SHOWN_OPTIONS} more` : "");
  };
  const options = Array.from(s.options);
  const out: string[] = [];
  if (s.multiple) {
    const chosen = options.filter((o) => o.selected).map((o) => o.text);
    if (chosen.length > 0) out.push(`selected=${list(chosen)}`);
  }
  if (options.length > 0) out.push(`options=${list(options.map((o) => o.text))}`);
  return out;
}
