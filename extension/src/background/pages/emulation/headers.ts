// A session's extra HTTP headers, sent only to the origin they were set
// for. Network.setExtraHTTPHeaders has no scope (every request of the tab
// gets them, a third-party frame's and a subresource's elsewhere too), so
// they ride on observe.ts's one Fetch.enable per tab instead: requests to
// the origin pause (urlPattern ORIGIN/*) and go on with the headers added
// (Fetch.continueRequest); every other request is left as it is.

import { onForget, type AttachSend } from "../core/debugger";
import { applyBlocking, setHeaderRule, type HeaderRule } from "../logs/observe";

const byTab = new Map<number, HeaderRule>();

setHeaderRule((tabId) => byTab.get(tabId));

onForget((tabId) => {
  byTab.delete(tabId);
});

/**
 * Sets or clears the tab's headers and turns Fetch on or off to match.
 * Headers without an origin (a hub that sent none) are sent nowhere.
 */
export async function setHeadersWanted(
  tabId: number,
  headers: Record<string, string> | undefined,
  origin: string | undefined,
  send: AttachSend,
): Promise<void> {
  // An attachment made before the headers were scoped may still carry the
  // unscoped override: none, always.
  await send("Network.setExtraHTTPHeaders", { headers: {} });
  const had = byTab.has(tabId);
  if (headers && origin && Object.keys(headers).length > 0) byTab.set(tabId, { origin, headers });
  else byTab.delete(tabId);
  if (had || byTab.has(tabId)) await applyBlocking(tabId, send);
}
