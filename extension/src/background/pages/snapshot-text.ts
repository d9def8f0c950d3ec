// Pure: an accessibility tree (Accessibility.getFullAXTree's nodes) or the
// interactive walk's items, to the snapshot text of docs/protocol.md:
// `- role "name" [ref=eN] [attr]...`, two spaces of indent per level,
// `- text: ...` for static text in the full tree.

export interface AXValue {
  type: string;
  value?: unknown;
}

export interface AXProperty {
  name: string;
  value: AXValue;
}

export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  value?: AXValue;
  properties?: AXProperty[];
  parentId?: string;
  childIds?: string[];
  backendDOMNodeId?: number;
}

export interface SnapshotOptions {
  /** Only elements a user can act on, as a flat list. */
  interactive?: boolean;
  /** Drop unnamed structural nodes (their children move up). */
  compact?: boolean;
  /** Levels below this one are cut (0 = top level only); none = all. */
  depth?: number;
  /** Longer names are cut with an ellipsis. */
  maxName?: number;
  /** The number of the first new ref (refs are never reused in a tab). */
  firstRef?: number;
  /** The ref number of a DOM node; default: firstRef, firstRef + 1, ... */
  refNumber?: (backendNodeId: number) => number;
}

export interface SnapshotRef {
  ref: string;
  role: string;
  name: string;
  /** The AX tree's node, or the walk's index. */
  backendNodeId?: number;
  index?: number;
}

export interface SnapshotText {
  text: string;
  refs: SnapshotRef[];
}

export const MAX_NAME = 100;

/** Roles that get a ref: what a user can act on. */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  "button", "checkbox", "combobox", "link", "listbox", "menuitem", "menuitemcheckbox",
  "menuitemradio", "option", "radio", "scrollbar", "searchbox", "slider", "spinbutton",
  "switch", "tab", "textbox", "treeitem", "gridcell", "DisclosureTriangle",
]);

/** Containers without meaning of their own: compact drops them unnamed. */
const STRUCTURAL: ReadonlySet<string> = new Set([
  "generic", "none", "presentation", "group", "section", "div", "LayoutTable",
  "LayoutTableRow", "LayoutTableCell", "Section", "Iframe", "IframePresentational",
]);

/** Never printed: noise under other nodes (their children still are). */
const SKIPPED: ReadonlySet<string> = new Set(["InlineTextBox", "ListMarker", "LineBreak", "MenuListPopup"]);

/** Fields whose subtree is the editor's own inside: their value says it. */
const LEAVES: ReadonlySet<string> = new Set(["textbox", "searchbox", "spinbutton", "slider"]);

/** Whitespace collapsed, cut at max characters with an ellipsis. */
export function cleanName(s: unknown, max = MAX_NAME): string {
  if (typeof s !== "string" || s === "") return "";
  let t = s.replace(/\s+/g, " ").trim();
  if (t.length > max) t = t.slice(0, max - 1) + "…";
  return t;
}

