// The frames of a tab, in-process and out-of-process (OOPIF). Chrome puts a
// cross-site iframe in another renderer; chrome.debugger reaches it as a
// child session of the tab (Chrome 125+): Target.setAutoAttach with
// flatten on the tab, and again on every child session for frames nested
// inside it. Commands then go to {tabId, sessionId}.
//
// sessionOfFrame() answers the session of an out-of-process frame, and
// frameHop() / sessionChain() the frames from a child session up to the
// tab (where they sit in the tab's viewport is geometry.ts's).

import { onForget, sendIn, sendToFrame } from "./debugger";
import { WORLD_NAME } from "./injected";
import { Wakeup } from "./wakeup";

interface ChildSession {
  sessionId: string;
  /** The OOPIF's frame id (its target id). */
  frameId: string;
  parent?: string;
  ready: Promise<void>;
}

interface TabFrames {
  /** Target.setAutoAttach on the tab, done once per attachment. */
  started: Promise<void>;
  children: Map<string, ChildSession>;
}

const byTab = new Map<number, TabFrames>();

/** Woken as any out-of-process frame's session attaches. */
const attached = new Wakeup();

onForget((tabId) => {
  byTab.delete(tabId);
});

/** Each new out-of-process frame (and worker) waits at its start until
 * Target.attachedToTarget's handlers have sent what its first document
 * needs (the in-page script, the closed-root watch, the session's init
 * scripts, a recorder) and resumed it (init-scripts.ts scriptsForNewFrame):
 * the document then starts with them, as the tab's own documents do. */
const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

/** Target.attachedToTarget, from every session: an out-of-process frame's
 * child session, which follows its own frames in turn. */
export function frameSessionAttached(tabId: number, params: Record<string, unknown>, _method: string, sessionId: string | undefined): void {
  const tf = byTab.get(tabId);
  if (!tf) return;
  const info = params["targetInfo"] as { type?: string; targetId?: string } | undefined;
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe" || !info.targetId) return;
  const cs: ChildSession = { sessionId: child, frameId: info.targetId, parent: sessionId, ready: Promise.resolve() };
  // The Page domain runs in the frame's session: without it the documents
  // the frame starts get none of the scripts added to the session (the
  // in-page script, the closed-root watch, init scripts).
  sendToFrame(tabId, child, "Page.enable").catch(() => undefined);
  // Frames nested in this one attach to it in turn.
  cs.ready = sendToFrame(tabId, child, "Target.setAutoAttach", AUTO_ATTACH).then(
    () => undefined,
    () => undefined,
  );
  tf.children.set(child, cs);
  attached.wake();
}

/** Target.detachedFromTarget, from every session: that frame's session is gone. */
export function frameSessionDetached(tabId: number, params: Record<string, unknown>): void {
  byTab.get(tabId)?.children.delete(String(params["sessionId"] ?? ""));
}

/** Follows the tab's out-of-process frames (set up once per attachment);
 * resolves once every frame known so far follows its own children. */
export async function followFrames(tabId: number): Promise<void> {
  await startFollowing(tabId);
  const tf = byTab.get(tabId);
  if (tf) await settled(tf);
}

function startFollowing(tabId: number): Promise<void> {
  let tf = byTab.get(tabId);
  if (!tf) {
    const fresh: TabFrames = { started: Promise.resolve(), children: new Map() };
    fresh.started = sendIn(tabId, undefined, "Target.setAutoAttach", AUTO_ATTACH).then(
      () => undefined,
      (e: unknown) => {
        if (byTab.get(tabId) === fresh) byTab.delete(tabId);
        throw e;
      },
    );
    byTab.set(tabId, fresh);
    tf = fresh;
  }
  return tf.started;
}

/** Waits until every known child session follows its own children. */
async function settled(tf: TabFrames): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const pending = [...tf.children.values()];
    await Promise.all(pending.map((c) => c.ready));
    if (tf.children.size === pending.length) return;
  }
}

/** The child session that runs the frame, if it is out of process. */
export function sessionOfFrame(tabId: number, frameId: string): string | undefined {
  const tf = byTab.get(tabId);
  if (!tf) return undefined;
  for (const c of tf.children.values()) if (c.frameId === frameId) return c.sessionId;
  return undefined;
}

