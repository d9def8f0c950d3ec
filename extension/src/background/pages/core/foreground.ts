// Pointer input and screenshots need the tab to be its window's active tab.
// Chrome throttles a background tab's renderer: Input.dispatchMouseEvent
// there answers only after ~5 s per event, and Page.captureScreenshot not at
// all (devtools-protocol#89, chromium-bidi#3894). Keyboard input, eval and
// window.scrollBy are not affected.

import { unlessDialog } from "./debugger";
import { callInWorld } from "./world";

/** How long to wait for the page to turn visible after activating its tab. */
export const VISIBLE_WAIT_MS = 2_000;
const POLL_MS = 20;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function visible(tabId: number): Promise<boolean> {
  const r = await callInWorld(tabId, "visibilityState", [], { timeoutMs: VISIBLE_WAIT_MS });
  return r.result.value === "visible";
}

/** The tab as chrome.tabs.get answers it; undefined when it is gone. */
export function tabNow(tabId: number): Promise<chrome.tabs.Tab | undefined> {
  return chrome.tabs.get(tabId).catch(() => undefined);
}

/**
 * Makes the tab the active tab of its window when it is not, then waits
 * (bounded) until its page reports visibilityState "visible". A tab that is
 * already active costs one chrome.tabs.get (none when the caller asked for
 * it beside other work: tabNow).
 */
export async function ensureForeground(tabId: number, asked?: Promise<chrome.tabs.Tab | undefined>): Promise<void> {
  const tab = await (asked ?? tabNow(tabId));
  if (!tab) return; // gone: the command that follows says so
  if (tab.active) return;
  await chrome.tabs.update(tabId, { active: true });
  const deadline = Date.now() + VISIBLE_WAIT_MS;
  for (;;) {
    // The page cannot say (null): go ahead, the input itself is bounded.
    const shown = await unlessDialog(visible(tabId), () => null);
    if (shown !== false) return;
    if (Date.now() >= deadline) return;
    await sleep(POLL_MS);
  }
}
