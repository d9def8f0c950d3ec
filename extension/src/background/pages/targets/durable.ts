// pages.durableTarget: what a ref points at, written so that it
// survives a reload, for the script the REPL saves. Without a ref it only
// names the tab's current document, so the REPL can tell which of its lines
// navigated.
//
// The target is computed in the page (src/injected/elements/durable.ts):
// `role=ROLE[name="NAME"]` (role-target.ts) when that role target finds
// this element and no other, the one the action recorder would write; else
// #id, tag[attr="value"] for a telling attribute, else a path of
// tag:nth-of-type() steps from the nearest ancestor with a unique id. A
// CSS selector is only answered when it matches this element and no other.
// An element in a frame (a fKeN ref) gets the same computed in its frame's
// document, after the frames that lead there: frame=... >> TARGET
// (frame-path.ts, frame-target.ts).

import { optionalString } from "../../params";
import type { DurableTargetResult, RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached } from "../core/debugger";
import { ACTION_GROUP, objectSession, releaseActionObjects, resolveRef, touchSession } from "../snapshot/refs";
import { framesOfDocument, type FramePath } from "./frame-path";
import { formatFrameTarget } from "./frame-target";
import { callInjected, valueOf } from "../core/injected";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";

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
    const [path, inner] = await Promise.all([framesOf(tabId, session, objectId), innerTarget(tabId, session, objectId)]);
    const frames = path?.frames ?? [];
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
 * The element's target in its own document (injected durable.ts
 * durableTarget): role=ROLE[name="NAME"] when that role target finds
 * exactly it there, by the snapshot's role and name rules, as the action
 * recorder writes it; else a CSS selector; "" when none finds it alone. The
 * closed shadow roots it sees into are the ones the snapshot or find that
 * gave the ref handed over.
 */
async function innerTarget(tabId: number, session: string | undefined, objectId: string): Promise<{ target: string; role: string; name: string }> {
  return valueOf(tabId, { objectId, session }, "durableTarget", [], (why) =>
    new RpcError(ErrorCode.pageOperationFailed, `page operation failed: durable target: ${why}`),
  );
}

// This file's handlers (index.ts joins them).
export const durableHandlers = {
  "pages.durableTarget": durableTarget,
} satisfies PageHandlers;
