// trace.*: a Chrome trace of a session's active tab through CDP Tracing
// (chrome.debugger allows the Tracing and IO domains). The trace is kept
// by the browser, in the tab's debugger attachment: trace.stop ends it and
// answers the stream handle of its JSON, trace.read hands the JSON out
// chunk by chunk (IO.read) and closes the stream at its end. A tab that
// closes or detaches takes its trace with it; a session's group going away
// ends its trace. A trace with screenshots takes the tab's screencast
// too (trace-shots.ts): trace.stop answers how many frames, and
// trace.screenshots hands them out; the trace's state goes once both the
// stream and the frames were read, or KEEP_STOPPED_MS after the stop.

import { ErrorCode, RpcError } from "../../types";
import { onForget, send, sendQuiet } from "../core/debugger";
import { ensureForeground } from "../core/foreground";
import { dropShots, shotsChunk, startShots, stopShots, type ClockMark, type Shots } from "./trace-shots";
import { failed } from "../core/failed";

/** DevTools' Performance panel's categories (its "record" button). */
export const DEFAULT_CATEGORIES = [
  "-*",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-devtools.timeline.stack",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink.console",
  "blink.user_timing",
  "loading",
  "latencyInfo",
];
export const SCREENSHOT_CATEGORY = "disabled-by-default-devtools.screenshot";

/** How long trace.stop waits for the browser to finish the trace. */
export const COMPLETE_MS = 30_000;
/** IO.read's chunk: well under the hub's frame limit. */
export const READ_BYTES = 4 * 1024 * 1024;
/** A stopped trace's stream handle and frames are dropped this long after the stop. */
export const KEEP_STOPPED_MS = 5 * 60 * 1000;

interface Trace {
  tabId: number;
  groupId: number;
  stream?: string;
  /** The stream was read to its end (closed). */
  streamDone?: boolean;
  /** Its screenshots, when started with them. */
  shots?: Shots;
  /** The frames were all handed out by trace.screenshots. */
  shotsDone?: boolean;
  dropTimer?: ReturnType<typeof setTimeout>;
  /** Resolves with the stream handle at Tracing.tracingComplete. */
  complete?: (stream: string) => void;
  gone?: (why: string) => void;
}

const traces = new Map<string, Trace>();

/** Whether the session's trace runs now (not yet stopped: it needs the debugger). */
export function tracingNow(sessionId: string): boolean {
  const t = traces.get(sessionId);
  return !!t && t.stream === undefined && t.complete === undefined;
}


