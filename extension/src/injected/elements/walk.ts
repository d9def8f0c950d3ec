// The in-page half of every snapshot: one walk of one frame's document, in
// the isolated world, over the flat tree (open shadow roots, closed ones
// the extension handed over, slots), that prints the snapshot lines itself.
// Elements get their numbers from the document's registry (registry.ts);
// the extension turns a number into a ref (`e12`, `f2e5`).
//
// Iframes print a line with their ref and a marker the extension replaces
// with the frame's own walk.

import { closedRootsNoted } from "../document/page";
import { startInputRecorder } from "../document/person-input";
import { numberOf, registryFor, shadowOf } from "./registry";
import { hasBox, isRendered } from "./visibility";

export interface TreeOptions {
  /** "full": the tree; "interactive": the elements a user can act on. */
  mode: "full" | "interactive";
  compact: boolean;
  /** Levels below this one are cut; -1: none. */
  depth: number;
  maxName: number;
  /** The first number a new registry hands out. */
  next: number;
  /** The worker run that owns the registry (a restarted worker starts anew). */
  owner: string;
  /** "e" in the main frame, "f3e" in a frame. */
  prefix: string;
  /** Start at the element with this number (0: the document). */
  root: number;
  /** Start at the first element matching this CSS selector ("": none). */
  selector: string;
  /** Only what intersects the viewport. */
  viewport: boolean;
  /** The walk stops at this time (Date.now() ms; cut: "time"), and gives
   * the page's event loop a turn every SLICE_MS meanwhile, so a huge page
   * stalls no other tab of its renderer. */
  deadline: number;
  /** The walk stops after this many lines (cut: true). */
  maxLines: number;
  /** A document with more elements is not scanned for closed shadow roots
   * (one DOM.describeNode of the whole tree: tens of MB at 200,000). */
  maxScanElements: number;
  /** The closed-root watch's note key and probe event (closed-roots.ts):
   * when the document needs a scan, the walk also answers whether the
   * note says it may hold a closed root (closedNoted), in the same call. */
  closedWatch?: [string, string];
  /** Start the person-input recorder (person-input.ts) in this document,
   * once: the main frame's walk of a snapshot, in the same call. */
  recordInput?: boolean;
}

export interface TreeResult {
  url: string;
  title: string;
  /** Indented snapshot lines; iframe markers are "\u0000F<n>" at their
   * child indent. */
  lines: string[];
  /** [number, role, name] of every ref printed, in order. */
  refs: [number, string, string][];
  /** The number the registry hands out next. */
  next: number;
  /** Candidate hosts of closed shadow roots not checked yet (count). */
  hosts: number;
  /** The document's element count changed since the last CDP scan for
   * closed roots (closed-roots.ts): scan again. */
  scan: boolean;
  /** With closedWatch and scan: whether the document may hold a closed
   * shadow root (false: watched from its start, none made). */
  closedNoted?: boolean;
  /** The walk stopped early (deadline or maxLines): lines are the first part. */
  cut?: "time" | "lines";
  error?: string;
}

