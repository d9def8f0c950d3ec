// record.*: a screencast of a session's active tab. Frames (JPEG, from
// Page.startScreencast, at the page's own pace) are kept here, in the
// worker's memory, until the CLI reads them after record.stop. The
// recording follows the session's active tab (chrome.tabs.onActivated in
// the session's group), starts the screencast again on every new debugger
// attachment and main-frame navigation, and stops taking frames when the
// session's group goes away. Bounds: MAX_BYTES of frames, MAX_MS long.

import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, onForget, send, sendQuiet, type AttachSend } from "../core/debugger";
import { ensureForeground } from "../core/foreground";
import { claimScreencast, releaseScreencast } from "./screencast-share";
import { failed } from "../core/failed";

/** A recording stops taking frames past this many bytes of base64 JPEG. */
export const MAX_BYTES = 200 * 1024 * 1024;
/** ...or after this long. */
export const MAX_MS = 30 * 60 * 1000;
/** A stopped recording's frames are dropped this long after the stop. */
export const KEEP_STOPPED_MS = 5 * 60 * 1000;
/** record.frames answers at most this many bytes of frames per call. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

export interface Frame {
  data: string;
  ms: number;
}

export interface Recording {
  sessionId: string;
  groupId: number;
  path: string;
  quality: number;
  maxWidth: number;
  startedAt: number;
  frames: Frame[];
  bytes: number;
  truncated: boolean;
  /** The tab frames come from now; undefined between tabs. */
  tabId: number | undefined;
  tabs: number[];
  /** Taking frames (false once stopped, truncated or its session went away). */
  live: boolean;
  /** record.stop was called: the frames are there to be read. */
  stopped: boolean;
  stoppedAt?: number;
  /** Drops the frames KEEP_STOPPED_MS after the recording ended. */
  dropTimer?: ReturnType<typeof setTimeout>;
}

const recordings = new Map<string, Recording>();

/** Whether the session records a screencast now (it needs the debugger). */
export function recordingNow(sessionId: string): boolean {
  const r = recordings.get(sessionId);
  return !!r && !r.stopped;
}


