// Tab lookups shared by sessions.*, tabs.* and resolveTab: the wire Tab
// object, 4104 for a missing tab or one outside the session's group, and the
// session's active tab.

import type { Session, Tab } from "../protocol.gen";
import type { SessionRecord, SessionStore } from "./session-store";
import { ErrorCode, RpcError } from "../types";

export function toWireTab(t: chrome.tabs.Tab, store: SessionStore): Tab {
  return {
    tabId: t.id ?? -1,
    windowId: t.windowId,
    url: t.url || t.pendingUrl || "",
    title: t.title ?? "",
    active: t.active,
    groupId: t.groupId,
    sessionId: store.byGroup(t.groupId)?.sessionId ?? "",
  };
}

export async function getTab(tabId: number): Promise<chrome.tabs.Tab> {
  try {
    return await chrome.tabs.get(tabId);
  } catch {
    throw new RpcError(ErrorCode.tabNotFound, `tab not found: ${tabId}`);
  }
}

/** The tab, which must belong to the session's group. */
export async function getSessionTab(s: SessionRecord, tabId: number): Promise<chrome.tabs.Tab> {
  const t = await getTab(tabId);
  if (t.groupId !== s.groupId) {
    throw new RpcError(ErrorCode.tabNotFound, `tab ${tabId} is not in session ${s.sessionId}`);
  }
  return t;
}

export async function groupTabs(s: SessionRecord): Promise<chrome.tabs.Tab[]> {
  const tabs = await chrome.tabs.query({ groupId: s.groupId });
  return tabs.sort((a, b) => a.index - b.index);
}

/** The group's active tab; else the last one activated; else the first. */
export function pickActive(s: SessionRecord, tabs: chrome.tabs.Tab[]): chrome.tabs.Tab | undefined {
  return tabs.find((t) => t.active) ?? tabs.find((t) => t.id === s.lastActiveTabId) ?? tabs[0];
}

export async function sessionActiveTab(s: SessionRecord): Promise<chrome.tabs.Tab> {
  const t = pickActive(s, await groupTabs(s));
  if (!t) throw new RpcError(ErrorCode.tabNotFound, `session ${s.sessionId} has no tab`);
  return t;
}

export async function toWireSession(s: SessionRecord): Promise<Session> {
  const tabs = await groupTabs(s);
  return {
    sessionId: s.sessionId,
    name: s.name,
    groupId: s.groupId,
    tabIds: tabs.map((t) => t.id).filter((id): id is number => id !== undefined),
    activeTabId: pickActive(s, tabs)?.id ?? null,
  };
}

/** The user's active tab in the last focused normal window. */
export async function userActiveTab(): Promise<chrome.tabs.Tab> {
  const [t] = await chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: "normal" });
  if (t) return t;
  const [any] = await chrome.tabs.query({ active: true, windowType: "normal" });
  if (any) return any;
  throw new RpcError(ErrorCode.tabNotFound, "no active tab in any normal window");
}
