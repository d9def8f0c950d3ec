// Waiting for the navigations an action set off before reading the page:
// a frame that was asked to navigate (a link, a form, a script setting
// location or an iframe's src) or is loading counts as busy until its
// document has loaded. Frames of every CDP session of the tab count, the
// main frame's, its in-process iframes' (the main session reports them) and
// out-of-process frames' (their child sessions report their own loads).
//
// pages.snapshot with settle waits here first, so the snapshot after a
// click that navigated the page or an iframe shows the new document.

import { onForget } from "../core/debugger";
import { Wakeup } from "../core/wakeup";

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

/**
 * Waits until no frame of the tab is navigating or loading, at most ms.
 * Answers how long it waited.
 */
export async function settle(tabId: number, ms: number): Promise<number> {
  const start = Date.now();
  const deadline = start + ms;
  // Woken by the frames' events; a frame whose grace runs out stops
  // counting without one, so the wait also ends then.
  while (busyFrames(tabId) > 0 && Date.now() < deadline) {
    await changed.next(Math.min(deadline, nextGraceEnd(tabId)) - Date.now());
  }
  return Date.now() - start;
}

/** When the first of the tab's busy frames stops counting by itself. */
function nextGraceEnd(tabId: number): number {
  let end = Infinity;
  for (const f of tabs.get(tabId)?.frames.values() ?? []) end = Math.min(end, f.since + (f.loading ? LOAD_GRACE_MS : REQUEST_GRACE_MS) + 1);
  return end;
}
