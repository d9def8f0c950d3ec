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
import { implicitRole, INLINE, INTERACTIVE, LEAF, nameOf, quote, roleOf, SKIP, stateOf, STRUCTURAL } from "./accessible";
import { numberOf, registryFor, shadowOf, type Registry } from "./registry";
import { hasBox, isRendered, shownLabel } from "./visibility";

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

/**
 * One walk of the document (or of the subtree at o.root / o.selector): the
 * snapshot's lines and refs, as JSON (TreeResult).
 */
export async function walkTree(o: TreeOptions): Promise<string> {
  if (o.recordInput) startInputRecorder();
  const R = registryFor(o.owner, o.next);
  const w = new Walk(o, R);
  R.pending = [];
  const { root, error } = startOf(o, R);
  if (root && !error) await w.from(root, !!(o.root || o.selector));
  return JSON.stringify(resultOf(o, R, w, error));
}

/** Where the walk starts: the body, the element of o.root, or the first
 * match of o.selector; error when there is none. */
function startOf(o: TreeOptions, R: Registry): { root: Element | null; error?: string } {
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
  return { root, error };
}

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

/** The walk's answer: its lines and refs, and what the extension does next
 * (the closed-root scan, the hosts to check). */
function resultOf(o: TreeOptions, R: Registry, w: Walk, error: string | undefined): TreeResult {
  const out: TreeResult = { url: location.href, title: document.title, lines: w.lines, refs: w.refs, ...closedRootsToFind(R, o), next: R.max + 1 };
  if (w.cut) out.cut = w.cut;
  if (error) out.error = error;
  return out;
}

/**
 * How the snapshot treats el: undefined when it leaves out el and its
 * subtree (scripts and the like, aria-hidden, inert, a hidden input,
 * display none), else whether el itself shows (false: visibility hidden,
 * its children may show; display contents counts as shown).
 */
export function shownState(el: Element): boolean | undefined {
  if (SKIP.has(el.tagName)) return undefined;
  if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return undefined;
  if (el.tagName === "INPUT" && (el as HTMLInputElement).type === "hidden") return undefined;
  if (isRendered(el)) return true;
  if (el.checkVisibility()) return false;
  // No box: display none (gone with its subtree) or display contents.
  return getComputedStyle(el).display === "contents" ? true : undefined;
}

/** The nodes a pass over the document visits below n: a slot's assigned
 * nodes, a host's shadow root (open, or closed and handed over), else its
 * own children. A custom element without a known root is noted in R's
 * pending hosts, for the extension to look for a closed one. */
export function childrenOf(n: Node, R: Registry): ArrayLike<Node> {
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
}

/** What a pass over the document (a walk, find by role) answers about the
 * closed shadow roots it could not see into, for the extension to hand them
 * over (closed-roots.ts withClosedRoots) before another pass. */
export interface ClosedRootsToFind {
  /** Custom elements met that were not checked for a closed root. */
  hosts: number;
  /** The document's element count changed since the last CDP scan. */
  scan: boolean;
  /** With closedWatch and scan: whether the document may hold one. */
  closedNoted?: boolean;
}

export function closedRootsToFind(R: Registry, o: Pick<TreeOptions, "maxScanElements" | "closedWatch">): ClosedRootsToFind {
  const elements = document.getElementsByTagName("*").length;
  const scan = elements <= o.maxScanElements && (R.scanned ?? -1) !== elements;
  const out: ClosedRootsToFind = { hosts: R.pending.length, scan };
  if (scan && o.closedWatch) out.closedNoted = closedRootsNoted(...o.closedWatch);
  return out;
}

/** A turn of the page's event loop: a MessageChannel task, which a
 * background tab does not throttle as it does timers. */
export function turn(): Promise<void> {
  return new Promise((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      r();
    };
    ch.port2.postMessage(0);
  });
}

/** How long the walk runs before it gives the page's event loop a turn. */
export const SLICE_MS = 15;

/** One walk's state: the lines and refs so far, its budget, and the text
 * of the line being built. */
class Walk {
  readonly lines: string[] = [];
  readonly refs: [number, string, string][] = [];
  /** Why the walk stopped early, if it did. */
  cut: "time" | "lines" | undefined;
  private readonly full: boolean;
  private readonly maxDepth: number;
  // ---- the budget: checked every 256 elements; a turn of the event loop
  // every SLICE_MS.
  private readonly stopAt: number;
  private sliceStart: number;
  private visited = 0;
  private readonly vw = window.innerWidth;
  private readonly vh = window.innerHeight;
  // ---- the text buffer of the line being built: runs of text between elements
  private text: string[] = [];
  private textLevel = 0;
  private textParent = "";

  constructor(
    private readonly o: TreeOptions,
    private readonly R: Registry,
  ) {
    this.full = o.mode === "full";
    this.maxDepth = o.depth < 0 ? Infinity : o.depth;
    this.stopAt = performance.now() + (o.deadline - Date.now());
    this.sliceStart = performance.now();
  }