/**
 * The session of an out-of-process frame whose attachment is still on its
 * way (a frame inside a frame, just created): waits for it at most ms;
 * undefined when none comes (the frame runs in its parent's process, or is
 * gone).
 */
export async function sessionOfFrameSoon(tabId: number, frameId: string, ms: number): Promise<string | undefined> {
  let session: string | undefined;
  await attached.until(() => (session = sessionOfFrame(tabId, frameId)) !== undefined, ms);
  return session;
}

/** The tab's out-of-process frame sessions known now; parent undefined: the
 * frame sits in the tab's own session. */
export function childSessions(tabId: number): { sessionId: string; frameId: string; parent?: string }[] {
  const tf = byTab.get(tabId);
  if (!tf) return [];
  return [...tf.children.values()].map((c) => ({ sessionId: c.sessionId, frameId: c.frameId, parent: c.parent }));
}

/** One out-of-process frame's hop toward the tab: the frame a child session
 * runs and the session its iframe element lives in (undefined: the tab's
 * own); undefined when the session is not a known frame's. */
export function frameHop(tabId: number, sessionId: string): { sessionId: string; frameId: string; parent?: string } | undefined {
  const cs = byTab.get(tabId)?.children.get(sessionId);
  return cs ? { sessionId, frameId: cs.frameId, parent: cs.parent } : undefined;
}

/** The out-of-process frames from a child session up to the tab: each
 * hop's frame and the session its iframe element lives in. */
export function sessionChain(tabId: number, sessionId: string | undefined): { sessionId: string; frameId: string; parent?: string }[] {
  const out: { sessionId: string; frameId: string; parent?: string }[] = [];
  for (let s = sessionId; s !== undefined && out.length < 16; ) {
    const hop = frameHop(tabId, s);
    if (!hop) break;
    out.push(hop);
    s = hop.parent;
  }
  return out;
}

/** A node of Page.getFrameTree's answer (the members frames.ts reads). */
export interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

/** The id of the frame whose document holds the iframe of frameId, in a
 * session's frame tree; undefined when the tree does not list it (the
 * iframe then sits in the session's top document). */
export function parentFrame(node: FrameTree, frameId: string): string | undefined {
  for (const c of node.childFrames ?? []) {
    if (c.frame.id === frameId) return node.frame.id;
    const found = parentFrame(c, frameId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The iframe element that holds frameId, resolved in the isolated world of
 * the document holding it (in the session `parent`; undefined: the tab's
 * own) into the object group `group`, which the caller releases;
 * undefined when it does not resolve.
 */
export async function frameOwnerElement(tabId: number, parent: string | undefined, frameId: string, group: string): Promise<string | undefined> {
  return (await frameOwner(tabId, parent, frameId, group)).objectId;
}

/** frameOwnerElement, with the id of the frame whose document holds the
 * element (holder) and that session's frame tree. */
export async function frameOwner(
  tabId: number,
  parent: string | undefined,
  frameId: string,
  group: string,
): Promise<{ objectId?: string; holder: string; tree: FrameTree }> {
  const [owner, tree] = await Promise.all([
    sendIn<{ backendNodeId: number }>(tabId, parent, "DOM.getFrameOwner", { frameId }),
    sendIn<{ frameTree: FrameTree }>(tabId, parent, "Page.getFrameTree"),
  ]);
  // An out-of-process frame's iframe sits in the session's top document
  // when its frame tree does not list the frame.
  const holder = parentFrame(tree.frameTree, frameId) ?? tree.frameTree.frame.id;
  const w = await sendIn<{ executionContextId: number }>(tabId, parent, "Page.createIsolatedWorld", { frameId: holder, worldName: WORLD_NAME });
  const node = await sendIn<{ object: { objectId?: string } }>(tabId, parent, "DOM.resolveNode", {
    backendNodeId: owner.backendNodeId,
    executionContextId: w.executionContextId,
    objectGroup: group,
  });
  return { objectId: node.object.objectId, holder, tree: tree.frameTree };
}
