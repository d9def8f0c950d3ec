// The document's ref registry: element -> number and back, kept in the
// isolated world (never reachable from the page's scripts). The same element
// keeps its number across snapshots, find and every mode; a new element gets
// the next number, never one handed out before in this document. It also
// holds the closed shadow roots the extension handed over (CDP can reach
// them, page script cannot) and the custom elements still to be checked for
// one.

export interface Registry {
  /** The worker run that owns the registry (a restarted worker starts anew). */
  owner: string;
  map: WeakMap<Element, number>;
  byNum: Map<number, WeakRef<Element>>;
  max: number;
  closed: WeakMap<Element, ShadowRoot>;
  checked: WeakSet<Element>;
  /** Custom elements the last walk met that were not checked for a closed root. */
  pending: Element[];
  /** The document's element count at the last closed-root scan (-1: none). */
  scanned: number;
}

// One registry per module instance: the module is installed once per
// document and world, so this is the document's.
let reg: Registry | undefined;

/** The registry of `owner`, made (or made anew for another owner) when needed;
 * `next` is the first number a new one hands out. */
export function registryFor(owner: string, next: number): Registry {
  if (!reg || reg.owner !== owner) reg = newRegistry(owner, next);
  // Numbers the extension handed out meanwhile (other walks, other ref
  // sources of the tab) are never handed out again here.
  if (next - 1 > reg.max) reg.max = next - 1;
  return reg;
}

function newRegistry(owner: string, next: number): Registry {
  return { owner, map: new WeakMap(), byNum: new Map(), max: next - 1, closed: new WeakMap(), checked: new WeakSet(), pending: [], scanned: -1 };
}

/** The registry, if a walk or find made one in this document. */
export function currentRegistry(): Registry | undefined {
  return reg;
}

/** The registry to pass over the document with outside the extension's
 * calls (the action recorder): the document's, with the closed roots the
 * extension handed over, else an empty one that is not kept. */
export function registryOrEmpty(): Registry {
  return reg ?? newRegistry("", 1);
}

/** The element's number, given one when it has none. */
export function numberOf(r: Registry, el: Element): number {
  let n = r.map.get(el);
  if (n === undefined) {
    n = ++r.max;
    r.map.set(el, n);
    r.byNum.set(n, new WeakRef(el));
  }
  return n;
}

/** The live element behind a number, or null. */
export function refElement(n: number): Element | null {
  const el = reg?.byNum.get(n)?.deref();
  if (!el || !el.isConnected || !el.ownerDocument.defaultView) return null;
  return el;
}

/** The element's number in the document's registry (find numbers by it). */
export function registerElement(el: Element, owner: string, next: number): number {
  return numberOf(registryFor(owner, next), el);
}

/** An element's shadow root: its open one, or a closed one handed over. */
export function shadowOf(el: Element): ShadowRoot | null {
  return (el as HTMLElement).shadowRoot || reg?.closed.get(el) || null;
}

/** The shadow roots under root (open ones, and closed ones handed over),
 * roots inside roots too, in document order of their hosts: where CSS
 * selectors, text targets and waits look besides the document itself,
 * as the snapshot does. */
export function shadowRootsIn(root: Document | ShadowRoot): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  const visit = (r: Document | ShadowRoot, depth: number) => {
    if (depth > 32) return;
    for (const el of r.querySelectorAll("*")) {
      const sr = shadowOf(el);
      if (sr) {
        out.push(sr);
        visit(sr, depth + 1);
      }
    }
  };
  visit(root, 0);
  return out;
}

/** The closed root handed over for a host, if any. */
export function closedRootOf(el: Element): ShadowRoot | undefined {
  return reg?.closed.get(el);
}

/** The hosts the last walk left unchecked (the extension asks CDP for their
 * closed roots and hands them back with adoptClosedRoots). */
export function pendingHosts(): Element[] {
  return reg ? reg.pending.slice() : [];
}

/** Keeps the closed roots found for the pending hosts (roots[i] for hosts[i],
 * null: none); answers how many it kept. */
export function adoptClosedRoots(hosts: Element[], roots: (ShadowRoot | null)[]): number {
  if (!reg) return 0;
  let found = 0;
  hosts.forEach((host, i) => {
    // An element not upgraded yet may attach its root later.
    if (host.matches(":defined")) reg!.checked.add(host);
    const root = roots[i];
    if (root) {
      reg!.closed.set(host, root);
      found++;
    }
  });
  return found;
}

/** Keeps closed roots a scan of the whole document found (host, root pairs);
 * answers how many it had not seen before. */
export function keepScannedRoots(pairs: (Element | ShadowRoot | null)[]): number {
  if (!reg) return 0;
  let found = 0;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const host = pairs[i] as Element | null;
    const root = pairs[i + 1] as ShadowRoot | null;
    if (!host || !root) continue;
    if (reg.closed.get(host) !== root) found++;
    reg.closed.set(host, root);
    reg.checked.add(host);
  }
  reg.scanned = document.getElementsByTagName("*").length;
  return found;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const registryMethods = {
  refElement: (_: unknown, [n]: [number]) => refElement(n),
  register: (el: Element, [owner, next]: [string, number]) => registerElement(el, owner, next),
  pendingHosts: () => pendingHosts(),
  adoptClosedRoots: (hosts: Element[], _: [], roots: (ShadowRoot | null)[]) => adoptClosedRoots(hosts, roots),
  keepScannedRoots: (_: unknown, __: [], pairs: (Element | ShadowRoot | null)[]) => keepScannedRoots(pairs),
};
