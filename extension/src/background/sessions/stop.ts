// The person's Stop: a session they stopped (the popup's Stop button, or
// sessions.stop from a shell) runs nothing until they resume it. The router
// asks here before every call of a session and races each call in flight
// against the stop, so a call waiting in the page (a long wait, a click
// retrying) ends at once with reason stopped_by_person. Kept in
// chrome.storage.session: a worker restart does not undo a Stop.

import { ErrorCode, RpcError } from "../types";

const STORAGE_KEY = "stoppedSessions";
const TIMES_KEY = "stoppedSessionTimes";

const stopped = new Set<string>();
/** When each session was stopped (while it is) and last resumed: ms since the epoch. */
const times = new Map<string, { stoppedAt?: number; resumedAt?: number }>();
let loaded: Promise<void> | undefined;
/** The calls in flight of each session: each one's way to fail now. */
const inFlight = new Map<string, Set<(e: RpcError) => void>>();

function load(): Promise<void> {
  // no chrome.storage (the unit tests' router): nothing was kept
  if (typeof chrome === "undefined" || !chrome.storage?.session) return Promise.resolve();
  loaded ??= chrome.storage.session
    .get([STORAGE_KEY, TIMES_KEY])
    .then((v) => {
      const ids = v?.[STORAGE_KEY];
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") stopped.add(id);
      const t = v?.[TIMES_KEY] as Record<string, { stoppedAt?: number; resumedAt?: number }> | undefined;
      for (const [id, x] of Object.entries(t ?? {})) if (!times.has(id)) times.set(id, x);
    })
    .catch(() => undefined);
  return loaded;
}

async function persist(): Promise<void> {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return;
  await chrome.storage.session.set({ [STORAGE_KEY]: [...stopped], [TIMES_KEY]: Object.fromEntries(times) });
}

/** When the session was stopped (while it is) and last resumed. */
export async function stopTimes(sessionId: string): Promise<{ stoppedAt?: number; resumedAt?: number }> {
  await load();
  return times.get(sessionId) ?? {};
}

/** The error every call of a stopped session gets: not retryable. */
export function stoppedError(sessionId: string): RpcError {
  return new RpcError(
    ErrorCode.operationFailed,
    `session ${sessionId} was stopped by the person at the browser: nothing runs in it until they press Resume in the extension's popup (or run \`browserctl session resume ${sessionId}\`)`,
    "stopped_by_person",
  );
}

export async function isStopped(sessionId: string): Promise<boolean> {
  await load();
  return stopped.has(sessionId);
}

/** Whether a session is stopped, as far as this worker has loaded. */
export function stoppedNow(sessionId: string): boolean {
  return stopped.has(sessionId);
}

/**
 * Methods a stopped session still answers: the way out, the hub's own
 * fence, and the event stream (which tells of the Stop itself).
 */
const STILL_RUN = new Set(["sessions.stop", "sessions.resume", "sessions.list", "network.fence", "logs.events"]);

/**
 * Runs a call of a session: refused when the session is stopped, and
 * failed the moment a Stop comes while it runs.
 */
export async function runUnlessStopped<T>(method: string, sessionId: string, call: () => Promise<T>): Promise<T> {
  if (!sessionId || STILL_RUN.has(method)) return call();
  if (await isStopped(sessionId)) throw stoppedError(sessionId);
  let fail!: (e: RpcError) => void;
  const stoppedMidway = new Promise<never>((_, reject) => {
    fail = reject;
  });
  let set = inFlight.get(sessionId);
  if (!set) inFlight.set(sessionId, (set = new Set()));
  set.add(fail);
  try {
    return await Promise.race([call(), stoppedMidway]);
  } finally {
    set.delete(fail);
    if (set.size === 0) inFlight.delete(sessionId);
  }
}

/** Stops a session: marks it, fails its calls in flight. */
export async function stop(sessionId: string): Promise<void> {
  await load();
  stopped.add(sessionId);
  times.set(sessionId, { ...times.get(sessionId), stoppedAt: Date.now() });
  await persist();
  for (const fail of inFlight.get(sessionId) ?? []) fail(stoppedError(sessionId));
}

/** Resumes a stopped session. */
export async function resume(sessionId: string): Promise<void> {
  await load();
  stopped.delete(sessionId);
  times.set(sessionId, { resumedAt: Date.now() });
  await persist();
}

/** Forgets a session that ended (closed, released). */
export async function forgetStopped(sessionId: string): Promise<void> {
  await load();
  const had = times.delete(sessionId);
  if (stopped.delete(sessionId) || had) await persist();
}