export async function walkTree(o: TreeOptions): Promise<string> {
  if (o.recordInput) startInputRecorder();
  const R = registryFor(o.owner, o.next);
  const full = o.mode === "full";
  const maxDepth = o.depth < 0 ? Infinity : o.depth;
  const lines: string[] = [];
  const refs: [number, string, string][] = [];
  R.pending = [];

  // ---- the budget: checked every 256 elements; a turn of the event loop
  // (a MessageChannel task: not throttled in a background tab as timers
  // are) every SLICE_MS.
  const SLICE_MS = 15;
  const stopAt = performance.now() + (o.deadline - Date.now());
  let sliceStart = performance.now();
  let visited = 0;
  let cut: "time" | "lines" | undefined;
  const turn = (): Promise<void> =>
    new Promise((r) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        r();
      };
      ch.port2.postMessage(0);
    });
  const tick = async (): Promise<void> => {
    if (lines.length >= o.maxLines) cut = "lines";
    if (cut || (++visited & 255) !== 0) return;
    const now = performance.now();
    if (now >= stopAt) cut = "time";
    else if (now - sliceStart >= SLICE_MS) {
      await turn();
      sliceStart = performance.now();
    }
  };

  const INTERACTIVE = new Set([
    "button", "checkbox", "combobox", "link", "listbox", "menuitem", "menuitemcheckbox", "menuitemradio",
    "option", "radio", "scrollbar", "searchbox", "slider", "spinbutton", "switch", "tab", "textbox",
    "treeitem", "gridcell",
  ]);
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "META", "LINK", "TITLE"]);
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
  const LEAF = new Set([
    "button", "link", "textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton",
    "checkbox", "radio", "switch", "img", "separator", "option", "menuitem", "tab", "heading",
  ]);
  // Dropped by compact when unnamed: wrappers that only group.
  const STRUCTURAL = new Set(["group", "rowgroup", "paragraph", "blockquote", "figure", "section", "generic", "none"]);
  // Inline tags: text on both sides runs on without a space.
  const INLINE = new Set([
    "A", "ABBR", "B", "BDI", "BDO", "CITE", "CODE", "DATA", "DEL", "DFN", "EM", "FONT", "I", "INS", "KBD",
    "LABEL", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR",
  ]);
  const LANDMARK_SCOPE = "ARTICLE,ASIDE,MAIN,NAV,SECTION";

  const clean = (s: string | null | undefined): string => {
    if (!s) return "";
    let t = s.replace(/\s+/g, " ").trim();
    if (t.length > o.maxName) t = t.slice(0, o.maxName - 1) + "…";
    return t;
  };
  const quote = (s: string): string => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

  const numOf = (el: Element): number => numberOf(R, el);


  const implicitRole = (el: Element): string => {
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
  };

  const textOf = (ids: string, root: Document | ShadowRoot): string => {
    const parts: string[] = [];
    for (const id of ids.split(/\s+/)) {
      const t = id && root.getElementById(id);
      if (t) parts.push(t.textContent || "");
    }
    return parts.join(" ");
  };

  // Name from content, close to Chrome's.
  let self: Element | null = null;
  const contentText = (node: Node, out: string[], depth: number): void => {
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
      contentText(shadowOf(e) || e, out, depth + 1);
      if (block) out.push(" ");
    }
  };

  const fromContent = (el: Element): string | undefined => {
    const out: string[] = [];
    contentText(shadowOf(el) || el, out, 0);
    const raw = out.join("");
    return raw === "" ? undefined : clean(raw);
  };

  const nameOf = (el: Element, role: string): string => {
    const lb = el.getAttribute("aria-labelledby");
    if (lb) {
      const n = clean(textOf(lb, el.getRootNode() as Document | ShadowRoot));
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
        self = el;
        const n = clean(Array.from(labels, (l) => fromContent(l) ?? "").join(" "));
        self = null;
        return n;
      }
      return clean(el.getAttribute("title")) || clean(el.getAttribute("placeholder"));
    }
    if (tag === "AREA" || tag === "IMG") return clean(el.getAttribute("alt")) || clean(el.getAttribute("title"));
    if (tag === "svg") return clean(el.querySelector(":scope > title")?.textContent);
    if (tag === "IFRAME" || tag === "FRAME") return clean(el.getAttribute("title")) || clean(el.getAttribute("name"));
    if (tag === "TABLE") {
      const cap = (el as HTMLTableElement).caption;
      if (cap) return clean(cap.textContent);
    }
    if (tag === "FIELDSET") {
      const lg = el.querySelector(":scope > legend");
      if (lg) return clean(lg.textContent);
    }
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
      v = clean(v);
      if (v) out.push(`value=${quote(v)}`);
    }
    return out;
  };

  const vw = window.innerWidth;
  const vh = window.innerHeight;
  /** Outside the viewport (viewport mode): a box that does not meet it. */
  const outside = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false; // no box of its own: its children decide
    return r.bottom <= 0 || r.right <= 0 || r.top >= vh || r.left >= vw;
  };

  const roleOf = (el: Element): string => {
    const explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0] ?? "";
    let role = implicitRole(el);
    if (explicit && (INTERACTIVE.has(explicit) || (role && !WEAK.has(explicit)) || (full && !role && !WEAK.has(explicit)))) {
      role = explicit;
    }
    if (WEAK.has(role)) role = "";
    return role;
  };

  // ---- the text buffer of the line being built: runs of text between elements
  let text: string[] = [];
  let textLevel = 0;
  let textParent = "";
  const flush = (): void => {
    if (!text.length) return;
    const t = text.join("").replace(/\s+/g, " ").trim();
    text = [];
    if (!t || textLevel > maxDepth) return;
    if (textParent && textParent.includes(t)) return;
    lines.push(`${"  ".repeat(textLevel)}- text: ${t}`);
  };
  const addText = (s: string, level: number, parentName: string): void => {
    if (text.length && textLevel !== level) flush();
    textLevel = level;
    textParent = parentName;
    text.push(s);
  };

  const emit = (el: Element, role: string, name: string, level: number, attrs: string[], withRef: boolean): void => {
    flush();
    let s = `${"  ".repeat(level)}- ${role}`;
    if (name) s += ` ${quote(name)}`;
    if (withRef) {
      const n = numOf(el);
      s += ` [ref=${o.prefix}${n}]`;
      refs.push([n, role, name]);
    }
    for (const a of attrs) s += ` [${a}]`;
    lines.push(s);
  };

  const children = (n: Node): ArrayLike<Node> => {
    if (n.nodeType === 1) {
      const el = n as Element;
      if (el.tagName === "SLOT") {
        const a = (el as HTMLSlotElement).assignedNodes();
        if (a.length) return a;
      } else {
        const sr = shadowOf(el);
        if (sr) return sr.childNodes;
        if (el.localName.includes("-") && !R.checked.has(el)) R.pending.push(el);
      }
    }
    return n.childNodes;
  };

  const frameLine = (el: Element, level: number): void => {
    // iframe: its line, then the marker of its content one level in.
    const name = nameOf(el, "iframe");
    emit(el, "iframe", name, level, [], true);
    lines.push(`${"  ".repeat(level + 1)}\u0000F${numOf(el)}`);
  };

  // visible: the element's own text shows (visibility is not hidden).
  const visit = async (el: Element, level: number, parentName: string, visible: boolean): Promise<void> => {
    await tick();
    if (cut) return;
    const tag = el.tagName;
    if (SKIP.has(tag)) return;
    if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return;
    if (tag === "INPUT" && (el as HTMLInputElement).type === "hidden") return;
    let shown = isRendered(el);
    if (!shown) {
      if (!el.checkVisibility()) {
        // No box: display none (gone with its subtree) or display contents.
        if (getComputedStyle(el).display !== "contents") return;
        shown = true;
      }
    }
    if (o.viewport && shown && outside(el)) return;
    const role = shown ? roleOf(el) : "";
    if (tag === "IFRAME" || tag === "FRAME") {
      if (shown && level <= maxDepth) frameLine(el, full ? level : 0);
      return;
    }
    if (!full) {
      // role here: an interactive one, or a control's own role replaced by another (a link with role=menu).
      if (role && hasBox(el)) emit(el, role, nameOf(el, role), 0, stateOf(el, role), true);
      for (let c = children(el), i = 0; i < c.length; i++) {
        const k = c[i]!;
        if (k.nodeType === 1) await visit(k as Element, 0, "", shown);
      }
      return;
    }
    let childLevel = level;
    let childParent = parentName;
    if (role) {
      const name = nameOf(el, role);
      const drop = o.compact && STRUCTURAL.has(role) && !name;
      if (!drop) {
        if (level > maxDepth) return;
        const interactive = INTERACTIVE.has(role) || (role !== implicitRole(el) && INTERACTIVE.has(implicitRole(el)));
        emit(el, role, name, level, stateOf(el, role), interactive || !!name);
        childLevel = level + 1;
        childParent = name;
        if (LEAF.has(role)) {
          // Its content is its name; what a user can act on inside it still counts.
          if (el.querySelector("a[href],button,input,select,textarea,iframe,[role=button],[role=link]")) {
            for (let c = children(el), i = 0; i < c.length; i++) {
              const k = c[i]!;
              if (k.nodeType === 1) await visitInner(k as Element, childLevel);
            }
          }
          return;
        }
      }
    } else if (!INLINE.has(tag) && text.length) {
      text.push(" ");
    }
    const kids = children(el);
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i]!;
      if (k.nodeType === 3) {
        if (visible && shown) addText((k as Text).data, childLevel, childParent);
      } else if (k.nodeType === 1) {
        const ke = k as Element;
        if (ke.tagName === "BR" || ke.tagName === "WBR") {
          if (text.length) text.push(" ");
          continue;
        }
        await visit(ke, childLevel, childParent, shown);
      }
    }
    if (role) flush();
    else if (!INLINE.has(tag) && text.length) text.push(" ");
  };

  // Controls nested in a leaf (a button in a link): listed, not their text.
  const visitInner = async (el: Element, level: number): Promise<void> => {
    await tick();
    if (cut) return;
    if (SKIP.has(el.tagName) || el.getAttribute("aria-hidden") === "true") return;
    if (!isRendered(el)) return;
    const role = roleOf(el);
    if (el.tagName === "IFRAME") {
      frameLine(el, level);
      return;
    }
    if (role && INTERACTIVE.has(role)) {
      emit(el, role, nameOf(el, role), level, stateOf(el, role), true);
      if (LEAF.has(role)) return;
    }
    for (let c = children(el), i = 0; i < c.length; i++) {
      const k = c[i]!;
      if (k.nodeType === 1) await visitInner(k as Element, level);
    }
  };

  // -s when the document's light tree has no match: the shadow roots (open,
  // and closed ones handed over), those of earlier hosts first.
  function inShadowRoots(sel: string): Element | null {
    const hosts: ParentNode[] = [document];
    for (let i = 0; i < hosts.length; i++) {
      const all = hosts[i]!.querySelectorAll("*");
      for (let j = 0; j < all.length; j++) {
        const sr = shadowOf(all[j]!);
        if (!sr) continue;
        const hit = sr.querySelector(sel);
        if (hit) return hit;
        hosts.push(sr);
      }
    }
    return null;
  }

  let root: Element | null = document.body || document.documentElement;
  let error: string | undefined;
  if (o.root) {
    root = R.byNum.get(o.root)?.deref() ?? null;
    if (!root || !root.isConnected) error = `the ref ${o.prefix}${o.root} is not in the page any more (take a new snapshot)`;
  } else if (o.selector) {
    try {
      root = document.querySelector(o.selector) ?? inShadowRoots(o.selector);
      if (!root) error = `no element matches the selector ${JSON.stringify(o.selector)}`;
    } catch (e) {
      error = `invalid selector ${JSON.stringify(o.selector)}: ${(e as Error).message}`;
    }
  }
  if (root && !error) {
    if (o.root || o.selector) await visit(root, 0, "", true);
    else {
      const kids = children(root);
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i]!;
        if (k.nodeType === 3) addText((k as Text).data, 0, "");
        else if (k.nodeType === 1) await visit(k as Element, 0, "", true);
      }
    }
    flush();
  }
  const elements = document.getElementsByTagName("*").length;
  const scan = elements <= o.maxScanElements && (R.scanned ?? -1) !== elements;
  const out: TreeResult = { url: location.href, title: document.title, lines, refs, hosts: R.pending.length, scan, next: R.max + 1 };
  if (scan && o.closedWatch) out.closedNoted = closedRootsNoted(...o.closedWatch);
  if (cut) out.cut = cut;
  if (error) out.error = error;
  return JSON.stringify(out);
}


// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const walkMethods = {
  walk: (_: unknown, [o]: [TreeOptions]) => walkTree(o),
};
