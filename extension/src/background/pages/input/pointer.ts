// The pointer action (click, hover, check, drag's ends), top to bottom, as
// Playwright's server/dom.ts _retryPointerAction/_performPointerAction:
//
//   1. find the target (waiting for it, as every target waits: target.ts);
//   2. wait until it can take the press: attached, visible, enabled and
//      still (its box the same in two animation frames), scrolled into view
//      (other alignments on later tries), and the point to press hits it in
//      its own frame's document (or a descendant, or a label of it), not an
//      overlay, a fixed header or the frame above; one in-page call does
//      these checks (src/injected/elements/actionability.ts) and arms a
//      capturing listener in the element's window;
//   3. the point in the tab's viewport (geometry.ts: a frame's offset, and
//      measures until two agree while the frames above scroll);
//   4. above an out-of-process frame, each parent document must have the
//      frame at the point (hit-tested there);
//   5. the tab to the front, and the press (mouse.ts);
//   6. the verdict: what the armed listener saw. A press is done only when
//      the element's own window saw its trusted events at the element. One
//      the listener stopped (it would have reached another element of that
//      window: a button that moved away on hover) or that never arrived
//      (it went to another frame, or nowhere) is tried again from 1 until
//      the budget ends, then fails `missed` naming what was at the point.
//
// Until the element can take the press (2-4) the action polls, up to the
// call's budget, then fails with the reason (covered names the element on
// top). `force` skips 2's checks, 4 and 6. The first try finds and checks
// the target in one round trip when it can (direct.ts).

import type { CheckAnswer, CheckOptions, PointerKind } from "../../../injected/elements/actionability";
import type { ActedOn } from "../../protocol.gen";
import { RpcError, type Reason } from "../../types";
import { waitMsOf } from "../core/deadline";
import { send, sendIn, unlessDialog } from "../core/debugger";
import { failed } from "../core/failed";
import { ensureForeground, tabNow } from "../core/foreground";
import { frameOwnerElement, sessionChain } from "../core/frames";
import { callInjected, valueOf } from "../core/injected";
import { objectSession, releaseActionObjects } from "../snapshot/refs";
import { resolveSpec, type Pick, type TargetSpec } from "../targets/target";
import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import { callAt, direct, type Place } from "./direct";
import { sessionOffset, settledPoint, type Point } from "./geometry";

export type { PointerKind };

export interface PointerStep {
  kind: PointerKind;
  spec: TargetSpec;
  force: boolean;
  deadline: number;
  /** How a selector picks its element (check: a hidden input too). */
  pick?: Pick;
}

/** A point to press in the tab's viewport, and what is pressed there. */
export interface PressPoint extends Point {
  target: ActedOn;
}

/** Where a press point came from: the one-round-trip check (where it ran)
 * or the long way (the element's objectId). */
type Aimed = PressPoint & ({ where: Place } | { objectId: string });

