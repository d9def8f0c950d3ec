// Refs (e1, e2, ...) of a tab's snapshots, kept in memory. A ref belongs to
// the document it was taken from: after a navigation or reload of the main
// frame, or once its node left the document, it answers 4109 and nothing
// acts on another element. Numbers are never reused in a tab (a new
// snapshot goes on from the last number), so an old ref can never name a
// different element; refs of the last few snapshots of the current document
// all stay usable. A service-worker restart loses the refs (4109 too: take a
// new snapshot).
//
// Two kinds of target:
// - "node": a backendDOMNodeId from the accessibility tree (full snapshot);
// - "walk": an index into the array of elements the interactive walk
//   returned, held by a Runtime object group. Its objectId lives in the
//   document's execution context, so a new document invalidates it by itself.

import { ErrorCode, RpcError } from "../types";
import { DialogOpenError, generation, onForget, send, sendQuiet } from "./debugger";

export type RefTarget =
  | { kind: "node"; backendNodeId: number }
  | { kind: "walk"; arrayObjectId: string; index: number };

export interface RefEntry {
  ref: string;
  role: string;
  name: string;
  target: RefTarget;
}

interface Snapshot {
  generation: number;
  entries: Map<string, RefEntry>;
  objectGroup: string | undefined;
}

interface TabRefs {
  /** The number the next snapshot's first ref gets. */
  next: number;
  /** Oldest first; all of the current document. */
  snapshots: Snapshot[];
}

/** Snapshots of one document whose refs stay usable. */
export const KEPT_SNAPSHOTS = 8;

const byTab = new Map<number, TabRefs>();
/** Object group for the objects one action resolves; released after it. */
export const ACTION_GROUP = "browserctl-action";

onForget((tabId) => {
  byTab.delete(tabId);
});

export function refNotFound(ref: string): RpcError {
  return new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${ref} (take a new snapshot)`);
}

/** The number of the next snapshot's first ref in the tab. */
export function nextRefNumber(tabId: number): number {
  return byTab.get(tabId)?.next ?? 1;
}

/**
 * Records a snapshot's refs. Snapshots of an older document are dropped
 * (their refs answer 4109), as is the oldest past KEPT_SNAPSHOTS; their
 * page objects are released.
 */
export function setRefs(tabId: number, gen: number, entries: RefEntry[], objectGroup?: string): void {
  let tr = byTab.get(tabId);
  if (!tr) {
    tr = { next: 1, snapshots: [] };
    byTab.set(tabId, tr);
  }
  for (const e of entries) {
    const n = Number(e.ref.slice(1));
    if (n >= tr.next) tr.next = n + 1;
  }
  const keep: Snapshot[] = [];
  for (const s of tr.snapshots) {
    if (s.generation === gen) keep.push(s);
    else release(tabId, s);
  }
  keep.push({ generation: gen, entries: new Map(entries.map((e) => [e.ref, e])), objectGroup });
  while (keep.length > KEPT_SNAPSHOTS) release(tabId, keep.shift()!);
  tr.snapshots = keep;
}

function release(tabId: number, s: Snapshot): void {
  if (s.objectGroup) sendQuiet(tabId, "Runtime.releaseObjectGroup", { objectGroup: s.objectGroup });
}

export function forgetRefs(tabId: number): void {
  byTab.delete(tabId);
}

function find(tabId: number, ref: string): { gen: number; entry: RefEntry } | undefined {
  const snaps = byTab.get(tabId)?.snapshots ?? [];
  for (let i = snaps.length - 1; i >= 0; i--) {
    const e = snaps[i]!.entries.get(ref);
    if (e) return { gen: snaps[i]!.generation, entry: e };
  }
  return undefined;
}

export function getRef(tabId: number, ref: string): RefEntry | undefined {
  return find(tabId, ref)?.entry;
}

interface CallResult {
  result: { type: string; subtype?: string; objectId?: string; value?: unknown };
  exceptionDetails?: unknown;
}

const ELEMENT_AT = `function (i) { const e = this[i]; return e && e.isConnected ? e : null; }`;
const CONNECTED = `function () { return this.isConnected; }`;

/**
 * The objectId of the live element behind a ref, or 4109. Never resolves
 * to an element of another document.
 */
export async function resolveRef(tabId: number, ref: string): Promise<string> {
  const found = find(tabId, ref);
  if (!found || found.gen !== generation(tabId)) throw refNotFound(ref);
  const entry = found.entry;
  try {
    if (entry.target.kind === "walk") {
      const r = await send<CallResult>(tabId, "Runtime.callFunctionOn", {
        objectId: entry.target.arrayObjectId,
        functionDeclaration: ELEMENT_AT,
        arguments: [{ value: entry.target.index }],
        objectGroup: ACTION_GROUP,
      });
      if (r.exceptionDetails || !r.result.objectId) throw refNotFound(ref);
      return r.result.objectId;
    }
    const node = await send<{ object: { objectId?: string } }>(tabId, "DOM.resolveNode", {
      backendNodeId: entry.target.backendNodeId,
      objectGroup: ACTION_GROUP,
    });
    const objectId = node.object.objectId;
    if (!objectId) throw refNotFound(ref);
    const c = await send<CallResult>(tabId, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: CONNECTED,
      returnByValue: true,
    });
    if (c.result.value !== true) throw refNotFound(ref);
    return objectId;
  } catch (e) {
    // A dialog is a dialog, not a stale ref; every other failure here
    // (context destroyed, node gone) means the ref no longer points anywhere.
    if (e instanceof DialogOpenError) throw e;
    if (e instanceof RpcError && e.code === ErrorCode.pageRefNotFound) throw e;
    throw refNotFound(ref);
  }
}

/** Frees what one action resolved; never waits, never fails. */
export function releaseActionObjects(tabId: number): void {
  sendQuiet(tabId, "Runtime.releaseObjectGroup", { objectGroup: ACTION_GROUP });
}
