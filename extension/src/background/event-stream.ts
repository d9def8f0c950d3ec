// One event stream for scripts (logs.events, `browserctl events --follow`):
// what happened in the sessions' tabs, one entry each, in order:
// navigation, popup opened, dialog opened, download started / finished,
// console error, failed request, handoff done, session stopped / resumed /
// released / closed / gone, approval asked / answered, the person's input.
// The hub carries request/response only, so following is a long poll, as logs.* are: logs.events takes `after` (the last seq seen)
// and `waitMs`. Bounded: the newest EVENTS_LIMIT, across sessions. The
// sources call emitEvent (the CDP ones are in pages/logs/events.ts).

import type { EventsResult, RequestParams } from "./protocol.gen";
import { optionalNumber, optionalString } from "./params";
import { ErrorCode, RpcError } from "./types";

export const EVENTS_LIMIT = 2000;
/** The longest a poll waits for an event. */
const MAX_WAIT_MS = 30_000;

export interface BrowserEvent {
  seq: number;
  time: number; // ms since the epoch
  type: string;
  sessionId: string;
  tabId?: number;
  url?: string;
  text?: string;
}

const events: BrowserEvent[] = [];
let seq = 0;
const waiters = new Set<() => void>();

/** Adds an event of the session (dropped when the tab serves none). */
export function emitEvent(type: string, sessionId: string, more: Omit<BrowserEvent, "seq" | "time" | "type" | "sessionId"> = {}): void {
  if (!sessionId) return;
  const text = more.text !== undefined && more.text.length > 500 ? more.text.slice(0, 500) + "…" : more.text;
  events.push({ seq: ++seq, time: Date.now(), type, sessionId, ...more, ...(text !== undefined ? { text } : {}) });
  if (events.length > EVENTS_LIMIT) events.splice(0, events.length - EVENTS_LIMIT);
  const woken = [...waiters];
  waiters.clear();
  for (const w of woken) w(); // each looks again, and waits on when the event is not its session's
}

function since(sessionId: string, after: number): BrowserEvent[] {
  return events.filter((e) => e.seq > after && (!sessionId || e.sessionId === sessionId));
}

/** logs.events: the session's events after `after`, waiting up to waitMs for one. */
export async function pollEvents(p: RequestParams<"logs.events">): Promise<EventsResult> {
  const after = optionalNumber(p, "after") ?? 0;
  const waitMs = optionalNumber(p, "waitMs") ?? 0;
  if (after < 0 || waitMs < 0 || waitMs > MAX_WAIT_MS) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "after" must be >= 0 and "waitMs" between 0 and ${MAX_WAIT_MS}`);
  }
  const sessionId = optionalString(p, "sessionId") ?? "";
  let got = since(sessionId, after);
  if (got.length === 0 && waitMs > 0) {
    await new Promise<void>((resolve) => {
      const deadline = Date.now() + waitMs;
      const check = () => {
        got = since(sessionId, after);
        if (got.length > 0 || Date.now() >= deadline) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        } else {
          waiters.add(check);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve();
      }, waitMs);
      waiters.add(check);
    });
    got = since(sessionId, after);
  }
  return { events: got, next: got.length > 0 ? got[got.length - 1]!.seq : Math.max(after, 0) };
}

