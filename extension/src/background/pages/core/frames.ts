// The frames of a tab, in-process and out-of-process (OOPIF). Chrome puts a
// cross-site iframe in another renderer; chrome.debugger reaches it as a
// child session of the tab (Chrome 125+): Target.setAutoAttach with
// flatten on the tab, and again on every child session for frames nested
// inside it. Commands then go to {tabId, sessionId}.
//
// sessionOfFrame() answers the session of an out-of-process frame, and
// sessionOffset() where a child session's viewport sits in the tab's
// viewport (CDP geometry in a child session is relative to its own).

import { onForget, sendIn } from "./debugger";
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

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true };

/** Target.attachedToTarget, from every session: an out-of-process frame's
 * child session, which follows its own frames in turn. */
export function frameSessionAttached(tabId: number, params: Record<string, unknown>, _method: string, sessionId: string | undefined): void {
  const tf = byTab.get(tabId);
  if (!tf) return;
  const info = params["targetInfo"] as { type?: string; targetId?: string } | undefined;
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe" || !info.targetId) return;
  const cs: ChildSession = { sessionId: child, frameId: info.targetId, parent: sessionId, ready: Promise.resolve() };
  // Frames nested in this one attach to it in turn.
  cs.ready = sendIn(tabId, child, "Target.setAutoAttach", AUTO_ATTACH).then(
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

export interface Point {
  x: number;
  y: number;
}

/**
 * Where the viewport of a child session's frame sits in the tab's viewport,
 * CSS px: its iframe element's content box, through every OOPIF above it.
 * CDP geometry (DOM.getContentQuads, getBoxModel) within one session is
 * relative to that session's own top frame.
 */
export async function sessionOffset(tabId: number, sessionId: string | undefined): Promise<Point> {
  let x = 0;
  let y = 0;
  const tf = byTab.get(tabId);
  for (let s = sessionId, hops = 0; s !== undefined && hops < 16; hops++) {
    const cs = tf?.children.get(s);
    if (!cs) break;
    const owner = await sendIn<{ backendNodeId: number }>(tabId, cs.parent, "DOM.getFrameOwner", { frameId: cs.frameId });
    // Where the iframe is: its border quad (DOM.getContentQuads: the
    // session's viewport after every scroll above it, at any frame depth;
    // getBoxModel leaves out the scroll of the frames above an iframe that
    // sits in a nested frame), then its content box inside that border
    // (getBoxModel's border and content differ by the same amount either way).
    const [box, quads] = await Promise.all([
      sendIn<{ model: { content: number[]; border: number[] } }>(tabId, cs.parent, "DOM.getBoxModel", { backendNodeId: owner.backendNodeId }),
      sendIn<{ quads: number[][] }>(tabId, cs.parent, "DOM.getContentQuads", { backendNodeId: owner.backendNodeId }).catch(() => ({ quads: [] as number[][] })),
    ]);
    const minOf = (q: number[], i: number) => Math.min(q[i]!, q[i + 2]!, q[i + 4]!, q[i + 6]!);
    const c = box.model.content;
    const b = box.model.border;
    const q = quads.quads[0] ?? b;
    x += minOf(q, 0) + minOf(c, 0) - minOf(b, 0);
    y += minOf(q, 1) + minOf(c, 1) - minOf(b, 1);
    s = cs.parent;
  }
  return { x, y };
}

/** The out-of-process frames from a child session up to the tab: each
 * hop's frame and the session its iframe element lives in. */
export function sessionChain(tabId: number, sessionId: string | undefined): { sessionId: string; frameId: string; parent?: string }[] {
  const out: { sessionId: string; frameId: string; parent?: string }[] = [];
  const tf = byTab.get(tabId);
  for (let s = sessionId; s !== undefined && out.length < 16; ) {
    const cs = tf?.children.get(s);
    if (!cs) break;
    out.push({ sessionId: s, frameId: cs.frameId, parent: cs.parent });
    s = cs.parent;
  }
  return out;
}
