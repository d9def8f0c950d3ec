// Where a recent call's time went inside the extension, for `browserctl -v`
// (extension.callTiming): the handler's time from the request's arrival to
// its answer, and the chrome.debugger commands it sent, by method. The
// router opens a record per call; a page handler ties it to its tab once the
// tab is known (timeCallOnTab), and debugger.ts reports each command's time
// for that tab (cdpSent, noteCdp). Pages calls of one session run one at a
// time (the hub's lock), so a tab's commands belong to the call running on
// it. Commands may overlap (sent in order without waiting for each), so the
// time with at least one in flight is kept beside the per-method sums.

import type { CallTimingResult } from "./protocol.gen";
import { ErrorCode, RpcError, type Params } from "./types";

/** Calls kept; an older one's timing is gone. */
export const TIMING_KEEP = 64;

interface CallRecord {
  callId: number;
  method: string;
  start: number;
  handlerMs: number;
  tabId?: number;
  cdp: Map<string, { count: number; ms: number }>;
  /** What the call waited for from the page (a load event), by event. */
  waits: Map<string, { count: number; ms: number }>;
  /** CDP commands sent and not answered yet, since when, and the time
   * with at least one in flight so far. */
  inFlight: number;
  busySince: number;
  cdpWallMs: number;
}

const CALL = Symbol("call timing");
const records = new Map<number, CallRecord>(); // in arrival order
const onTab = new Map<number, CallRecord>();

type Timed = Params & { [CALL]?: CallRecord };

/** Opens the record of call id (numbered ids only: the hub's). */
export function callStarted(id: number | string, method: string, params: object): CallRecord | undefined {
  if (typeof id !== "number") return undefined;
  const rec: CallRecord = { callId: id, method, start: performance.now(), handlerMs: -1, cdp: new Map(), waits: new Map(), inFlight: 0, busySince: 0, cdpWallMs: 0 };
  records.set(id, rec);
  while (records.size > TIMING_KEEP) records.delete(records.keys().next().value!);
  Object.defineProperty(params, CALL, { value: rec, enumerable: false, configurable: true });
  return rec;
}

/** params with more members, still timed as the call params came with
 * (a spread copy leaves the record out: it is not a param). */
export function withParams<P extends object, T extends object>(params: P, more: T): P & T {
  const copy = { ...params, ...more };
  const rec = (params as Timed)[CALL];
  if (rec) Object.defineProperty(copy, CALL, { value: rec, enumerable: false, configurable: true });
  return copy;
}

/** Closes the record: the handler answered. */
export function callEnded(rec: CallRecord | undefined): void {
  if (!rec) return;
  rec.handlerMs = performance.now() - rec.start;
  if (rec.tabId !== undefined && onTab.get(rec.tabId) === rec) onTab.delete(rec.tabId);
}

/** Counts the tab's CDP commands from now on toward the call of params. */
export function timeCallOnTab(params: object, tabId: number): void {
  const rec = (params as Timed)[CALL];
  if (!rec) return;
  rec.tabId = tabId;
  onTab.set(tabId, rec);
}

/** A CDP command was sent to the tab. */
export function cdpSent(tabId: number): void {
  const rec = onTab.get(tabId);
  if (rec && rec.inFlight++ === 0) rec.busySince = performance.now();
}

/** One CDP command of the tab took ms (its answer came now). */
export function noteCdp(tabId: number, method: string, ms: number): void {
  const rec = onTab.get(tabId);
  if (!rec) return;
  if (rec.inFlight > 0 && --rec.inFlight === 0) rec.cdpWallMs += performance.now() - rec.busySince;
  const t = rec.cdp.get(method) ?? { count: 0, ms: 0 };
  t.count++;
  t.ms += ms;
  rec.cdp.set(method, t);
}

/** The call on the tab waited ms for the page's event `what` (a
 * navigation's load). */
export function noteWait(tabId: number, what: string, ms: number): void {
  const rec = onTab.get(tabId);
  if (!rec) return;
  const t = rec.waits.get(what) ?? { count: 0, ms: 0 };
  t.count++;
  t.ms += ms;
  rec.waits.set(what, t);
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** extension.callTiming */
export function callTiming(callId: unknown): CallTimingResult {
  if (typeof callId !== "number" || !Number.isInteger(callId) || callId < 1) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "callId" must be an integer >= 1`);
  }
  const rec = records.get(callId);
  if (!rec) {
    throw new RpcError(ErrorCode.operationFailed, `no timing for call ${callId}: only the last ${TIMING_KEEP} calls are kept`);
  }
  return {
    callId,
    method: rec.method,
    handlerMs: round(rec.handlerMs >= 0 ? rec.handlerMs : performance.now() - rec.start),
    cdp: [...rec.cdp].map(([method, t]) => ({ method, count: t.count, ms: round(t.ms) })),
    cdpWallMs: round(rec.cdpWallMs),
    ...(rec.waits.size > 0 ? { waits: [...rec.waits].map(([what, t]) => ({ for: what, count: t.count, ms: round(t.ms) })) } : {}),
  };
}
