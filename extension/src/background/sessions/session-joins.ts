// Tabs that join a session without a call naming them: one a page of the
// session opened (window.open, target=_blank: Chrome puts it in the opener's
// group), one the user dragged into the group, and, after a service-worker
// restart, every tab of every restored session. Each is handed to joinTab,
// so its console, errors and requests are recorded from then on.

import { emitEvent } from "../event-stream";
import type { SessionStore } from "./session-store";
import { groupTabs } from "./tab-info";

export type JoinTab = (tabId: number, sessionId: string) => Promise<void>;

/**
 * Whether a tab showing url may stay in the session (its origin fence,
 * fence.ts); absent: every tab may.
 */
export type MayJoin = (sessionId: string, url: string) => Promise<boolean>;

/** Follows tabs into the sessions' groups; returns the unsubscribe. */
export function watchJoins(store: SessionStore, joinTab: JoinTab, mayJoin?: MayJoin): () => void {
  const join = (tabId: number | undefined, groupId: number | undefined): void => {
    if (tabId === undefined || groupId === undefined || groupId < 0) return;
    void store.ready().then(async () => {
      const s = store.byGroup(groupId);
      if (!s) return;
      await joinTab(tabId, s.sessionId);
      if (mayJoin) await keepOutIfFenced(tabId, s.sessionId, mayJoin);
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

/**
 * A popup of a fenced session's page (or a tab dragged into its group) that
 * shows another origin: its first request left before we could attach
 * (nothing can stop that from an extension without blocking the person's
 * own tabs), but the session must not read it. The tab leaves the group and
 * stays the person's; the session's later requests are fenced as before.
 * Checked once attached, so a navigation not yet begun is the fence's.
 */
async function keepOutIfFenced(tabId: number, sessionId: string, mayJoin: MayJoin): Promise<void> {
  const t = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!t) return;
  for (const url of [t.url, t.pendingUrl]) {
    if (!url || (await mayJoin(sessionId, url))) continue;
    await chrome.tabs.ungroup(tabId).catch(() => undefined);
    emitEvent("tab_kept_out", sessionId, { tabId, url, text: "outside the origins this session may reach" });
    return;
  }
}

/** A restarted worker: the tabs of the sessions it restored join again. */
export async function rejoinAll(store: SessionStore, joinTab: JoinTab): Promise<void> {
  await store.ready();
  for (const s of store.list()) {
    const tabs = await groupTabs(s).catch(() => []);
    await Promise.all(tabs.map((t) => (t.id === undefined ? undefined : joinTab(t.id, s.sessionId))));
  }
}
