// Closed shadow roots: page script cannot reach them, CDP can. The walk
// (page-tree.ts) lists custom elements it has not checked yet; here
// DOM.describeNode (pierce) finds their closed roots, DOM.resolveNode hands
// each root to the walk's isolated world, and the registry keeps it, so a
// host is looked at once per document. Closed roots on built-in elements
// (a div, a span) are not found.

import { DialogOpenError, sendIn } from "./debugger";

const GROUP = "browserctl-hosts";

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
