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

import { DialogOpenError, sendIn } from "./debugger";

// One object group per call: walks of several frames in one session run in
// parallel, and one's release must not free another's objects.
let groups = 0;
const newGroup = (): string => `browserctl-hosts-${++groups}`;

interface Props {
  result: { name: string; value?: { objectId?: string } }[];
}

const REGISTER = `function (...roots) {
  const reg = window.__browserctlTree;
  if (!reg) return 0;
  let found = 0;
  this.forEach((host, i) => {
    // An element not upgraded yet may attach its root later.
    if (host.matches(":defined")) reg.checked.add(host);
    if (roots[i]) {
      reg.closed.set(host, roots[i]);
      found++;
    }
  });
  return found;
}`;

/** Resolves the closed roots of the walk's pending hosts; answers how many it found. */
export async function adoptClosedRoots(tabId: number, session: string | undefined, contextId: number): Promise<number> {
  const GROUP = newGroup();
  try {
    const arr = await sendIn<{ result: { objectId?: string } }>(tabId, session, "Runtime.evaluate", {
      expression: "window.__browserctlTree && window.__browserctlTree.pending",
      contextId,
      objectGroup: GROUP,
    });
    const arrayId = arr.result.objectId;
    if (!arrayId) return 0;
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
        if (!closed) return undefined;
        const r = await sendIn<{ object: { objectId?: string } }>(tabId, session, "DOM.resolveNode", {
          backendNodeId: closed.backendNodeId,
          executionContextId: contextId,
          objectGroup: GROUP,
        });
        return r.object.objectId;
      }),
    );
    const reg = await sendIn<{ result: { value?: unknown } }>(tabId, session, "Runtime.callFunctionOn", {
      objectId: arrayId,
      functionDeclaration: REGISTER,
      arguments: roots.map((objectId) => (objectId ? { objectId } : { value: null })),
      returnByValue: true,
    });
    return typeof reg.result.value === "number" ? reg.result.value : 0;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return 0; // the document went away meanwhile: the next snapshot tries again
  } finally {
    sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: GROUP }).catch(() => {});
  }
}

interface DomNode {
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
}

const SCAN_REGISTER = `function (...pairs) {
  const reg = window.__browserctlTree;
  if (!reg) return 0;
  let found = 0;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const host = pairs[i], root = pairs[i + 1];
    if (!host || !root) continue;
    if (reg.closed.get(host) !== root) found++;
    reg.closed.set(host, root);
    reg.checked.add(host);
  }
  reg.scanned = document.getElementsByTagName("*").length;
  return found;
}`;

/** Finds every closed shadow root of the world's document (not of its
 * frames: they have worlds of their own) and hands them to the walk's
 * registry; answers how many it had not seen before. */
export async function scanClosedRoots(tabId: number, session: string | undefined, contextId: number): Promise<number> {
  const GROUP = newGroup();
  try {
    const doc = await sendIn<{ result: { objectId?: string } }>(tabId, session, "Runtime.evaluate", {
      expression: "document",
      contextId,
      objectGroup: GROUP,
    });
    const docId = doc.result.objectId;
    if (!docId) return 0;
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
    const resolve = async (backendNodeId: number): Promise<{ objectId: string } | { value: null }> => {
      const r = await sendIn<{ object: { objectId?: string } }>(tabId, session, "DOM.resolveNode", {
        backendNodeId,
        executionContextId: contextId,
        objectGroup: GROUP,
      });
      return r.object.objectId ? { objectId: r.object.objectId } : { value: null };
    };
    const args = await Promise.all(pairs.flat().map(resolve));
    const reg = await sendIn<{ result: { value?: unknown } }>(tabId, session, "Runtime.callFunctionOn", {
      objectId: docId,
      functionDeclaration: SCAN_REGISTER,
      arguments: args,
      returnByValue: true,
    });
    return typeof reg.result.value === "number" ? reg.result.value : 0;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return 0; // the document went away meanwhile: the next snapshot tries again
  } finally {
    sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: GROUP }).catch(() => {});
  }
}
