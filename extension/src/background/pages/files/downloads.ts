// Downloads started in attached tabs. CDP's Page.downloadWillBegin and
// Page.downloadProgress say which tab started a download and how it goes;
// chrome.downloads (the "downloads" permission) says where the file landed.
//
// Why not Browser.setDownloadBehavior / Page.setDownloadBehavior with a
// downloadPath: chrome.debugger refuses both for extensions ("wasn't found",
// "Cannot access browser-level commands"), and chrome.downloads only names
// paths inside the browser's own download folder. So the browser saves where
// it always does, and the CLI (on the same machine) moves the finished file
// into --download-dir.

import { tabSession } from "../logs/observe";

export interface Download {
  guid: string;
  id: number; // chrome.downloads id, -1 when unknown
  tabId: number;
  sessionId: string;
  url: string;
  suggestedFilename: string;
  path: string; // where the browser saved it ("" until known)
  state: "in_progress" | "complete" | "interrupted" | "canceled";
  bytes: number;
  totalBytes: number;
  mime: string;
  error: string;
  started: number; // ms since the epoch
  // When chrome.downloads says it finished (ms since the epoch, 0 until
  // then): the CLI moves the file only if its size and mtime match.
  ended: number;
}

/** Downloads remembered, oldest dropped first. */
export const DOWNLOADS_LIMIT = 200;
const all: Download[] = [];
const waiters = new Set<() => void>();

function changed(): void {
  for (const w of [...waiters]) w();
}

/** Calls fn on every change to any download until the returned function is called. */
export function onDownloadChange(fn: () => void): () => void {
  waiters.add(fn);
  return () => waiters.delete(fn);
}

/** Resolves on the next change to any download, or after ms. */
function nextChange(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.add(done);
  });
}

function byGuid(guid: string): Download | undefined {
  return all.find((d) => d.guid === guid);
}

/** Page.downloadWillBegin and Page.downloadProgress: the tab's downloads. */
export function downloadEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  if (method === "Page.downloadWillBegin") {
    all.push({
      guid: String(p["guid"] ?? ""),
      id: -1,
      tabId,
      sessionId: tabSession(tabId),
      url: String(p["url"] ?? ""),
      suggestedFilename: String(p["suggestedFilename"] ?? ""),
      path: "",
      state: "in_progress",
      bytes: 0,
      totalBytes: 0,
      mime: "",
      error: "",
      started: Date.now(),
      ended: 0,
    });
    if (all.length > DOWNLOADS_LIMIT) all.splice(0, all.length - DOWNLOADS_LIMIT);
    changed();
  } else if (method === "Page.downloadProgress") {
    const d = byGuid(String(p["guid"] ?? ""));
    if (!d) return;
    d.bytes = typeof p["receivedBytes"] === "number" ? (p["receivedBytes"] as number) : d.bytes;
    d.totalBytes = typeof p["totalBytes"] === "number" ? (p["totalBytes"] as number) : d.totalBytes;
    const st = String(p["state"] ?? "");
    if (st === "completed") d.state = "complete";
    else if (st === "canceled") d.state = "canceled";
    changed();
  }
}

/** The longest file name (bytes) the browser saves without asking where:
 * 255 less its ".crdownload" while the file comes in. */
const SAVED_NAME_BYTES = 244;

/** A download's error as a person reads it. The browser cancels a file
 * whose name is too long for the disk in the person's name
 * (USER_CANCELED): a browser with a window asks where to save it, a
 * headless one cannot. */
export function whyNotSaved(error: string, name: string): string {
  const bytes = new TextEncoder().encode(name).length;
  if (error !== "USER_CANCELED" || bytes <= SAVED_NAME_BYTES) return error;
  return `${error}: its file name is ${bytes} bytes, longer than the ${SAVED_NAME_BYTES} the browser saves without asking where (a headless browser cannot ask)`;
}

/**
 * Fills in path, id and mime from chrome.downloads: the newest item with the
 * download's URL that started no earlier than it and is not claimed yet.
 */
async function locate(d: Download): Promise<void> {
  if (d.id >= 0 && d.path && d.state !== "in_progress" && (d.state !== "complete" || d.ended > 0)) return;
  if (typeof chrome === "undefined" || !chrome.downloads) {
    if (!d.error) d.error = "the extension lacks the downloads permission: reload it to see where files land";
    return;
  }
  let item: chrome.downloads.DownloadItem | undefined;
  if (d.id >= 0) {
    item = (await chrome.downloads.search({ id: d.id }))[0];
  } else {
    const claimed = new Set(all.filter((o) => o !== d && o.id >= 0).map((o) => o.id));
    const items = await chrome.downloads.search({ url: d.url, orderBy: ["-startTime"] });
    item = items.find((i) => !claimed.has(i.id) && Date.parse(i.startTime) >= d.started - 5_000);
  }
  if (!item) return;
  d.id = item.id;
  d.path = item.filename;
  d.mime = item.mime;
  if (item.state === "complete") {
    d.state = "complete";
    d.bytes = item.bytesReceived;
    const end = item.endTime ? Date.parse(item.endTime) : NaN;
    d.ended = Number.isFinite(end) ? end : 0;
  } else if (item.state === "interrupted") {
    d.state = item.error === "USER_CANCELED" ? "canceled" : "interrupted";
    d.error = whyNotSaved(item.error ?? "", d.suggestedFilename);
  }
  if (item.totalBytes > 0) d.totalBytes = item.totalBytes;
}

/** A snapshot of the downloads, located, optionally of one session. */
export async function listDownloads(sessionId?: string): Promise<Download[]> {
  for (const d of all) d.sessionId ||= tabSession(d.tabId);
  const out = all.filter((d) => !sessionId || d.sessionId === sessionId);
  for (const d of out) await locate(d).catch(() => undefined);
  return out.map((d) => ({ ...d }));
}

/** Downloads of the tab that began after `since` (ms since the epoch). */
function begunSince(tabId: number, since: number): Download | undefined {
  return all.find((d) => d.tabId === tabId && d.started >= since);
}

/** Waits until the tab begins a download after `since`, or ms pass. */
export async function waitBegin(tabId: number, since: number, ms: number): Promise<Download | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const d = begunSince(tabId, since);
    if (d) return d;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await nextChange(left);
  }
}

/** Waits until d is no longer in progress, or ms pass; answers it located. */
export async function waitDone(d: Download, ms: number): Promise<Download> {
  const deadline = Date.now() + ms;
  // CDP says complete before chrome.downloads has its endTime, canceled
  // before it has the error: wait a little for them.
  let settle = 0;
  const settled = () => (d.state === "complete" ? d.ended > 0 : d.error !== "");
  for (;;) {
    await locate(d).catch(() => undefined);
    if (d.state !== "in_progress") {
      if (settled()) break;
      settle ||= Date.now() + 3_000;
      if (Date.now() >= settle) break;
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    await nextChange(Math.min(left, d.state === "in_progress" ? 250 : 50)); // chrome.downloads has its own events; a short poll catches them
  }
  return { ...d };
}
