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
// Each with the role and name the snapshot gives it, found and numbered in
// the page in one call.
// Matching is case-insensitive on whitespace-collapsed text, a substring
// unless `exact`.

import { optionalBool, optionalInt, optionalString } from "../../params";
import type { RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, generation } from "../core/debugger";
import { savedCounters, saveCounters } from "../snapshot/ref-counters";
import { nextRefNumber, setTreeRefs, type RefEntry } from "../snapshot/refs";
import { MAX_NAME, MAX_SCAN_ELEMENTS, OWNER } from "../snapshot/snapshot";
import { withClosedRoots } from "../snapshot/closed-roots";
import type { RoleQuery, TextQuery } from "../../../injected/elements/targets";
import { isolatedContext } from "../core/world";
import { valueOf } from "../core/injected";
import type { PageHandlers } from "../tables";

export interface FindResult {
  elements: { ref: string; role: string; name: string }[];
}

/** Most elements one find answers. */
export const DEFAULT_LIMIT = 100;

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function norm(s: string): string {
  return s.replace(/\s+/g, " ").trim();
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
  // Both ways answer by value: no page object is kept to release.
  const entries = role
    ? await byRole(tabId, role, name, exact, limit)
    : await byText(tabId, text ? "text" : "label", (text || label)!, exact, limit);
  let next = 0;
  for (const e of entries) if (e.target.kind === "tree") next = Math.max(next, e.target.num + 1);
  setTreeRefs(tabId, gen, entries, next);
  saveCounters(tabId, { next: nextRefNumber(tabId), nextKey: 1 });
  return { elements: entries.map((e) => ({ ref: e.ref, role: e.role, name: e.name })) };
}

/** The number the main document's registry gives the next element it meets. */
async function nextTreeNumber(tabId: number): Promise<number> {
  return Math.max(nextRefNumber(tabId), (await savedCounters(tabId)).next);
}

function treeEntry(contextId: number, num: number, role: string, name: string): RefEntry {
  return { ref: `e${num}`, role, name, target: { kind: "tree", contextId, num, main: true } };
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
  const res = await withClosedRoots(tabId, undefined, contextId, (closedWatch) =>
    valueOf(tabId, { contextId }, "findByRole", [{ ...q, closedWatch }], (why) =>
      new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why}`),
    ),
  );
  return res.found.map(([num, r, n]) => treeEntry(contextId, num, r, clip(n)));
}

/**
 * The elements find by text or label finds, each with the role and name
 * the snapshot gives it, numbered in the page in one call (injected
 * targets.ts findByText).
 */
async function byText(tabId: number, kind: "text" | "label", want: string, exact: boolean, limit: number): Promise<RefEntry[]> {
  const contextId = await isolatedContext(tabId);
  const q: TextQuery = { kind, want, exact, limit, owner: OWNER, next: await nextTreeNumber(tabId) };
  const found = await valueOf(tabId, { contextId }, "findByText", [q], (why) =>
    new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why}`),
  );
  return found.map(([num, r, n]) => treeEntry(contextId, num, r, clip(n)));
}

// This file's handlers (index.ts joins them).
export const findHandlers = {
  "pages.find": find,
} satisfies PageHandlers;
