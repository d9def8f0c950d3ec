// The page's own requests (fetch and XMLHttpRequest) that an action set
// off: a click whose handler fetches, then writes what came back. A
// snapshot that settles after such an action waits for them (settle.ts),
// so what an agent reads after the action shows its effect, not the page
// halfway there.
//
// Only the tab's own session (its documents and same-process frames) is
// followed: the Network domain runs there (logs/observe.ts).

import { onForget } from "./debugger";
import { REF_ACTIONS } from "./person-input";
import { Wakeup } from "./wakeup";

/** Page calls that may make the page fetch: what a person's input or a
 * script does (the actions on an element, and those on none). Reads,
 * snapshots and navigations are not among them (a navigation's answer
 * waits for its load, not for what the page fetches after). */
const ACTIONS = new Set([
  ...REF_ACTIONS,
  "pages.dialog",
  "pages.eval",
  "pages.keyboardType",
  "pages.mouse",
  "pages.press",
  "pages.scroll",
  "pages.upload",
]);

/** Calls that read what an action did, and do not end its time. */
const READS = new Set(["pages.snapshot", "pages.find"]);

interface TabRequests {
  /** requestId -> when the page asked for it (Date.now() ms). */
  inFlight: Map<string, number>;
  /** When the tab's last call began, if that call was an action. */
  actionAt?: number;
}

const tabs = new Map<number, TabRequests>();
const MAX_IN_FLIGHT = 256;
/** Woken as a request of any tab starts or ends. */
export const requestsChanged = new Wakeup();

onForget((tabId) => tabs.delete(tabId));

function stateOf(tabId: number): TabRequests {
  let t = tabs.get(tabId);
  if (!t) tabs.set(tabId, (t = { inFlight: new Map() }));
  return t;
}

/** A page call on the tab begins (core/call.ts): an action's start is when
 * its requests count from; any other call but a read ends that. */
export function pageCallStarted(tabId: number, method: string): void {
  if (READS.has(method)) return;
  stateOf(tabId).actionAt = ACTIONS.has(method) ? Date.now() : undefined;
}

/** Network.requestWillBeSent, loadingFinished, loadingFailed of the tab's
 * session: its fetch and XMLHttpRequest requests in flight. */
export function pageRequestEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  const id = typeof p["requestId"] === "string" ? p["requestId"] : "";
  if (!id) return;
  if (method === "Network.requestWillBeSent") {
    if (p["type"] !== "XHR" && p["type"] !== "Fetch") return;
    const t = stateOf(tabId);
    // a redirect keeps the request's first time
    if (!t.inFlight.has(id)) t.inFlight.set(id, Date.now());
    // one that never ends (its document went without a word) is let go
    if (t.inFlight.size > MAX_IN_FLIGHT) t.inFlight.delete(t.inFlight.keys().next().value!);
  } else {
    if (!tabs.get(tabId)?.inFlight.delete(id)) return;
  }
  requestsChanged.wake();
}

/** When the tab's last call, an action, began; undefined when the last
 * call was no action. */
export function lastActionAt(tabId: number): number | undefined {
  return tabs.get(tabId)?.actionAt;
}

/** The tab's fetch and XMLHttpRequest requests in flight that began at or
 * after since. */
export function requestsInFlightSince(tabId: number, since: number): number {
  let n = 0;
  for (const at of tabs.get(tabId)?.inFlight.values() ?? []) if (at >= since) n++;
  return n;
}
