// Targets: a CSS selector or text=WORDS / text="EXACT", its first visible
// match (or, with visibleElseFirst, its first at all); counts; find by text
// or label. Selectors run here, in the isolated world: a page that replaced
// querySelectorAll cannot change what they find.

import { norm, parseTextSpec, textMatches } from "./text-match";
import { isVisible } from "./visibility";
import { numberOf, refElement, registryFor, shadowOf, shadowRootsIn, type Registry } from "./registry";
import { childrenOf, closedRootsToFind, shownState, SLICE_MS, turn, type ClosedRootsToFind } from "./walk";
import { nameOf, roleOf, tidy } from "./accessible";

const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "TITLE"]);

/** text=WORDS: the innermost elements whose text (scripts and styles aside)
 * contains WORDS, case and whitespace aside; quoted: equals them. A string
 * answer is the error. */
export function textTargets(spec: string): Element[] | string {
  const t = parseTextSpec(spec);
  if (typeof t === "string") return t;
  const out: Element[] = [];
  // Post-order: an element's text is its text nodes' and its children's; a
  // match inside it takes precedence.
  const visit = (el: Element): [string, boolean] => {
    let text = "";
    let inner = false;
    // its shadow tree's text (open roots, closed ones handed over), then its own
    const sr = shadowOf(el);
    for (let c = sr ? (sr.firstChild ?? el.firstChild) : el.firstChild; c; c = c.nextSibling ?? (sr && c.parentNode === sr ? el.firstChild : null)) {
      if (c.nodeType === 3) text += (c as Text).data;
      else if (c.nodeType === 1 && !SKIP.has((c as Element).tagName)) {
        const [s, m] = visit(c as Element);
        text += " " + s + " ";
        if (m) inner = true;
      }
    }
    if (inner) return [text, true];
    if (textMatches(text, t.want, t.exact)) {
      out.push(el);
      return [text, true];
    }
    return [text, false];
  };
  if (document.body) visit(document.body);
  return out;
}

/** All matches of a selector or text= target in the document itself (a
 * text= target looks into shadow roots too); a string answer is the error. */
export function matchesOf(sel: string): ArrayLike<Element> | string {
  if (sel.startsWith("text=")) return textTargets(sel.slice(5).trim());
  try {
    return document.querySelectorAll(sel);
  } catch (e) {
    return "invalid:" + (e as Error).message;
  }
}

/** A CSS selector's matches inside the document's shadow roots (open, and
 * closed ones handed over), each root on its own, as the snapshot shows
 * their elements; none for a text= target (matchesOf looked already). */
function shadowMatchesOf(sel: string): Element[] {
  if (sel.startsWith("text=")) return [];
  const out: Element[] = [];
  for (const r of shadowRootsIn(document)) out.push(...r.querySelectorAll(sel));
  return out;
}

export type Pick = "visible" | "visibleElseFirst";

/** The element a target picks, or why there is none: "invalid:...",
 * "none", "hidden:N". */
export function firstMatch(sel: string, pick: Pick): Element | string {
  const light = matchesOf(sel);
  if (typeof light === "string") return light;
  for (let i = 0; i < light.length; i++) if (isVisible(light[i]!)) return light[i]!;
  // None shows in the document itself: the shadow roots' (looked for only
  // then, so a page without a match there pays nothing for them).
  const all = [...Array.from(light), ...shadowMatchesOf(sel)];
  for (let i = light.length; i < all.length; i++) if (isVisible(all[i]!)) return all[i]!;
  if (pick === "visibleElseFirst" && all.length > 0) return all[0]!;
  return all.length === 0 ? "none" : "hidden:" + all.length;
}

/** A target found in this document: a selector (or text=) by its pick, a
 * ref by its number in this document's registry, or a role target. */
export type TargetKey = { sel: string; pick: Pick } | { num: number } | { role: RoleTargetQuery };

/**
 * Runs fn on the element a target names, in the same call: finding it and
 * acting on it (the actionability check, fill, a read) take one round trip.
 * {miss} says why there is none: firstMatch's "invalid:...", "none",
 * "hidden:N", "stale" for a number whose element is gone, or "closed" for a
 * role target whose document may hold closed shadow roots not handed over
 * yet (the extension's long way hands them over first).
 */
export async function onTarget(key: TargetKey, fn: (el: Element) => unknown): Promise<{ miss: string } | { hit: unknown }> {
  let el: Element | string | null;
  if ("num" in key) el = refElement(key.num) ?? "stale";
  else if ("role" in key) el = await roleTargetHere(key.role);
  else el = firstMatch(key.sel, key.pick);
  if (typeof el === "string") return { miss: el };
  return { hit: await fn(el) };
}

/** How many elements match a CSS selector, visible or not; "invalid:..." else. */
export function count(sel: string): number | string {
  try {
    return document.querySelectorAll(sel).length + shadowMatchesOf(sel).length;
  } catch (e) {
    return "invalid:" + (e as Error).message;
  }
}

