// The frames a document sits in, named as a frame target names them
// (frame-target.ts): from the document up to the tab's top, each frame's
// <iframe> found in the document holding it and given a selector that finds
// it alone there (the injected frameSelector: name, title, an id that does
// not look generated, the path of its src, else a CSS path). The recorder
// writes them before a step's target in a frame; pages.durableTarget before
// a frame ref's.

import { sendIn } from "../core/debugger";
import { frameHop, frameOwner, type FrameTree } from "../core/frames";
import { callInjected } from "../core/injected";

/** The deepest a frame path goes (as sessionChain). */
const MAX_FRAMES = 16;

/** Where a document sits: the frames' selectors, outermost first ([] for
 * the tab's top document), and its own frame's id in its session. */
export interface FramePath {
  frames: string[];
  frameId: string;
}

/**
 * The frame path of the document docObjectId (an object in the session
 * `session`; undefined: the tab's own); undefined when a frame cannot be
 * named (gone, or no selector finds its element alone). Objects go in
 * `group`, which the caller releases in each session it passed (sessions
 * lists them).
 */
export async function framesOfDocument(
  tabId: number,
  session: string | undefined,
  docObjectId: string,
  group: string,
  sessions: Set<string | undefined> = new Set(),
): Promise<FramePath | undefined> {
  sessions.add(session);
  let tree = (await sendIn<{ frameTree: FrameTree }>(tabId, session, "Page.getFrameTree")).frameTree;
  const own = await frameOfDocument(tabId, session, docObjectId, tree);
  let frameId = own;
  const out: string[] = [];
  for (let i = 0; i < MAX_FRAMES; i++) {
    let owner = session;
    if (frameId === tree.frame.id) {
      if (session === undefined) return { frames: out, frameId: own }; // up at the tab's top document
      // the top of an out-of-process frame's session: its iframe is in the parent session
      const hop = frameHop(tabId, session);
      if (!hop) return undefined;
      owner = hop.parent;
    }
    sessions.add(owner);
    const found = await frameOwner(tabId, owner, frameId, group);
    if (!found.objectId) return undefined;
    const sel = await callInjected(tabId, { objectId: found.objectId, session: owner }, "frameSelector", []);
    if (typeof sel.result.value !== "string" || !sel.result.value) return undefined;
    out.unshift(sel.result.value);
    frameId = found.holder;
    session = owner;
    tree = found.tree;
  }
  return undefined;
}

/**
 * The id of the frame whose document docObjectId is, among the frames of
 * the session's tree: the frame whose owner's content document it is, else
 * the session's top frame. (DOM.describeNode names no frame for a document.)
 */
async function frameOfDocument(tabId: number, session: string | undefined, docObjectId: string, tree: FrameTree): Promise<string> {
  const doc = await sendIn<{ node: { backendNodeId: number } }>(tabId, session, "DOM.describeNode", { objectId: docObjectId });
  const children = (n: FrameTree): FrameTree[] => (n.childFrames ?? []).flatMap((c) => [c, ...children(c)]);
  for (const c of children(tree)) {
    const owner = await sendIn<{ backendNodeId: number }>(tabId, session, "DOM.getFrameOwner", { frameId: c.frame.id }).catch(() => undefined);
    if (!owner) continue;
    const d = await sendIn<{ node: { contentDocument?: { backendNodeId: number } } }>(tabId, session, "DOM.describeNode", {
      backendNodeId: owner.backendNodeId,
    }).catch(() => undefined);
    if (d?.node.contentDocument?.backendNodeId === doc.node.backendNodeId) return c.frame.id;
  }
  return tree.frame.id;
}
