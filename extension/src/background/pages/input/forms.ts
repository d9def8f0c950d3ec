// fill and select: set a field's value the way a framework notices (the
// native value setter, then bubbling input and change events).

import { requireStringArray, requireText } from "../../params";
import type { ActedOn, RequestParams } from "../../protocol.gen";
import type { Reason } from "../../types";
import { budgetOf, waitMsOf } from "../core/deadline";
import { callInjected } from "../core/injected";
import { releaseActionObjects } from "../snapshot/refs";
import { labelOf, requireTarget, resolveSpec, type TargetSpec } from "../targets/target";
import { direct } from "./direct";
import { failed } from "../core/failed";
import type { PageHandlers } from "../tables";


/** The reason of fill's answer (src/injected/elements/forms.ts). */
function fillReason(why: string): Reason {
  if (why.includes("disabled")) return "not_enabled";
  if (why.includes("cannot hold")) return "bad_input";
  return why.startsWith("the page set") ? "failed" : "not_editable";
}

/** The reason of select's error. */
function selectReason(why: string): Reason {
  if (why.includes("is disabled")) return "not_enabled";
  if (why.startsWith("no option") || why.startsWith("the select takes")) return "bad_input";
  return why.includes("is not a select") ? "not_editable" : "failed";
}

/** The field an action took, as its answer names it (the journal's target). */
export function actedOn(target: TargetSpec, v: unknown): ActedOn | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const { role, name } = v as { role?: unknown; name?: unknown };
  if (typeof role !== "string") return undefined;
  return { ...("ref" in target ? { ref: target.ref } : {}), role, name: typeof name === "string" ? name : "" };
}

export async function fill(tabId: number, p: RequestParams<"pages.fill">): Promise<{ ok: true; target?: ActedOn }> {
  const target = requireTarget(p);
  const value = requireText(p, "value");
  // Found and filled in one in-page call when the target is there.
  const d = await direct(tabId, target, "visible", "fill", [value], { userGesture: true });
  let v: unknown;
  if (d) {
    const ref = labelOf(target);
    if ("exception" in d) throw failed(`fill ${ref}: ${d.exception}`, "page_error");
    if (typeof d.value === "string" && d.value) throw failed(`fill ${ref}: ${d.value}`, fillReason(d.value));
    v = d.value;
  } else {
    const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
    try {
      const r = await callInjected(tabId, { objectId }, "fill", [value], { userGesture: true });
      if (r.exceptionDetails) throw failed(`fill ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
      if (typeof r.result.value === "string" && r.result.value) throw failed(`fill ${ref}: ${r.result.value}`, fillReason(r.result.value));
      v = r.result.value;
    } finally {
      releaseActionObjects(tabId);
    }
  }
  const acted = actedOn(target, v);
  return acted ? { ok: true, target: acted } : { ok: true };
}

export async function select(tabId: number, p: RequestParams<"pages.select">): Promise<{ selected: string[]; target?: ActedOn }> {
  const target = requireTarget(p);
  const values = requireStringArray(p, "values");
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    const r = await callInjected(tabId, { objectId }, "select", [values], { userGesture: true });
    if (r.exceptionDetails) throw failed(`select ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
    const v = r.result.value;
    if (!v || v.error || !Array.isArray(v.selected)) throw failed(`select ${ref}: ${v?.error ?? "no answer"}`, selectReason(v?.error ?? ""));
    const acted = actedOn(target, v);
    return acted ? { selected: v.selected, target: acted } : { selected: v.selected };
  } finally {
    releaseActionObjects(tabId);
  }
}

// This file's handlers (index.ts joins them).
export const formHandlers = {
  "pages.fill": fill,
  "pages.select": select,
} satisfies PageHandlers;
