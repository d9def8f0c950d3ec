// pages.waitFor's text and selector waits across the page's frames: "visible
// on the page" means visible in any frame document that is itself shown.
//
// One waiter (src/injected/document/waits.ts) runs in the isolated world of each
// document that tops a CDP session: the tab's main document and each out-of-process frame (frames.ts
// follows them as child sessions). A waiter sees its own document and the
// same-origin frame documents it shows, nested too (contentDocument of each
// shown iframe), and answers once its condition holds: a MutationObserver on
// each of those documents checks on every change, a 100 ms timer catches
// what changes without a mutation (CSS, a same-origin frame's new document).
//
// An in-process frame of another origin than its parent (another port of the
// same site) cannot be reached through contentDocument: it gets a waiter of
// its own, in its own isolated world.
//
// A round starts a waiter in every shown place and ends when
//   - text/selector: any waiter sees it;
//   - gone: every waiter has stopped seeing it and an instant check of all
//     of them agrees;
//   - a frame attaches or detaches, a document goes away (navigation), or
//     the set of shown places changed (looked at each second: an iframe
//     element shown or hidden, an in-process frame added, fire no event): the
//     round's waiters are cancelled and a new round starts.
// A frame counts as shown when its iframe element, and each
// iframe above it, is shown in its parent document.

import { ErrorCode, RpcError } from "../../types";
import { cdpMessage, DialogOpenError, ensureAttached, generation, listenSessions, nextDocument, openDialog, sendIn, unlessDialog } from "../core/debugger";
import { timedOut } from "../core/deadline";
import { childSessions, followFrames, frameOwnerElement } from "../core/frames";
import type { WaitOutcome } from "../../../injected/document/waits";
import { callInjected, WORLD_NAME, type CallResult } from "../core/injected";
import { dropContext, isolatedContext } from "../core/world";

/** Pause before trying again in a document that is being replaced. */
const RETRY_MS = 100;
/** How often a round looks again at which frame documents are shown. */
const REFRESH_MS = 1_000;


type Outcome = WaitOutcome;
type EvalAnswer = CallResult<WaitOutcome>;

/** A document or frame session that went away under the wait, or is not there yet. */
const GONE =
  /context was destroyed|Cannot find context|Cannot find default execution context|Inspected target navigated|No frame with given id|frame.*detached|No session|Session with given id|Target closed|not attached/i;

/** One session's shown document: where its waiter runs. */
interface Place {
  session?: string;
  contextId: number;
}

export async function waitInFrames(
  tabId: number,
  kind: "text" | "selector",
  arg: string,
  gone: boolean,
  deadline: number,
  budget: number,
  what: string,
): Promise<void> {
  await ensureAttached(tabId);
  let onChange = () => {};
  let changes = 0;
  const unlisten = listenSessions((t, _s, method) => {
    if (t !== tabId || (method !== "Target.attachedToTarget" && method !== "Target.detachedFromTarget")) return;
    changes++;
    onChange();
  });
  try {
    for (;;) {
      if (Date.now() >= deadline) throw timedOut(budget, what);
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
      const gen = generation(tabId);
      let next: "done" | "again" | "retry";
      try {
        const seen = changes;
        const places = await shownPlaces(tabId);
        const running = round(tabId, places, kind, arg, gone, deadline, budget, what, (fn) => (onChange = fn));
        // A frame came or went while the places were being found.
        if (changes !== seen) onChange();
        next = await running;
        if (next === "done" && gone) next = (await allAgree(tabId, places, kind, arg)) ? "done" : "again";
      } catch (e) {
        if (!isGone(e)) throw e;
        next = "retry";
      }
      onChange = () => {};
      if (next === "done") return;
      if (next === "retry") {
        dropContext(tabId);
        // A frame's document went away: the main frame's next one ends
        // the wait at once (a frame's own comes within RETRY_MS).
        await nextDocument(tabId, gen, Math.min(RETRY_MS, Math.max(0, deadline - Date.now())));
      }
    }
  } finally {
    unlisten();
  }
}

function isGone(e: unknown): boolean {
  if (e instanceof DialogOpenError) return false;
  const msg = e instanceof RpcError ? e.message : cdpMessage(e);
  // Our own answers quote what was awaited, which may read like CDP's words.
  if (/^(timed out|page operation failed: wait for|invalid params)/.test(msg)) return false;
  return GONE.test(msg);
}

