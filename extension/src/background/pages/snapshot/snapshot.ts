// pages.snapshot: one in-page walk per frame (src/injected/elements/walk.ts), in parallel,
// each in its frame's isolated world and session (frames.ts reaches
// out-of-process frames); the frames' lines are spliced under their iframe's
// line. Then the reader's sizing: a subtree (-s), the viewport, a cut at
// maxChars, or the difference from the previous snapshot.
//
// Refs: `eN` in the main frame, `fKeN` in the K-th frame document the tab
// has shown. Numbers come from the documents' registries, so the same
// element keeps its ref in every mode (see src/injected/elements/registry.ts and README.md).

import { optionalBool, optionalInt, optionalString } from "../../params";
import type { RequestParams, SnapshotResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, generation, onForget, sendIn, unlessDialog } from "../core/debugger";
import { budgetOf } from "../core/deadline";
import { withClosedRoots } from "./closed-roots";
import { followFrames, sessionOfFrame, sessionOfFrameSoon } from "../core/frames";
import type { TreeOptions, TreeResult } from "../../../injected/elements/walk";
import { callInjected, WORLD_NAME } from "../core/injected";
import { savedCounters, saveCounters } from "./ref-counters";
import { nextRefNumber, setTreeRefs, type RefEntry } from "./refs";
/** Longest accessible name a snapshot line carries, in characters. */
export const MAX_NAME = 100;
import { settle } from "./settle";
import { recorderStartedIn } from "../core/person-input";
import { diffLines, fitToChars, FRAME_MARK_RE, fromOffset } from "./snapshot-size";
/**
 * How long the walks of one snapshot may take, all frames together: a page
 * too large for it (200,000 elements) gets its first part and a note that
 * it was cut, never a walk that holds its renderer (and the tabs that share
 * it) or the service worker for tens of seconds.
 */
export const SNAPSHOT_BUDGET_MS = 3_000;
/** Lines one frame document's walk prints at most (the worker parses them all). */
export const MAX_WALK_LINES = 20_000;
/** Documents up to this many elements are scanned for closed shadow roots
 * on any element (closed-roots.ts); larger ones on custom elements only. */
export const MAX_SCAN_ELEMENTS = 20_000;
import { announcedChildWorld, dropContext, forgetChildWorld, isolatedContext } from "../core/world";
import { failed } from "../core/failed";
import type { PageHandlers } from "../tables";

