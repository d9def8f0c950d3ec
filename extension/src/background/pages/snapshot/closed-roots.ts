// Closed shadow roots: page script cannot reach them, CDP can. Two ways in:
//
// - scanClosedRoots: one DOM.describeNode (depth -1, pierce) of the whole
//   document finds every closed root, on built-in hosts (a div, a span, a
//   section) and custom elements alike, nested ones included. It runs when
//   the document's element count differs from the last scan's (the walk
//   says so), so a page that does not change is scanned once.
// - adoptClosedRoots: custom elements the walk met that it has not checked
//   yet (an element upgraded after the scan attaches its root then), one
//   DOM.describeNode each.
//
// DOM.resolveNode hands each root to the walk's isolated world, and the
// registry keeps it.
//
// The scan serializes the whole document (a third of a first snapshot's
// time on a 300-item list), so it runs only where a document may have a
// closed root: two scripts go on every attached tab, before any page
// script of each new document. In the main world, attachShadow reports a
// closed root it made with an event on its document; in the walk's world,
// a listener notes it (closedRootsWatch). An out-of-process frame's session
// gets the same scripts as it attaches, while the frame waits at its start
// (frames.ts). A document without that note (one that started before the
// scripts: a frame already running when its session attached; a worker
// restarted since, listeners erased by document.open) is scanned as before.

import type { ClosedRootsToFind } from "../../../injected/elements/walk";
import type { MethodName } from "../../../injected/methods";
import { type AttachSend, sendIn, sendToFrame, unlessDialog } from "../core/debugger";
import { callInjected, WORLD_NAME } from "../core/injected";

// One object group per call: walks of several frames in one session run in
// parallel, and one's release must not free another's objects.
let groups = 0;
const newGroup = (): string => `browserctl-hosts-${++groups}`;

/** Calls the in-page method `name` in the walk's world, in an object group
 * of its own, and runs body on the object it answers; answers 0 when there is none or the
 * document went away meanwhile (the next snapshot tries again). A dialog
 * that opened still fails the call. The group is released either way. */
async function withObject(
  tabId: number,
  session: string | undefined,
  contextId: number,
  name: MethodName & ("pendingHosts" | "documentNode"),
  body: (objectId: string, group: string) => Promise<number>,
): Promise<number> {
  const group = newGroup();
  const run = async () => {
    const r = await callInjected(tabId, { contextId, session }, name, [], { returnByValue: false, objectGroup: group });
    const objectId = r.result.objectId;
    return objectId ? await body(objectId, group) : 0;
  };
  try {
    return await unlessDialog(run(), () => 0);
  } finally {
    sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: group }).catch(() => {});
  }
}

/** The walk's world's object for a DOM node, or undefined when it is gone. */
async function resolveIn(
  tabId: number,
  session: string | undefined,
  contextId: number,
  group: string,
  backendNodeId: number,
): Promise<string | undefined> {
  const r = await sendIn<{ object: { objectId?: string } }>(tabId, session, "DOM.resolveNode", {
    backendNodeId,
    executionContextId: contextId,
    objectGroup: group,
  });
  return r.object.objectId;
}

/** The number a registering function answered, else 0. */
const count = (r: { result: { value?: unknown } }): number => (typeof r.result.value === "number" ? r.result.value : 0);

interface Props {
  result: { name: string; value?: { objectId?: string } }[];
}

/**
 * A pass over a document (a walk, find by role), again after handing it the
 * closed shadow roots it could not see into (a closed root may hold hosts
 * of its own: a few rounds). The first pass gets CLOSED_WATCH, its
 * options' closedWatch: it also asks whether the document may hold a
 * closed root; the passes after it get undefined.
 */
export async function withClosedRoots<R extends ClosedRootsToFind>(
  tabId: number,
  session: string | undefined,
  contextId: number,
  once: (closedWatch: [string, string] | undefined) => Promise<R>,
): Promise<R> {
  let res = await once(CLOSED_WATCH);
  if (res.scan && res.closedNoted !== false && (await scanClosedRoots(tabId, session, contextId)) > 0) {
    res = await once(undefined);
  }
  for (let round = 0; round < 4 && res.hosts > 0; round++) {
    if ((await adoptClosedRoots(tabId, session, contextId)) === 0) break;
    res = await once(undefined);
  }
  return res;
}

/** Resolves the closed roots of the walk's pending hosts; answers how many it found. */
async function adoptClosedRoots(tabId: number, session: string | undefined, contextId: number): Promise<number> {
  return withObject(tabId, session, contextId, "pendingHosts", async (arrayId, group) => {
    const props = await sendIn<Props>(tabId, session, "Runtime.getProperties", { objectId: arrayId, ownProperties: true });
    const hosts = props.result.filter((p) => /^\d+$/.test(p.name)).sort((a, b) => Number(a.name) - Number(b.name));
    const roots = await Promise.all(
      hosts.map(async (h) => {
        const id = h.value?.objectId;
        if (!id) return undefined;
        const d = await sendIn<{ node: { shadowRoots?: { backendNodeId: number; shadowRootType?: string }[] } }>(
          tabId,
          session,
          "DOM.describeNode",
          { objectId: id, depth: 1, pierce: true },
        );
        const closed = d.node.shadowRoots?.find((r) => r.shadowRootType === "closed");
        return closed ? resolveIn(tabId, session, contextId, group, closed.backendNodeId) : undefined;
      }),
    );
    return count(
      await callInjected(tabId, { objectId: arrayId, session }, "adoptClosedRoots", [], {
        objects: roots.map((objectId) => (objectId ? { objectId } : { value: null })),
      }),
    );
  });
}

