// trace.*: a Chrome trace of a session's active tab through CDP Tracing
// (chrome.debugger allows the Tracing and IO domains). The trace is kept
// by the browser, in the tab's debugger attachment: trace.stop ends it and
// answers the stream handle of its JSON, trace.read hands the JSON out
// chunk by chunk (IO.read) and closes the stream at its end. A tab that
// closes or detaches takes its trace with it; a session's group going away
// ends its trace.

import { ErrorCode, RpcError } from "../../types";
import { onForget, onTabEvent, send, sendQuiet } from "../debugger";

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

interface Trace {
  tabId: number;
  groupId: number;
  stream?: string;
  /** Resolves with the stream handle at Tracing.tracingComplete. */
  complete?: (stream: string) => void;
  gone?: (why: string) => void;
}

const traces = new Map<string, Trace>();

function failed(msg: string): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${msg}`);
}

/** Nothing to stop or read: the caller's mistake (-32602, the CLI's exit 2). */
function nothing(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

let wired = false;
function wire(): void {
  if (wired || typeof chrome === "undefined") return;
  wired = true;
  onTabEvent((tabId, method, p) => {
    if (method !== "Tracing.tracingComplete") return;
    for (const t of traces.values()) {
      if (t.tabId === tabId && t.complete) t.complete(typeof p["stream"] === "string" ? p["stream"] : "");
    }
  });
  onForget((tabId) => {
    for (const [sid, t] of traces) {
      if (t.tabId !== tabId) continue;
      traces.delete(sid);
      t.gone?.("the tab closed or its debugger was detached; the browser dropped its trace");
    }
  });
  chrome.tabGroups.onRemoved.addListener((g) => {
    for (const [sid, t] of traces) {
      if (t.groupId !== g.id) continue;
      traces.delete(sid);
      sendQuiet(t.tabId, t.stream ? "IO.close" : "Tracing.end", t.stream ? { handle: t.stream } : {});
    }
  });
}

/** Categories as Chrome's TraceConfig takes them: included, excluded. */
export function traceConfig(categories: string[]): { includedCategories: string[]; excludedCategories: string[] } {
  const included = categories.filter((c) => !c.startsWith("-"));
  const excluded = categories.filter((c) => c.startsWith("-")).map((c) => c.slice(1));
  return { includedCategories: included, excludedCategories: excluded };
}

export async function startTrace(sessionId: string, groupId: number, tabId: number, categories: string[]): Promise<void> {
  wire();
  const old = traces.get(sessionId);
  if (old && !old.stream) throw failed(`session ${sessionId} is already tracing (trace stop FILE first)`);
  if (old?.stream) {
    sendQuiet(old.tabId, "IO.close", { handle: old.stream });
    traces.delete(sessionId);
  }
  const t: Trace = { tabId, groupId };
  traces.set(sessionId, t);
  try {
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
}

export async function stopTrace(sessionId: string): Promise<{ tabId: number; stream: string }> {
  const t = traces.get(sessionId);
  if (!t || t.stream) throw nothing(`session ${sessionId} has no trace running (trace start first)`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<string>((resolve, reject) => {
    t.complete = resolve;
    t.gone = (why) => reject(failed(why));
    timer = setTimeout(() => reject(failed(`the browser did not finish the trace within ${COMPLETE_MS} ms`)), COMPLETE_MS);
  });
  try {
    await send(t.tabId, "Tracing.end", {});
    const stream = await done;
    if (!stream) throw failed("the browser finished the trace without a stream");
    t.stream = stream;
    return { tabId: t.tabId, stream };
  } catch (e) {
    traces.delete(sessionId);
    throw e;
  } finally {
    clearTimeout(timer);
    delete t.complete;
    delete t.gone;
  }
}

export async function readTrace(sessionId: string, stream: string): Promise<{ data: string; eof: boolean }> {
  const t = traces.get(sessionId);
  if (!t || t.stream !== stream) throw nothing(`session ${sessionId} has no stopped trace with stream ${JSON.stringify(stream)}`);
  const r = await send<{ data: string; eof: boolean; base64Encoded?: boolean }>(t.tabId, "IO.read", { handle: stream, size: READ_BYTES });
  const data = r.base64Encoded ? new TextDecoder().decode(Uint8Array.from(atob(r.data), (c) => c.charCodeAt(0))) : r.data;
  if (r.eof) {
    traces.delete(sessionId);
    sendQuiet(t.tabId, "IO.close", { handle: stream });
  }
  return { data, eof: r.eof };
}
