// Targets of the element commands: a ref from a snapshot (refs.ts), a CSS
// selector, role=ROLE[name="NAME"] (role-target.ts) or text=WORDS /
// text="EXACT" (src/injected/elements/targets.ts), each of them in a frame
// as frame=FRAME >> TARGET (frame-target.ts, frame-scope.ts). On the wire a target is the "ref" param or the "selector"
// param, never both (docs/protocol.md). A selector acts on the
// first match that is visible (rendered, not visibility:hidden, with a box);
// a selector that matches nothing visible fails with 4110 naming it.
//
// Selectors run in the extension's isolated world (world.ts), in the
// injected script (src/injected/elements/targets.ts): a page that replaced
// querySelectorAll cannot change what they find.

import type { OptionalMember } from "../../params";
import type { Untrusted } from "../../protocol.gen";
import { ErrorCode, RpcError, type Params, type Reason } from "../../types";
import { unlessDialog } from "../core/debugger";
import { ACTION_GROUP, resolveRef } from "../snapshot/refs";
import { isRoleTarget, resolveRoleTarget, ROLE_WAIT_MS } from "./role-target";
import { parseFrameTarget } from "./frame-target";
import { resolveInFrames } from "./frame-scope";
import { callInWorld } from "../core/world";
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
  // A frame target waits as a role target does (its frame may still be loading).
  if (waitMs === undefined && parseFrameTarget(t.selector)) waitMs = ROLE_WAIT_MS;
  if (waitMs === undefined) return { objectId: await resolveSelector(tabId, t.selector, pick), label };
  const deadline = Date.now() + waitMs;
  for (let i = 0; ; i++) {
    const objectId = await unlessDialog(resolveSelectorOnce(tabId, t.selector, pick), (e) => {
      const waitable = e instanceof RpcError && (e.reason === "not_found" || e.reason === "not_visible" || /context/i.test(e.message));
      if (!waitable || Date.now() >= deadline) throw e;
      return undefined;
    });
    if (objectId !== undefined) return { objectId, label };
    await new Promise((r) => setTimeout(r, Math.min(TARGET_POLL_MS[Math.min(i, TARGET_POLL_MS.length - 1)]!, Math.max(0, deadline - Date.now()))));
  }
}

const TARGET_POLL_MS = [20, 50, 100, 100, 200];

/** The objectId of the first visible element matching selector (or, with visibleElseFirst, the first at all). */
export async function resolveSelector(tabId: number, selector: string, pick: Pick = "visible"): Promise<string> {
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector);
  return resolveSelectorOnce(tabId, selector, pick);
}

/** resolveSelector without any wait: a role target is looked up once. */
export async function resolveSelectorOnce(tabId: number, selector: string, pick: Pick = "visible"): Promise<string> {
  const framed = parseFrameTarget(selector);
  if (framed) return resolveInFrames(tabId, framed, pick, (why) => selectorError(selector, why));
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector, 0);
  const r = await callInWorld(tabId, "firstMatch", [selector, pick], { returnByValue: false, objectGroup: ACTION_GROUP });
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