interface DomNode {
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
}

/** Finds every closed shadow root of the world's document (not of its
 * frames: they have worlds of their own) and hands them to the walk's
 * registry; answers how many it had not seen before. */
async function scanClosedRoots(tabId: number, session: string | undefined, contextId: number): Promise<number> {
  return withObject(tabId, session, contextId, "documentNode", async (docId, group) => {
    const d = await sendIn<{ node: DomNode }>(tabId, session, "DOM.describeNode", { objectId: docId, depth: -1, pierce: true });
    const pairs: [number, number][] = [];
    // An iframe's contentDocument is not followed: it has no children key
    // here, only contentDocument, which this walk never reads.
    const stack: DomNode[] = [d.node];
    while (stack.length) {
      const n = stack.pop()!;
      for (const r of n.shadowRoots ?? []) {
        if (r.shadowRootType === "closed") pairs.push([n.backendNodeId, r.backendNodeId]);
        stack.push(r);
      }
      for (const c of n.children ?? []) stack.push(c);
    }
    const args = await Promise.all(
      pairs.flat().map(async (id) => {
        const objectId = await resolveIn(tabId, session, contextId, group, id);
        return objectId ? { objectId } : { value: null };
      }),
    );
    return count(
      await callInjected(tabId, { objectId: docId, session }, "keepScannedRoots", [], { objects: args }),
    );
  });
}

// Names of this worker run: a page cannot guess them, and a document from
// an older run's scripts is scanned.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
const CLOSED_EVENT = `browserctl-closed-${RUN}`;
const PROBE_EVENT = `browserctl-probe-${RUN}`;
const WATCH_KEY = `__browserctlClosedWatch_${RUN}`;

/** Main world: attachShadow as the page sees it (a Proxy: same name,
 * length, and native-looking source), reporting each closed root it made. */
const MAIN_WORLD = `(() => {
  const proto = Element.prototype, orig = proto.attachShadow;
  if (typeof orig !== "function") return;
  const apply = Reflect.apply, dispatch = EventTarget.prototype.dispatchEvent, Ev = Event;
  const modeOf = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, "mode").get;
  const ownerOf = Object.getOwnPropertyDescriptor(Node.prototype, "ownerDocument").get;
  const doc = document, name = ${JSON.stringify(CLOSED_EVENT)};
  proto.attachShadow = new Proxy(orig, {
    apply(target, self, args) {
      const root = apply(target, self, args);
      try {
        if (apply(modeOf, root, []) === "closed") {
          apply(dispatch, doc, [new Ev(name)]);
          const own = apply(ownerOf, self, []);
          if (own && own !== doc) apply(dispatch, own, [new Ev(name)]);
        }
      } catch (e) {}
      return root;
    },
  });
})()`;

/** The walk's world: the note, and a probe that its listeners still run. */
const WALK_WORLD = `(() => {
  const st = { closed: false, alive: false };
  Object.defineProperty(window, ${JSON.stringify(WATCH_KEY)}, { value: st });
  document.addEventListener(${JSON.stringify(CLOSED_EVENT)}, () => { st.closed = true; }, true);
  document.addEventListener(${JSON.stringify(PROBE_EVENT)}, () => { st.alive = true; }, true);
})()`;

/** The two watching scripts, the main world's first, so a document with
 * the note has the hook too. */
const WATCH_SCRIPTS = [{ source: MAIN_WORLD }, { source: WALK_WORLD, worldName: WORLD_NAME }] as const;

/** On each attachment (cdp-events.ts ON_ATTACH): the watching scripts, one
 * after the other. */
export async function watchClosedRoots(_tabId: number, send: AttachSend): Promise<void> {
  for (const sc of WATCH_SCRIPTS) await send("Page.addScriptToEvaluateOnNewDocument", sc);
}

/** Target.attachedToTarget, from every session (cdp-events.ts): an
 * out-of-process frame's session gets the two scripts before the frame is
 * resumed (init-scripts.ts scriptsForNewFrame, a later handler of the
 * event), so its first document has the note from its start. A frame that
 * was running already lacks it there and is scanned. */
export function watchClosedRootsInNewFrame(tabId: number, params: Record<string, unknown>): void {
  const info = params["targetInfo"] as { type?: string } | undefined;
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe") return;
  // Both sent now, without waiting for the first's answer: the resume
  // follows them on the same session, and a session runs its commands in
  // the order they came (the main world's hook first, as on the tab).
  for (const sc of WATCH_SCRIPTS) sendToFrame(tabId, child, "Page.addScriptToEvaluateOnNewDocument", sc).catch(() => undefined);
}

/** The watch's note key and probe event, for a walk that asks along
 * (TreeOptions.closedWatch). */
export const CLOSED_WATCH: [string, string] = [WATCH_KEY, PROBE_EVENT];

