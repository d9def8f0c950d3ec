// Resolving a frame target (frame-target.ts): each frame's <iframe> found
// in the document above it with the selector matcher (the injected
// firstMatch, in that document's isolated world), its frame read off the
// element (DOM.describeNode), that frame's document entered (an
// out-of-process frame in its own CDP session, core/frames.ts; a frame of
// the same process in its parent's), and the inner target resolved there:
// CSS, text= and role= by the injected script in the frame's isolated
// world. The element's objectId is
// kept with its session (refs.ts keepInSession) as a frame ref's is, so
// pointer actions, fill and reads act in the element's own frame.

import type { Pick } from "../../../injected/elements/targets";
import { ErrorCode, RpcError } from "../../types";
import { onForget, sendIn, unlessDialog } from "../core/debugger";
import { failed } from "../core/failed";
import { followFrames, sessionOfFrame } from "../core/frames";
import { callInjected, WORLD_NAME } from "../core/injected";
import { announcedChildWorld, forgetChildWorld, isolatedContext } from "../core/world";
import { ACTION_GROUP, keepInSession, touchSession } from "../snapshot/refs";
import { framesLabel, type FrameTarget } from "./frame-target";
import { isRoleTarget, parseRoleTarget, roleElement, type FramePlace } from "./role-target";

/** A document to look in: its isolated world and session (undefined: the tab's own). */
type Place = { session?: string; contextId: number };

/** Why a selector found nothing ("none", "hidden:N", "invalid:..."), as the caller words it. */
export type SelectorErrorOf = (why: string) => RpcError;

/**
 * The objectId (in ACTION_GROUP, its session kept) of the element the
 * frame target names, tried once: a frame or element not there yet fails
 * not_found (or not_visible), which the caller's wait tries again.
 */
export async function resolveInFrames(tabId: number, ft: FrameTarget, pick: Pick, errorOf: SelectorErrorOf): Promise<string> {
  if (isRoleTarget(ft.inner)) parseRoleTarget(ft.inner); // -32602 before any look
  await followFrames(tabId);
  let place: Place = { contextId: await isolatedContext(tabId) };
  let frame: FramePlace | undefined;
  for (let i = 0; i < ft.frames.length; i++) {
    const above = frame;
    const enter = () => enterFrame(tabId, place, ft.frames[i]!, framesLabel(ft.frames.slice(0, i + 1)));
    frame = above ? await inFrame(tabId, above, enter) : await enter();
    place = frame;
  }
  const inside = frame!;
  const where = `in ${framesLabel(ft.frames)}`;
  if (isRoleTarget(ft.inner)) return inFrame(tabId, inside, () => roleIn(tabId, inside, ft.inner, where));
  const r = await inFrame(tabId, inside, () => callInjected(tabId, inside, "firstMatch", [ft.inner, pick], { returnByValue: false, objectGroup: ACTION_GROUP }));
  touchSession(tabId, inside.session);
  if (r.exceptionDetails) throw failed(`${ft.inner} ${where}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  if (r.result.objectId && r.result.subtype === "node") {
    keepInSession(tabId, r.result.objectId, inside.session);
    return r.result.objectId;
  }
  throw errorOf(typeof r.result.value === "string" ? r.result.value : "none");
}

/** The document of the frame whose element sel finds in parent's
 * document; not_found naming the frame (label) when there is none yet. */
async function enterFrame(tabId: number, parent: Place, sel: string, label: string): Promise<FramePlace> {
  const r = await callInjected(tabId, parent, "firstMatch", [sel, "visibleElseFirst"], { returnByValue: false, objectGroup: ACTION_GROUP });
  touchSession(tabId, parent.session);
  if (r.exceptionDetails) throw failed(`${label}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  const objectId = r.result.objectId;
  if (!objectId || r.result.subtype !== "node") {
    const why = typeof r.result.value === "string" ? r.result.value : "none";
    if (why.startsWith("invalid:")) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "selector" ${label}: not a valid CSS selector (${why.slice(8)})`);
    }
    throw failed(`no frame matches ${label}`, "not_found");
  }
  const d = await sendIn<{ node: { nodeName?: string; frameId?: string } }>(tabId, parent.session, "DOM.describeNode", { objectId });
  const tag = (d.node.nodeName ?? "").toLowerCase();
  if (tag !== "iframe" && tag !== "frame") throw failed(`${label} matches a <${tag}>, not an <iframe> or <frame>`, "bad_input");
  const frameId = d.node.frameId;
  if (!frameId) throw failed(`the frame of ${label} has no document yet`, "not_found");
  // Out of process: its own session; else the parent's process runs it.
  const session = sessionOfFrame(tabId, frameId) ?? parent.session;
  const contextId = await frameWorld(tabId, session, frameId, label);
  return session === undefined ? { contextId, frameId } : { session, contextId, frameId };
}

/**
 * The worlds made in frames' documents, per tab, by session and frame id:
 * each Page.createIsolatedWorld makes a new world (and the in-page script
 * goes into it), so one is kept per document and used again until a call
 * finds its context gone (a new document), which drops it (forgetWorld).
 */
const madeWorlds = new Map<number, Map<string, number>>();
onForget((tabId) => madeWorlds.delete(tabId));

const worldKey = (session: string | undefined, frameId: string) => `${session ?? ""}|${frameId}`;

/** The isolated world of a frame's document: the one its document
 * announced (a frame of the tab's own process), else the one made before
 * for it, else made. */
async function frameWorld(tabId: number, session: string | undefined, frameId: string, label: string): Promise<number> {
  const announced = session === undefined ? announcedChildWorld(tabId, frameId) : undefined;
  if (announced !== undefined) return announced;
  const kept = madeWorlds.get(tabId)?.get(worldKey(session, frameId));
  if (kept !== undefined) return kept;
  const made = sendIn<{ executionContextId: number }>(tabId, session, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME });
  // An out-of-process frame whose session has not attached yet, or a
  // frame between documents: not there yet, so the wait tries again.
  const contextId = await unlessDialog(
    made.then((w) => w.executionContextId),
    () => {
      throw failed(`the frame of ${label} has no document yet`, "not_found");
    },
  );
  let m = madeWorlds.get(tabId);
  if (!m) madeWorlds.set(tabId, (m = new Map()));
  m.set(worldKey(session, frameId), contextId);
  return contextId;
}

/** Runs a call in a frame's world; a context found gone drops the world
 * kept for it (the error goes on: the target's wait tries again). */
async function inFrame<T>(tabId: number, place: FramePlace, call: () => Promise<T>): Promise<T> {
  return unlessDialog(call(), (e) => {
    if (e instanceof RpcError && /context/i.test(e.message)) {
      const m = madeWorlds.get(tabId);
      if (m?.get(worldKey(place.session, place.frameId)) === place.contextId) m.delete(worldKey(place.session, place.frameId));
      if (place.session === undefined) forgetChildWorld(tabId, place.frameId, place.contextId);
    }
    throw e;
  });
}

/** A role target in a frame's document, found there by the snapshot's rules. */
async function roleIn(tabId: number, place: FramePlace, selector: string, where: string): Promise<string> {
  const objectId = await roleElement(tabId, place, parseRoleTarget(selector));
  touchSession(tabId, place.session);
  if (objectId) {
    keepInSession(tabId, objectId, place.session);
    return objectId;
  }
  throw failed(`no element matches ${selector} ${where}`, "not_found");
}
