// pages.durableTarget: what a ref points at, written so that it
// survives a reload, for the script the REPL saves. Without a ref it only
// names the tab's current document, so the REPL can tell which of its lines
// navigated.
//
// The target is `role=ROLE[name="NAME"]` (role-target.ts) when exactly one
// element of the page has that role and name, else a CSS selector computed
// in the page (src/injected/elements/durable.ts): #id, tag[attr="value"] for a telling attribute, else a path
// of tag:nth-of-type() steps from the nearest ancestor with a unique id. A
// CSS selector is only answered when it matches this element and no other.
// An element in a frame (a fKeN ref) gets the same computed in its frame's
// document, after the frames that lead there: frame=... >> TARGET
// (frame-path.ts, frame-target.ts).

import { optionalString } from "../../params";
import type { DurableTargetResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, sendIn } from "../core/debugger";
import { ACTION_GROUP, objectSession, releaseActionObjects, resolveRef, touchSession } from "../snapshot/refs";
import { formatRoleTarget, roleMatches } from "./role-target";
import { framesOfDocument, type FramePath } from "./frame-path";
import { formatFrameTarget } from "./frame-target";
import { callInjected } from "../core/injected";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";

/** Roles that say nothing about an element: a role target would not find it again. */
const VAGUE_ROLES = new Set(["generic", "none", "presentation", "StaticText", "InlineTextBox", "paragraph", "group", "LineBreak"]);

interface AXNode {
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  backendDOMNodeId?: number;
}

async function currentDocument(tabId: number): Promise<{ url: string; document: string }> {
  const r = await callInWorld(tabId, "documentIdentity", []);
  const v = r.result.value;
  if (!Array.isArray(v)) throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: the tab has no document");
  return { url: String(v[0]), document: String(v[1]) };
}

export async function durableTarget(tabId: number, p: RequestParams<"pages.durableTarget">): Promise<DurableTargetResult> {
  const ref = optionalString(p, "ref");
  await ensureAttached(tabId);
  const doc = await currentDocument(tabId);
  if (!ref) return doc;
  try {
    const objectId = await resolveRef(tabId, ref);
    const session = objectSession(tabId, objectId);
    const path = await framesOf(tabId, session, objectId);
    const frames = path?.frames ?? [];
    const inner = await innerTarget(tabId, session, objectId, frames.length > 0 ? path!.frameId : undefined);
    if (!inner.target) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no selector that finds it alone (in a shadow root?)`);
    }
    const target = frames.length > 0 ? formatFrameTarget(frames, inner.target) : inner.target;
    return { ...doc, target, role: inner.role || undefined, name: inner.name || undefined };
  } finally {
    releaseActionObjects(tabId);
  }
}

/** The frames an element sits in, outermost first ([] in the top
 * document); 4110 when one cannot be named. */
async function framesOf(tabId: number, session: string | undefined, objectId: string): Promise<FramePath | undefined> {
  const doc = await callInjected(tabId, { objectId, session }, "documentOf", [], { returnByValue: false, objectGroup: ACTION_GROUP });
  if (!doc.result.objectId) return undefined;
  const sessions = new Set<string | undefined>();
  const frames = await framesOfDocument(tabId, session, doc.result.objectId, ACTION_GROUP, sessions);
  for (const s of sessions) touchSession(tabId, s);
  if (!frames) throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: the element's frame has no selector that finds its iframe alone");
  return frames;
}

/**
 * The element's target in its own document: role=ROLE[name="NAME"] when
 * exactly it has that role and name there, else a CSS selector; "" when
 * none finds it alone.
 */
async function innerTarget(
  tabId: number,
  session: string | undefined,
  objectId: string,
  frameId: string | undefined,
): Promise<{ target: string; role: string; name: string }> {
  const d = await sendIn<{ node: { backendNodeId: number } }>(tabId, session, "DOM.describeNode", { objectId });
  const backendNodeId = d.node.backendNodeId;
  const ax = await sendIn<{ nodes: AXNode[] }>(tabId, session, "Accessibility.getPartialAXTree", { backendNodeId, fetchRelatives: false }).catch(
    () => ({ nodes: [] as AXNode[] }),
  );
  const n = ax.nodes.find((x) => x.backendDOMNodeId === backendNodeId);
  const role = n && !n.ignored && typeof n.role?.value === "string" ? n.role.value : "";
  const name = n && typeof n.name?.value === "string" ? n.name.value.replace(/\s+/g, " ").trim() : "";
  if (role && name && !VAGUE_ROLES.has(role)) {
    const same = await roleMatches(tabId, { role, name }, frameId === undefined ? undefined : { session, frameId });
    if (same.length === 1 && same[0] === backendNodeId) return { target: formatRoleTarget(role, name), role, name };
  }
  const css = await callInjected(tabId, { objectId, session }, "durableSelector", []);
  return { target: typeof css.result.value === "string" ? css.result.value : "", role, name };
}

// This file's handlers (index.ts joins them).
export const durableHandlers = {
  "pages.durableTarget": durableTarget,
} satisfies PageHandlers;
