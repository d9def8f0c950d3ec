// pages.snapshot: one in-page walk per frame (page-tree.ts), in parallel,
// each in its frame's isolated world and session (frames.ts reaches
// out-of-process frames); the frames' lines are spliced under their iframe's
// line. Then the reader's sizing: a subtree (-s), the viewport, a cut at
// maxChars, or the difference from the previous snapshot.
//
// Refs: `eN` in the main frame, `fKeN` in the K-th frame document the tab
// has shown. Numbers come from the documents' registries, so the same
// element keeps its ref in every mode (see page-tree.ts and README.md).

import { optionalBool, optionalInt, optionalString } from "../params";
import { ErrorCode, RpcError, type Params } from "../types";
import { DialogOpenError, ensureAttached, generation, onForget, sendIn } from "./debugger";
import { adoptClosedRoots } from "./closed-roots";
import { frameList, type FrameInfo } from "./frames";
import { refElement, walkTree, type TreeOptions, type TreeResult } from "./page-tree";
import { nextRefNumber, setTreeRefs, type RefEntry } from "./refs";
import { MAX_NAME } from "./snapshot-text";
import { diffLines, fitToChars, FRAME_MARK_RE } from "./snapshot-size";
import { dropContext, isolatedContext } from "./world";

export interface SnapshotResult {
  snapshot: string;
  refs: Record<string, { ref: string; role: string; name: string }>;
  url: string;
  title: string;
  tabId: number;
}