/** find by text (the innermost visible elements whose text matches) or by
 * label (form controls named by a label, aria-label or aria-labelledby), in
 * document order. */
export function findElements(kind: "text" | "label", wantRaw: string, exact: boolean, limit: number): Element[] {
  const want = (wantRaw || "").replace(/\s+/g, " ").trim().toLowerCase();
  const matches = (s: string | null | undefined) => textMatches(s, want, exact);
  const out: Element[] = [];
  if (kind === "text") {
    // An element's text, its shadow tree's included (open roots, closed
    // ones handed over).
    const textOf = (el: Element): string => {
      const sr = shadowOf(el);
      return sr ? sr.textContent + " " + el.textContent : (el.textContent ?? "");
    };
    // The elements with a shadow root somewhere below: their textContent
    // lacks that root's text, so it cannot rule them out.
    const aboveShadow = new Set<Element>();
    for (const r of shadowRootsIn(document)) {
      for (let n: Element | null = r.host; n && !aboveShadow.has(n); ) {
        aboveShadow.add(n);
        n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
      }
    }
    const visit = (el: Element): boolean => {
      if (out.length >= limit || SKIP.has(el.tagName)) return false;
      if (!aboveShadow.has(el) && !textMatches(textOf(el), want, false)) return false;
      let inner = false;
      const sr = shadowOf(el);
      if (sr) for (let c = sr.firstElementChild; c; c = c.nextElementSibling) if (visit(c)) inner = true;
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (visit(c)) inner = true;
      if (inner) return true;
      if (!matches(textOf(el))) return false;
      // A hidden match is still the innermost: its parent is not reported for it.
      if (isVisible(el)) out.push(el);
      return true;
    };
    if (document.body) visit(document.body);
    return out;
  }
  const found = new Set<Element>();
  const textOf = (ids: string, root: Document | ShadowRoot) =>
    ids
      .split(/\s+/)
      .map((id) => {
        const t = id && root.getElementById(id);
        return t ? t.textContent : "";
      })
      .join(" ");
  for (const root of [document, ...shadowRootsIn(document)]) {
    for (const l of root.querySelectorAll("label")) if (l.control && matches(l.textContent)) found.add(l.control);
    for (const el of root.querySelectorAll("[aria-label]")) if (matches(el.getAttribute("aria-label"))) found.add(el);
    for (const el of root.querySelectorAll("[aria-labelledby]")) {
      if (matches(textOf(el.getAttribute("aria-labelledby") ?? "", root))) found.add(el);
    }
  }
  const all = Array.from(found).filter(isVisible);
  all.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return all.slice(0, limit);
}

/** The longest name find compares (names are cut for the answer). */
const MAX_FIND_NAME = 10_000;

/**
 * The elements of the document (open and handed-over closed shadow roots
 * and slots included, frames' documents not) that the snapshot shows with
 * role, by its own rules (accessible.ts roleOf and nameOf, what walk.ts
 * prints), whose name matches want (norm'd; undefined: any name), in
 * document order, up to limit; each with its name. R's pending hosts are
 * noted anew, for the extension to look for closed roots in them.
 *
 * find --role and role targets both find their elements here: what find
 * and a snapshot show as `button "Sign in"` is what role=button[name="Sign
 * in"] clicks, and what the recorder and `save` write is checked by it.
 * Chrome's accessibility tree (Accessibility.queryAXTree) answered the same
 * question in 48-54 ms on a 300-item list where the whole snapshot took 8
 * (`browserctl -v find`): it is built afresh for every query; on a page of
 * 75,000 elements it did not answer in 30 s, where this pass takes 0.3-1 s.
 *
 * A generator: it yields every 256 elements, so a caller may give the
 * page's event loop a turn (sliced) or not (untilDone).
 */
export function* roleElements(R: Registry, role: string, want: string | undefined, exact: boolean, limit: number): Generator<void, [Element, string][]> {
  R.pending = [];
  const found: [Element, string][] = [];
  // Depth first, in document order: an element, then its children.
  const stack: Element[] = document.body ? [document.body] : [];
  for (let n = 1; stack.length > 0 && found.length < limit; n++) {
    if ((n & 255) === 0) yield;
    const el = stack.pop()!;
    const shown = shownState(el);
    if (shown === undefined) continue;
    if (shown && roleOf(el, true) === role) {
      const name = nameOf(el, role, MAX_FIND_NAME);
      if (want === undefined || textMatches(name, want, exact)) found.push([el, name]);
    }
    if (el.tagName === "IFRAME" || el.tagName === "FRAME") continue; // its document is another's
    const kids = childrenOf(el, R);
    for (let i = kids.length - 1; i >= 0; i--) if (kids[i]!.nodeType === 1) stack.push(kids[i] as Element);
  }
  return found;
}

