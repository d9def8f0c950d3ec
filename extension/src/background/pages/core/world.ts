// An isolated world in the main frame's document, one per document: the
// snapshot walk runs there, so page scripts that replaced JSON, Set or
// Array.from cannot break it, and its ref registry is invisible to them.

import { generation, onForget, send } from "./debugger";

const WORLD_NAME = "browserctl";
const worlds = new Map<number, { generation: number; contextId: number }>();

onForget((tabId) => {
  worlds.delete(tabId);
});

/** The execution context id of the tab's isolated world, made when needed. */
export async function isolatedContext(tabId: number): Promise<number> {
  const gen = generation(tabId);
  const w = worlds.get(tabId);
  if (w && w.generation === gen) return w.contextId;
  const tree = await send<{ frameTree: { frame: { id: string } } }>(tabId, "Page.getFrameTree");
  const r = await send<{ executionContextId: number }>(tabId, "Page.createIsolatedWorld", {
    frameId: tree.frameTree.frame.id,
    worldName: WORLD_NAME,
  });
  worlds.set(tabId, { generation: gen, contextId: r.executionContextId });
  return r.executionContextId;
}

/** Forgets the tab's world (its context is gone); the next call makes one. */
export function dropContext(tabId: number): void {
  worlds.delete(tabId);
}
