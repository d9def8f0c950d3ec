// Refs (e1, e2, ...) of the last snapshot of each tab, kept in memory. A ref
// belongs to the document it was taken from: after a navigation or reload of
// the main frame, or once its node left the document, it answers 4109 and
// nothing acts on another element. A service-worker restart loses the refs
// (4109 too: take a new snapshot).
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

interface TabRefs {
  generation: number;
  entries: Map<string, RefEntry>;
  objectGroup: string | undefined;
}

const byTab = new Map<number, TabRefs>();
/** Object group for the objects one action resolves; released after it. */
export const ACTION_GROUP = "browserctl-action";

onForget((tabId) => {
  byTab.delete(tabId);
});

export function refNotFound(ref: string): RpcError {
  return new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${ref} (take a new snapshot)`);
}

/** Replaces the tab's refs with a new snapshot's; releases the old objects. */
export function setRefs(tabId: number, gen: number, entries: RefEntry[], objectGroup?: string): void {
  const old = byTab.get(tabId);
  byTab.set(tabId, { generation: gen, entries: new Map(entries.map((e) => [e.ref, e])), objectGroup });
  if (old?.objectGroup && old.objectGroup !== objectGroup) {
    sendQuiet(tabId, "Runtime.releaseObjectGroup", { objectGroup: old.objectGroup });
  }
}

export function forgetRefs(tabId: number): void {
  byTab.delete(tabId);
}

export function getRef(tabId: number, ref: string): RefEntry | undefined {
  return byTab.get(tabId)?.entries.get(ref);
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
  const tr = byTab.get(tabId);
  const entry = tr?.entries.get(ref);
  if (!tr || !entry) throw refNotFound(ref);
  if (tr.generation !== generation(tabId)) throw refNotFound(ref);
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
