// Before a pointer press: the element must be attached, visible, enabled
// and still (its box the same in two animation frames), scrolled into
// view, and the point to press must hit it in its own frame's document
// (or a descendant, or a label of it), not an overlay, a fixed header or
// the frame above. Until then the action waits, polling, up to the call's
// budget; then it fails with the reason (covered names the element on top).
// After the check, a capturing listener in the element's window (the
// isolated world's, which runs before the page's own) stops a press that
// would reach another element after all (a button that moved away on
// hover): nothing else is pressed, and the action tries again.
//
// One in-page call (src/injected/elements/actionability.ts) does the checks and arms the listener; one CDP call maps
// the point into the tab's viewport (DOM.getContentQuads, correct at every
// frame depth after the scroll, plus an out-of-process frame's offset); one
// in-page call after the press reads what the listener saw.

import { RpcError, type Reason } from "../../types";
import { DialogOpenError, send } from "../core/debugger";
import { offsetOf } from "./geometry";
import { objectSession } from "../snapshot/refs";
import type { Point } from "../core/frames";
import { failed } from "../core/failed";
import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import type { CheckAnswer, CheckOptions, PointerKind } from "../../../injected/elements/actionability";
import { callInjected } from "../core/injected";
import { callAt, direct, type Place } from "./direct";
import type { Pick, TargetSpec } from "../targets/target";

export type { PointerKind };

/** What a pointer action pressed, as its result names it. */
export interface ActedOn {
  ref?: string;
  role: string;
  name: string;
}

const POLL_MS = [0, 20, 50, 100, 100, 250, 500];


const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface PressPoint extends Point {
  target: ActedOn;
}

export interface ActionOpts {
  kind: PointerKind;
  force: boolean;
  /** When the wait ends (Date.now() ms). */
  deadline: number;
  label: string;
  ref?: string;
}

function why(a: CheckAnswer, label: string): string {
  switch (a.state) {
    case "not_visible":
      return `${label} is not visible: ${a.detail ?? "it has no box"}`;
    case "not_enabled":
      return `${label} is disabled`;
    case "detached":
      return `${label} was removed from the page`;
    case "not_stable":
      return `${label} kept moving (its box changed between animation frames)`;
    case "covered":
      return a.top ? `${label} is covered: ${a.top} would receive the press${a.detail ? ` (${a.detail})` : ""}` : `${label}: ${a.detail ?? "covered"}`;
  }
  return `${label}: ${a.state}${a.detail ? `: ${a.detail}` : ""}`;
}

async function inPage<N extends MethodName>(tabId: number, objectId: string, name: N, args: ArgsOf<N>): Promise<ResultOf<N>> {
  const r = await callInjected(tabId, { objectId }, name, args);
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    // The element's document went away mid-call.
    throw failed(`the element's page did not answer: ${d.exception?.description ?? d.text}`, "detached");
  }
  return r.result.value as ResultOf<N>;
}

/** Maps a point of the element's frame viewport to the tab's viewport. */
async function toTab(tabId: number, objectId: string, a: CheckAnswer): Promise<Point | null> {
  // The top document's client coordinates are the tab's viewport's: no
  // round trip to map them.
  if (a.topViewport && objectSession(tabId, objectId) === undefined) return { x: a.x!, y: a.y! };
  let quads: number[][];
  try {
    quads = (await send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId })).quads;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return null;
  }
  if (a.via !== 0) {
    // The label or descendant's box was pressed: the element's own quads
    // may be absent; its frame's offset is then found from the document.
    if (quads.length === 0) return null;
  }
  let minX = Infinity;
  let minY = Infinity;
  for (const q of quads) {
    for (let i = 0; i + 1 < q.length; i += 2) {
      minX = Math.min(minX, q[i]!);
      minY = Math.min(minY, q[i + 1]!);
    }
  }
  if (!Number.isFinite(minX)) return null;
  const off = await offsetOf(tabId, objectId);
  return { x: minX - a.bx! + a.x! + off.x, y: minY - a.by! + a.y! + off.y };
}

async function toTabByDocument(tabId: number, objectId: string, a: CheckAnswer): Promise<Point> {
  const r = await callInjected(tabId, { objectId }, "documentElement", [], { returnByValue: false });
  const de = r.result.objectId;
  if (!de) throw failed("the element's document has no root", "detached");
  const [q, origin] = await Promise.all([
    send<{ quads: number[][] }>(tabId, "DOM.getContentQuads", { objectId: de }),
    inPage(tabId, objectId, "documentOrigin", []),
  ]);
  const quad = q.quads[0];
  if (!quad) throw failed("the element's document has no box", "not_visible");
  const off = await offsetOf(tabId, objectId);
  const minX = Math.min(quad[0]!, quad[2]!, quad[4]!, quad[6]!);
  const minY = Math.min(quad[1]!, quad[3]!, quad[5]!, quad[7]!);
  return { x: minX - origin[0]! + a.x! + off.x, y: minY - origin[1]! + a.y! + off.y };
}