interface EvalResult {
  result: { type: string; value?: unknown; objectId?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** Marks the page-side registries as this worker run's. */
const OWNER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const WORLD_NAME = "browserctl";
const WALK = walkTree.toString();

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
  /** "key:iframe number" -> the frame id it holds. */
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

function failed(msg: string): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: snapshot: ${msg}`);
}

function contextGone(e: unknown): boolean {
  return e instanceof RpcError && !(e instanceof DialogOpenError) && /context|frame|session|target/i.test(e.message);
}

async function childWorld(tabId: number, st: TabState, f: FrameInfo): Promise<World> {
  const w = st.worlds.get(f.frameId);
  if (w && w.session === f.session) return w;
  const r = await sendIn<{ executionContextId: number }>(tabId, f.session, "Page.createIsolatedWorld", {
    frameId: f.frameId,
    worldName: WORLD_NAME,
  });
  const fresh = { session: f.session, contextId: r.executionContextId, key: st.nextKey++ };
  st.worlds.set(f.frameId, fresh);
  return fresh;
}

/** The walk, again after handing it closed shadow roots it met (a closed
 * root may hold hosts of its own: a few rounds). */
async function runWalk(tabId: number, w: World, o: TreeOptions): Promise<TreeResult> {
  let res = await walkOnce(tabId, w, o);
  for (let round = 0; round < 4 && res.hosts > 0; round++) {
    if ((await adoptClosedRoots(tabId, w.session, w.contextId)) === 0) break;
    res = await walkOnce(tabId, w, o);
  }
  return res;
}

async function walkOnce(tabId: number, w: World, o: TreeOptions): Promise<TreeResult> {
  const r = await sendIn<EvalResult>(tabId, w.session, "Runtime.evaluate", {
    expression: `(${WALK})(${JSON.stringify(o)})`,
    contextId: w.contextId,
    returnByValue: true,
  });
  if (r.exceptionDetails || typeof r.result.value !== "string") {
    const d = r.exceptionDetails;
    throw failed(d ? (d.exception?.description ?? d.text ?? "exception") : "the page walk returned nothing");
  }
  return JSON.parse(r.result.value) as TreeResult;
}

interface Walked {
  world: World;
  res: TreeResult;
}

/** Walks the main frame, retrying once in a fresh world when its document went away. */
async function walkMain(tabId: number, o: TreeOptions): Promise<Walked> {
  const attempt = async (): Promise<Walked> => {
    const world: World = { contextId: await isolatedContext(tabId), key: 0 };
    return { world, res: await runWalk(tabId, world, o) };
  };
  try {
    return await attempt();
  } catch (e) {
    if (!contextGone(e)) throw e;
    dropContext(tabId);
    return attempt();
  }
}

async function walkChild(tabId: number, st: TabState, f: FrameInfo, o: TreeOptions): Promise<Walked | undefined> {
  const attempt = async (): Promise<Walked> => {
    const world = await childWorld(tabId, st, f);
    return { world, res: await runWalk(tabId, world, { ...o, prefix: `f${world.key}e`, next: 1 }) };
  };
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    st.worlds.delete(f.frameId); // a new document, or the frame is gone
    try {
      return await attempt();
    } catch (e2) {
      if (e2 instanceof DialogOpenError) throw e2;
      return undefined; // the frame went away while we looked: left out
    }
  }
}

/** The frame id behind an iframe element of a walked document. */
async function iframeFrameId(tabId: number, st: TabState, w: World, num: number): Promise<string | undefined> {
  const k = `${w.key}:${w.contextId}:${num}`;
  const known = st.owners.get(k);
  if (known) return known;
  try {
    const r = await sendIn<EvalResult>(tabId, w.session, "Runtime.evaluate", {
      expression: `(${refElement.toString()})(${num})`,
      contextId: w.contextId,
      objectGroup: "browserctl-frames",
    });
    if (!r.result.objectId) return undefined;
    const d = await sendIn<{ node: { frameId?: string; contentDocument?: { frameId?: string } } }>(
      tabId,
      w.session,
      "DOM.describeNode",
      { objectId: r.result.objectId },
    );
    sendIn(tabId, w.session, "Runtime.releaseObjectGroup", { objectGroup: "browserctl-frames" }).catch(() => {});
    const id = d.node.frameId ?? d.node.contentDocument?.frameId;
    if (id) st.owners.set(k, id);
    return id;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return undefined;
  }
}

const REF_RE = /^(?:f(\d+))?e(\d+)$/;

function optionsKey(o: TreeOptions, root: string): string {
  return JSON.stringify([o.mode, o.compact, o.depth, root, o.viewport]);
}

export async function snapshot(tabId: number, p: Params): Promise<SnapshotResult> {
  const interactive = optionalBool(p, "interactive") ?? false;
  const compact = optionalBool(p, "compact") ?? false;
  const depth = optionalInt(p, "depth", 0);
  const selector = optionalString(p, "selector") ?? "";
  const viewport = optionalBool(p, "viewport") ?? false;
  const maxChars = optionalInt(p, "maxChars", 200);
  const diff = optionalBool(p, "diff") ?? false;

  await ensureAttached(tabId);
  const gen = generation(tabId);
  const st = tabState(tabId);
  const base: TreeOptions = {
    mode: interactive ? "interactive" : "full",
    compact,
    depth: depth ?? -1,
    maxName: MAX_NAME,
    next: nextRefNumber(tabId),
    owner: OWNER,
    prefix: "e",
    root: 0,
    selector: "",
    viewport,
  };

  // -s: a ref names its frame document and number; anything else is a CSS
  // selector in the main frame.
  const m = REF_RE.exec(selector);
  const rootKey = m ? Number(m[1] ?? 0) : 0;
  const rootNum = m ? Number(m[2]) : 0;
  let rootFrame: string | undefined; // frame id of the -s ref's frame (child frames only)
  if (m && rootKey) {
    for (const [id, w] of st.worlds) if (w.key === rootKey) rootFrame = id;
    if (!rootFrame) throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
  }
  const mainOpts: TreeOptions = { ...base, root: m && !rootKey ? rootNum : 0, selector: m ? "" : selector };

  // The main frame's walk and the list of frames, at once.
  const [main, frames] = await Promise.all([
    rootFrame ? Promise.resolve(undefined) : walkMain(tabId, mainOpts),
    frameList(tabId).catch((e: unknown) => {
      if (e instanceof DialogOpenError) throw e;
      return [] as FrameInfo[];
    }),
  ]);
  if (main?.res.error) throw failed(main.res.error);

  // Child frames in parallel, each in its own world.
  const walked = new Map<string, Walked>();
  const mainFrame = frames.find((f) => f.parentId === undefined && f.session === undefined);
  if (main && mainFrame) walked.set(mainFrame.frameId, main);
  const children = frames.filter((f) => f !== mainFrame);
  const needChildren = rootFrame !== undefined || (main?.res.lines.some((l) => l.includes("\u0000F")) ?? false);
  if (needChildren) {
    await Promise.all(
      children.map(async (f) => {
        const o = f.frameId === rootFrame ? { ...base, root: rootNum } : base;
        const w = await walkChild(tabId, st, f, o);
        if (w) walked.set(f.frameId, w);
      }),
    );
  }
  let top: Walked | undefined = main;
  if (rootFrame) {
    top = walked.get(rootFrame);
    if (!top) throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
    if (top.res.error) throw failed(top.res.error);
  }
  if (!top) throw failed("the page walk returned nothing");

  // Splice: each iframe marker gets its frame's lines, indented.
  const entries: RefEntry[] = [];
  const out: string[] = [];
  const byFrameId = new Map<string, Walked>(walked);
  const splice = async (w: Walked, indent: string, seen: Set<string>): Promise<void> => {
    const prefix = w.world.key ? `f${w.world.key}e` : "e";
    for (const [num, role, name] of w.res.refs) {
      entries.push({
        ref: prefix + num,
        role,
        name,
        target: { kind: "tree", session: w.world.session, contextId: w.world.contextId, num, main: w.world.key === 0 },
      });
    }
    // Resolve the frames of this document's iframes at once.
    const marks: { at: number; num: number }[] = [];
    w.res.lines.forEach((l, at) => {
      const mm = FRAME_MARK_RE.exec(l);
      if (mm) marks.push({ at, num: Number(mm[2]) });
    });
    const ids = await Promise.all(marks.map((mk) => iframeFrameId(tabId, st, w.world, mk.num)));
    const childOf = new Map<number, string | undefined>();
    marks.forEach((mk, i) => childOf.set(mk.at, ids[i]));
    for (let i = 0; i < w.res.lines.length; i++) {
      const l = w.res.lines[i]!;
      const mm = FRAME_MARK_RE.exec(l);
      if (!mm) {
        out.push(indent + l);
        continue;
      }
      const id = childOf.get(i);
      const child = id ? byFrameId.get(id) : undefined;
      if (!child || seen.has(id!)) {
        if (interactive) dropEmptyFrame(out);
        continue;
      }
      const before = out.length;
      await splice(child, indent + mm[1], new Set([...seen, id!]));
      if (interactive && out.length === before) dropEmptyFrame(out);
    }
  };
  await splice(top, "", new Set());

  const url = main?.res.url ?? top.res.url;
  const title = main?.res.title ?? top.res.title;
  let nextMain = 0;
  for (const e of entries) {
    const mm = REF_RE.exec(e.ref);
    if (mm && !mm[1]) nextMain = Math.max(nextMain, Number(mm[2]) + 1);
  }
  setTreeRefs(tabId, gen, entries, nextMain);

  const key = optionsKey(base, selector);
  const prev = st.previous.get(key);
  st.previous.set(key, out);
  const header = [`title: ${title.replace(/\s+/g, " ").trim()}`, `url: ${url}`];
  let body = out;
  let shown = entries;
  if (diff) {
    body = prev ? diffLines(prev, out) : out;
    if (prev && body.length === 0) body = ["(nothing changed since the previous snapshot)"];
    const refsIn = new Set(body.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
    shown = entries.filter((e) => refsIn.has(`[ref=${e.ref}]`));
  }
  let lines = [...header, ...body];
  if (maxChars !== undefined) {
    const cut = fitToChars(lines, maxChars);
    if (cut.dropped > 0) {
      lines = cut.lines;
      const refsIn = new Set(lines.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
      shown = shown.filter((e) => refsIn.has(`[ref=${e.ref}]`));
    }
  }
  const refs: SnapshotResult["refs"] = {};
  for (const e of shown) refs[e.ref] = { ref: e.ref, role: e.role, name: e.name };
  return { snapshot: lines.join("\n"), refs, url, title, tabId };
}

/** In -i mode an iframe line with nothing under it says nothing. */
function dropEmptyFrame(out: string[]): void {
  const last = out[out.length - 1];
  if (last !== undefined && /^\s*- iframe\b/.test(last)) out.pop();
}
