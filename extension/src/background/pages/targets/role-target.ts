// Role targets: `role=ROLE` or `role=ROLE[name="NAME"]` in the
// "selector" param, the form a REPL-saved script writes for an element
// that is unique by role and accessible name. It is resolved through
// Chrome's accessibility tree: the first element (document order) with that
// role whose name equals NAME, ignoring case and runs of whitespace.
// (pages.find --role answers by the snapshot's own rules instead, in the
// page, ~5x faster: the two agree where the snapshot's role and name are
// Chrome's; moving role targets there too is still to do.) NAME is a JSON
// string ("Sign in", with \" and \\ escaped). No CSS selector starts with
// `role=`, so the two never clash.
//
// A role target waits up to ROLE_WAIT_MS for a match to appear: a replayed
// script's next step may run while the page a click navigated to is still
// arriving.

import { ErrorCode, RpcError } from "../../types";
import { send, sendIn, unlessDialog } from "../core/debugger";
import { ACTION_GROUP } from "../snapshot/refs";
import { callInWorld, isolatedContext } from "../core/world";

/** A frame's document to look in (frame-scope.ts): its isolated world, the
 * session it runs in (undefined: the tab's own) and its frame id. */
export interface FramePlace {
  session?: string;
  contextId: number;
  frameId: string;
}

export interface RoleTarget {
  role: string;
  name?: string;
}

export const ROLE_WAIT_MS = 5_000;
const ROLE_POLL_MS = 100;

const ROLE_FORM = /^role=([A-Za-z][\w-]*)(?:\[name=("(?:[^"\\]|\\.)*")\])?$/;

/** Whether selector is written in the role form (valid or not). */
export function isRoleTarget(selector: string): boolean {
  return selector.startsWith("role=");
}

/** The role and name of a role target; -32602 when it is malformed. */
export function parseRoleTarget(selector: string): RoleTarget {
  const m = ROLE_FORM.exec(selector.trim());
  if (!m) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: ${JSON.stringify(selector)} is not a role target (role=ROLE or role=ROLE[name="NAME"])`,
    );
  }
  const role = m[1]!;
  if (m[2] === undefined) return { role };
  let name: string;
  try {
    name = JSON.parse(m[2]) as string;
  } catch {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: the name in ${JSON.stringify(selector)} is not a JSON string`);
  }
  return { role, name };
}

/** The role target of role and name, as parseRoleTarget reads it. */
export function formatRoleTarget(role: string, name: string): string {
  return name === "" ? `role=${role}` : `role=${role}[name=${JSON.stringify(name)}]`;
}

export function sameName(have: string, want: string): boolean {
  const n = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
  return n(have) === n(want);
}

interface AXNode {
  ignored?: boolean;
  name?: { value?: unknown };
  backendDOMNodeId?: number;
}

export interface RoleAXNode extends AXNode {
  role?: { value?: unknown };
}

/**
 * The accessibility nodes with role in the tab's main document, in
 * document order (ignored ones included: the caller skips them).
 *
 * Accessibility.queryAXTree answers only after the page's next rendering
 * update, and a tab behind another tab renders none: there it never
 * answers. In a hidden tab the full tree (Accessibility.getFullAXTree,
 * computed at once) is filtered instead: the same nodes, more bytes.
 */
export async function axNodesOfRole(tabId: number, role: string, place?: Pick<FramePlace, "session" | "frameId">): Promise<RoleAXNode[]> {
  if (place) return axNodesOfRoleInFrame(tabId, place.session, place.frameId, role);
  // The document and its visibility, from the isolated world; the DOM domain stays off.
  const [doc, vis] = await Promise.all([
    callInWorld(tabId, "documentNode", [], { returnByValue: false, objectGroup: ACTION_GROUP }),
    callInWorld(tabId, "visibilityState", []),
  ]);
  if (!doc.result.objectId) throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: the tab has no document");
  if (vis.result.value === "visible") {
    return (await send<{ nodes: RoleAXNode[] }>(tabId, "Accessibility.queryAXTree", { objectId: doc.result.objectId, role })).nodes;
  }
  const all = await send<{ nodes: RoleAXNode[] }>(tabId, "Accessibility.getFullAXTree", {});
  return all.nodes.filter((n) => n.role?.value === role);
}

/**
 * The accessibility nodes with role in a frame's document (in its session;
 * undefined: the tab's own), from the frame's whole tree, computed at once:
 * queryAXTree waits for a rendering update, and Chrome gives none to a
 * frame out of view (below the fold of its parent, say).
 */
export async function axNodesOfRoleInFrame(tabId: number, session: string | undefined, frameId: string, role: string): Promise<RoleAXNode[]> {
  const all = await sendIn<{ nodes: RoleAXNode[] }>(tabId, session, "Accessibility.getFullAXTree", { frameId });
  return all.nodes.filter((n) => n.role?.value === role);
}

/** backendNodeIds of the elements a role target matches, in document order
 * (of the tab's main document, or of a frame's with place). */
export async function roleMatches(tabId: number, t: RoleTarget, place?: Pick<FramePlace, "session" | "frameId">): Promise<number[]> {
  const out: number[] = [];
  for (const n of await axNodesOfRole(tabId, t.role, place)) {
    if (n.ignored || n.backendDOMNodeId === undefined) continue;
    const have = typeof n.name?.value === "string" ? n.name.value : "";
    if (t.name !== undefined && !sameName(have, t.name)) continue;
    out.push(n.backendDOMNodeId);
  }
  return out;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The objectId (in ACTION_GROUP) of the first element the role target matches. */
export async function resolveRoleTarget(tabId: number, selector: string, waitMs = ROLE_WAIT_MS): Promise<string> {
  const t = parseRoleTarget(selector);
  const deadline = Date.now() + waitMs;
  for (;;) {
    // A document swapped mid-query (a navigation) is retried below.
    const ids = await unlessDialog(roleMatches(tabId, t), (e) => {
      if (!(e instanceof RpcError) || Date.now() >= deadline) throw e;
      return [];
    });
    if (ids.length > 0) {
      // Into the isolated world: the in-page script never runs in the page's own.
      const r = await send<{ object: { objectId?: string } }>(tabId, "DOM.resolveNode", {
        backendNodeId: ids[0],
        executionContextId: await isolatedContext(tabId),
        objectGroup: ACTION_GROUP,
      });
      if (r.object.objectId) return r.object.objectId;
    }
    if (Date.now() >= deadline) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: no element matches ${selector}`, "not_found");
    }
    await sleep(ROLE_POLL_MS);
  }
}
