// Refs (e1, e2, ...) of a tab, kept in memory. A ref belongs to the document
// it was taken from: after a navigation or reload of the main frame, or once
// its node left the document, it answers 4109 and nothing acts on another
// element. Numbers are never reused in a tab, and the same element keeps its
// number across snapshots and find: numbers live in the document's registry
// in the isolated world (src/injected/elements/registry.ts). A service-worker restart
// loses the refs (4109 too: take a new snapshot).

import { ErrorCode, RpcError } from "../../types";
import { generation, isAttached, onForget, sendIn, sendQuiet, setSessionRoute, unlessDialog } from "../core/debugger";
import { callInjected } from "../core/injected";

// A number in the registry of a frame document's isolated world: session
// undefined is the tab's own; main: the main frame's document, tied to the
// tab's generation.
export type RefTarget = { kind: "tree"; session?: string; contextId: number; num: number; main: boolean };

export interface RefEntry {
  ref: string;
  role: string;
  name: string;
  target: RefTarget;
}

interface TabRefs {
  /** The number the next new ref gets. */
  next: number;
  /** The document these refs belong to. */
  generation: number;
  entries: Map<string, RefEntry>;
}

const byTab = new Map<number, TabRefs>();
/** Object group for the objects one action resolves; released after it. */
export const ACTION_GROUP = "browserctl-action";

/** Per tab: the child session of each execution context an action resolved
 * an element in ("isolate.context" prefix of its objectIds), so commands on
 * those objects reach that session (debugger.ts setSessionRoute). */
const contextSessions = new Map<number, Map<string, string>>();

onForget((tabId) => {
  byTab.delete(tabId);
  contextSessions.delete(tabId);
});

/** "isolate.context" of a CDP objectId ("isolate.context.object"). */
function contextPrefix(objectId: string): string {
  const i = objectId.lastIndexOf(".");
  return i > 0 ? objectId.slice(0, i) : objectId;
}

setSessionRoute((tabId, params) => {
  const id = (params as { objectId?: unknown }).objectId;
  if (typeof id !== "string") return undefined;
  return contextSessions.get(tabId)?.get(contextPrefix(id));
});

/** The child session an objectId lives in (undefined: the tab's own). */
export function objectSession(tabId: number, objectId: string): string | undefined {
  return contextSessions.get(tabId)?.get(contextPrefix(objectId));
}

function rememberSession(tabId: number, objectId: string, session: string | undefined): void {
  if (session === undefined) return;
  let m = contextSessions.get(tabId);
  if (!m) contextSessions.set(tabId, (m = new Map()));
  m.set(contextPrefix(objectId), session);
}

/**
 * An objectId a frame target resolved in the ACTION_GROUP of a session
 * (undefined: the tab's own): later commands on it go to that session, as
 * a frame ref's do, and releaseActionObjects frees it there.
 */
export function keepInSession(tabId: number, objectId: string, session: string | undefined): void {
  rememberSession(tabId, objectId, session);
  if (session !== undefined) touched(tabId).add(session);
}

/** Marks a session whose ACTION_GROUP holds objects of this action. */
export function touchSession(tabId: number, session: string | undefined): void {
  if (session !== undefined) touched(tabId).add(session);
}

export function refNotFound(ref: string): RpcError {
  return new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${ref} (take a new snapshot)`);
}

/** The tab's refs for the document `gen`; a new document starts empty. */
function tabRefs(tabId: number, gen: number): TabRefs {
  let tr = byTab.get(tabId);
  if (!tr) {
    tr = { next: 1, generation: gen, entries: new Map() };
    byTab.set(tabId, tr);
  } else if (tr.generation !== gen) {
    tr.generation = gen;
    tr.entries = new Map();
  }
  return tr;
}

/** The number of the next new ref in the tab. */
export function nextRefNumber(tabId: number): number {
  return byTab.get(tabId)?.next ?? 1;
}

/** Records refs (a ref seen again points at its newest target). */
export function setRefs(tabId: number, gen: number, entries: RefEntry[]): void {
  const tr = tabRefs(tabId, gen);
  for (const e of entries) {
    tr.entries.set(e.ref, e);
    const n = Number(/\d+$/.exec(e.ref)?.[0] ?? 0);
    if (e.target.main && n >= tr.next) tr.next = n + 1;
  }
}

export function forgetRefs(tabId: number): void {
  byTab.delete(tabId);
}

export function getRef(tabId: number, ref: string): RefEntry | undefined {
  return byTab.get(tabId)?.entries.get(ref);
}

/**
 * Where a ref's element lives (its document's isolated world) and its
 * number there, or 4109 for a ref of another document: for a call that
 * finds the element and acts on it in one round trip (an element gone
 * since answers "stale" there: 4109 too).
 */
export function refPlace(tabId: number, ref: string): { contextId: number; session?: string; num: number } {
  const tr = byTab.get(tabId);
  const entry = tr?.entries.get(ref);
  if (!tr || !entry || tr.generation !== generation(tabId)) throw refNotFound(ref);
  const t = entry.target;
  return t.session === undefined ? { contextId: t.contextId, num: t.num } : { contextId: t.contextId, session: t.session, num: t.num };
}

/**
 * The objectId of the live element behind a ref, or 4109. Never resolves
 * to an element of another document.
 */
export async function resolveRef(tabId: number, ref: string): Promise<string> {
  const tr = byTab.get(tabId);
  const entry = tr?.entries.get(ref);
  if (!tr || !entry || tr.generation !== generation(tabId)) throw refNotFound(ref);
  const t = entry.target;
  const resolve = async () => {
    const r = await callInjected(tabId, { contextId: t.contextId, session: t.session }, "refElement", [t.num], {
      returnByValue: false,
      objectGroup: ACTION_GROUP,
    });
    if (r.exceptionDetails || !r.result.objectId) throw refNotFound(ref);
    rememberSession(tabId, r.result.objectId, t.session);
    if (t.session !== undefined) touched(tabId).add(t.session);
    return r.result.objectId;
  };
  // A dialog is a dialog, not a stale ref; every other failure here
  // (context destroyed, node gone) means the ref no longer points anywhere.
  return unlessDialog(resolve(), (e) => {
    if (e instanceof RpcError && e.code === ErrorCode.pageRefNotFound) throw e;
    throw refNotFound(ref);
  });
}

/** Child sessions an action resolved objects in since the last release. */
const touchedSessions = new Map<number, Set<string>>();
function touched(tabId: number): Set<string> {
  let s = touchedSessions.get(tabId);
  if (!s) touchedSessions.set(tabId, (s = new Set()));
  return s;
}

/** Frees what one action resolved; never waits, never fails. */
export function releaseActionObjects(tabId: number): void {
  sendQuiet(tabId, "Runtime.releaseObjectGroup", { objectGroup: ACTION_GROUP });
  const sessions = touchedSessions.get(tabId);
  touchedSessions.delete(tabId);
  if (!sessions || !isAttached(tabId)) return;
  for (const s of sessions) {
    sendIn(tabId, s, "Runtime.releaseObjectGroup", { objectGroup: ACTION_GROUP }, 5_000).catch(() => {});
  }
}

/**
 * Records the refs of a tree snapshot (src/injected/elements/walk.ts): numbers live in the
 * page's registries, so nothing is dropped here but other documents' refs.
 */
export function setTreeRefs(tabId: number, gen: number, entries: RefEntry[], nextMain: number): void {
  const tr = tabRefs(tabId, gen);
  for (const e of entries) tr.entries.set(e.ref, e);
  if (nextMain > tr.next) tr.next = nextMain;
}
