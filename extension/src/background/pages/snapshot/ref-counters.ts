// The tab's ref counters (the next main-frame number, the next frame
// document number) kept in chrome.storage.session, so that a restarted
// service worker never hands out a ref an earlier run of it handed out in
// the same tab: an old ref answers 4109 instead of reaching a new element.

const STORAGE_KEY = "browserctl.refCounters";

export interface Counters {
  next: number;
  nextKey: number;
}

let loaded: Promise<Record<string, Counters>> | undefined;
let current: Record<string, Counters> = {};

function load(): Promise<Record<string, Counters>> {
  if (!loaded) {
    loaded = chrome.storage.session.get(STORAGE_KEY).then(
      (got) => {
        const v = got[STORAGE_KEY];
        current = v && typeof v === "object" ? { ...(v as Record<string, Counters>), ...current } : current;
        return current;
      },
      () => current, // no storage: counters live as long as the worker
    );
    chrome.tabs.onRemoved.addListener((tabId) => {
      if (!(String(tabId) in current)) return;
      delete current[String(tabId)];
      void chrome.storage.session.set({ [STORAGE_KEY]: current }).catch(() => {});
    });
  }
  return loaded;
}

/** The counters an earlier run of the worker left for the tab (1, 1 if none). */
export async function savedCounters(tabId: number): Promise<Counters> {
  const all = await load();
  return all[String(tabId)] ?? { next: 1, nextKey: 1 };
}

/** Keeps the tab's counters; never waits, never fails. */
export function saveCounters(tabId: number, c: Counters): void {
  const prev = current[String(tabId)];
  if (prev && prev.next >= c.next && prev.nextKey >= c.nextKey) return;
  current[String(tabId)] = { next: Math.max(c.next, prev?.next ?? 1), nextKey: Math.max(c.nextKey, prev?.nextKey ?? 1) };
  void chrome.storage.session.set({ [STORAGE_KEY]: current }).catch(() => {});
}
