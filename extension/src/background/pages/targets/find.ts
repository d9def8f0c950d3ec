// pages.find: elements by role and name, by text, or by label, each given a
// ref from the document's registry (src/injected/elements/registry.ts), the one
// every snapshot mode numbers by, so the same element keeps its ref between
// `find` and `snapshot`.
//
// - role: the elements `snapshot` shows with that role, by its own role and
//   name rules, found in the page (injected targets.ts findByRole; a tab
//   behind another too); name matches the accessible name.
// - text: the innermost visible elements whose text contains the text.
// - label: form controls named by a <label>, aria-label or aria-labelledby.
// Matching is case-insensitive on whitespace-collapsed text, a substring
// unless `exact`.

import { optionalBool, optionalInt, optionalString } from "../../params";
import type { RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, generation, send } from "../core/debugger";
import { savedCounters, saveCounters } from "../snapshot/ref-counters";
import { ACTION_GROUP, nextRefNumber, releaseActionObjects, setTreeRefs, type RefEntry } from "../snapshot/refs";
import { MAX_NAME, MAX_SCAN_ELEMENTS, OWNER } from "../snapshot/snapshot";
import { CLOSED_WATCH, withClosedRoots } from "../snapshot/closed-roots";
import type { RoleQuery } from "../../../injected/elements/targets";
import { isolatedContext } from "../core/world";
import { callInjected, valueOf } from "../core/injected";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";

export interface FindResult {
  elements: { ref: string; role: string; name: string }[];
}

interface AXValue {
  value?: unknown;
}
interface AXNode {
  ignored?: boolean;
  role?: AXValue;
  name?: AXValue;
  backendDOMNodeId?: number;
}

/** Most elements one find answers. */
export const DEFAULT_LIMIT = 100;

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

export function norm(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

export function textMatches(have: string, want: string, exact: boolean): boolean {
  const h = norm(have).toLowerCase();
  const w = norm(want).toLowerCase();
  return exact ? h === w : h.includes(w);
}

function clip(s: string): string {
  const t = norm(s);
  return t.length > MAX_NAME ? t.slice(0, MAX_NAME - 1) + "…" : t;
}

export async function find(tabId: number, p: RequestParams<"pages.find">): Promise<FindResult> {
  const role = optionalString(p, "role");
  const name = optionalString(p, "name");
  const text = optionalString(p, "text");
  const label = optionalString(p, "label");
  const exact = optionalBool(p, "exact") ?? false;
  const limit = optionalInt(p, "limit", 1) ?? DEFAULT_LIMIT;
  const kinds = [role, text, label].filter((v) => v).length;
  if (kinds !== 1) throw invalid(`give exactly one of "role", "text" or "label" (a non-empty string)`);
  if (name !== undefined && !role) throw invalid(`"name" goes with "role"`);
  await ensureAttached(tabId);
  const gen = generation(tabId);
  try {
    const entries = role
      ? await byRole(tabId, role, name, exact, limit)
      : await treeEntries(tabId, await inPage(tabId, text ? "text" : "label", (text || label)!, exact, limit));
    let next = 0;
    for (const e of entries) if (e.target.kind === "tree") next = Math.max(next, e.target.num + 1);
    setTreeRefs(tabId, gen, entries, next);
    saveCounters(tabId, { next: nextRefNumber(tabId), nextKey: 1 });
    return { elements: entries.map((e) => ({ ref: e.ref, role: e.role, name: e.name })) };
  } finally {
    releaseActionObjects(tabId);
  }
}

/**
 * The refs of what find found, from the main frame document's registry
 * (src/injected/elements/registry.ts), the one every snapshot mode numbers elements by: the
 * element find calls e3 is e3 in the next snapshot, and the other way round.
 */
async function treeEntries(tabId: number, found: Found[]): Promise<RefEntry[]> {
  if (found.length === 0) return [];
  const contextId = await isolatedContext(tabId);
  const next = await nextTreeNumber(tabId);
  // Every element into the world at once, then one in-page call numbers
  // them in order (each may take the registry's next number): two round
  // trips for any count, where one pair per element took ~2 ms each.
  const ids = await Promise.all(
    found.map((f) =>
      send<{ object: { objectId?: string } }>(tabId, "DOM.resolveNode", {
        backendNodeId: f.backendNodeId,
        executionContextId: contextId,
        objectGroup: ACTION_GROUP,
      }).then((n) => n.object.objectId),
    ),
  );
  const nums = await valueOf(
    tabId,
    { contextId },
    "registerEach",
    [OWNER, next],
    (why) => new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why}`),
    { objects: ids.map((objectId) => (objectId ? { objectId } : { value: null })) },
  );
  const out: RefEntry[] = [];
  found.forEach((f, i) => {
    const num = nums[i];
    if (typeof num !== "number" || num < 0) return;
    out.push(treeEntry(contextId, num, f.role, f.name));
  });
  return out;
}

/** The number the main document's registry gives the next element it meets. */
async function nextTreeNumber(tabId: number): Promise<number> {
  return Math.max(nextRefNumber(tabId), (await savedCounters(tabId)).next);
}

function treeEntry(contextId: number, num: number, role: string, name: string): RefEntry {
  return { ref: `e${num}`, role, name, target: { kind: "tree", contextId, num, main: true } };
}

interface Found {
  backendNodeId: number;
  role: string;
  name: string;
}

/**
 * The elements the snapshot shows with role (and a matching name), found,
 * named and numbered in the page in one call (injected targets.ts
 * findByRole): the snapshot's own rules, so find and snapshot agree on
 * roles, names and refs, in a tab behind another too.
 */
async function byRole(tabId: number, role: string, name: string | undefined, exact: boolean, limit: number): Promise<RefEntry[]> {
  const contextId = await isolatedContext(tabId);
  const q: RoleQuery = { role, name, exact, limit, owner: OWNER, next: await nextTreeNumber(tabId), maxScanElements: MAX_SCAN_ELEMENTS };
  const res = await withClosedRoots(tabId, undefined, contextId, (watch) =>
    valueOf(tabId, { contextId }, "findByRole", [watch ? { ...q, closedWatch: CLOSED_WATCH } : q], (why) =>
      new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why}`),
    ),
  );
  return res.found.map(([num, r, n]) => treeEntry(contextId, num, r, clip(n)));
}

