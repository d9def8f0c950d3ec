// Chrome's copy of each tab's title, remembered between `get title` calls,
// so reading a title that has not changed costs no chrome.* round trip: once
// the browser has idled a few milliseconds, one chrome.tabs.get takes 0.5 to
// 1.1 ms, most of a one-shot `get title`'s time in the browser (issue 8).
//
// Exactness: an entry is dropped on every tabs.onUpdated of its tab (title,
// url, status, anything), and on onRemoved and onReplaced. It is filled only
// from a tabs.get of a tab that has finished loading, and only when no tab
// event arrived while that call was out. Chrome sends a tab's onUpdated as
// its title changes, before the answer to the CDP call that changed it (500
// of 500 in the worker, during page loads too; e2e
// TestGetTitleIsTheDocumentTitle reads the title back after each of many
// changes). Nothing is served until watch() runs, and a worker restart
// starts empty.

export class TitleCache {
  private gen = 0;
  private watching = false;
  private readonly titles = new Map<number, string>();

  get(tabId: number): string | undefined {
    return this.watching ? this.titles.get(tabId) : undefined;
  }

  /** The generation to pass to set() once the tabs.get it starts answers. */
  begin(): number {
    return this.gen;
  }

  /** Remembers a title read at gen; dropped when any tab event came since. */
  set(tabId: number, title: string, gen: number): void {
    if (this.watching && gen === this.gen) this.titles.set(tabId, title);
  }

  drop(tabId: number): void {
    this.gen++;
    this.titles.delete(tabId);
  }

  /** Follows the browser's tab events; returns the unsubscribe. */
  watch(): () => void {
    const onUpdated = (tabId: number): void => this.drop(tabId);
    const onRemoved = (tabId: number): void => this.drop(tabId);
    const onReplaced = (added: number, removed: number): void => {
      this.drop(added);
      this.drop(removed);
    };
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.onRemoved.addListener(onRemoved);
    chrome.tabs.onReplaced.addListener(onReplaced);
    this.watching = true;
    return () => {
      this.watching = false;
      this.titles.clear();
      chrome.tabs.onUpdated.removeListener(onUpdated);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      chrome.tabs.onReplaced.removeListener(onReplaced);
    };
  }
}

/** The worker's one cache; background.ts starts its watch. */
export const titleCache = new TitleCache();
