// The evidence handlers: record.* (recorder.ts) and trace.* (trace.ts) for
// the router; pages.vitals and pages.highlight are page calls, in the tables
// of vitals.ts and highlight.ts like every pages.* method's.

import type { RecordMethod, TraceMethod } from "../../protocol.gen";
import { optionalBool, optionalInt, optionalString, requireString } from "../../params";
import { SESSION_REQUIRED_MESSAGE, type SessionStore } from "../../sessions/session-store";
import { ErrorCode, RpcError, type Handlers, type Params } from "../../types";
import { framesOf, startRecording, stopRecording } from "./recorder";
import { DEFAULT_CATEGORIES, readTrace, SCREENSHOT_CATEGORY, startTrace, stopTrace, traceShots } from "./trace";

export interface EvidenceDeps {
  store: SessionStore;
  resolveTab(params: Params): Promise<number>;
}

const CLOCK_CATEGORY = "devtools.timeline";

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function categoriesOf(p: Params): string[] | undefined {
  const v = p["categories"];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length === 0 || !v.every((c) => typeof c === "string" && c !== "")) {
    throw invalid(`"categories" must be a non-empty array of category names`);
  }
  return v as string[];
}

/** The params' sessionId, without asking whether the session still exists. */
function sessionOf(p: { sessionId?: unknown }): string {
  const id = p.sessionId;
  if (id === undefined || id === null || id === "") throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
  if (typeof id !== "string") throw invalid(`"sessionId" must be a string`);
  return id;
}

/** record.* but the recording of the person's actions (record-actions/). */
type VideoMethod = Exclude<RecordMethod, "record.actionsStart" | "record.actionsStop" | "record.actionsLines">;

export function evidenceHandlers({ store, resolveTab }: EvidenceDeps): Handlers<VideoMethod | TraceMethod> {
  return {
    "record.start": async (p) => {
      const s = await store.require(p);
      const quality = optionalInt(p, "quality", 0) ?? 70;
      if (quality > 100) throw invalid(`"quality" must be 0-100, got ${quality}`);
      const maxWidth = optionalInt(p, "maxWidth", 0) ?? 0;
      const path = optionalString(p, "path") ?? "";
      const tabId = await resolveTab(p);
      const r = await startRecording(s.sessionId, s.groupId, tabId, { path, quality, maxWidth });
      return { tabId, startedAt: r.startedAt };
    },
    // No store lookup: a recording is stopped and read even after its
    // session's group went away.
    "record.stop": async (p) => {
      const r = stopRecording(sessionOf(p));
      const last = r.frames.at(-1);
      return {
        path: r.path,
        frames: r.frames.length,
        bytes: r.bytes,
        durationMs: Math.max(last?.ms ?? 0, (r.stoppedAt ?? Date.now()) - r.startedAt),
        truncated: r.truncated,
        tabs: r.tabs,
      };
    },
    "record.frames": async (p) => framesOf(sessionOf(p), optionalInt(p, "from", 0) ?? 0),

    "trace.start": async (p) => {
      const s = await store.require(p);
      let categories = categoriesOf(p as Params) ?? DEFAULT_CATEGORIES;
      const screenshots = optionalBool(p, "screenshots") ?? false;
      // DevTools' own screenshot category (Chrome writes none for a
      // chrome.debugger client today: the screencast's frames stand in, and
      // the CLI adds them only to a trace without Screenshot events); the
      // frames' clock marks are console.timeStamp events (devtools.timeline).
      if (screenshots) {
        for (const c of [SCREENSHOT_CATEGORY, CLOCK_CATEGORY]) if (!categories.includes(c)) categories = [...categories, c];
      }
      const tabId = await resolveTab(p);
      await startTrace(s.sessionId, s.groupId, tabId, categories, screenshots);
      return { tabId, categories };
    },
    "trace.stop": async (p) => stopTrace(sessionOf(p)),
    "trace.read": async (p) => readTrace(sessionOf(p), requireString(p, "stream")),
    "trace.screenshots": async (p) => traceShots(sessionOf(p), optionalInt(p, "from", 0) ?? 0),
  };
}