/**
 * Waits until the element can take the pointer action and answers the point
 * to press in the tab's viewport. Fails with not_visible, not_enabled,
 * detached, not_stable or covered once the deadline passes (detached at
 * once: a removed element does not come back).
 */
export async function pressPoint(tabId: number, objectId: string, o: ActionOpts): Promise<PressPoint> {
  let last: CheckAnswer | undefined;
  for (let attempt = 0; ; attempt++) {
    const a = await inPage(tabId, objectId, "actionCheck", [checkOptions(o.kind, o.force, attempt)]);
    if (!a || typeof a !== "object") throw failed(`${o.label}: the page did not answer the check`, "failed");
    if (a.state === "ok") {
      const pt = (await toTab(tabId, objectId, a)) ?? (await toTabByDocument(tabId, objectId, a));
      return { ...pt, target: { ref: o.ref, role: a.role ?? "generic", name: a.name ?? "" } };
    }
    last = a;
    if (a.state === "detached") throw failed(why(a, o.label), "detached");
    if (Date.now() >= o.deadline) break;
    await sleep(Math.min(POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!, Math.max(0, o.deadline - Date.now())));
  }
  throw failed(why(last!, o.label), last!.state as Reason);
}

/** The check's options for a try (0 the first): scrolled into view if
 * needed, then in other alignments. */
export function checkOptions(kind: PointerKind, force: boolean, attempt: number): CheckOptions {
  const scroll = attempt === 0 ? 1 : attempt < 2 ? 1 : 2 + ((attempt - 2) % 4);
  return { force, kind, scroll, enabled: kind !== "hover" };
}

/**
 * The first try in one round trip (direct.ts): the target found and checked
 * in the same in-page call. Answers the point when the check passed in the
 * top document's own viewport (its client coordinates are the tab's);
 * undefined for anything else (not there yet, not ready, in a frame): the
 * long way (resolveSpec, pressPoint) then waits, maps or fails as it does.
 */
export async function pressPointDirect(
  tabId: number,
  spec: TargetSpec,
  pick: Pick,
  kind: PointerKind,
  force: boolean,
): Promise<(PressPoint & { where: Place }) | undefined> {
  const d = await direct(tabId, spec, pick, "actionCheck", [checkOptions(kind, force, 0)]);
  if (!d || !("value" in d)) return undefined;
  const a = d.value;
  if (!a || typeof a !== "object" || a.state !== "ok" || !a.topViewport || d.where.session !== undefined) return undefined;
  const ref = "ref" in spec ? spec.ref : undefined;
  return { x: a.x!, y: a.y!, target: { ref, role: a.role ?? "generic", name: a.name ?? "" }, where: d.where };
}

/** What the armed listener saw since pressPoint: a stray press is "covered". */
export async function pressVerdict(tabId: number, objectId: string, keep = false): Promise<{ ok: boolean; stray: string }> {
  return pressVerdictAt(tabId, { objectId }, keep);
}

/** pressVerdict in the world a direct check ran in (pressPointDirect). */
export async function pressVerdictAt(tabId: number, where: Place, keep = false): Promise<{ ok: boolean; stray: string }> {
  try {
    const r = await callAt(tabId, where, "guardVerdict", [keep]);
    if (r.exceptionDetails) throw new Error("the element's page did not answer");
    const v = r.result.value;
    if (!v) return { ok: true, stray: "" };
    return { ok: !v.stray, stray: v.stray };
  } catch {
    // A dialog the press opened (a page handler ran: a stray press is
    // stopped before any handler sees it), or a navigation that took the
    // page away: the press reached its element. call.ts reports the dialog.
    return { ok: true, stray: "" };
  }
}

/** Disarms the listener pressPoint armed; never fails. */
export async function disarm(tabId: number, objectId: string): Promise<void> {
  await inPage(tabId, objectId, "guardDisarm", []).catch(() => undefined);
}

export function strayError(label: string, stray: string): RpcError {
  return failed(`${label} is covered: the press went to ${stray}, which did not receive it (stopped)`, "covered");
}
