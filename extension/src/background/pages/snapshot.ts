// pages.snapshot. Two sources, chosen by measurement (see README.md here):
// - interactive: one in-page walk (page-walk.ts) returns the actionable
//   elements with role, name and state; refs point into the array of
//   elements it returned (no per-element CDP round trip);
// - full: Accessibility.getFullAXTree, turned into text by snapshot-text.ts;
//   refs hold backendDOMNodeIds.

import { optionalBool, optionalInt } from "../params";
import type { RequestParams, SnapshotResult } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { DialogOpenError, ensureAttached, generation, send } from "./debugger";
import { walkInteractive } from "./page-walk";
import { dropContext, isolatedContext } from "./world";
import { nextRefNumber, nodeRefNumber, setRefs, type RefEntry } from "./refs";
import { axTreeToSnapshot, MAX_NAME, walkToSnapshot, type AXNode, type WalkItem } from "./snapshot-text";

interface RemoteObject {
  type: string;
  subtype?: string;
  objectId?: string;
  value?: unknown;
}

interface EvalResult {
  result: RemoteObject;
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

let snapshotCounter = 0;
/** Marks the page-side ref registry as this worker run's (a restarted
 * worker starts a fresh one: its refs are gone anyway). */
const OWNER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const walkSource = (next: number) => `(${walkInteractive.toString()})(${MAX_NAME}, ${next}, ${JSON.stringify(OWNER)})`;

function exceptionText(d: NonNullable<EvalResult["exceptionDetails"]>): string {
  return d.exception?.description ?? d.text ?? "exception";
}

function wireRefs(entries: RefEntry[]): SnapshotResult["refs"] {
  const out: SnapshotResult["refs"] = {};
  for (const e of entries) out[e.ref] = { ref: e.ref, role: e.role, name: e.name };
  return out;
}

async function interactiveSnapshot(tabId: number): Promise<SnapshotResult> {
  await ensureAttached(tabId); // the document count starts at attaching
  const gen = generation(tabId);
  const group = `browserctl-snapshot-${++snapshotCounter}`;
  const walk = async (): Promise<EvalResult> =>
    send<EvalResult>(tabId, "Runtime.evaluate", {
      expression: walkSource(nextRefNumber(tabId)),
      contextId: await isolatedContext(tabId),
      objectGroup: group,
      returnByValue: false,
    });
  let r: EvalResult;
  try {
    r = await walk();
  } catch (e) {
    // The world's document went away between two calls: make a new one, once.
    if (!(e instanceof RpcError) || e instanceof DialogOpenError || !/context/i.test(e.message)) throw e;
    dropContext(tabId);
    r = await walk();
  }
  if (r.exceptionDetails || !r.result.objectId) {
    throw new RpcError(
      ErrorCode.pageOperationFailed,
      `page operation failed: snapshot: ${r.exceptionDetails ? exceptionText(r.exceptionDetails) : "no result"}`,
    );
  }
  const props = await send<{ result: { name: string; value?: RemoteObject }[] }>(tabId, "Runtime.getProperties", {
    objectId: r.result.objectId,
    ownProperties: true,
  });
  let json = "";
  let arrayObjectId = "";
  for (const p of props.result) {
    if (p.name === "items" && typeof p.value?.value === "string") json = p.value.value;
    if (p.name === "els" && p.value?.objectId) arrayObjectId = p.value.objectId;
  }
  if (!json || !arrayObjectId) {
    throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: snapshot: the page walk returned nothing");
  }
  const [url, title, items, numbers] = JSON.parse(json) as [string, string, WalkItem[], number[], number];
  const snap = walkToSnapshot(items, numbers);
  const entries: RefEntry[] = snap.refs.map((s) => ({
    ref: s.ref,
    role: s.role,
    name: s.name,
    target: { kind: "walk", arrayObjectId, index: s.index ?? 0, group },
  }));
  setRefs(tabId, gen, entries, group);
  return { snapshot: snap.text, refs: wireRefs(entries), url, title, tabId };
}

async function fullSnapshot(tabId: number, compact: boolean, depth: number | undefined): Promise<SnapshotResult> {
  await ensureAttached(tabId);
  const gen = generation(tabId);
  const [tree, meta] = await Promise.all([
    send<{ nodes: AXNode[] }>(tabId, "Accessibility.getFullAXTree", {}),
    send<EvalResult>(tabId, "Runtime.evaluate", {
      expression: "[location.href, document.title]",
      returnByValue: true,
    }),
  ]);
  const [url, title] = Array.isArray(meta.result.value) ? (meta.result.value as [string, string]) : ["", ""];
  const snap = axTreeToSnapshot(tree.nodes, { compact, depth, refNumber: (id) => nodeRefNumber(tabId, gen, id) });
  const entries: RefEntry[] = snap.refs.map((s) => ({
    ref: s.ref,
    role: s.role,
    name: s.name,
    target: { kind: "node", backendNodeId: s.backendNodeId ?? 0 },
  }));
  setRefs(tabId, gen, entries);
  return { snapshot: snap.text, refs: wireRefs(entries), url: String(url), title: String(title), tabId };
}

export async function snapshot(tabId: number, p: RequestParams<"pages.snapshot">): Promise<SnapshotResult> {
  const interactive = optionalBool(p, "interactive") ?? false;
  const compact = optionalBool(p, "compact") ?? false;
  const depth = optionalInt(p, "depth", 0);
  if (interactive) return interactiveSnapshot(tabId);
  return fullSnapshot(tabId, compact, depth);
}