/** Nothing to stop or read: the caller's mistake (-32602, the CLI's exit 2). */
function nothing(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

/** Tracing.tracingComplete: the tab's trace is ready to read. */
export function tracingComplete(tabId: number, p: Record<string, unknown>): void {
  for (const t of traces.values()) {
    if (t.tabId === tabId && t.complete) t.complete(typeof p["stream"] === "string" ? p["stream"] : "");
  }
}

let wired = false;
function wire(): void {
  if (wired || typeof chrome === "undefined") return;
  wired = true;
  onForget((tabId) => {
    for (const [sid, t] of traces) {
      if (t.tabId !== tabId) continue;
      forget(sid, t);
      t.gone?.("the tab closed or its debugger was detached; the browser dropped its trace");
    }
  });
  chrome.tabGroups.onRemoved.addListener((g) => {
    for (const [sid, t] of traces) {
      if (t.groupId !== g.id) continue;
      forget(sid, t);
      if (!t.streamDone) sendQuiet(t.tabId, t.stream ? "IO.close" : "Tracing.end", t.stream ? { handle: t.stream } : {});
    }
  });
}

/** Drops a trace's state: its frames, its timer. */
function forget(sessionId: string, t: Trace): void {
  if (traces.get(sessionId) === t) traces.delete(sessionId);
  clearTimeout(t.dropTimer);
  if (t.shots) dropShots(t.shots);
}

/** A stopped trace goes once its stream and its frames were read. */
function maybeDone(sessionId: string, t: Trace): void {
  if (t.streamDone && (!t.shots || t.shotsDone)) forget(sessionId, t);
}

/** Categories as Chrome's TraceConfig takes them: included, excluded. */
export function traceConfig(categories: string[]): { includedCategories: string[]; excludedCategories: string[] } {
  const included = categories.filter((c) => !c.startsWith("-"));
  const excluded = categories.filter((c) => c.startsWith("-")).map((c) => c.slice(1));
  return { includedCategories: included, excludedCategories: excluded };
}

export async function startTrace(
  sessionId: string,
  groupId: number,
  tabId: number,
  categories: string[],
  screenshots = false,
): Promise<void> {
  wire();
  const old = traces.get(sessionId);
  if (old && !old.stream) throw failed(`session ${sessionId} is already tracing (trace stop FILE first)`);
  if (old?.stream) {
    if (!old.streamDone) sendQuiet(old.tabId, "IO.close", { handle: old.stream });
    forget(sessionId, old);
  }
  const t: Trace = { tabId, groupId };
  traces.set(sessionId, t);
  try {
    await ensureForeground(tabId); // a hidden tab paints nothing to trace
    await send(tabId, "Tracing.start", {
      traceConfig: { recordMode: "recordUntilFull", ...traceConfig(categories) },
      transferMode: "ReturnAsStream",
      streamFormat: "json",
      streamCompression: "none",
    });
  } catch (e) {
    traces.delete(sessionId);
    throw e;
  }
  if (!screenshots) return;
  try {
    t.shots = await startShots(tabId);
  } catch (e) {
    forget(sessionId, t);
    sendQuiet(tabId, "Tracing.end", {});
    throw failed(`tracing with screenshots: the tab's screencast did not start: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export interface StopResult {
  tabId: number;
  stream: string;
  screenshots?: number;
  screenshotsTruncated?: boolean;
  clock?: ClockMark[];
}

export async function stopTrace(sessionId: string): Promise<StopResult> {
  const t = traces.get(sessionId);
  if (!t || t.stream) throw nothing(`session ${sessionId} has no trace running (trace start first)`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<string>((resolve, reject) => {
    t.complete = resolve;
    t.gone = (why) => reject(failed(why));
    timer = setTimeout(() => reject(failed(`the browser did not finish the trace within ${COMPLETE_MS} ms`)), COMPLETE_MS);
  });
  try {
    if (t.shots) await stopShots(t.shots);
    await send(t.tabId, "Tracing.end", {});
    const stream = await done;
    if (!stream) throw failed("the browser finished the trace without a stream");
    t.stream = stream;
    t.dropTimer = setTimeout(() => {
      if (!t.streamDone) sendQuiet(t.tabId, "IO.close", { handle: stream });
      forget(sessionId, t);
    }, KEEP_STOPPED_MS);
    if (!t.shots) return { tabId: t.tabId, stream };
    if (t.shots.frames.length === 0) t.shotsDone = true;
    return {
      tabId: t.tabId,
      stream,
      screenshots: t.shots.frames.length,
      screenshotsTruncated: t.shots.truncated,
      clock: t.shots.marks,
    };
  } catch (e) {
    forget(sessionId, t);
    throw e;
  } finally {
    clearTimeout(timer);
    delete t.complete;
    delete t.gone;
  }
}

export async function readTrace(sessionId: string, stream: string): Promise<{ data: string; eof: boolean }> {
  const t = traces.get(sessionId);
  if (!t || t.stream !== stream || t.streamDone) {
    throw nothing(`session ${sessionId} has no stopped trace with stream ${JSON.stringify(stream)}`);
  }
  const r = await send<{ data: string; eof: boolean; base64Encoded?: boolean }>(t.tabId, "IO.read", { handle: stream, size: READ_BYTES });
  const data = r.base64Encoded ? new TextDecoder().decode(Uint8Array.from(atob(r.data), (c) => c.charCodeAt(0))) : r.data;
  if (r.eof) {
    t.streamDone = true;
    sendQuiet(t.tabId, "IO.close", { handle: stream });
    maybeDone(sessionId, t);
  }
  return { data, eof: r.eof };
}

/** The stopped trace's screenshots from index from on, a chunk at a time. */
export function traceShots(sessionId: string, from: number): { frames: { data: string; wallMs: number }[]; next: number; done: boolean } {
  const t = traces.get(sessionId);
  if (!t || !t.stream || !t.shots || t.shotsDone) {
    throw nothing(`session ${sessionId} has no stopped trace with screenshots to read (trace start --screenshots, trace stop)`);
  }
  const c = shotsChunk(t.shots, from);
  if (c.done) {
    t.shotsDone = true;
    maybeDone(sessionId, t);
  }
  return c;
}
