// One round trip for an element command: the in-page call that finds the
// target (a CSS selector or text= in the top document, a ref in its
// document's isolated world) also acts on it (the actionability check,
// fill, focus, a read: src/injected/elements/targets.ts onTarget). Only the
// first try goes this way; a target not there yet (its waiting, its
// not_found / not_visible errors), a role= target whose document may hold
// closed shadow roots not handed over yet, a frame= target, or an answer
// that needs the element itself (a point to map from a frame) take the long way
// (target.ts resolveSpec, then a call on the objectId), which says and
// does exactly what it did before.

import { unlessDialog } from "../core/debugger";
import { callInjected, type CallOptions, type Where } from "../core/injected";
import { dropContext, isolatedContext } from "../core/world";
import { CLOSED_WATCH } from "../snapshot/closed-roots";
import { refNotFound, refPlace } from "../snapshot/refs";
import { isRoleTarget, parseRoleTarget, roleQuery } from "../targets/role-target";
import { isFrameTarget } from "../targets/frame-target";
import type { Pick, TargetSpec } from "../targets/target";
import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import type { TargetKey } from "../../../injected/elements/targets";
import { RpcError } from "../../types";

/** Where the one call ran: the world of the element's document. */
export type Place = Where;

/** What the one call answered: the method's value or its exception's text,
 * and where it ran (the press verdict is read there). */
export type Direct<N extends MethodName> = { where: Place } & ({ value: ResultOf<N> } | { exception: string });

/** Calls an in-page method where a direct call ran. */
export function callAt<N extends MethodName>(tabId: number, where: Place, name: N, args: ArgsOf<N>, opts: CallOptions = {}) {
  return callInjected(tabId, where, name, args, opts);
}

/**
 * Calls the in-page method `name` on the element of `spec` in one round
 * trip. Undefined: no element yet, or a target this cannot find (take the
 * long way). A ref of another document, or whose element is gone, fails
 * 4109 as resolveRef does.
 */
export async function direct<N extends MethodName>(
  tabId: number,
  spec: TargetSpec,
  pick: Pick,
  name: N,
  args: ArgsOf<N>,
  opts: CallOptions = {},
): Promise<Direct<N> | undefined> {
  let key: TargetKey;
  let r;
  let where: Place;
  if ("ref" in spec) {
    const p = refPlace(tabId, spec.ref);
    key = { num: p.num };
    where = p.session === undefined ? { contextId: p.contextId } : { contextId: p.contextId, session: p.session };
    // As resolveRef: a dialog is a dialog; a context gone is a stale ref.
    r = await unlessDialog(callInjected(tabId, where, "onTarget", [key, name, args as unknown[]], opts), (e) => {
      throw e instanceof RpcError ? refNotFound(spec.ref) : e;
    });
  } else {
    // a frame= target is found by the extension, frame by frame
    if (isFrameTarget(spec.selector)) return undefined;
    key = isRoleTarget(spec.selector) ? { role: roleQuery(parseRoleTarget(spec.selector), CLOSED_WATCH) } : { sel: spec.selector, pick };
    // The tab's isolated world, by its context: what comes after (the
    // press verdict) asks that document, not a next one.
    where = { contextId: await isolatedContext(tabId) };
    // The document went away under the call: the long way waits for the next.
    const answered = await unlessDialog(callInjected(tabId, where, "onTarget", [key, name, args as unknown[]], opts), (e) => {
      if (!(e instanceof RpcError) || !/context/i.test(e.message)) throw e;
      return undefined;
    });
    if (!answered) {
      dropContext(tabId);
      return undefined;
    }
    r = answered;
  }
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    return { where, exception: d.exception?.description ?? d.text ?? "exception" };
  }
  const v = r.result.value as { miss: string } | { hit: ResultOf<N> } | undefined;
  if (!v || typeof v !== "object") return undefined;
  if ("miss" in v) {
    if ("ref" in spec) throw refNotFound(spec.ref);
    return undefined;
  }
  return { where, value: v.hit };
}
