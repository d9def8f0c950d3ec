// Targets of the element commands: a ref from a snapshot (refs.ts), a CSS
// selector, role=ROLE[name="NAME"] (role-target.ts) or text=WORDS /
// text="EXACT" (TEXT_MATCHES below). On the wire a target is the "ref" param or the "selector"
// param, never both (docs/protocol.md). A selector acts on the
// first match that is visible (rendered, not visibility:hidden, with a box);
// a selector that matches nothing visible fails with 4110 naming it.
//
// Selectors run in the extension's isolated world (world.ts): a page that
// replaced querySelectorAll cannot change what they find.

import type { OptionalMember } from "../../params";
import type { Untrusted } from "../../protocol.gen";
import { ErrorCode, RpcError, type Params } from "../../types";
import { DialogOpenError, send } from "../core/debugger";
import { ACTION_GROUP, resolveRef } from "../snapshot/refs";
import { isRoleTarget, resolveRoleTarget } from "./role-target";
import { dropContext, isolatedContext } from "../core/world";
import { failed } from "../core/failed";

export interface Target {
  /** The element's objectId, in the ACTION_GROUP (releaseActionObjects frees it). */
  objectId: string;
  /** How messages name it: the ref, or the selector in quotes. */
  label: string;
}

export type TargetSpec = { ref: string } | { selector: string };

/**
 * Which param names carry a target: ref/selector, or toRef/toSelector for
 * drag's destination. Both are optional members of the method's params
 * (rpc/), so naming one the method does not declare does not compile.
 */
export interface TargetKeys<P> {
  ref: OptionalMember<P>;
  selector: OptionalMember<P>;
}

/**
 * The params of a method whose target is "ref" or "selector": params that
 * declare neither are not accepted (TypeScript's check of all-optional
 * types).
 */
type Targeted = Untrusted<{ ref?: string; selector?: string }>;

const DEFAULT_KEYS = { ref: "ref", selector: "selector" } as const;

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}


/** The target in the params, if any; -32602 for a wrongly typed or doubled one. */
export function targetOf(p: Targeted): TargetSpec | undefined;
export function targetOf<P>(p: Untrusted<P>, keys: TargetKeys<P>): TargetSpec | undefined;
export function targetOf(p: Targeted, keys: { ref: string; selector: string } = DEFAULT_KEYS): TargetSpec | undefined {
  const ref = (p as Params)[keys.ref];
  const selector = (p as Params)[keys.selector];
  const has = (v: unknown) => v !== undefined && v !== null && v !== "";
  if (has(ref) && typeof ref !== "string") throw invalid(`"${keys.ref}" must be a non-empty string`);
  if (has(selector) && typeof selector !== "string") throw invalid(`"${keys.selector}" must be a non-empty string`);
  if (has(ref) && has(selector)) throw invalid(`give "${keys.ref}" or "${keys.selector}", not both`);
  if (has(ref)) return { ref: ref as string };
  if (has(selector)) return { selector: selector as string };
  return undefined;
}

/** The target the params must carry; -32602 naming both params when none. */
export function requireTarget(p: Targeted): TargetSpec;
export function requireTarget<P>(p: Untrusted<P>, keys: TargetKeys<P>): TargetSpec;
export function requireTarget(p: Targeted, keys: { ref: string; selector: string } = DEFAULT_KEYS): TargetSpec {
  const t = targetOf<Params>(p as Params, keys);
  if (!t) throw invalid(`"${keys.ref}" must be a non-empty string (or give "${keys.selector}", a CSS selector)`);
  return t;
}

export function labelOf(t: TargetSpec): string {
  return "ref" in t ? t.ref : JSON.stringify(t.selector);
}

/** How a selector picks its element. */
export type Pick = "visible" | "visibleElseFirst";

/**
 * The element of a target. A ref answers at once (it exists or it is
 * stale); a selector, role= or text= target waits up to waitMs (the call's
 * budget, when the caller passes it) for a match, polling as the page
 * changes, then fails not_found (or not_visible when it matches only
 * hidden elements). Without waitMs a selector is tried once, a role target
 * waits ROLE_WAIT_MS as before.
 */
export async function resolveSpec(tabId: number, t: TargetSpec, pick: Pick = "visible", waitMs?: number): Promise<Target> {
  if ("ref" in t) return { objectId: await resolveRef(tabId, t.ref), label: t.ref };
  const label = JSON.stringify(t.selector);
  if (waitMs === undefined) return { objectId: await resolveSelector(tabId, t.selector, pick), label };
  const deadline = Date.now() + waitMs;
  for (let i = 0; ; i++) {
    try {
      return { objectId: await resolveSelectorOnce(tabId, t.selector, pick), label };
    } catch (e) {
      const waitable = e instanceof RpcError && !(e instanceof DialogOpenError) && (e.reason === "not_found" || e.reason === "not_visible" || /context/i.test(e.message));
      if (!waitable || Date.now() >= deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, Math.min(TARGET_POLL_MS[Math.min(i, TARGET_POLL_MS.length - 1)]!, Math.max(0, deadline - Date.now()))));
  }
}