export function quote(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function attrsOf(node: AXNode, role: string, max: number): string[] {
  const out: string[] = [];
  for (const p of node.properties ?? []) {
    const v = p.value?.value;
    switch (p.name) {
      case "checked":
      case "pressed":
        if (v === "true" || v === true) out.push(p.name);
        else if (v === "mixed") out.push(`${p.name}=mixed`);
        break;
      case "disabled":
      case "expanded":
      case "selected":
      case "required":
        if (v === true || v === "true") out.push(p.name);
        break;
      case "level":
        if (typeof v === "number") out.push(`level=${v}`);
        break;
    }
  }
  const value = node.value?.value;
  if ((typeof value === "string" || typeof value === "number") && role !== "link") {
    const s = cleanName(String(value), max);
    if (s) out.push(`value=${quote(s)}`);
  }
  return out;
}

function line(level: number, role: string, name: string, ref: string | undefined, attrs: string[]): string {
  let s = `${"  ".repeat(level)}- ${role}`;
  if (name) s += ` ${quote(name)}`;
  if (ref) s += ` [ref=${ref}]`;
  for (const a of attrs) s += ` [${a}]`;
  return s;
}

/** The accessibility tree as snapshot text, refs numbered e1, e2, ... in order. */
export function axTreeToSnapshot(nodes: readonly AXNode[], opts: SnapshotOptions = {}): SnapshotText {
  const max = opts.maxName ?? MAX_NAME;
  const byId = new Map<string, AXNode>();
  for (const n of nodes) byId.set(n.nodeId, n);
  const root = nodes.find((n) => !n.parentId || !byId.has(n.parentId));
  const lines: string[] = [];
  const refs: SnapshotRef[] = [];
  if (!root) return { text: "", refs };
  const depth = opts.depth ?? Infinity;
  const first = opts.firstRef ?? 1;

  // Interactive nodes get a ref in every mode; in the full tree so does every
  // named node (a heading, a named region), so get text/box can point at it.
  const refFor = (n: AXNode, role: string, name: string): string | undefined => {
    if (n.backendDOMNodeId === undefined) return undefined;
    if (!INTERACTIVE_ROLES.has(role) && (opts.interactive || !name)) return undefined;
    const ref = `e${opts.refNumber ? opts.refNumber(n.backendDOMNodeId) : first + refs.length}`;
    refs.push({ ref, role, name, backendNodeId: n.backendDOMNodeId });
    return ref;
  };

  // Iterative walk (deep pages would overflow a recursive one).
  // parentName: the name of the nearest printed ancestor, to skip text that
  // only repeats it.
  type Frame = { id: string; level: number; parentName: string };
  const stack: Frame[] = [{ id: root.nodeId, level: 0, parentName: "" }];
  while (stack.length) {
    const f = stack.pop()!;
    const n = byId.get(f.id);
    if (!n) continue;
    const role = String(n.role?.value ?? "");
    let childLevel = f.level;
    let childParentName = f.parentName;
    if (!n.ignored && !SKIPPED.has(role)) {
      const name = cleanName(n.name?.value, max);
      if (opts.interactive) {
        const ref = refFor(n, role, name);
        if (ref) lines.push(line(0, role, name, ref, attrsOf(n, role, max)));
      } else if (role === "RootWebArea" || role === "WebArea") {
        // the document itself: url and title travel beside the text
      } else if (role === "StaticText") {
        if (name && f.level <= depth && !f.parentName.includes(name)) {
          lines.push(`${"  ".repeat(f.level)}- text: ${name}`);
        }
      } else if (opts.compact && STRUCTURAL.has(role) && !name) {
        // dropped; children take its place
      } else {
        if (f.level > depth) continue;
        const ref = refFor(n, role, name);
        lines.push(line(f.level, role, name, ref, attrsOf(n, role, max)));
        if (LEAVES.has(role)) continue;
        childLevel = f.level + 1;
        childParentName = name;
      }
    }
    const kids = n.childIds ?? [];
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push({ id: kids[i]!, level: childLevel, parentName: childParentName });
    }
  }
  return { text: mergeText(lines).join("\n"), refs };
}

/** Adjacent `- text:` lines at the same indent become one line. */
export function mergeText(lines: readonly string[]): string[] {
  const out: string[] = [];
  let prevIndent = -1;
  for (const l of lines) {
    const at = l.indexOf("- text: ");
    const isText = at >= 0 && l.slice(0, at).trim() === "";
    if (isText && at === prevIndent && out.length) {
      out[out.length - 1] += " " + l.slice(at + 8);
      continue;
    }
    out.push(l);
    prevIndent = isText ? at : -1;
  }
  return out;
}

/** One element of the interactive walk: role, name, rendered attributes. */
export type WalkItem = [role: string, name: string, attrs: string[]];

/** The interactive walk's elements as a flat snapshot; numbers[i] is the
 * ref number of items[i] (default 1, 2, ...). */
export function walkToSnapshot(items: readonly WalkItem[], numbers?: readonly number[]): SnapshotText {
  const lines: string[] = [];
  const refs: SnapshotRef[] = [];
  items.forEach(([role, name, attrs], index) => {
    const ref = `e${numbers?.[index] ?? index + 1}`;
    refs.push({ ref, role, name, index });
    lines.push(line(0, role, name, ref, attrs));
  });
  return { text: lines.join("\n"), refs };
}
