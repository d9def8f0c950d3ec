// Knows when a tab closes, so a call on it (a wait above all) ends at once
// with 4104 instead of running out its time.

import { ErrorCode, RpcError } from "../../types";

export function tabClosedError(tabId: number): RpcError {
  return new RpcError(ErrorCode.tabNotFound, `tab ${tabId} was closed`);
}

/**
 * A promise that rejects with 4104 when the tab closes; stop() removes the
 * listener (one per call: adding and removing one is cheap, and nothing is
 * left behind when the call ends).
 */
export function whenClosed(tabId: number): { closed: Promise<never>; stop(): void } {
  let onRemoved: ((id: number) => void) | undefined;
  const closed = new Promise<never>((_, reject) => {
    onRemoved = (id) => {
      if (id === tabId) reject(tabClosedError(tabId));
    };
  });
  closed.catch(() => {});
  const ev = typeof chrome !== "undefined" ? chrome.tabs?.onRemoved : undefined;
  if (ev && onRemoved) ev.addListener(onRemoved);
  return {
    closed,
    stop() {
      if (ev && onRemoved) ev.removeListener(onRemoved);
    },
  };
}

/** Whether the tab is gone (asked after a call failed). */
export async function tabGone(tabId: number): Promise<boolean> {
  try {
    await chrome.tabs.get(tabId);
    return false;
  } catch {
    return true;
  }
}