  /** Walks root itself (subtree), or its children (the document's body). */
  async from(root: Element, subtree: boolean): Promise<void> {
    if (subtree) await this.visit(root, 0, "", true);
    else {
      const kids = childrenOf(root, this.R);
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i]!;
        if (k.nodeType === 3) this.addText((k as Text).data, 0, "");
        else if (k.nodeType === 1) await this.visit(k as Element, 0, "", true);
      }
    }
    this.flush();
  }

  private async tick(): Promise<void> {
    if (this.lines.length >= this.o.maxLines) this.cut = "lines";
    if (this.cut || (++this.visited & 255) !== 0) return;
    const now = performance.now();
    if (now >= this.stopAt) this.cut = "time";
    else if (now - this.sliceStart >= SLICE_MS) {
      await turn();
      this.sliceStart = performance.now();
    }
  }

  private flush(): void {
    if (!this.text.length) return;
    const t = this.text.join("").replace(/\s+/g, " ").trim();
    this.text = [];
    if (!t || this.textLevel > this.maxDepth) return;
    if (this.textParent && this.textParent.includes(t)) return;
    this.lines.push(`${"  ".repeat(this.textLevel)}- text: ${t}`);
  }

  private addText(s: string, level: number, parentName: string): void {
    if (this.text.length && this.textLevel !== level) this.flush();
    this.textLevel = level;
    this.textParent = parentName;
    this.text.push(s);
  }

  private emit(el: Element, role: string, name: string, level: number, attrs: string[], withRef: boolean): void {
    this.flush();
    let s = `${"  ".repeat(level)}- ${role}`;
    if (name) s += ` ${quote(name)}`;
    if (withRef) {
      const n = numberOf(this.R, el);
      s += ` [ref=${this.o.prefix}${n}]`;
      this.refs.push([n, role, name]);
    }
    for (const a of attrs) s += ` [${a}]`;
    this.lines.push(s);
  }

  private frameLine(el: Element, level: number): void {
    // iframe: its line, then the marker of its content one level in.
    const name = this.nameOf(el, "iframe");
    this.emit(el, "iframe", name, level, [], true);
    this.lines.push(`${"  ".repeat(level + 1)}\u0000F${numberOf(this.R, el)}`);
  }

  /** Outside the viewport (viewport mode): a box that does not meet it. */
  private outside(el: Element): boolean {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false; // no box of its own: its children decide
    return r.bottom <= 0 || r.right <= 0 || r.top >= this.vh || r.left >= this.vw;
  }

  private roleOf(el: Element): string {
    return roleOf(el, this.full);
  }

  private nameOf(el: Element, role: string): string {
    return nameOf(el, role, this.o.maxName);
  }

  private stateOf(el: Element, role: string): string[] {
    return stateOf(el, role, this.o.maxName);
  }

  // visible: the element's own text shows (visibility is not hidden).
  private async visit(el: Element, level: number, parentName: string, visible: boolean): Promise<void> {
    await this.tick();
    if (this.cut) return;
    const tag = el.tagName;
    const shown = shownState(el);
    if (shown === undefined) return;
    if (this.o.viewport && shown && this.outside(el)) return;
    const role = shown ? this.roleOf(el) : "";
    if (tag === "IFRAME" || tag === "FRAME") {
      if (shown && level <= this.maxDepth) this.frameLine(el, this.full ? level : 0);
      return;
    }
    if (!this.full) {
      // role here: an interactive one, or a control's own role replaced by another (a link with role=menu).
      // A control with no box of its own counts by its label (a switch styled on its label).
      if (role && (hasBox(el) || shownLabel(el))) this.emit(el, role, this.nameOf(el, role), 0, this.stateOf(el, role), true);
      for (let c = childrenOf(el, this.R), i = 0; i < c.length; i++) {
        const k = c[i]!;
        if (k.nodeType === 1) await this.visit(k as Element, 0, "", shown);
      }
      return;
    }
    let childLevel = level;
    let childParent = parentName;
    if (role) {
      const name = this.nameOf(el, role);
      const drop = this.o.compact && STRUCTURAL.has(role) && !name;
      if (!drop) {
        if (level > this.maxDepth) return;
        const interactive = INTERACTIVE.has(role) || (role !== implicitRole(el, this.full) && INTERACTIVE.has(implicitRole(el, this.full)));
        this.emit(el, role, name, level, this.stateOf(el, role), interactive || !!name);
        childLevel = level + 1;
        childParent = name;
        if (LEAF.has(role)) {
          // Its content is its name; what a user can act on inside it still counts.
          if (el.querySelector("a[href],button,input,select,textarea,iframe,[role=button],[role=link]")) {
            for (let c = childrenOf(el, this.R), i = 0; i < c.length; i++) {
              const k = c[i]!;
              if (k.nodeType === 1) await this.visitInner(k as Element, childLevel);
            }
          }
          return;
        }
      }
    } else if (!INLINE.has(tag) && this.text.length) {
      this.text.push(" ");
    }
    const kids = childrenOf(el, this.R);
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i]!;
      if (k.nodeType === 3) {
        if (visible && shown) this.addText((k as Text).data, childLevel, childParent);
      } else if (k.nodeType === 1) {
        const ke = k as Element;
        if (ke.tagName === "BR" || ke.tagName === "WBR") {
          if (this.text.length) this.text.push(" ");
          continue;
        }
        await this.visit(ke, childLevel, childParent, shown);
      }
    }
    if (role) this.flush();
    else if (!INLINE.has(tag) && this.text.length) this.text.push(" ");
  }

  // Controls nested in a leaf (a button in a link): listed, not their text.
  private async visitInner(el: Element, level: number): Promise<void> {
    await this.tick();
    if (this.cut) return;
    if (SKIP.has(el.tagName) || el.getAttribute("aria-hidden") === "true") return;
    if (!isRendered(el)) return;
    const role = this.roleOf(el);
    if (el.tagName === "IFRAME") {
      this.frameLine(el, level);
      return;
    }
    if (role && INTERACTIVE.has(role)) {
      this.emit(el, role, this.nameOf(el, role), level, this.stateOf(el, role), true);
      if (LEAF.has(role)) return;
    }
    for (let c = childrenOf(el, this.R), i = 0; i < c.length; i++) {
      const k = c[i]!;
      if (k.nodeType === 1) await this.visitInner(k as Element, level);
    }
  }
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const walkMethods = {
  walk: (_: unknown, [o]: [TreeOptions]) => walkTree(o),
};