/** When an action's waiting ends (deadline.ts waitMsOf). */
export function deadlineOf(budgetMs: number): number {
  return Date.now() + waitMsOf(budgetMs);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The pause before a press that missed is tried again. */
const RETRY_MS = 50;

/**
 * One pointer action on one target: press(pt) sends the mouse events.
 * Answers the element pressed.
 */
export async function pointerAction(
  tabId: number,
  s: PointerStep,
  press: (pt: PressPoint) => Promise<void>,
): Promise<ActedOn> {
  try {
    for (;;) {
      // Whether the tab is in front is asked of the browser beside the check.
      const tab = tabNow(tabId);
      // 1-4: found and checked in one in-page call when it can be; else the
      // long way (waiting for the target, mapping a frame's point).
      const fast = await pressPointDirect(tabId, s.spec, s.pick ?? "visible", s.kind, s.force);
      const pt: Aimed = fast ?? (await aim(tabId, s));
      // 5: mouse events into a background tab take seconds: the tab comes
      // to the front first (the checks above work either way). One that
      // was in front when asked and lost it during a long wait for the
      // target is asked again.
      await ensureForeground(tabId, fast ? tab : undefined);
      await press(pt);
      if (s.force) return pt.target;
      // 6: done when the element's own window saw the press; else again,
      // until the deadline.
      const v = await verdictOf(tabId, pt);
      if (v.ok) return pt.target;
      if (Date.now() >= s.deadline) throw await missedAt(tabId, pt, v);
      releaseActionObjects(tabId);
      await sleep(RETRY_MS);
    }
  } finally {
    releaseActionObjects(tabId);
  }
}

// ---- 1-4: the target, ready to take the press ----

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

/** Resolves the step's target and answers its press point (not yet pressed). */
export async function aim(tabId: number, s: PointerStep): Promise<PressPoint & { objectId: string }> {
  const t = await resolveSpec(tabId, s.spec, s.pick ?? "visible", Math.max(0, s.deadline - Date.now()));
  const ref = "ref" in s.spec ? s.spec.ref : undefined;
  const pt = await pressPoint(tabId, t.objectId, { kind: s.kind, force: s.force, deadline: s.deadline, label: t.label, ref });
  return { ...pt, objectId: t.objectId };
}

export interface ActionOpts {
  kind: PointerKind;
  force: boolean;
  /** When the wait ends (Date.now() ms). */
  deadline: number;
  label: string;
  ref?: string;
}

/** The pauses between checks, growing. */
const POLL_MS = [0, 20, 50, 100, 100, 250, 500];

/**
 * Waits until the element can take the pointer action and answers the point
 * to press in the tab's viewport. Fails with not_visible, not_enabled,
 * detached, not_stable or covered once the deadline passes (detached at
 * once: a removed element does not come back).
 */
export async function pressPoint(tabId: number, objectId: string, o: ActionOpts): Promise<PressPoint> {
  let last: CheckAnswer | undefined;
  for (let attempt = 0; ; attempt++) {
    const tried = Date.now();
    // 2: visible, enabled, still, scrolled, hit in its own document.
    const a = await inPage(tabId, objectId, "actionCheck", [checkOptions(o.kind, o.force, attempt)]);
    if (!a || typeof a !== "object") throw failed(`${o.label}: the page did not answer the check`, "failed");
    if (a.state === "ok") {
      // 3: the point in the tab; 4: no page above covers its frame there.
      const pt = await settledPoint(tabId, objectId, a, o.deadline, o.force);
      const over = pt && !o.force ? await overFrames(tabId, objectId, pt) : null;
      if (pt && !over) return { ...pt, target: { ref: o.ref, role: a.role ?? "generic", name: a.name ?? "" } };
      // Outside the tab's viewport once every ancestor scrolled (one
      // clamped at its end), or under something of a page above: another
      // alignment, until the deadline. The armed listener is not needed.
      await disarm(tabId, objectId);
      last = over
        ? { state: "covered", top: over, detail: "over its frame, in the page above" }
        : { state: "covered", top: "", detail: "its point is outside the tab's viewport after every frame above it scrolled" };
    } else {
      last = a;
      if (a.state === "detached") throw failed(why(a, o.label), "detached");
    }
    // A try that would end past the deadline only delays the answer that
    // says why: on a busy machine one try can take longer than the margin
    // the budget keeps for that answer (deadline.ts waitMsOf), and the
    // caller then hears a bare "timed out". So the pause is cut to start
    // the last try as late as it can still end by the deadline (as long as
    // the one before took), not skipped: the page gets the whole wait.
    const lastStart = o.deadline - (Date.now() - tried);
    if (Date.now() >= lastStart) break;
    await sleep(Math.min(POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!, lastStart - Date.now()));
  }
  throw failed(why(last!, o.label), last!.state as Reason);
}

/** The check's options for a try (0 the first): scrolled into view if
 * needed, then in other alignments. */
export function checkOptions(kind: PointerKind, force: boolean, attempt: number): CheckOptions {
  const scroll = attempt === 0 ? 1 : attempt < 2 ? 1 : 2 + ((attempt - 2) % 4);
  return { force, kind, scroll, enabled: kind !== "hover" };
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


/** An in-page method's value on the element; its document gone mid-call fails detached. */
function inPage<N extends MethodName>(tabId: number, objectId: string, name: N, args: ArgsOf<N>): Promise<ResultOf<N>> {
  return valueOf(tabId, { objectId }, name, args, (why) => failed(`the element's page did not answer: ${why}`, "detached"));
}

/**
 * The hit-test the element's own document cannot run: at each
 * out-of-process frame boundary above it, the document holding the frame's
 * iframe must have that iframe at the point, and so must each same-origin
 * frame above it (injected ownerHit, in that document's isolated world).
 * Answers what is there instead, or null when every hop is the frame.
 */
async function overFrames(tabId: number, objectId: string, pt: Point): Promise<string | null> {
  const s = objectSession(tabId, objectId);
  if (s === undefined) return null;
  for (const hop of sessionChain(tabId, s)) {
    const group = `browserctl-hit-${++hitGroups}`;
    try {
      // No answer to judge by (null): the verdict after the press judges.
      const over = await unlessDialog(ownerHitAt(tabId, hop, pt, group), () => null);
      if (over === null) return null;
      if (over) return over;
    } finally {
      sendIn(tabId, hop.parent, "Runtime.releaseObjectGroup", { objectGroup: group }, 5_000).catch(() => {});
    }
  }
  return null;
}

/** What the document holding hop's iframe has at pt (tab viewport) instead
 * of the iframe; "" when the iframe is there. */
async function ownerHitAt(tabId: number, hop: { sessionId: string; frameId: string; parent?: string }, pt: Point, group: string): Promise<string> {
  const [iframe, off] = await Promise.all([frameOwnerElement(tabId, hop.parent, hop.frameId, group), sessionOffset(tabId, hop.sessionId)]);
  if (!iframe) return "";
  const r = await callInjected(tabId, { objectId: iframe, session: hop.parent }, "ownerHit", [pt.x - off.x, pt.y - off.y]);
  return r.exceptionDetails ? "" : (r.result.value ?? "");
}

let hitGroups = 0;


// ---- 6: the verdict ----

/** What the press's armed listener saw: in the world the one-round-trip
 * check ran in, or on the element. */
function verdictOf(tabId: number, pt: Aimed): Promise<Verdict> {
  return "where" in pt ? pressVerdictAt(tabId, pt.where) : pressVerdict(tabId, pt.objectId);
}

/** What a press did, as the element's own window saw it: ok only when the
 * trusted events reached the element (or its descendant or label); stray
 * names the element of that window they reached instead ("" when none
 * arrived there at all: they went to another window). */
export interface Verdict {
  ok: boolean;
  stray: string;
}

/** Reads of the verdict while the press's events may still be on their way
 * to an out-of-process frame. */
const VERDICT_READS = 6;
const VERDICT_READ_MS = 25;

/** What the armed listener saw since pressPoint. */
export async function pressVerdict(tabId: number, objectId: string, keep = false): Promise<Verdict> {
  return pressVerdictAt(tabId, { objectId }, keep);
}

/** pressVerdict in the world a direct check ran in (pressPointDirect). */
export async function pressVerdictAt(tabId: number, where: Place, keep = false): Promise<Verdict> {
  try {
    for (let i = 0; ; i++) {
      const r = await callAt(tabId, where, "guardVerdict", [true]);
      if (r.exceptionDetails) throw new Error("the element's page did not answer");
      const v = r.result.value;
      // None armed (a kind without a guard, or a document that replaced
      // the armed one): nothing to judge by.
      if (!v || v.seen < 0) return { ok: true, stray: "" };
      const done = v.stray !== "" || v.seen > 0 || i + 1 >= VERDICT_READS;
      if (done) {
        if (!keep) await callAt(tabId, where, "guardDisarm", []).catch(() => undefined);
        return { ok: v.seen > 0 && !v.stray, stray: v.stray };
      }
      await sleep(VERDICT_READ_MS);
    }
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

/** The missed press's error, naming the target as its result would. */
async function missedAt(tabId: number, pt: Aimed, v: Verdict): Promise<RpcError> {
  const label = pt.target.ref ?? (pt.target.name ? `${pt.target.role} ${JSON.stringify(pt.target.name)}` : pt.target.role);
  return "where" in pt ? missedError(tabId, label, v, pt) : missedErrorOf(tabId, pt.objectId, label, v, pt);
}

/** The press did not reach the element: it went to stray in the
 * element's window (stopped there), or, with no stray, to what the top
 * frame has at the point. */
export async function missedError(tabId: number, label: string, v: Verdict, pt: Point): Promise<RpcError> {
  const at = `(${Math.round(pt.x)}, ${Math.round(pt.y)})`;
  if (v.stray) return failed(`${label} was missed: the press at ${at} went to ${v.stray}, which did not receive it (stopped)`, "missed");
  return failed(`${label} was missed: the press at ${at} never reached it; ${await whatIsAt(tabId, pt)} is at that point`, "missed");
}

/** missedError for the element objectId: a press that reached its own
 * frame yet not the element (an inert frame, a frame that moved) says so. */
export async function missedErrorOf(tabId: number, objectId: string, label: string, v: Verdict, pt: Point): Promise<RpcError> {
  if (v.stray) return missedError(tabId, label, v, pt);
  const chain = sessionChain(tabId, objectSession(tabId, objectId));
  const outer = chain[chain.length - 1];
  if (outer && outer.parent === undefined) {
    const overOwnFrame = async () => {
      const [at, owner] = await Promise.all([
        send<{ backendNodeId: number }>(tabId, "DOM.getNodeForLocation", { x: Math.round(pt.x), y: Math.round(pt.y), includeUserAgentShadowDOM: false, ignorePointerEventsNone: true }),
        sendIn<{ backendNodeId: number }>(tabId, undefined, "DOM.getFrameOwner", { frameId: outer.frameId }),
      ]);
      return at.backendNodeId === owner.backendNodeId;
    };
    if (await unlessDialog(overOwnFrame(), () => false)) {
      const at = `(${Math.round(pt.x)}, ${Math.round(pt.y)})`;
      return failed(`${label} was missed: the press at ${at} is over the frame it is in, yet nothing in that frame saw it (an inert frame, or one that moved)`, "missed");
    }
  }
  return missedError(tabId, label, v, pt);
}

/** What is at pt in the tab's viewport, for a missed press's message: the
 * element's own window saw nothing, so the top frame is asked. */
export async function whatIsAt(tabId: number, pt: Point): Promise<string> {
  const at = send<{ backendNodeId: number }>(tabId, "DOM.getNodeForLocation", {
    x: Math.round(pt.x),
    y: Math.round(pt.y),
    includeUserAgentShadowDOM: false,
    ignorePointerEventsNone: true,
  });
  return unlessDialog(
    at.then((n) => describeNode(tabId, undefined, n.backendNodeId)),
    () => "something else",
  );
}

/** A node of a session's document, briefly: tag#id (or .classes); a frame
 * named as one, with its src. */
async function describeNode(tabId: number, session: string | undefined, backendNodeId: number): Promise<string> {
  const described = sendIn<{ node: { nodeName: string; attributes?: string[] } }>(tabId, session, "DOM.describeNode", { backendNodeId });
  return unlessDialog(
    described.then(({ node }) => briefly(node)),
    () => "something else",
  );
}

/** A DOM.describeNode node as describeNode names it. */
function briefly(node: { nodeName: string; attributes?: string[] }): string {
  const attrs = node.attributes ?? [];
  const attr = (k: string) => {
    for (let i = 0; i + 1 < attrs.length; i += 2) if (attrs[i] === k) return attrs[i + 1]!;
    return "";
  };
  let d = node.nodeName.toLowerCase();
  if (attr("id")) d += "#" + attr("id");
  else if (attr("class")) d += "." + attr("class").trim().split(/\s+/).slice(0, 2).join(".");
  if (d.startsWith("iframe") || d.startsWith("frame")) {
    const src = attr("src");
    d = `another frame (${d}${src ? ` src=${JSON.stringify(src.length > 80 ? src.slice(0, 80) + "..." : src)}` : ""})`;
  }
  return d;
}
