// record.actionsStart / record.actionsStop / record.actionsLines: the
// wire's face of the recording of the person's actions (recording.ts).

import type { ActionsLinesResult, ActionsStartResult, ActionsStopResult } from "../../protocol.gen";
import { optionalInt, optionalString } from "../../params";
import { onSessionRemoved, SESSION_REQUIRED_MESSAGE, type SessionStore } from "../../sessions/session-store";
import { groupTabs, pickActive } from "../../sessions/tab-info";
import { ErrorCode, RpcError, type Handlers } from "../../types";
import { noteTabSession } from "../logs/observe";
import { endRecording, linesChanged, ready, recordingOf, recordTab, sessionEnded, startLine, startRecording, tabCreated, type Recording } from "./recording";
import { SETTLE_MS, TARGET_KINDS } from "./script";

export type RecordActionMethod = "record.actionsStart" | "record.actionsStop" | "record.actionsLines";

/** The longest a record.actionsLines poll waits. */
const MAX_WAIT_MS = 30_000;
/** A stopped recording's script stays this long for a follower's last poll. */
const KEEP_STOPPED_MS = 60_000;

function invalid(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function sessionOf(p: { sessionId?: unknown }): string {
  const id = p.sessionId;
  if (id === undefined || id === null || id === "") throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
  if (typeof id !== "string") throw invalid(`"sessionId" must be a string`);
  return id;
}

/** Stopped recordings, for a follower that polls after the stop. */
const stopped = new Map<string, { lines: string[]; timer: ReturnType<typeof setTimeout> }>();

function none(sessionId: string): RpcError {
  return invalid(`session ${sessionId} is not recording the person's actions (record actions start begins)`);
}

function header(r: Recording): string[] {
  const out = [
    "browserctl batch -f FILE replays this (recorded from the person's actions by `record actions`)",
    `recorded ${new Date(r.startedAt).toISOString()} in session ${r.sessionId}`,
  ];
  if (r.script.secrets.length > 0) out.push(`set before replaying: ${r.script.secrets.join(" ")}`);
  return out;
}

function footer(r: Recording): string[] {
  const out: string[] = [];
  if (r.script.truncated) out.push(`the recording reached its bound of ${r.script.maxLines} lines and took no more`);
  return out;
}

export function recordActionHandlers({ store }: { store: SessionStore }): Handlers<RecordActionMethod> {
  void ready(); // a recording a worker before this one kept goes on
  onSessionRemoved((sid) => sessionEnded(sid));
  chrome.tabs?.onCreated?.addListener(tabCreated);
  return {
    "record.actionsStart": async (p): Promise<ActionsStartResult> => {
      const s = await store.require(p);
      await ready();
      if (recordingOf(s.sessionId)?.live) throw invalid(`session ${s.sessionId} is recording already (record actions stop ends it)`);
      const workDir = optionalString(p, "workDir") ?? "";
      if (workDir !== "" && !workDir.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(workDir)) throw invalid(`"workDir" must be an absolute folder, got ${JSON.stringify(workDir)}`);
      const old = recordingOf(s.sessionId);
      if (old) await endRecording(old, []); // a closed session's leftover
      const tabs = await groupTabs(s);
      const active = pickActive(s, tabs);
      const r = startRecording(s.sessionId, s.groupId, workDir);
      const ids: number[] = [];
      for (const t of tabs) {
        if (t.id === undefined) continue;
        noteTabSession(t.id, s.sessionId);
        await recordTab(r, t.id).catch(() => undefined); // a tab the debugger cannot take (chrome://) is left out
        ids.push(t.id);
      }
      const url = active?.url || active?.pendingUrl || "";
      if (active?.id !== undefined) {
        startLine(r, active.id, url);
        r.lastTab = active.id;
      }
      return { tabs: ids, url, startedAt: r.startedAt };
    },

    // No store lookup: a session closed while recording still answers its lines.
    "record.actionsStop": async (p): Promise<ActionsStopResult> => {
      const sid = sessionOf(p);
      await ready();
      const r = recordingOf(sid);
      if (!r) throw none(sid);
      const s = store.list().find((x) => x.sessionId === sid);
      const tabs = s ? await groupTabs(s).catch(() => []) : [];
      await endRecording(r, tabs.map((t) => t.id).filter((id): id is number => id !== undefined));
      const script = r.script.render(header(r), footer(r));
      const keep = stopped.get(sid);
      if (keep) clearTimeout(keep.timer);
      stopped.set(sid, { lines: r.script.lines.map((l) => l.text), timer: setTimeout(() => stopped.delete(sid), KEEP_STOPPED_MS) });
      const targets = r.script.targetCounts();
      const out: ActionsStopResult = {
        script,
        lines: r.script.commands(),
        actions: r.script.actions,
        targets: Object.fromEntries(TARGET_KINDS.map((k) => [k, targets[k]])),
      };
      if (r.script.secrets.length > 0) out.secrets = [...r.script.secrets];
      if (r.script.truncated) out.truncated = true;
      if (r.sessionClosed) out.sessionClosed = true;
      return out;
    },

    "record.actionsLines": async (p): Promise<ActionsLinesResult> => {
      const sid = sessionOf(p);
      const after = optionalInt(p, "after", 0) ?? 0;
      const waitMs = optionalInt(p, "waitMs", 0) ?? 0;
      if (waitMs > MAX_WAIT_MS) throw invalid(`"waitMs" must be at most ${MAX_WAIT_MS}`);
      await ready();
      const deadline = Date.now() + waitMs;
      for (;;) {
        const r = recordingOf(sid);
        const done = stopped.get(sid);
        if (!r && !done) throw none(sid);
        const lines = r ? r.script.lines.map((l) => l.text) : done!.lines;
        const live = r?.live ?? false;
        const n = r && live ? r.script.settled(Date.now()) : lines.length;
        if (n > after || !live || Date.now() >= deadline) {
          return { lines: lines.slice(after, Math.max(after, n)), next: Math.max(after, n), recording: live, tabs: r ? [...r.tabs] : [] };
        }
        // a line settles by time too: look again when the newest would
        await linesChanged.next(Math.min(deadline - Date.now(), SETTLE_MS));
      }
    },
  };
}
