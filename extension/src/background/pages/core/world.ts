// An isolated world in the main frame's document, one per document: the
// injected script (src/injected/) runs there, so page scripts that replaced
// JSON, Set or Array.from cannot break it, and its ref registry is
// invisible to them. callInWorld calls it by name.

import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import { RpcError } from "../../types";
import { ensureAttached, generation, onForget, send, unlessDialog } from "./debugger";
import { callInjected, WORLD_NAME, type CallOptions, type CallResult } from "./injected";

const worlds = new Map<number, { generation: number; contextId: number; frameId?: string }>();

onForget((tabId) => {
  worlds.delete(tabId);
  childWorlds.delete(tabId);
  mainFrames.delete(tabId);
  making.delete(tabId);
});

/** The main frame's id per tab: it stays the same across the frame's documents. */
const mainFrames = new Map<number, string>();

/** Worlds being made, per tab and generation: callers at the same time
 * share one Page.createIsolatedWorld. */
const making = new Map<number, { generation: number; made: Promise<number> }>();

/** The id of the tab's main frame, once a navigation named it. */
export function mainFrameOf(tabId: number): string | undefined {
  return mainFrames.get(tabId);
}

/**
 * Page.frameNavigated of the tab's main frame: its id (the same for each of
 * its documents).
 */
export function mainFrameNavigated(tabId: number, p: Record<string, unknown>): void {
  const frame = p["frame"] as { id?: unknown; parentId?: unknown } | undefined;
  if (frame && !frame.parentId && typeof frame.id === "string") mainFrames.set(tabId, frame.id);
}

/**
 * Runtime.executionContextCreated (Runtime is on for the logs): the world
 * the in-page script was put in as the main frame's document started
 * (injected.ts) is taken as the tab's world, so the first call into a new
 * document sends no Page.createIsolatedWorld (~4 ms). It is taken for the
 * generation it is announced in: the browser announces a document's worlds
 * after its Page.frameNavigated, and one announced earlier (context ids
 * repeat across renderer processes) is never current; the world is then
 * made as before.
 */
export function worldAnnounced(tabId: number, p: Record<string, unknown>): void {
  const c = p["context"] as { id?: unknown; name?: unknown; auxData?: { frameId?: unknown; isDefault?: unknown } } | undefined;
  const frameId = c?.auxData?.frameId;
  if (!c || c.name !== WORLD_NAME || typeof c.id !== "number" || c.auxData?.isDefault || typeof frameId !== "string") return;
  const main = mainFrames.get(tabId);
  if (main === undefined) return;
  if (frameId === main) {
    worlds.set(tabId, { generation: generation(tabId), contextId: c.id, frameId: main });
    return;
  }
  let m = childWorlds.get(tabId);
  if (!m) childWorlds.set(tabId, (m = new Map()));
  m.set(frameId, c.id);
}

/**
 * The worlds of the tab's child frames that share its renderer process (its
 * own CDP session), by frame id, as their documents announce them: a
 * context lives until Runtime.executionContextDestroyed names it or the
 * contexts are cleared (a new main-frame document, maybe in another
 * process), and ids are unique within a process.
 */
const childWorlds = new Map<number, Map<string, number>>();

/** The announced world of a child frame of the tab's own session, if any. */
export function announcedChildWorld(tabId: number, frameId: string): number | undefined {
  return childWorlds.get(tabId)?.get(frameId);
}

/** Forgets a child frame's announced world a call found gone. */
export function forgetChildWorld(tabId: number, frameId: string, contextId: number): void {
  const m = childWorlds.get(tabId);
  if (m?.get(frameId) === contextId) m.delete(frameId);
}

/** Runtime.executionContextDestroyed: the tab's world, when it is that one, is gone. */
export function worldContextDestroyed(tabId: number, p: Record<string, unknown>): void {
  const id = p["executionContextId"];
  if (worlds.get(tabId)?.contextId === id) dropContext(tabId);
  const m = childWorlds.get(tabId);
  if (m) for (const [frameId, contextId] of m) if (contextId === id) m.delete(frameId);
}

/** Runtime.executionContextsCleared: every context of the tab is gone. */
export function worldContextsCleared(tabId: number): void {
  if (worlds.has(tabId)) dropContext(tabId);
  childWorlds.delete(tabId);
}

/** The execution context id of the tab's isolated world, made when needed. */
export async function isolatedContext(tabId: number): Promise<number> {
  await ensureAttached(tabId);
  const gen = generation(tabId);
  const w = worlds.get(tabId);
  if (w && w.generation === gen) return w.contextId;
  const m = making.get(tabId);
  if (m && m.generation === gen) return m.made;
  const made = makeWorld(tabId, gen);
  making.set(tabId, { generation: gen, made });
  try {
    return await made;
  } finally {
    if (making.get(tabId)?.made === made) making.delete(tabId);
  }
}

async function makeWorld(tabId: number, gen: number): Promise<number> {
  const make = async (frameId: string) =>
    (await send<{ executionContextId: number }>(tabId, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME })).executionContextId;
  let contextId: number | undefined;
  const known = mainFrames.get(tabId);
  if (known) contextId = await unlessDialog(make(known), () => undefined);
  if (contextId === undefined) {
    const tree = await send<{ frameTree: { frame: { id: string } } }>(tabId, "Page.getFrameTree");
    mainFrames.set(tabId, tree.frameTree.frame.id);
    contextId = await make(tree.frameTree.frame.id);
  }
  // A world a newer document announced meanwhile stays.
  if (!((worlds.get(tabId)?.generation ?? -1) > gen)) worlds.set(tabId, { generation: gen, contextId });
  return contextId;
}

/** Forgets the tab's world (its context is gone); the next call makes one. */
export function dropContext(tabId: number): void {
  making.delete(tabId);
  const w = worlds.get(tabId);
  if (w) worlds.set(tabId, { generation: Number.NaN, contextId: 0, frameId: w.frameId }); // never current; its frame id kept
}

/**
 * Calls the in-page method `name` in the tab's isolated world, retrying
 * once with a fresh world when the old one's document went away.
 */
export async function callInWorld<N extends MethodName>(
  tabId: number,
  name: N,
  args: ArgsOf<N>,
  opts: CallOptions = {},
): Promise<CallResult<ResultOf<N>>> {
  const call = async () => callInjected(tabId, { contextId: await isolatedContext(tabId) }, name, args, opts);
  return unlessDialog(call(), (e) => {
    if (!(e instanceof RpcError) || !/context/i.test(e.message)) throw e;
    dropContext(tabId);
    return call();
  });
}
