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

import { optionalString } from "../../params";
import type { DurableTargetResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, send } from "../core/debugger";
import { releaseActionObjects, resolveRef } from "../snapshot/refs";
import { formatRoleTarget, roleMatches } from "./role-target";
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
    const d = await send<{ node: { backendNodeId: number } }>(tabId, "DOM.describeNode", { objectId });
    const backendNodeId = d.node.backendNodeId;
    const ax = await send<{ nodes: AXNode[] }>(tabId, "Accessibility.getPartialAXTree", { backendNodeId, fetchRelatives: false }).catch(
      () => ({ nodes: [] as AXNode[] }),
    );
    const n = ax.nodes.find((x) => x.backendDOMNodeId === backendNodeId);
    const role = n && !n.ignored && typeof n.role?.value === "string" ? n.role.value : "";
    const name = n && typeof n.name?.value === "string" ? n.name.value.replace(/\s+/g, " ").trim() : "";
    if (role && name && !VAGUE_ROLES.has(role)) {
      const same = await roleMatches(tabId, { role, name });
      if (same.length === 1 && same[0] === backendNodeId) return { ...doc, target: formatRoleTarget(role, name), role, name };
    }
    const css = await callInjected(tabId, { objectId }, "durableSelector", []);
    const sel = typeof css.result.value === "string" ? css.result.value : "";
    if (!sel) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no selector that finds it alone (in a frame or shadow root?)`);
    }
    return { ...doc, target: sel, role: role || undefined, name: name || undefined };
  } finally {
    releaseActionObjects(tabId);
  }
}

// This file's handlers (index.ts joins them).
export const durableHandlers = {
  "pages.durableTarget": durableTarget,
} satisfies PageHandlers;