/** Marks the page-side registries as this worker run's. */
export const OWNER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A frame and the session that runs it (undefined: the tab's own). */
interface FrameRef {
  frameId: string;
  session?: string;
}

/** A frame document's isolated world: its context and its ref prefix. */
interface World {
  session?: string;
  contextId: number;
  /** 0: the main frame ("e"); K: "fKe". */
  key: number;
}

interface TabState {
  /** Worlds of child frames, by frame id. */
  worlds: Map<string, World>;
  /** The number of the next frame document. */
  nextKey: number;
  /** "key:context:iframe number" -> the frame id that iframe holds. */
  owners: Map<string, string>;
  /** The previous snapshot's lines, per set of options (for diff). */
  previous: Map<string, string[]>;
}

const tabs = new Map<number, TabState>();
onForget((tabId) => {
  tabs.delete(tabId);
});

function tabState(tabId: number): TabState {
  let st = tabs.get(tabId);
  if (!st) tabs.set(tabId, (st = { worlds: new Map(), nextKey: 1, owners: new Map(), previous: new Map() }));
  return st;
}

function snapshotFailed(msg: string): RpcError {
  return failed(`snapshot: ${msg}`);
}

function contextGone(e: unknown): boolean {
  return e instanceof RpcError && /context|frame|session|target/i.test(e.message);
}

async function childWorld(tabId: number, st: TabState, f: FrameRef): Promise<World> {
  const w = st.worlds.get(f.frameId);
  if (w && w.session === f.session) return w;
  // A frame of the tab's own process has announced its world as its
  // document started (core/world.ts); one of its own session is made.
  const announced = f.session === undefined ? announcedChildWorld(tabId, f.frameId) : undefined;
  const contextId =
    announced ??
    (
      await sendIn<{ executionContextId: number }>(tabId, f.session, "Page.createIsolatedWorld", {
        frameId: f.frameId,
        worldName: WORLD_NAME,
      })
    ).executionContextId;
  const fresh = { session: f.session, contextId, key: st.nextKey++ };
  st.worlds.set(f.frameId, fresh);
  return fresh;
}

/** The walk, again after handing it closed shadow roots it met. Whether
 * the document may hold a closed root comes with the first walk (the walk
 * asks the watch's note when the document needs a scan). */
function runWalk(tabId: number, w: World, o: TreeOptions): Promise<TreeResult> {
  return withClosedRoots(tabId, w.session, w.contextId, (closedWatch) => walkOnce(tabId, w, { ...o, closedWatch }));
}

async function walkOnce(tabId: number, w: World, o: TreeOptions): Promise<TreeResult> {
  const r = await callInjected(tabId, { contextId: w.contextId, session: w.session }, "walk", [o]);
  if (r.exceptionDetails || typeof r.result.value !== "string") {
    const d = r.exceptionDetails;
    throw snapshotFailed(d ? (d.exception?.description ?? d.text ?? "exception") : "the page walk returned nothing");
  }
  return JSON.parse(r.result.value) as TreeResult;
}

interface Walked {
  world: World;
  res: TreeResult;
}

/** Walks the main frame, retrying once in a fresh world when its document
 * went away. The walk starts the person-input recorder there (the same
 * call). */
async function walkMain(tabId: number, o: TreeOptions): Promise<Walked> {
  const attempt = async (): Promise<Walked> => {
    const world: World = { contextId: await isolatedContext(tabId), key: 0 };
    const res = await runWalk(tabId, world, { ...o, recordInput: true });
    recorderStartedIn(tabId, world.contextId);
    return { world, res };
  };
  return unlessDialog(attempt(), (e) => {
    if (!contextGone(e)) throw e;
    dropContext(tabId);
    return attempt();
  });
}

/** How long a snapshot waits for an out-of-process frame's session that has
 * not attached yet (a nested frame made just before the snapshot). */
const FRAME_ATTACH_WAIT_MS = 2000;

async function walkChild(tabId: number, st: TabState, f: FrameRef, o: TreeOptions): Promise<Walked | undefined> {
  const attempt = async (): Promise<Walked> => {
    const world = await childWorld(tabId, st, f);
    return { world, res: await runWalk(tabId, world, { ...o, prefix: `f${world.key}e`, next: 1 }) };
  };
  return unlessDialog(attempt(), () => {
    // a new document, or the frame is gone: its world is made again
    const gone = st.worlds.get(f.frameId);
    if (gone) forgetChildWorld(tabId, f.frameId, gone.contextId);
    st.worlds.delete(f.frameId);
    // the frame went away while we looked: left out
    return unlessDialog(attempt(), () => undefined);
  });
}

/** Numbers the object groups of iframeFrameId's calls. */
let frameGroups = 0;

/** The frame id behind an iframe element of a walked document. */
async function iframeFrameId(tabId: number, st: TabState, w: World, num: number): Promise<string | undefined> {
  const k = `${w.key}:${w.contextId}:${num}`;
  const known = st.owners.get(k);
  if (known) return known;
  // A group of this call's own: the iframes of one document are looked up
  // in parallel, and one's release must not free another's element before
  // DOM.describeNode has read it (the iframe would be left out).
  const group = `browserctl-frames-${++frameGroups}`;
  const lookUp = async () => {
    const r = await callInjected(tabId, { contextId: w.contextId, session: w.session }, "refElement", [num], {
      returnByValue: false,
      objectGroup: group,
    });
    if (!r.result.objectId) return undefined;
    const d = await sendIn<{ node: { frameId?: string; contentDocument?: { frameId?: string } } }>(
      tabId,
      w.session,
      "DOM.describeNode",
      { objectId: r.result.objectId },
    );
    const id = d.node.frameId ?? d.node.contentDocument?.frameId;
    if (id) st.owners.set(k, id);
    return id;
  };
  try {
    return await unlessDialog(lookUp(), () => undefined);
  } finally {
    sendIn(tabId, w.session, "Runtime.releaseObjectGroup", { objectGroup: group }).catch(() => {});
  }
}

const REF_RE = /^(?:f(\d+))?e(\d+)$/;
/** settle waits at most this long for the navigations an action set off. */
const SETTLE_MAX_MS = 10_000;

function optionsKey(o: TreeOptions, root: string): string {
  return JSON.stringify([o.mode, o.compact, o.depth, root, o.viewport]);
}

/**
 * pages.snapshot: the walks (the main frame's, or the -s subtree's, then
 * every frame the page shows, spliced under its iframe line), the refs
 * recorded, then the reader's sizing (diff, offset, the cut note, maxChars).
 */
export async function snapshot(tabId: number, p: RequestParams<"pages.snapshot">): Promise<SnapshotResult> {
  const interactive = optionalBool(p, "interactive") ?? false;
  const compact = optionalBool(p, "compact") ?? false;
  const depth = optionalInt(p, "depth", 0);
  const selector = optionalString(p, "selector") ?? "";
  const viewport = optionalBool(p, "viewport") ?? false;
  const maxChars = optionalInt(p, "maxChars", 200);
  const offset = optionalInt(p, "offset", 0) ?? 0;
  const diff = optionalBool(p, "diff") ?? false;
  const settleFirst = optionalBool(p, "settle") ?? false;

  await ensureAttached(tabId);
  if (settleFirst) await settle(tabId, Math.min(budgetOf(p) / 2, SETTLE_MAX_MS));
  const gen = generation(tabId);
  const st = tabState(tabId);
  const saved = await savedCounters(tabId);
  if (saved.nextKey > st.nextKey) st.nextKey = saved.nextKey;
  const base: TreeOptions = {
    mode: interactive ? "interactive" : "full",
    compact,
    depth: depth ?? -1,
    maxName: MAX_NAME,
    next: Math.max(nextRefNumber(tabId), saved.next),
    owner: OWNER,
    prefix: "e",
    root: 0,
    selector: "",
    viewport,
    // Within the caller's --timeout too, with time left to answer.
    deadline: Date.now() + Math.max(200, Math.min(SNAPSHOT_BUDGET_MS, budgetOf(p) - 1_000)),
    maxLines: MAX_WALK_LINES,
    maxScanElements: MAX_SCAN_ELEMENTS,
  };

  const { main, top } = await topWalk(tabId, st, base, selector);
  const { out, entries, cut } = await spliceFrames(tabId, st, base, top);
  const url = main?.res.url ?? top.res.url;
  const title = main?.res.title ?? top.res.title;
  recordRefs(tabId, gen, st, entries, main);
  return sized(st, base, selector, out, entries, cut, { url, title, tabId, diff, offset, maxChars });
}

/**
 * The walk the snapshot starts from: the main frame's (from -s SELECTOR's
 * first match when given), or the -s ref's subtree in its own frame
 * document; a selector with no match in the main document is looked for in
 * its frames. A ref of another frame document (the frame navigated since)
 * answers 4109.
 */
async function topWalk(tabId: number, st: TabState, base: TreeOptions, selector: string): Promise<{ main?: Walked; top: Walked }> {
  // -s: a ref names its frame document and number; anything else is a CSS
  // selector in the main frame.
  const m = REF_RE.exec(selector);
  const rootKey = m ? Number(m[1] ?? 0) : 0;
  const rootNum = m ? Number(m[2]) : 0;
  let rootFrame: FrameRef | undefined; // the -s ref's frame (child frames only)
  if (m && rootKey) {
    for (const [frameId, w] of st.worlds) if (w.key === rootKey) rootFrame = { frameId, session: w.session };
    if (!rootFrame) throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
  }

  // The main frame's walk while out-of-process frames are followed.
  const [main] = await Promise.all([
    rootFrame ? Promise.resolve(undefined) : walkMain(tabId, { ...base, root: m ? rootNum : 0, selector: m ? "" : selector }),
    unlessDialog(followFrames(tabId), () => undefined),
  ]);
  let top = main ?? (rootFrame ? await walkChild(tabId, st, rootFrame, { ...base, root: rootNum }) : undefined);
  // -s SELECTOR with no match in the main document: the first match in its
  // frames, in the order the snapshot shows them.
  if (!m && selector && main?.res.error?.startsWith(NO_MATCH)) {
    top = (await selectorInFrames(tabId, st, base, selector)) ?? main;
  }
  // A ref of another frame document (the frame navigated since) is stale.
  if (!top || (m && top.res.error) || (rootFrame && top.world.key !== rootKey)) {
    throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
  }
  if (top.res.error) throw snapshotFailed(top.res.error);
  return { main, top };
}

/**
 * The snapshot's lines from the top walk down: each iframe line gets its
 * frame's lines, indented. Only frames the walk showed are walked, those of
 * one document in parallel, 16 frames deep at most. Answers the lines, the
 * refs of every walk and why a walk stopped early, if one did.
 */
async function spliceFrames(
  tabId: number,
  st: TabState,
  base: TreeOptions,
  top: Walked,
): Promise<{ out: string[]; entries: RefEntry[]; cut: TreeResult["cut"] }> {
  const interactive = base.mode === "interactive";
  const entries: RefEntry[] = [];
  let cut: TreeResult["cut"];
  const build = async (w: Walked, indent: string, depthLeft: number): Promise<string[]> => {
    cut ??= w.res.cut;
    const prefix = w.world.key ? `f${w.world.key}e` : "e";
    for (const [num, role, name] of w.res.refs) {
      entries.push({
        ref: prefix + num,
        role,
        name,
        target: { kind: "tree", session: w.world.session, contextId: w.world.contextId, num, main: w.world.key === 0 },
      });
    }
    const marks: { at: number; num: number; indent: string }[] = [];
    w.res.lines.forEach((l, at) => {
      const mm = FRAME_MARK_RE.exec(l);
      if (mm) marks.push({ at, num: Number(mm[2]), indent: mm[1]! });
    });
    const parts = await Promise.all(
      marks.map(async (mk): Promise<string[]> => {
        if (depthLeft <= 0) return [];
        if (!interactive && base.depth >= 0 && (indent.length + mk.indent.length) / 2 > base.depth) return [];
        const frameId = await iframeFrameId(tabId, st, w.world, mk.num);
        if (!frameId) return [];
        // -d counts levels from the top document, through the frames.
        const level = (indent.length + mk.indent.length) / 2;
        if (!interactive && base.depth >= 0 && level > base.depth) return [];
        const o = interactive || base.depth < 0 ? base : { ...base, depth: base.depth - level };
        const child = await walkFrame(tabId, st, w, frameId, o);
        if (!child) return [];
        return build(child, indent + mk.indent, depthLeft - 1);
      }),
    );
    const out: string[] = [];
    let next = 0;
    w.res.lines.forEach((l, at) => {
      const mk = marks[next];
      if (!mk || mk.at !== at) {
        out.push(indent + l);
        return;
      }
      const lines = parts[next++]!;
      if (lines.length === 0 && interactive) dropEmptyFrame(out);
      out.push(...lines);
    });
    return out;
  };
  const out = await build(top, "", 16);
  return { out, entries, cut };
}

/** The walk of the frame frameId, an iframe of w's document: in its own
 * session when it is out of process, else in its parent's; undefined when
 * it cannot be walked. */
async function walkFrame(tabId: number, st: TabState, w: Walked, frameId: string, o: TreeOptions): Promise<Walked | undefined> {
  const own = sessionOfFrame(tabId, frameId);
  let child = await walkChild(tabId, st, { frameId, session: own ?? w.world.session }, o);
  if ((!child || child.res.error) && own === undefined) {
    // Not in the parent's process: an out-of-process frame (a frame
    // in a frame, just made) whose session has not attached yet.
    const later = await sessionOfFrameSoon(tabId, frameId, FRAME_ATTACH_WAIT_MS);
    if (later) child = await walkChild(tabId, st, { frameId, session: later }, o);
  }
  if (!child || child.res.error) return undefined;
  return child;
}

/** The snapshot's refs for the tab's document gen, and the counters a
 * restarted worker goes on from. */
function recordRefs(tabId: number, gen: number, st: TabState, entries: RefEntry[], main: Walked | undefined): void {
  let nextMain = 0;
  for (const e of entries) {
    const mm = REF_RE.exec(e.ref);
    if (mm && !mm[1]) nextMain = Math.max(nextMain, Number(mm[2]) + 1);
  }
  setTreeRefs(tabId, gen, entries, Math.max(nextMain, main?.res.next ?? 0));
  saveCounters(tabId, { next: nextRefNumber(tabId), nextKey: st.nextKey });
}

/** What the reader asked of the snapshot's size: its difference from the
 * previous one (diff), the body from line `offset`, the cut note, a cut at
 * maxChars; the refs answered are the lines' kept. */
interface Sizing {
  url: string;
  title: string;
  tabId: number;
  diff: boolean;
  offset: number;
  maxChars: number | undefined;
}

/** The result: the header and the lines sized as the reader asked, with
 * the refs of the lines it keeps. */
function sized(st: TabState, base: TreeOptions, selector: string, out: string[], entries: RefEntry[], cut: TreeResult["cut"], z: Sizing): SnapshotResult {
  const { url, title, tabId, diff, offset, maxChars } = z;
  // Refs of lines left out (an -i iframe with nothing in it) are not answered.
  const printed = new Set(out.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
  const inText = entries.filter((e) => printed.has(`[ref=${e.ref}]`));
  const key = optionsKey(base, selector);
  const prev = st.previous.get(key);
  st.previous.set(key, out);
  const header = [`title: ${title.replace(/\s+/g, " ").trim()}`, `url: ${url}`];
  let body = out;
  let shown = inText;
  if (diff) {
    body = prev ? diffLines(prev, out) : out;
    if (prev && body.length === 0) body = ["(nothing changed since the previous snapshot)"];
    const refsIn = new Set(body.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
    shown = inText.filter((e) => refsIn.has(`[ref=${e.ref}]`));
  }
  if (offset > 0) body = fromOffset(body, offset);
  if (cut) body = [...body, cutNote(cut)];
  let lines = [...header, ...body];
  if (offset > 0 || maxChars !== undefined) {
    const fit = maxChars !== undefined ? fitToChars(lines, maxChars, 2, offset) : { lines, dropped: 0 };
    if (fit.dropped > 0 || offset > 0) {
      lines = fit.lines;
      const refsIn = new Set(lines.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
      shown = shown.filter((e) => refsIn.has(`[ref=${e.ref}]`));
    }
  }
  const refs: SnapshotResult["refs"] = {};
  for (const e of shown) refs[e.ref] = { ref: e.ref, role: e.role, name: e.name };
  const result: SnapshotResult = { snapshot: lines.join("\n"), refs, url, title, tabId };
  if (cut) result.cut = true;
  return result;
}

/** The snapshot's last line when a walk stopped early. */
function cutNote(why: "time" | "lines"): string {
  const what = why === "time" ? `it took longer than ${SNAPSHOT_BUDGET_MS / 1000} s` : `it passed ${MAX_WALK_LINES} lines`;
  return `(cut: the page is too large, ${what}; above is its first part: narrow it with -s REF, --viewport or -d N)`;
}

const NO_MATCH = "no element matches the selector";

/** Looks for the selector in the main frame's frames, depth first in the
 * order the snapshot shows them (a frame, its frames, the next frame): the
 * first document that has a match is walked from it. Only the documents on
 * the way are walked to find their frames (-i walks: cheaper, and they show
 * every iframe). Undefined: no frame has a match. */
async function selectorInFrames(tabId: number, st: TabState, base: TreeOptions, selector: string): Promise<Walked | undefined> {
  const look: TreeOptions = { ...base, mode: "interactive", depth: -1, viewport: false };
  const search = async (w: Walked, depthLeft: number): Promise<Walked | undefined> => {
    for (const l of w.res.lines) {
      const mk = FRAME_MARK_RE.exec(l);
      if (!mk) continue;
      const frameId = await iframeFrameId(tabId, st, w.world, Number(mk[2]));
      if (!frameId) continue;
      const f = { frameId, session: sessionOfFrame(tabId, frameId) ?? w.world.session };
      const hit = await walkChild(tabId, st, f, { ...base, selector });
      if (!hit) continue;
      if (!hit.res.error) return hit;
      if (depthLeft <= 0 || !hit.res.error.startsWith(NO_MATCH)) continue;
      const inner = await walkChild(tabId, st, f, look);
      if (!inner || inner.res.error) continue;
      const found = await search(inner, depthLeft - 1);
      if (found) return found;
    }
    return undefined;
  };
  const main = await walkMain(tabId, look);
  if (main.res.error) return undefined;
  return search(main, 16);
}

/** In -i mode an iframe line with nothing under it says nothing. */
function dropEmptyFrame(out: string[]): void {
  const last = out[out.length - 1];
  if (last !== undefined && /^\s*- iframe\b/.test(last)) out.pop();
}

// This file's handlers (index.ts joins them).
export const snapshotHandlers = {
  "pages.snapshot": snapshot,
} satisfies PageHandlers;
