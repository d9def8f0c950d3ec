// An isolated world in the main frame's document, one per document: the
// snapshot walk runs there, so page scripts that replaced JSON, Set or
// Array.from cannot break it, and its ref registry is invisible to them.

import { generation, onForget, send } from "./debugger";

const WORLD_NAME = "browserctl";
const worlds = new Map<number, { generation: number; contextId: number; frameId?: string }>();

onForget((tabId) => {
  worlds.delete(tabId);
});

/** The execution context id of the tab's isolated world, made when needed. */
export async function isolatedContext(tabId: number): Promise<number> {
  const gen = generation(tabId);
  const w = worlds.get(tabId);
  if (w && w.generation === gen) return w.contextId;
  const create = (frameId: string) =>
    send<{ executionContextId: number }>(tabId, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME });
  let r: { executionContextId: number } | undefined;
  // The main frame keeps its id across navigations: the id the last world
  // was made in saves a Page.getFrameTree; when it is no frame any more,
  // the call fails and the tree is read.
  const known = w?.frameId;
  if (known) r = await create(known).catch(() => undefined);
  let frameId = known;
  if (!r) {
    const tree = await send<{ frameTree: { frame: { id: string } } }>(tabId, "Page.getFrameTree");
    frameId = tree.frameTree.frame.id;
    r = await create(frameId);
  }
  worlds.set(tabId, { generation: gen, contextId: r.executionContextId, frameId });
  return r.executionContextId;
}

/** Forgets the tab's world (its context is gone); the next call makes one. */
export function dropContext(tabId: number): void {
  const w = worlds.get(tabId);
  if (w) worlds.set(tabId, { generation: Number.NaN, contextId: 0, frameId: w.frameId }); // never current; its frame id kept
}
