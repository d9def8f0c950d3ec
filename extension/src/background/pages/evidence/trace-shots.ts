// The screenshots of a trace started with screenshots. Chrome writes no
// Screenshot events (category disabled-by-default-devtools.screenshot) for
// a chrome.debugger client, so the trace takes the tab's screencast
// (Page.startScreencast, JPEG, SHOT_WIDTH wide; shared with a recording of
// the same tab, screencast-share.ts) and keeps its frames with their own
// wall-clock timestamps. To place them on the trace's clock, the page runs
// console.timeStamp(label) at known wall times (CLOCK_EVERY_MS, and at the
// start and the stop): the trace holds a TimeStamp event with that label
// at its own ts. The CLI maps wall time to trace ts with those marks and
// inserts the frames as DevTools' Screenshot events when it writes the
// file (evidence/tracefile.go). Bound: SHOTS_MAX_BYTES of base64 frames;
// past it no more frames are taken (the stop says truncated).

import { send, sendQuiet, type AttachSend } from "../core/debugger";
import { callInjected } from "../core/injected";
import { isolatedContext } from "../core/world";
import { claimScreencast, releaseScreencast, screencastLead } from "./screencast-share";

export const SHOT_WIDTH = 500;
export const SHOT_QUALITY = 50;
/** A trace keeps at most this many bytes of base64 JPEG frames. */
export const SHOTS_MAX_BYTES = 64 * 1024 * 1024;
/** A clock mark this often while the trace runs. */
export const CLOCK_EVERY_MS = 2_000;
/** At most this many clock marks a trace. */
export const MAX_MARKS = 200;
/** trace.screenshots answers at most this many bytes of frames per call. */
export const SHOTS_CHUNK_BYTES = 8 * 1024 * 1024;

export const SCREENCAST_PARAMS = {
  format: "jpeg",
  quality: SHOT_QUALITY,
  maxWidth: SHOT_WIDTH,
  maxHeight: SHOT_WIDTH * 4, // the width decides
  everyNthFrame: 1,
};

export interface Shot {
  data: string;
  wallMs: number;
}

export interface ClockMark {
  label: string;
  wallMs: number;
}

export interface Shots {
  tabId: number;
  frames: Shot[];
  bytes: number;
  truncated: boolean;
  marks: ClockMark[];
  live: boolean;
  timer?: ReturnType<typeof setInterval>;
}

const live = new Set<Shots>();

/** Page.screencastFrame: the frame joins the tab's traces' screenshots. */
export function traceShotFrame(tabId: number, p: Record<string, unknown>): void {
  if (typeof p["data"] !== "string") return;
  const meta = p["metadata"] as { timestamp?: number } | undefined;
  const wallMs = typeof meta?.timestamp === "number" ? meta.timestamp * 1000 : Date.now();
  for (const s of live) if (s.tabId === tabId) take(s, { data: p["data"], wallMs });
}

/** Page.frameNavigated: a new main document needs the trace's screencast started again. */
export function restartTraceShotsOnNavigation(tabId: number, p: Record<string, unknown>): void {
  const frame = p["frame"] as { parentId?: string } | undefined;
  if (frame && !frame.parentId && traced(tabId) && screencastLead(tabId) === "trace") {
    sendQuiet(tabId, "Page.startScreencast", SCREENCAST_PARAMS);
  }
}

/** On attach: a traced tab's screencast starts again. */
export async function restartTraceShotsOnAttach(tabId: number, send: AttachSend): Promise<void> {
  if (traced(tabId) && screencastLead(tabId) === "trace") await send("Page.startScreencast", SCREENCAST_PARAMS).catch(() => {});
}

function traced(tabId: number): boolean {
  for (const s of live) if (s.tabId === tabId) return true;
  return false;
}

/** Keeps a frame unless the bound is reached (then no more are taken). */
export function take(s: Shots, f: Shot): void {
  if (!s.live || s.truncated) return;
  if (s.bytes + f.data.length > SHOTS_MAX_BYTES) {
    s.truncated = true;
    return;
  }
  // In time order: the trace file lists them so (DevTools reads them in
  // order), and a frame's compositor timestamp now and then comes in
  // earlier than the one before it.
  let i = s.frames.length;
  while (i > 0 && s.frames[i - 1]!.wallMs > f.wallMs) i--;
  s.frames.splice(i, 0, f);
  s.bytes += f.data.length;
}

/**
 * A console.timeStamp in the page's isolated world (the page cannot hide
 * or see it), between two reads of Date.now(): the same wall clock as the
 * screencast's frame timestamps.
 */
async function mark(s: Shots): Promise<void> {
  if (s.marks.length >= MAX_MARKS) return;
  const label = `browserctl-trace-clock-${s.marks.length}-${Math.random().toString(36).slice(2, 10)}`;
  const r = await callInjected(s.tabId, { contextId: await isolatedContext(s.tabId) }, "clockMark", [label]);
  if (!r.exceptionDetails && typeof r.result.value === "number") s.marks.push({ label, wallMs: r.result.value });
}

/** Starts taking the tab's screencast and putting clock marks into the page. */
export async function startShots(tabId: number): Promise<Shots> {
  const s: Shots = { tabId, frames: [], bytes: 0, truncated: false, marks: [], live: true };
  const shared = screencastLead(tabId) === "record"; // the recording's screencast runs already
  claimScreencast(tabId, "trace", SCREENCAST_PARAMS);
  live.add(s);
  try {
    if (!shared) await send(tabId, "Page.startScreencast", SCREENCAST_PARAMS);
    await mark(s);
  } catch (e) {
    stopShotsNow(s);
    throw e;
  }
  s.timer = setInterval(() => void mark(s).catch(() => {}), CLOCK_EVERY_MS);
  return s;
}

function stopShotsNow(s: Shots): void {
  if (!s.live) return;
  s.live = false;
  clearInterval(s.timer);
  live.delete(s);
  releaseScreencast(s.tabId, "trace");
}

/** Before Tracing.end: stops taking frames, then a last clock mark. */
export async function stopShots(s: Shots): Promise<void> {
  if (!s.live) return;
  s.live = false; // no frame from after the last mark
  clearInterval(s.timer);
  live.delete(s);
  releaseScreencast(s.tabId, "trace");
  await mark(s).catch(() => {});
}

/** A trace that ended without a stop (tab gone, group gone). */
export function dropShots(s: Shots): void {
  stopShotsNow(s);
  s.frames = [];
  s.bytes = 0;
}

/** Frames from index from on, at most SHOTS_CHUNK_BYTES of them (at least one). */
export function shotsChunk(s: Shots, from: number): { frames: Shot[]; next: number; done: boolean } {
  const frames: Shot[] = [];
  let bytes = 0;
  let i = Math.max(0, from);
  while (i < s.frames.length) {
    const f = s.frames[i]!;
    if (frames.length > 0 && bytes + f.data.length > SHOTS_CHUNK_BYTES) break;
    frames.push(f);
    bytes += f.data.length;
    i++;
  }
  return { frames, next: i, done: i >= s.frames.length };
}
