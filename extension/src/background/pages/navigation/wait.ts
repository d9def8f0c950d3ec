// pages.wait: a pause of ms, or a load state (load, domcontentloaded,
// networkidle) with a timeout that answers 4102.

import { optionalInt, optionalOneOf } from "../../params";
import { LOAD_STATES, type LoadState, type RequestParams } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { DialogOpenError, listen, onForget, openDialog, send, unlessDialog } from "../core/debugger";
import { Wakeup } from "../core/wakeup";
import { callInWorld } from "../core/world";
import type { PageHandlers } from "../tables";

/** A longer pause is refused: the hub's call would time out first anyway. */
export const MAX_WAIT_MS = 300_000;
const DEFAULT_TIMEOUT_MS = 30_000;
const NETWORK_QUIET_MS = 500;
const POLL_MS = 250;


const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Requests in flight per tab, once the Network domain is on for it. */
const network = new Map<number, { inflight: Set<string>; lastChange: number }>();

async function trackNetwork(tabId: number): Promise<{ inflight: Set<string>; lastChange: number }> {
  let n = network.get(tabId);
  if (n) return n;
  const fresh = { inflight: new Set<string>(), lastChange: Date.now() };
  network.set(tabId, fresh);
  const unlisten = listen(tabId, (method, params) => {
    const id = String(params["requestId"] ?? "");
    if (method === "Network.requestWillBeSent") fresh.inflight.add(id);
    else if (method === "Network.loadingFinished" || method === "Network.loadingFailed") fresh.inflight.delete(id);
    else return;
    fresh.lastChange = Date.now();
  });
  try {
    await send(tabId, "Network.enable", {});
  } catch (e) {
    unlisten();
    network.delete(tabId);
    throw e;
  }
  return fresh;
}

// The debugger left the tab: its listener is gone, Network is off again.
onForget((tabId) => {
  network.delete(tabId);
});

/** The document's readyState; "" while a navigation swaps documents. */
async function readyState(tabId: number): Promise<string> {
  const r = await unlessDialog(callInWorld(tabId, "readyState", [], { timeoutMs: 5_000 }), () => undefined);
  return r ? String(r.result.value ?? "") : "";
}

function reached(state: LoadState, ready: string): boolean {
  return state === "domcontentloaded" ? ready === "interactive" || ready === "complete" : ready === "complete";
}

/**
 * Resolves once the document reached the state: woken by its load event
 * (or a dialog), and reading readyState every POLL_MS besides (a page
 * restored from the back/forward cache fires no load event).
 */
async function waitLoad(tabId: number, state: LoadState, deadline: number, budget: number): Promise<void> {
  const event = state === "domcontentloaded" ? "Page.domContentEventFired" : "Page.loadEventFired";
  let fired = false;
  const wake = new Wakeup();
  const unlisten = listen(tabId, (method) => {
    if (method === event) fired = true;
    if (method === event || method === "Page.javascriptDialogOpening") wake.wake();
  });
  try {
    for (;;) {
      if (fired || reached(state, await readyState(tabId))) return;
      if (Date.now() >= deadline) throw timeout(state, budget);
      await wake.next(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
    }
  } finally {
    unlisten();
  }
}

function timeout(state: string, budget: number): RpcError {
  return new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms waiting for ${state}`);
}

export async function wait(tabId: number, p: RequestParams<"pages.wait">): Promise<{ waited: number }> {
  const started = Date.now();
  const ms = optionalInt(p, "ms", 0);
  const state = optionalOneOf(p, "state", LOAD_STATES);
  if (ms === undefined && state === undefined) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "ms" or "state" must be given`);
  }
  if (ms !== undefined) {
    if (ms > MAX_WAIT_MS) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "ms" must be at most ${MAX_WAIT_MS}`);
    }
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    await sleep(ms);
    return { waited: Date.now() - started };
  }
  const budget = optionalInt(p, "timeout", 0) ?? DEFAULT_TIMEOUT_MS;
  const deadline = started + budget;
  const st = state!;
  if (st === "networkidle") {
    const net = await trackNetwork(tabId);
    await waitLoad(tabId, "load", deadline, budget);
    for (;;) {
      const quietFor = Date.now() - net.lastChange;
      if (net.inflight.size === 0 && quietFor >= NETWORK_QUIET_MS) break;
      if (Date.now() >= deadline) throw timeout(st, budget);
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
      const next = net.inflight.size === 0 ? NETWORK_QUIET_MS - quietFor : POLL_MS;
      await sleep(Math.max(10, Math.min(next, deadline - Date.now())));
    }
  } else {
    await waitLoad(tabId, st, deadline, budget);
  }
  return { waited: Date.now() - started };
}

// This file's handlers (index.ts joins them).
export const waitHandlers = {
  "pages.wait": wait,
} satisfies PageHandlers;