/** The main document, every out-of-process frame and every in-process
 * frame its parent cannot reach (another origin), each shown on the page. */
async function shownPlaces(tabId: number): Promise<Place[]> {
  await unlessDialog(followFrames(tabId), () => undefined);
  const children = childSessions(tabId);
  const outOfProcess = new Set(children.map((c) => c.frameId));
  const places: Place[] = [{ contextId: await isolatedContext(tabId) }];
  places.push(...(await otherOriginFrames(tabId, undefined, outOfProcess)));
  const known = new Map(children.map((c) => [c.sessionId, c]));
  const shownMemo = new Map<string, Promise<boolean>>();
  const isShown = (sessionId: string | undefined): Promise<boolean> => {
    if (sessionId === undefined) return Promise.resolve(true);
    const c = known.get(sessionId);
    if (!c) return Promise.resolve(false); // its parent detached
    let p = shownMemo.get(sessionId);
    if (!p) {
      p = (async () => (await isShown(c.parent)) && (await ownerShown(tabId, c.parent, c.frameId)))();
      shownMemo.set(sessionId, p);
    }
    return p;
  };
  const more = await Promise.all(
    children.map(async (c): Promise<Place[]> => {
      try {
        if (!(await isShown(c.sessionId))) return [];
        const w = await sendIn<{ executionContextId: number }>(tabId, c.sessionId, "Page.createIsolatedWorld", {
          frameId: c.frameId,
          worldName: WORLD_NAME,
        });
        return [{ session: c.sessionId, contextId: w.executionContextId }, ...(await otherOriginFrames(tabId, c.sessionId, outOfProcess))];
      } catch (e) {
        // A frame going away as we look is no frame; the detach restarts the round.
        if (isGone(e)) return [];
        throw e;
      }
    }),
  );
  for (const p of more) places.push(...p);
  return places;
}

interface FrameTree {
  frame: { id: string; securityOrigin?: string };
  childFrames?: FrameTree[];
}

/**
 * The shown frames of a session's process whose document its top document
 * cannot reach through contentDocument: an origin differs on the way down
 * (another port of the same site shares the process). Out-of-process frames
 * are their own sessions' tops. A frame counts as shown when its iframe
 * element (and the same-origin ones above it) is, and so is the nearest
 * such frame above it.
 */
async function otherOriginFrames(tabId: number, session: string | undefined, outOfProcess: Set<string>): Promise<Place[]> {
  const tree = await sendIn<{ frameTree: FrameTree }>(tabId, session, "Page.getFrameTree");
  const found: Promise<Place | undefined>[] = [];
  const visit = (node: FrameTree, aboveShown: Promise<boolean>, depth: number) => {
    if (depth >= 16) return;
    for (const child of node.childFrames ?? []) {
      if (outOfProcess.has(child.frame.id)) continue;
      let shown = aboveShown;
      const origin = child.frame.securityOrigin;
      if (origin !== node.frame.securityOrigin || origin === "null" || origin === undefined) {
        shown = aboveShown.then((ok) => ok && ownerShown(tabId, session, child.frame.id));
        found.push(
          shown.then(async (ok) => {
            if (!ok) return undefined;
            const w = await sendIn<{ executionContextId: number }>(tabId, session, "Page.createIsolatedWorld", {
              frameId: child.frame.id,
              worldName: WORLD_NAME,
            });
            return { session, contextId: w.executionContextId };
          }),
        );
      }
      visit(child, shown, depth + 1);
    }
  };
  visit(tree.frameTree, Promise.resolve(true), 0);
  // A frame going away, or with no document yet, is not shown yet: the
  // next look (each second) finds it.
  const places = await Promise.all(found.map((p) => unlessDialog(p, () => undefined)));
  return places.filter((p): p is Place => p !== undefined);
}

/** Numbers the object groups of ownerShown's calls. */
let ownerGroups = 0;

/** Whether the iframe element holding frameId is shown in its parent
 * document (in the parent session), and so is each same-origin iframe above
 * it: asked in the parent document's isolated world. */
