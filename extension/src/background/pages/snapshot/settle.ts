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

/** A requested navigation that never starts loading (cancelled, a
 * download) stops counting after this; a load whose stop event was lost,
 * after LOAD_GRACE_MS. */
const REQUEST_GRACE_MS = 2_000;
const LOAD_GRACE_MS = 30_000;
const POLL_MS = 25;

interface Busy {
  /** frameId -> since when, and whether it started loading or was only asked to */
  frames: Map<string, { since: number; loading: boolean }>;
}

const tabs = new Map<number, Busy>();

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
  while (busyFrames(tabId) > 0 && Date.now() - start < ms) {
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return Date.now() - start;
}
