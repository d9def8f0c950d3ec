// Waiting for the navigations an action set off before reading the page:
// a frame that was asked to navigate (a link, a form, a script setting
// location or an iframe's src) or is loading counts as busy until its
// document has loaded. Frames of every CDP session of the tab count, the
// main frame's, its in-process iframes' (the main session reports them) and
// out-of-process frames' (their child sessions report their own loads).
//
// pages.snapshot with settle waits here first, so the snapshot after a
// click that navigated the page or an iframe shows the new document. After
// an action (the tab's last call), it also waits for the fetch and
// XMLHttpRequest requests the page made since the action began, up to
// REQUESTS_WAIT_MS (core/page-requests.ts): the snapshot after a click
// whose handler fetches shows what came back.

import { onForget } from "../core/debugger";
import { lastActionAt, requestsChanged, requestsInFlightSince } from "../core/page-requests";
import { Wakeup } from "../core/wakeup";
import { callInWorld } from "../core/world";

/** A requested navigation that never starts loading (cancelled, a
 * download) stops counting after this; a load whose stop event was lost,
 * after LOAD_GRACE_MS. */
const REQUEST_GRACE_MS = 2_000;
const LOAD_GRACE_MS = 30_000;

interface Busy {
  /** frameId -> since when, and whether it started loading or was only asked to */
  frames: Map<string, { since: number; loading: boolean }>;
}

const tabs = new Map<number, Busy>();
/** Woken by every frame event: a settle() waiting looks again. */
const changed = new Wakeup();

function busyOf(tabId: number): Busy {
  let b = tabs.get(tabId);
  if (!b) {
    b = { frames: new Map() };
    tabs.set(tabId, b);
  }
  return b;
}

onForget((tabId) => tabs.delete(tabId));

/** Page.frameRequestedNavigation, frameStartedLoading, frameStoppedLoading,
 * frameDetached, from every session of the tab: its busy frames. */
export function frameLoadEvent(tabId: number, params: Record<string, unknown>, method: string): void {
  const frameId = typeof params["frameId"] === "string" ? params["frameId"] : "";
  if (!frameId) return;
  switch (method) {
    case "Page.frameRequestedNavigation":
      if (!busyOf(tabId).frames.get(frameId)?.loading) busyOf(tabId).frames.set(frameId, { since: Date.now(), loading: false });
      break;
    case "Page.frameStartedLoading":
      busyOf(tabId).frames.set(frameId, { since: Date.now(), loading: true });
      break;
    case "Page.frameStoppedLoading":
    case "Page.frameDetached":
      tabs.get(tabId)?.frames.delete(frameId);
      break;
  }
  changed.wake();
}

/** Frames of the tab still navigating or loading now. */
export function busyFrames(tabId: number, now = Date.now()): number {
  const b = tabs.get(tabId);
  if (!b) return 0;
  for (const [id, f] of b.frames) if (now - f.since > (f.loading ? LOAD_GRACE_MS : REQUEST_GRACE_MS)) b.frames.delete(id);
  return b.frames.size;
}

/** How long a snapshot waits for the requests an action set off: one
 * slower than this is left out (a wait for text reads what it brings). */
const REQUESTS_WAIT_MS = 1_000;

/**
 * Waits until no frame of the tab is navigating or loading, and after an
 * action until the requests it set off came back, at most ms. Answers how
 * long it waited.
 */
export async function settle(tabId: number, ms: number): Promise<number> {
  const start = Date.now();
  const deadline = start + ms;
  // Woken by the frames' events; a frame whose grace runs out stops
  // counting without one, so the wait also ends then.
  while (busyFrames(tabId) > 0 && Date.now() < deadline) {
    await changed.next(Math.min(deadline, nextGraceEnd(tabId)) - Date.now());
  }
  const since = lastActionAt(tabId);
  if (since !== undefined) {
    // One round trip to the page first: the task that runs the action's
    // handler (a fetch after a confirm returns, say) has run by its answer,
    // and the requests it made were announced before it, on the same
    // session.
    await callInWorld(tabId, "readyState", []).catch(() => undefined);
    const end = Math.min(deadline, Date.now() + REQUESTS_WAIT_MS);
    while (requestsInFlightSince(tabId, since) > 0 && Date.now() < end) await requestsChanged.next(end - Date.now());
  }
  return Date.now() - start;
}

/** When the first of the tab's busy frames stops counting by itself. */
function nextGraceEnd(tabId: number): number {
  let end = Infinity;
  for (const f of tabs.get(tabId)?.frames.values() ?? []) end = Math.min(end, f.since + (f.loading ? LOAD_GRACE_MS : REQUEST_GRACE_MS) + 1);
  return end;
}