async function ownerShown(tabId: number, parent: string | undefined, frameId: string): Promise<boolean> {
  // A group of this call's own: frames are asked about in parallel, and one's
  // release must not free another's iframe element while it is read.
  const group = `browserctl-wait-${++ownerGroups}`;
  const iframe = await frameOwnerElement(tabId, parent, frameId, group);
  if (!iframe) return false;
  try {
    const r = await callInjected(tabId, { objectId: iframe, session: parent }, "ownerShown", []);
    return r.result.value === true;
  } finally {
    sendIn(tabId, parent, "Runtime.releaseObjectGroup", { objectGroup: group }, 5_000).catch(() => {});
  }
}

function evaluateWait(tabId: number, p: Place, kind: "text" | "selector", arg: string, gone: boolean, ms: number, id: string) {
  return callInjected(tabId, { contextId: p.contextId, session: p.session }, "domWait", [kind, arg, gone, ms, id], { timeoutMs: ms + 2_000 });
}

/** What one waiter answered: its outcome, or the error to end the wait with. */
function outcomeOf(r: EvalAnswer, what: string): Outcome | "gone" {
  if (r.exceptionDetails) {
    const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception";
    if (GONE.test(text)) return "gone";
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: wait for ${what}: ${text}`);
  }
  const out = r.result.value;
  if (out?.badSelector !== undefined) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "selector" is not a valid CSS selector: ${out.badSelector}`);
  }
  // No answer: the document went away as it answered.
  return out ?? "gone";
}

let lastId = 0;

/** One round of waiters, one per place: see the file comment. */
function round(
  tabId: number,
  places: Place[],
  kind: "text" | "selector",
  arg: string,
  gone: boolean,
  deadline: number,
  budget: number,
  what: string,
  setOnChange: (fn: () => void) => void,
): Promise<"done" | "again" | "retry"> {
  const id = `w${Date.now().toString(36)}-${++lastId}`;
  const left = Math.max(0, deadline - Date.now());
  let ended = false;
  let waiting = places.length;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refresh: ReturnType<typeof setTimeout> | undefined;
  return new Promise<"done" | "again" | "retry">((resolve, reject) => {
    const stop = () => {
      ended = true;
      clearTimeout(timer);
      clearTimeout(refresh);
      // Waiters still running in the pages end now, not at their timeout.
      for (const p of places) {
        callInjected(tabId, { contextId: p.contextId, session: p.session }, "cancelWait", [id], { timeoutMs: 5_000 }).catch(() => {});
      }
    };
    const end = (v: "done" | "again" | "retry") => {
      if (ended) return;
      stop();
      resolve(v);
    };
    const fail = (e: unknown) => {
      if (ended) return;
      stop();
      reject(e);
    };
    setOnChange(() => end("again"));
    timer = setTimeout(() => fail(timedOut(budget, what)), left);
    // An iframe element shown or hidden, an in-process frame added, fire no
    // event here: look again each second, and start over if the shown set changed.
    const recheck = () => {
      refresh = setTimeout(() => {
        shownPlaces(tabId).then(
          (now) => {
            if (ended) return;
            if (samePlaces(now, places)) recheck();
            else end("again");
          },
          (e: unknown) => (isGone(e) ? end("retry") : fail(e)),
        );
      }, REFRESH_MS);
    };
    recheck();
    for (const p of places) {
      evaluateWait(tabId, p, kind, arg, gone, left, id).then(
        (r) => {
          if (ended) return;
          let out: Outcome | "gone";
          try {
            out = outcomeOf(r, what);
          } catch (e) {
            fail(e);
            return;
          }
          if (out === "gone") end("retry");
          else if (out.ok && (!gone || --waiting === 0)) end("done");
          // timedOut: the round's own timer answers; cancelled: ended already.
        },
        (e: unknown) => {
          if (ended) return;
          // A document or frame session that went away: a new round, shortly.
          if (isGone(e)) end("retry");
          else fail(e);
        },
      );
    }
  });
}

function samePlaces(a: Place[], b: Place[]): boolean {
  const key = (p: Place) => `${p.session ?? ""}:${p.contextId}`;
  const keys = new Set(a.map(key));
  return a.length === b.length && b.every((p) => keys.has(key(p)));
}

/** gone: every place does not see it now (one waiter may have seen it again
 * since it answered). */
async function allAgree(tabId: number, places: Place[], kind: "text" | "selector", arg: string): Promise<boolean> {
  const id = `c${++lastId}`;
  const answers = await Promise.all(places.map((p) => evaluateWait(tabId, p, kind, arg, true, 0, id)));
  return answers.every((r) => !r.exceptionDetails && r.result.value?.ok === true);
}
