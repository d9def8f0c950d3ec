// The session's active tab, remembered between calls so a pages.* call on
// the session's active tab costs no chrome.* round trip (each is ~1-2 ms of
// IPC to the browser process). Exactness: one generation counter, bumped by
// every tab or tab-group event that can change which tab pickActive chooses
// (membership, order, activation, removal, replacement, a group's removal);
// an entry counts only while the generation it was computed at is current
// and the session's groupId and lastActiveTabId are unchanged. A worker
// restart starts empty.

/** What the cache reads of a session (session-store's SessionRecord has it). */
export interface CachedSession {
  sessionId: string;
  groupId: number;
  lastActiveTabId?: number | undefined;
}

interface Entry {
  tabId: number;
  gen: number;
  groupId: number;
  lastActiveTabId: number | undefined;
}

export class ActiveTabCache {
  private gen = 0;
  private readonly entries = new Map<string, Entry>();

  /** The generation to pass to set() once the lookup it starts is done. */
  begin(): number {
    return this.gen;
  }

  invalidate(): void {
    this.gen++;
    this.entries.clear();
  }

  get(s: CachedSession): number | undefined {
    const e = this.entries.get(s.sessionId);
    if (!e) return undefined;
    if (e.gen !== this.gen || e.groupId !== s.groupId || e.lastActiveTabId !== s.lastActiveTabId) {
      this.entries.delete(s.sessionId);
      return undefined;
    }
    return e.tabId;
  }

  /** Remembers a lookup started at gen; dropped when anything changed since. */
  set(s: CachedSession, tabId: number, gen: number): void {
    if (gen !== this.gen) return;
    this.entries.set(s.sessionId, { tabId, gen, groupId: s.groupId, lastActiveTabId: s.lastActiveTabId });
  }

  /** Follows the browser's tab and group events; returns the unsubscribe. */
  watch(): () => void {
    const bump = (): void => this.invalidate();
    const onUpdated = (_id: number, change: chrome.tabs.OnUpdatedInfo): void => {
      // Title, url, status, favicon... do not move a tab in or out of a group.
      if (change.groupId !== undefined || change.pinned !== undefined || change.discarded !== undefined) bump();
    };
    const plain = [
      chrome.tabs.onCreated,
      chrome.tabs.onRemoved,
      chrome.tabs.onActivated,
      chrome.tabs.onMoved,
      chrome.tabs.onAttached,
      chrome.tabs.onDetached,
      chrome.tabs.onReplaced,
      chrome.tabGroups.onCreated,
      chrome.tabGroups.onRemoved,
      chrome.tabGroups.onMoved,
    ] as unknown as Array<{ addListener(f: () => void): void; removeListener(f: () => void): void }>;
    for (const ev of plain) ev.addListener(bump);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => {
      for (const ev of plain) ev.removeListener(bump);
      chrome.tabs.onUpdated.removeListener(onUpdated);
    };
  }
}
