// The pointer actions' one flow: resolve the target (waiting for it, as
// every target waits: target.ts), wait until the element can take the
// press and hit-test it (actionable.ts), bring the tab to the front, press,
// and read what the page's armed listener saw. A press is done only when
// the element's own window saw its trusted events at the element (or its
// descendant or label). One the listener stopped (it would have reached
// another element of that window) or that never arrived there (it went to
// another frame, or nowhere) is tried again from the scroll until the
// budget ends, then fails `missed` naming what was at the point.

import type { ActedOn } from "../../protocol.gen";
import { waitMsOf } from "../core/deadline";
import { ensureForeground, tabNow } from "../core/foreground";
import { missedError, missedErrorOf, pressPoint, pressPointDirect, pressVerdict, pressVerdictAt, type PointerKind, type PressPoint } from "./actionable";
import { releaseActionObjects } from "../snapshot/refs";
import { resolveSpec, type Pick, type TargetSpec } from "../targets/target";

/** When an action's waiting ends (deadline.ts waitMsOf). */
export function deadlineOf(budgetMs: number): number {
  return Date.now() + waitMsOf(budgetMs);
}

export interface PointerStep {
  kind: PointerKind;
  spec: TargetSpec;
  force: boolean;
  deadline: number;
  /** How a selector picks its element (check: a hidden input too). */
  pick?: Pick;
}

/** Resolves the step's target and answers its press point (not yet pressed). */
export async function aim(tabId: number, s: PointerStep): Promise<PressPoint & { objectId: string }> {
  const t = await resolveSpec(tabId, s.spec, s.pick ?? "visible", Math.max(0, s.deadline - Date.now()));
  const ref = "ref" in s.spec ? s.spec.ref : undefined;
  const pt = await pressPoint(tabId, t.objectId, { kind: s.kind, force: s.force, deadline: s.deadline, label: t.label, ref });
  return { ...pt, objectId: t.objectId };
}

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
      // Found and checked in one in-page call when it can be; else the
      // long way (waiting for the target, mapping a frame's point).
      const fast = await pressPointDirect(tabId, s.spec, s.pick ?? "visible", s.kind, s.force);
      const pt = fast ?? (await aim(tabId, s));
      // Mouse events into a background tab take seconds: the tab comes to
      // the front first (the checks above work either way). One that was
      // in front when asked and lost it during a long wait for the target
      // is asked again.
      await ensureForeground(tabId, fast ? tab : undefined);
      await press(pt);
      if (s.force) return pt.target;
      const v = fast ? await pressVerdictAt(tabId, fast.where) : await pressVerdict(tabId, (pt as { objectId: string }).objectId);
      if (v.ok) return pt.target;
      const label = pt.target.ref ?? (pt.target.name ? `${pt.target.role} ${JSON.stringify(pt.target.name)}` : pt.target.role);
      if (Date.now() >= s.deadline) {
        throw fast ? await missedError(tabId, label, v, pt) : await missedErrorOf(tabId, (pt as { objectId: string }).objectId, label, v, pt);
      }
      releaseActionObjects(tabId);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    releaseActionObjects(tabId);
  }
}
