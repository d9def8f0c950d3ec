// pages.durableTarget: what a ref points at, written so that it
// survives a reload, for the script the REPL saves. Without a ref it only
// names the tab's current document, so the REPL can tell which of its lines
// navigated.
//
// The target is `role=ROLE[name="NAME"]` (role-target.ts) when exactly one
// element of the page has that role and name, else a CSS selector computed
// in the page: #id, tag[attr="value"] for a telling attribute, else a path
// of tag:nth-of-type() steps from the nearest ancestor with a unique id. A
// CSS selector is only answered when it matches this element and no other.

import { optionalString } from "../../params";
import type { DurableTargetResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, send } from "../core/debugger";
import { releaseActionObjects, resolveRef } from "../snapshot/refs";
import { formatRoleTarget, roleMatches } from "./role-target";
import { callInWorld } from "./target";

/** Roles that say nothing about an element: a role target would not find it again. */
const VAGUE_ROLES = new Set(["generic", "none", "presentation", "StaticText", "InlineTextBox", "paragraph", "group", "LineBreak"]);

const DOCUMENT = `function () { return [location.href, String(performance.timeOrigin)]; }`;

// In the page, on the element: a CSS selector that matches it and nothing else, or "".
const CSS_PATH = `function () {
  const el = this;
  const esc = (s) => CSS.escape(s);
  const quote = (v) => '"' + v.replace(/["\\\\]/g, "\\\\$&").replace(/\\n/g, "\\\\a ") + '"';
  const unique = (sel) => {
    try { const all = document.querySelectorAll(sel); return all.length === 1 && all[0] === el; } catch (e) { return false; }
  };
  if (!el.isConnected || el.getRootNode() !== document) return "";
  if (el.id && unique("#" + esc(el.id))) return "#" + esc(el.id);
  const tag = el.localName;
  for (const a of ["data-testid", "data-test", "data-qa", "name", "aria-label", "placeholder", "title", "alt", "href", "for", "type", "value"]) {
    const v = el.getAttribute(a);
    if (v) { const sel = tag + "[" + a + "=" + quote(v) + "]"; if (unique(sel)) return sel; }
  }
  const steps = [];
  for (let e = el; e; e = e.parentElement) {
    if (e !== el && e.id && document.querySelectorAll("#" + esc(e.id)).length === 1) { steps.unshift("#" + esc(e.id)); break; }
    let step = e.localName;
    const p = e.parentElement;
    if (p) {
      const same = Array.from(p.children).filter((c) => c.localName === e.localName);
      if (same.length > 1) step += ":nth-of-type(" + (same.indexOf(e) + 1) + ")";
    }
    steps.unshift(step);
  }
  const path = steps.join(" > ");
  return unique(path) ? path : "";
}`;

interface AXNode {
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  backendDOMNodeId?: number;
}

async function currentDocument(tabId: number): Promise<{ url: string; document: string }> {
  const r = await callInWorld(tabId, DOCUMENT, [], { returnByValue: true });
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
    const css = await send<{ result: { value?: unknown } }>(tabId, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: CSS_PATH,
      returnByValue: true,
    });
    const sel = typeof css.result.value === "string" ? css.result.value : "";
    if (!sel) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no selector that finds it alone (in a frame or shadow root?)`);
    }
    return { ...doc, target: sel, role: role || undefined, name: name || undefined };
  } finally {
    releaseActionObjects(tabId);
  }
}