/** A pass run to its end at once (the action recorder's, in an event
 * listener). */
function untilDone<T>(pass: Generator<void, T>): T {
  for (;;) {
    const r = pass.next();
    if (r.done) return r.value;
  }
}

/** A pass that gives the page's event loop a turn every SLICE_MS, as a
 * walk does: a huge page's own scripts and input are not held up. */
async function sliced<T>(pass: Generator<void, T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const r = pass.next();
    if (r.done) return r.value;
    if (performance.now() - since >= SLICE_MS) {
      await turn();
      since = performance.now();
    }
  }
}

/** What find by role looks for (the extension's find.ts byRole). */
export interface RoleQuery {
  role: string;
  /** Absent (or null): any name. */
  name?: string | null;
  exact: boolean;
  limit: number;
  /** The registry's owner and next number (walk.ts TreeOptions). */
  owner: string;
  next: number;
  maxScanElements: number;
  closedWatch?: [string, string];
}

/**
 * find by role: roleElements, each numbered by the registry as the
 * snapshot numbers it. Answers [number, role, name] of each and, as a walk
 * does, the closed roots still to hand over.
 */
export async function findByRole(q: RoleQuery): Promise<ClosedRootsToFind & { found: [number, string, string][] }> {
  const R = registryFor(q.owner, q.next);
  const want = q.name == null ? undefined : norm(q.name);
  const found = (await sliced(roleElements(R, q.role, want, q.exact, q.limit))).map(([el, name]): [number, string, string] => [numberOf(R, el), q.role, name]);
  return { found, ...closedRootsToFind(R, q) };
}

/** What find by text or by label looks for (the extension's find.ts byText). */
export interface TextQuery {
  kind: "text" | "label";
  want: string;
  exact: boolean;
  limit: number;
  /** The registry's owner and next number (walk.ts TreeOptions). */
  owner: string;
  next: number;
}

/**
 * find by text or label: findElements, each with the role and name the
 * snapshot gives it (accessible.ts; "generic" for none, its text for a
 * name when it has none) and numbered by the registry as the snapshot
 * numbers it, in one call. Chrome's accessibility tree answered the role
 * and name before, one element at a time, at ~2 ms each.
 */
export function findByText(q: TextQuery): [number, string, string][] {
  const R = registryFor(q.owner, q.next);
  return findElements(q.kind, q.want, q.exact, q.limit).map((el): [number, string, string] => {
    const role = roleOf(el, true) || "generic";
    const name = nameOf(el, role, MAX_FIND_NAME) || tidy((el as HTMLElement).innerText || el.textContent || "").slice(0, MAX_FIND_NAME);
    return [numberOf(R, el), role, name];
  });
}

/** A role target (role=ROLE[name="NAME"], the extension's role-target.ts)
 * to find in this document. */
export interface RoleTargetQuery {
  role: string;
  /** Absent: any name; else the whole name, case and white space aside. */
  name?: string;
  /** The registry whose handed-over closed roots are entered. */
  owner: string;
  maxScanElements: number;
  closedWatch?: [string, string];
}

/** The element a role target names (the first match: the pass stops
 * there), with the closed roots the pass could not see into. */
export async function roleTarget(q: RoleTargetQuery): Promise<ClosedRootsToFind & { first: Element | null }> {
  const R = registryFor(q.owner, 1);
  const found = await sliced(roleElements(R, q.role, q.name === undefined ? undefined : norm(q.name), true, 1));
  return { first: found[0]?.[0] ?? null, ...closedRootsToFind(R, q) };
}

/** The element a role target names, if no closed root may hide an
 * earlier match: "closed" when one may (see onTarget), "none" without a
 * match. */
async function roleTargetHere(q: RoleTargetQuery): Promise<Element | string> {
  const r = await roleTarget(q);
  if (r.hosts > 0 || (r.scan && r.closedNoted !== false)) return "closed";
  return r.first ?? "none";
}

/** Whether the role target of role and name finds el and no other element
 * of its document (R: the registry whose closed roots it enters). */
export function roleTargetFindsOnly(el: Element, R: Registry, role: string, name: string): boolean {
  if (el.ownerDocument !== document) return false;
  const found = untilDone(roleElements(R, role, norm(name), true, 2));
  return found.length === 1 && found[0]![0] === el;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const targetMethods = {
  firstMatch: (_: unknown, [sel, pick]: [string, Pick]) => firstMatch(sel, pick),
  count: (_: unknown, [sel]: [string]) => count(sel),
  findByText: (_: unknown, [q]: [TextQuery]) => findByText(q),
  findByRole: (_: unknown, [q]: [RoleQuery]) => findByRole(q),
  roleTarget: (_: unknown, [q]: [RoleTargetQuery]) => roleTarget(q),
};
