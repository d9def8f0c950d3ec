// Chrome's "browserctl started debugging this browser" bar: shown above
// every tab of a headful browser while the debugger is attached to any tab,
// it shrinks the pages' viewport by its height. Measured in headful
// Chromium 156 under Xvfb: the page gets its smaller size 30-50 ms after the
// first attach, and its full size back about 5 s after the last detach (an
// attach within those 5 s keeps the bar). Headless Chrome shows none.
//
// So that what a call measures (snapshot --viewport, the page's own
// innerHeight, the point a press aims at) is the viewport with the bar, the
// first call that brings the bar waits, at most BAR_WAIT_MS, for the
// viewport to change before it sends anything (a gate of cdp-events.ts).

import { attachedTabs, onForget, type AttachSend } from "./debugger";

const BAR_WAIT_MS = 400;
const POLL_MS = 25;
/** The bar stays this long after the last detach (Chrome's delay, ~5 s). */
const BAR_LINGERS_MS = 4_500;

let lastAllDetached = 0;
onForget(() => {
  if (attachedTabs().length === 0) lastAllDetached = Date.now();
});

/** A browser that shows no bar: headless Chrome (or no Chrome at all). */
function headless(): boolean {
  const ua = typeof navigator !== "undefined" ? navigator.userAgent : "";
  return /HeadlessChrome/.test(ua) || !/Chrome\//.test(ua);
}

/** Whether this attach brings the bar: the only attachment, and the bar
 * not still there from the last one. */
export function bringsBar(attached: number, now: number, lastDetached: number, isHeadless: boolean): boolean {
  return !isHeadless && attached <= 1 && (lastDetached === 0 || now - lastDetached >= BAR_LINGERS_MS);
}

type Metrics = { cssLayoutViewport?: { clientWidth?: number; clientHeight?: number } };

async function viewport(send: AttachSend): Promise<string> {
  const m = (await send("Page.getLayoutMetrics")) as Metrics;
  return `${m.cssLayoutViewport?.clientWidth}x${m.cssLayoutViewport?.clientHeight}`;
}

/** The gate: after an attach that brings the bar, wait for the viewport's new size. */
export async function viewportAfterBar(_tabId: number, send: AttachSend): Promise<void> {
  if (!bringsBar(attachedTabs().length, Date.now(), lastAllDetached, headless())) return;
  const before = await viewport(send);
  const deadline = Date.now() + BAR_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if ((await viewport(send)) !== before) return;
  }
}
