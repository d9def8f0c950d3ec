// An element's role and accessible name as the action recorder proposes
// them for a role= target: the explicit role, else the implicit one of the
// common controls, links, headings and images; the name from
// aria-labelledby, aria-label, a label, an input's value or alt, the text
// of a role named by its content, a title, a placeholder (the order of the
// accessible-name computation, simplified). The extension checks the
// proposal against Chrome's own accessibility tree (the matcher of role=
// targets) while the element is still there; once its document is gone (a
// click that navigated) this is what the line rests on. Table parts get no
// implicit role here: Chrome calls the cells of a table it takes for layout
// LayoutTableCell, a guess the page cannot repeat.

import { norm } from "./text-match";

const INPUT_ROLES: Record<string, string> = {
  button: "button", submit: "button", reset: "button", image: "button", file: "button",
  checkbox: "checkbox", radio: "radio", range: "slider", number: "spinbutton", search: "searchbox",
  email: "textbox", tel: "textbox", text: "textbox", url: "textbox", password: "textbox", "": "textbox",
};

const TAG_ROLES: Record<string, string> = {
  BUTTON: "button", TEXTAREA: "textbox", OPTION: "option", H1: "heading", H2: "heading", H3: "heading",
  H4: "heading", H5: "heading", H6: "heading", LI: "listitem", UL: "list", OL: "list", NAV: "navigation",
  MAIN: "main", DIALOG: "dialog", PROGRESS: "progressbar",
};

/** Roles whose name comes from their content when nothing names them. */
const FROM_CONTENT = new Set([
  "button", "link", "heading", "option", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "cell",
  "gridcell", "columnheader", "rowheader", "checkbox", "radio", "switch", "treeitem", "row", "tooltip",
]);

/** The role the recorder proposes for el ("" when it has none worth naming). */
export function roleOf(el: Element): string {
  const explicit = (el.getAttribute("role") ?? "").trim().split(/\s+/)[0] ?? "";
  if (explicit) return explicit;
  const tag = el.tagName;
  if ((tag === "A" || tag === "AREA") && el.hasAttribute("href")) return "link";
  if (tag === "INPUT") {
    const inp = el as HTMLInputElement;
    const type = (el.getAttribute("type") ?? "").toLowerCase();
    if (type === "hidden") return "";
    if ((type === "" || type === "text" || type === "search") && inp.list) return "combobox";
    return INPUT_ROLES[type] ?? "textbox";
  }
  if (tag === "SELECT") {
    const s = el as HTMLSelectElement;
    return s.multiple || s.size > 1 ? "listbox" : "combobox";
  }
  if (tag === "IMG") return el.getAttribute("alt") === "" ? "" : "img";
  return TAG_ROLES[tag] ?? "";
}

/** Text of the element's subtree as a name: text nodes and images' alt,
 * hidden parts (display:none, aria-hidden) left out. */
function contentText(el: Element, depth = 0): string {
  if (depth > 20) return "";
  let out = "";
  const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
  for (const c of kids) {
    if (c.nodeType === Node.TEXT_NODE) out += (c as Text).data;
    else if (c.nodeType === Node.ELEMENT_NODE) {
      const e = c as Element;
      if (e.tagName === "SCRIPT" || e.tagName === "STYLE" || e.getAttribute("aria-hidden") === "true") continue;
      if (e instanceof HTMLElement && !e.checkVisibility()) continue;
      if (e.tagName === "IMG") out += " " + (e.getAttribute("alt") ?? "") + " ";
      else if (e.tagName === "SLOT") for (const s of (e as HTMLSlotElement).assignedNodes()) out += " " + (s.textContent ?? "") + " ";
      else out += " " + (e.getAttribute("aria-label") ?? contentText(e, depth + 1)) + " ";
    }
  }
  return out;
}

function labelledBy(el: Element): string {
  const ids = (el.getAttribute("aria-labelledby") ?? "").trim();
  if (!ids) return "";
  const root = el.getRootNode() as Document | ShadowRoot;
  return norm(
    ids
      .split(/\s+/)
      .map((id) => {
        const t = root.getElementById?.(id) ?? el.ownerDocument.getElementById(id);
        return t ? (t.getAttribute("aria-label") ?? contentText(t)) : "";
      })
      .join(" "),
  );
}

/** The accessible name the recorder proposes for el, whitespace collapsed
 * (case kept: the line writes it as the page shows it). */
export function nameOf(el: Element): string {
  const by = labelledBy(el);
  if (by) return by;
  const aria = norm(el.getAttribute("aria-label"));
  if (aria) return tidy(el.getAttribute("aria-label"));
  const tag = el.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
    const f = el as HTMLInputElement;
    const type = (f.getAttribute("type") ?? "").toLowerCase();
    if (tag === "INPUT" && (type === "button" || type === "submit" || type === "reset")) {
      return tidy(f.value || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : ""));
    }
    if (tag === "INPUT" && type === "image") return tidy(f.getAttribute("alt") ?? f.getAttribute("title") ?? "");
    const labels = f.labels ? Array.from(f.labels) : [];
    const fromLabels = tidy(labels.map((l) => contentText(l)).join(" "));
    if (fromLabels) return fromLabels;
    return tidy(el.getAttribute("title") ?? el.getAttribute("placeholder") ?? "");
  }
  if (tag === "IMG") return tidy(el.getAttribute("alt") ?? el.getAttribute("title") ?? "");
  if (FROM_CONTENT.has(roleOf(el))) {
    const t = tidy(contentText(el));
    if (t) return t;
  }
  return tidy(el.getAttribute("title") ?? "");
}

/** Whitespace collapsed, case kept. */
export function tidy(s: string | null | undefined): string {
  return (s ?? "").replace(/\s+/g, " ").trim();
}