/** Nothing to stop or read: the caller's mistake (-32602, the CLI's exit 2). */
function nothing(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function screencastParams(r: Recording): Record<string, unknown> {
  const p: Record<string, unknown> = { format: "jpeg", quality: r.quality, everyNthFrame: 1 };
  if (r.maxWidth > 0) {
    p["maxWidth"] = r.maxWidth;
    p["maxHeight"] = r.maxWidth * 4; // keeps the aspect: the width decides
  }
  return p;
}

/** The live recording whose current tab is tabId. */
function recordingOn(tabId: number): Recording | undefined {
  for (const r of recordings.values()) if (r.live && r.tabId === tabId) return r;
  return undefined;
}

function end(r: Recording, truncated = false): void {
  if (!r.live) return;
  r.live = false;
  r.stoppedAt = Date.now();
  if (truncated) r.truncated = true;
  if (r.tabId !== undefined) releaseScreencast(r.tabId, "record");
  // Whatever ended it, the frames do not stay for ever.
  r.dropTimer = setTimeout(() => {
    if (recordings.get(r.sessionId) === r) recordings.delete(r.sessionId);
  }, KEEP_STOPPED_MS);
}

async function follow(r: Recording, tabId: number): Promise<void> {
  if (r.tabId !== undefined && r.tabId !== tabId) releaseScreencast(r.tabId, "record");
  r.tabId = undefined;
  await ensureAttached(tabId); // before r.tabId: the attach hook would start it too
  await ensureForeground(tabId); // a hidden tab sends no frames
  r.tabId = tabId;
  if (r.tabs.at(-1) !== tabId) r.tabs.push(tabId);
  claimScreencast(tabId, "record", screencastParams(r));
  try {
    await send(tabId, "Page.startScreencast", screencastParams(r));
  } catch (e) {
    if (!(e instanceof Error && /already active/i.test(e.message))) {
      releaseScreencast(tabId, "record");
      throw e;
    }
  }
}

/** Page.screencastFrame: the frame joins the tab's recording, if it has one. */
export function recordFrame(tabId: number, p: Record<string, unknown>): void {
  const r = recordingOn(tabId);
  if (!r || typeof p["data"] !== "string") return;
  const meta = p["metadata"] as { timestamp?: number } | undefined;
  const at = typeof meta?.timestamp === "number" ? meta.timestamp * 1000 : Date.now();
  const ms = Math.max(0, at - r.startedAt);
  const data = p["data"];
  if (r.bytes + data.length > MAX_BYTES || ms > MAX_MS) {
    end(r, true);
    return;
  }
  r.frames.push({ data, ms });
  r.bytes += data.length;
}

/** Page.frameNavigated: a new main document needs the screencast started again. */
export function restartRecordingOnNavigation(tabId: number, p: Record<string, unknown>): void {
  const frame = p["frame"] as { parentId?: string } | undefined;
  const r = recordingOn(tabId);
  if (r && frame && !frame.parentId) sendQuiet(tabId, "Page.startScreencast", screencastParams(r));
}

/** On attach (after a detach, a worker restart of the debugger): the old
 * attachment's screencast is gone, the recording's starts again. */
export async function restartRecordingOnAttach(tabId: number, send: AttachSend): Promise<void> {
  const r = recordingOn(tabId);
  if (r) await send("Page.startScreencast", screencastParams(r)).catch(() => {});
}

let wired = false;
function wire(): void {
  if (wired || typeof chrome === "undefined") return;
  wired = true;
  // The tab closed or its debugger went (released): no frames from it
  // until the session's next active tab.
  // A tab whose debugger went while it still exists was released (session
  // release) or the user cancelled the debugging: the recording ends there.
  // A closed tab is only left: the session's next active tab goes on.
  onForget((tabId) => {
    for (const r of recordings.values()) {
      if (r.tabId !== tabId) continue;
      r.tabId = undefined;
      chrome.tabs.get(tabId).then(
        () => end(r),
        () => {},
      );
    }
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    void chrome.tabs.get(tabId).then(
      (t) => {
        for (const r of recordings.values()) {
          if (r.live && t.groupId === r.groupId && r.tabId !== tabId) follow(r, tabId).catch(() => {});
        }
      },
      () => {},
    );
  });
  // A tab opened into the session joins its group after it became active.
  chrome.tabs.onUpdated.addListener((tabId, change, t) => {
    if (change.groupId === undefined || !t.active) return;
    for (const r of recordings.values()) {
      if (r.live && t.groupId === r.groupId && r.tabId !== tabId) follow(r, tabId).catch(() => {});
    }
  });
  chrome.tabGroups.onRemoved.addListener((g) => {
    for (const r of recordings.values()) if (r.groupId === g.id) end(r);
  });
}

export async function startRecording(
  sessionId: string,
  groupId: number,
  tabId: number,
  opts: { path: string; quality: number; maxWidth: number },
): Promise<Recording> {
  wire();
  const old = recordings.get(sessionId);
  if (old && !old.stopped) throw failed(`session ${sessionId} is already recording (record stop first)`);
  if (old?.dropTimer) clearTimeout(old.dropTimer);
  const r: Recording = {
    sessionId,
    groupId,
    ...opts,
    startedAt: Date.now(),
    frames: [],
    bytes: 0,
    truncated: false,
    tabId: undefined,
    tabs: [],
    live: true,
    stopped: false,
  };
  recordings.set(sessionId, r);
  try {
    await follow(r, tabId);
  } catch (e) {
    recordings.delete(sessionId);
    throw e;
  }
  return r;
}

export function stopRecording(sessionId: string): Recording {
  const r = recordings.get(sessionId);
  if (!r) throw nothing(`session ${sessionId} has no recording (record start first)`);
  if (r.stopped) throw nothing(`session ${sessionId} has no recording running (it was stopped already)`);
  end(r);
  r.stopped = true;
  return r;
}

/** Frames from index from on, at most CHUNK_BYTES of them (at least one). */
export function framesOf(sessionId: string, from: number): { frames: Frame[]; next: number; done: boolean } {
  const r = recordings.get(sessionId);
  if (!r || !r.stopped) throw nothing(`session ${sessionId} has no stopped recording to read (record stop first)`);
  const frames: Frame[] = [];
  let bytes = 0;
  let i = from;
  while (i < r.frames.length) {
    const f = r.frames[i]!;
    if (frames.length > 0 && bytes + f.data.length > CHUNK_BYTES) break;
    frames.push(f);
    bytes += f.data.length;
    i++;
  }
  return { frames, next: i, done: i >= r.frames.length };
}
