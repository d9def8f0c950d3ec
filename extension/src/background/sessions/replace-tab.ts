// A tab that never yields, taken back: pages.navigate on a tab stuck in a
// dialog loop (dialogs.ts inDialogLoop: a page that loops alert() for ever,
// so every call fails with dialog_open and Page.handleJavaScriptDialog never
// catches up) loads the URL in a new tab instead. The new tab is made next
// to the old one, in the same window, group and session, joined (logs on)
// and made the session's active tab; the old one is released and closed
// (chrome.tabs.remove works with a dialog open). The answer says so in
// `replacedTab: {old, new, reason: "dialog_loop"}`, which the CLI prints on
// stderr and browser_navigate in its text.

import { DialogOpenError } from "../pages/core/debugger";
import { inDialogLoop } from "../pages/core/dialogs";
import type { Handler } from "../protocol.gen";
import type { Params } from "../types";
import type { SessionStore } from "./session-store";
import { getSessionTab } from "./tab-info";
import { onResolvedTab, resolveTab } from "./tabs";

export interface ReplaceDeps {
  store: SessionStore;
  joinTab(tabId: number, sessionId: string): Promise<void>;
  releaseTab(tabId: number): Promise<void>;
}

/** Replaces tabId (of p's session) with a new about:blank tab; answers its id. */
export async function replaceTab({ store, joinTab, releaseTab }: ReplaceDeps, p: Params, tabId: number): Promise<number> {
  const s = await store.lookup(p);
  const old = await getSessionTab(s, tabId);
  const created = await chrome.tabs.create({
    windowId: old.windowId,
    url: "about:blank",
    active: true,
    index: old.index + 1,
  });
  const id = created.id as number;
  await chrome.tabs.group({ groupId: s.groupId, tabIds: [id] });
  await joinTab(id, s.sessionId);
  s.lastActiveTabId = id;
  await store.update(s);
  await releaseTab(tabId).catch(() => undefined);
  await chrome.tabs.remove(tabId).catch(() => undefined);
  store.activeTabs.invalidate();
  return id;
}

/**
 * pages.navigate, taking back a tab stuck in a dialog loop: seen as a loop
 * before the call, or the call refused with dialog_open and a loop seen
 * then, the URL goes to a replacement tab (replaceTab).
 */
export function navigateOrReplace(deps: ReplaceDeps, navigate: Handler<"pages.navigate">): Handler<"pages.navigate"> {
  return async (p) => {
    const tabId = await resolveTab(deps.store, p as Params);
    const again = async () => {
      const id = await replaceTab(deps, p as Params, tabId);
      const r = await navigate(onResolvedTab(p, id));
      return { ...r, replacedTab: { old: tabId, new: id, reason: "dialog_loop" } };
    };
    if (inDialogLoop(tabId)) return again();
    try {
      return await navigate(onResolvedTab(p, tabId));
    } catch (e) {
      if (e instanceof DialogOpenError && inDialogLoop(tabId)) return again();
      throw e;
    }
  };
}