async function inPage(tabId: number, kind: "text" | "label", want: string, exact: boolean, limit: number): Promise<Found[]> {
  const r = await callInWorld(tabId, "find", [kind, want, exact, limit], { returnByValue: false, objectGroup: ACTION_GROUP });
  if (r.exceptionDetails || !r.result.objectId) {
    const d = r.exceptionDetails;
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${d?.exception?.description ?? d?.text ?? "no result"}`);
  }
  const props = await send<{ result: { name: string; value?: { objectId?: string } }[] }>(tabId, "Runtime.getProperties", {
    objectId: r.result.objectId,
    ownProperties: true,
  });
  const els = props.result
    .filter((x) => /^\d+$/.test(x.name) && x.value?.objectId)
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map((x) => x.value!.objectId!);
  // One round of describeNode and one of the accessibility node, each in parallel.
  return Promise.all(
    els.map(async (objectId): Promise<Found> => {
      const d = await send<{ node: { backendNodeId: number } }>(tabId, "DOM.describeNode", { objectId });
      const backendNodeId = d.node.backendNodeId;
      const [ax, txt] = await Promise.all([
        send<{ nodes: AXNode[] }>(tabId, "Accessibility.getPartialAXTree", { backendNodeId, fetchRelatives: false }).catch(
          () => ({ nodes: [] as AXNode[] }),
        ),
        callInjected(tabId, { objectId }, "elementText", []),
      ]);
      const n = ax.nodes.find((x) => x.backendDOMNodeId === backendNodeId) ?? ax.nodes[0];
      const role = n && !n.ignored && typeof n.role?.value === "string" ? n.role.value : "generic";
      const axName = n && typeof n.name?.value === "string" ? n.name.value : "";
      const name = clip(axName || (typeof txt.result.value === "string" ? txt.result.value : ""));
      return { backendNodeId, role, name };
    }),
  );
}

// This file's handlers (index.ts joins them).
export const findHandlers = {
  "pages.find": find,
} satisfies PageHandlers;