const TARGET_POLL_MS = [20, 50, 100, 100, 200];

interface CallResult {
  result: { type: string; subtype?: string; objectId?: string; value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/**
 * Calls fn (a function declaration) with args in the tab's isolated world,
 * retrying once with a fresh world when the old one's document went away.
 */
export async function callInWorld(
  tabId: number,
  fn: string,
  args: unknown[],
  opts: { returnByValue: boolean; objectGroup?: string },
): Promise<CallResult> {
  const call = async (): Promise<CallResult> =>
    send<CallResult>(tabId, "Runtime.callFunctionOn", {
      functionDeclaration: fn,
      executionContextId: await isolatedContext(tabId),
      arguments: args.map((value) => ({ value })),
      returnByValue: opts.returnByValue,
      objectGroup: opts.objectGroup,
    });
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof RpcError) || e instanceof DialogOpenError || !/context/i.test(e.message)) throw e;
    dropContext(tabId);
    return call();
  }
}

// Runs in the page. Self-contained: no closures over module values.
// Answers the element, or a string saying why there is none.
export const VISIBLE = `function isVisible(el) {
  if (!el.checkVisibility({ visibilityProperty: true })) return false;
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.height > 0) return true;
  for (const d of el.querySelectorAll("*")) {
    const q = d.getBoundingClientRect();
    if (q.width > 0 && q.height > 0) return true;
  }
  return false;
}`;

// text=WORDS: the innermost elements whose text contains WORDS, ignoring
// case and runs of whitespace; text="WORDS" (a JSON string): whose whole
// text is WORDS, case and whitespace aside. As find --text does.
export const TEXT_MATCHES = `function textMatches(spec) {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim().toLowerCase();
  let want = spec, exact = false;
  if (/^".*"$/.test(spec)) { try { want = JSON.parse(spec); exact = true; } catch (e) { return "invalid:text=" + spec + " is not a JSON string"; } }
  want = norm(want);
  if (!want) return "invalid:text= needs some text";
  const out = [];
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "TITLE"]);
  // Post-order: an element's text is its text nodes' and its children's
  // (scripts and styles left out); a match inside it takes precedence.
  const visit = (el) => {
    let text = "", inner = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.data;
      else if (c.nodeType === 1 && !SKIP.has(c.tagName)) {
        const [t, m] = visit(c);
        text += " " + t + " ";
        if (m) inner = true;
      }
    }
    if (inner) return [text, true];
    const t = norm(text);
    if (exact ? t === want : t.includes(want)) { out.push(el); return [text, true]; }
    return [text, false];
  };
  if (document.body) visit(document.body);
  return out;
}`;

const FIRST_MATCH = `function (sel, pick) {
  ${VISIBLE}
  ${TEXT_MATCHES}
  let all;
  if (sel.startsWith("text=")) { all = textMatches(sel.slice(5).trim()); if (typeof all === "string") return all; }
  else try { all = document.querySelectorAll(sel); } catch (e) { return "invalid:" + e.message; }
  for (const el of all) if (isVisible(el)) return el;
  if (pick === "visibleElseFirst" && all.length > 0) return all[0];
  return all.length === 0 ? "none" : "hidden:" + all.length;
}`;

/** The objectId of the first visible element matching selector (or, with visibleElseFirst, the first at all). */
export async function resolveSelector(tabId: number, selector: string, pick: Pick = "visible"): Promise<string> {
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector);
  return resolveSelectorOnce(tabId, selector, pick);
}

/** resolveSelector without any wait: a role target is looked up once. */
export async function resolveSelectorOnce(tabId: number, selector: string, pick: Pick = "visible"): Promise<string> {
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector, 0);
  const r = await callInWorld(tabId, FIRST_MATCH, [selector, pick], { returnByValue: false, objectGroup: ACTION_GROUP });
  if (r.exceptionDetails) {
    throw failed(`selector ${JSON.stringify(selector)}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  }
  if (r.result.objectId && r.result.subtype === "node") return r.result.objectId;
  const why = typeof r.result.value === "string" ? r.result.value : "none";
  throw selectorError(selector, why);
}

/** The error for a selector's "invalid:...", "none" or "hidden:N" answer. */
export function selectorError(selector: string, why: string): RpcError {
  if (why.startsWith("invalid:text=")) return invalid(`"selector" ${why.slice(8)}`);
  if (why.startsWith("invalid:")) {
    return invalid(`"selector" is not a valid CSS selector: ${JSON.stringify(selector)} (${why.slice(8)})`);
  }
  if (why.startsWith("hidden:")) {
    const n = why.slice(7);
    return failed(`no visible element matches the selector ${JSON.stringify(selector)} (${n} match${n === "1" ? "" : "es"}, none visible)`, "not_visible");
  }
  return failed(`no element matches the selector ${JSON.stringify(selector)}`, "not_found");
}
