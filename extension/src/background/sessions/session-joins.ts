// Tabs that join a session without a call naming them: one a page of the
// session opened (window.open, target=_blank: Chrome puts it in the opener's
// group), one the user dragged into the group, and, after a service-worker
// restart, every tab of every restored session. Each is handed to joinTab,
// so its console, errors and requests are recorded from then on.

import { emitEvent } from "../event-stream";
import type { SessionStore } from "./session-store";
import { groupTabs } from "./tab-info";

export type JoinTab = (tabId: number, sessionId: string) => Promise<void>;

/** Follows tabs into the sessions' groups; returns the unsubscribe. */
export function watchJoins(store: SessionStore, joinTab: JoinTab): () => void {
  const join = (tabId: number | undefined, groupId: number | undefined): void => {
    if (tabId === undefined || groupId === undefined || groupId < 0) return;
    void store.ready().then(() => {
      const s = store.byGroup(groupId);
      if (s) return joinTab(tabId, s.sessionId);
    });
  };
  const onCreated = (t: chrome.tabs.Tab): void => {
    join(t.id, t.groupId);
    // a page of a session opened it (window.open, target=_blank)
    if (t.openerTabId !== undefined && t.groupId !== undefined && t.groupId >= 0) {
      void store.ready().then(() => {
        const s = store.byGroup(t.groupId!);
        if (s) emitEvent("popup_opened", s.sessionId, { tabId: t.id, url: t.pendingUrl ?? t.url ?? "" });
      });
    }
  };
  const onUpdated = (tabId: number, info: chrome.tabs.OnUpdatedInfo): void => {
    if (info.groupId !== undefined) join(tabId, info.groupId);
  };
  chrome.tabs.onCreated.addListener(onCreated);
  chrome.tabs.onUpdated.addListener(onUpdated);
  return () => {
    chrome.tabs.onCreated.removeListener(onCreated);
    chrome.tabs.onUpdated.removeListener(onUpdated);
  };
}

/** A restarted worker: the tabs of the sessions it restored join again. */
export async function rejoinAll(store: SessionStore, joinTab: JoinTab): Promise<void> {
  await store.ready();
  for (const s of store.list()) {
    const tabs = await groupTabs(s).catch(() => []);
    await Promise.all(tabs.map((t) => (t.id === undefined ? undefined : joinTab(t.id, s.sessionId))));
  }
}
