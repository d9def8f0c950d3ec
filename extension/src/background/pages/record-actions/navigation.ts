// Pure: what a navigation of a recorded tab was, from the tab's history
// (Page.getNavigationHistory, read as the navigation's event arrived) and
// where the tab was before: the person's back or forward (an entry the tab
// had), a reload (the same entry), a URL they typed (a new entry whose
// transition is the address bar's), or a page their step or the page went
// to (a wait for it). A person who moves on before the history is read
// (the event arrives late, the read shows a later entry) is followed by
// the URLs the tab's entries had.

import { samePage, urlPattern } from "./script";

export interface NavigationHistory {
  currentIndex: number;
  entries: { id: number; url: string; transitionType?: string }[];
}

/** Where a tab is in its history: the entry it shows and the entries it has. */
export interface TabHistory {
  index: number;
  id: number;
  url: string;
  ids: number[];
  urls: string[];
}

/** How many entries a tab's history keeps (the newest). */
const KEEP = 50;

/** Transitions of a navigation the person started from the browser's own UI. */
const TYPED = new Set(["typed", "address_bar", "auto_bookmark", "generated", "keyword", "keyword_generated"]);

function kept(index: number, ids: number[], urls: string[]): TabHistory {
  const drop = Math.max(0, ids.length - KEEP);
  const i = index - drop;
  return { index: i, id: ids[index]!, url: urls[index]!, ids: ids.slice(drop), urls: urls.slice(drop) };
}

export function historyFrom(h: NavigationHistory): TabHistory {
  return kept(
    h.currentIndex,
    h.entries.map((e) => e.id),
    h.entries.map((e) => e.url),
  );
}

/** The words of the line (none: nothing to write) and where the tab is now. */
export interface Classified {
  words: string[];
  now: TabHistory;
}

/**
 * A main-frame navigation of the tab to url. read is the history read as
 * its event arrived; fresh says it shows that very navigation (its current
 * entry's URL is url), else it shows a later one already.
 */
export function classify(prev: TabHistory | undefined, url: string, read: NavigationHistory | undefined, fresh: boolean): Classified {
  if (read && fresh) {
    const e = read.entries[read.currentIndex]!;
    const now = historyFrom(read);
    const typed = TYPED.has(e.transitionType ?? "");
    if (!prev) return { words: typed ? ["tab", "open", e.url] : ["wait", "--url", urlPattern(e.url)], now };
    if (e.id === prev.id) return { words: ["reload"], now };
    const was = prev.ids.indexOf(e.id);
    if (was >= 0) {
      // an entry the tab had: the person moved through its history
      const n = Math.max(1, Math.abs(was - prev.index));
      return { words: Array<string>(n).fill(was < prev.index ? "back" : "forward"), now };
    }
    // A new entry that says "reload" was reloaded after the navigation
    // made it (the read came after the person reloaded): what made it is
    // lost. `open` replays either way; a wait for a page no step goes to
    // would hang the replay.
    if (typed || e.transitionType === "reload") return { words: ["open", e.url], now };
    return { words: samePage(e.url, prev.url) ? ["wait", "--load", "load"] : ["wait", "--url", urlPattern(e.url)], now };
  }
  // The read came too late (or not at all): follow the entries' URLs.
  if (!prev) return { words: ["wait", "--url", urlPattern(url)], now: kept(0, [-1], [url]) };
  if (url === prev.urls[prev.index - 1] && url !== prev.url) {
    return { words: ["back"], now: kept(prev.index - 1, prev.ids, prev.urls) };
  }
  if (url === prev.urls[prev.index + 1] && url !== prev.url) {
    return { words: ["forward"], now: kept(prev.index + 1, prev.ids, prev.urls) };
  }
  if (url === prev.url) return { words: ["reload"], now: prev };
  // a new entry after the current one: its transition, if the read has it
  const entry = read?.entries.slice().reverse().find((e) => e.url === url);
  const ids = [...prev.ids.slice(0, prev.index + 1), entry?.id ?? -Date.now()];
  const urls = [...prev.urls.slice(0, prev.index + 1), url];
  const now = kept(ids.length - 1, ids, urls);
  if (entry && TYPED.has(entry.transitionType ?? "")) return { words: ["open", url], now };
  return { words: samePage(url, prev.url) ? ["wait", "--load", "load"] : ["wait", "--url", urlPattern(url)], now };
}
