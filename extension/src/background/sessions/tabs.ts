// tabs.* handlers, and resolveTab for pages.*: a session only ever acts on
// the tabs of its own group.

import type { TabMethod } from "../methods";
import { optionalBool, requireInt, requireString } from "../params";
import type { SessionRecord, SessionStore } from "./session-store";
import { getSessionTab, getTab, groupTabs, pickActive, toWireTab, userActiveTab } from "./tab-info";
import { ErrorCode, RpcError, type Handlers, type Params } from "../types";
import { checkNavigable } from "../pages/navigation/url-policy";
import { agentCallEnded, agentCallStarted } from "../pages/core/person-input";
import { currentEntry } from "../pages/navigation/navigate";
import { withParams } from "../call-timing";

export interface TabDeps {
  store: SessionStore;
  /** A tab joins a session: its logs are recorded from now on (pages/index.ts). */
  joinTab(tabId: number, sessionId: string): Promise<void>;
  /** Loads a URL in a joined tab, once its logs are on. */
  loadJoined(tabId: number, url: string): Promise<void>;
  /** Whether a tab showing url may join the session (its origin fence); absent: yes. */
  mayJoin?(sessionId: string, url: string): Promise<boolean>;
  /** Closes tabs, beforeunload answered by the session's policy; answers those that stayed (pages/index.ts). */
  closeTabs(tabIds: number[]): Promise<{ tabId: number; why: string }[]>;
}

/** Marks params whose tab a wrapper around the handler resolved already. */
const RESOLVED_TAB = Symbol("tab resolved");

/**
 * params for the handler a wrapper calls on the tab it resolved (or made,
 * in the session): the handler's own resolveTab takes it as it is instead
 * of asking Chrome again (a chrome.tabs.get, 2-5 ms of a navigation). A
 * symbol member: nothing a caller sends can carry it.
 */
export function onResolvedTab<P extends object>(params: P, tabId: number): P & { tabId: number } {
  const copy = withParams(params, { tabId });
  Object.defineProperty(copy, RESOLVED_TAB, { value: tabId, enumerable: false });
  return copy;
}

/** pages.*: sessionId required; tabId optional and in the group, else the session's active tab. */
export async function resolveTab(store: SessionStore, p: Params): Promise<number> {
  const resolved = (p as { [RESOLVED_TAB]?: number })[RESOLVED_TAB];
  if (resolved !== undefined && p.tabId === resolved) return resolved;
  const s = await store.lookup(p);
  if (p.tabId !== undefined && p.tabId !== null) {
    const tabId = requireInt(p, "tabId", 0);
    // The tab in the group proves the group; else 4107 if the group is gone.
    let t: chrome.tabs.Tab;
    try {
      t = await getSessionTab(s, tabId);
    } catch (e) {
      await store.checkGroup(s);
      throw e;
    }
    return t.id as number;
  }
  return activeTabId(store, s);
}

/**
 * The session's active tab's id: remembered (no chrome.* call) while no tab
 * or group event has happened since; else one tabs.query of the group. An
 * empty group means the group is gone (4107) or, in a race, 4104.
 */
async function activeTabId(store: SessionStore, s: SessionRecord): Promise<number> {
  const cached = store.activeTabs.get(s);
  if (cached !== undefined) return cached;
  return (await queryActiveTab(store, s)).id as number;
}

/** The session's active tab from one tabs.query, remembered for the next call. */
async function queryActiveTab(store: SessionStore, s: SessionRecord): Promise<chrome.tabs.Tab> {
  const gen = store.activeTabs.begin();
  const t = pickActive(s, await groupTabs(s));
  if (!t || t.id === undefined) {
    await store.checkGroup(s);
    throw new RpcError(ErrorCode.tabNotFound, `session ${s.sessionId} has no tab`);
  }
  store.activeTabs.set(s, t.id, gen);
  return t;
}

export function tabHandlers({ store, joinTab, loadJoined, mayJoin, closeTabs }: TabDeps): Handlers<TabMethod> {
  return {
    "tabs.open": async (p) => {
      const s = await store.require(p);
      const url = requireString(p, "url");
      checkNavigable(url, false);
      const active = optionalBool(p, "active") ?? true;
      const group = await chrome.tabGroups.get(s.groupId);
      const last = (await groupTabs(s)).at(-1);
      // Made at about:blank, joined, then sent to url: the first load's
      // console lines and requests are recorded too.
      const created = await chrome.tabs.create({
        windowId: group.windowId,
        url: "about:blank",
        active,
        ...(last ? { index: last.index + 1 } : {}),
      });
      const id = created.id as number;
      // browserctl's own navigation: a recording of the person's actions leaves it out
      agentCallStarted(id);
      try {
        await chrome.tabs.group({ groupId: s.groupId, tabIds: [id] });
        await joinTab(id, s.sessionId);
        if (url !== "about:blank") await loadJoined(id, url);
      } finally {
        agentCallEnded(id);
      }
      if (active) {
        s.lastActiveTabId = id;
        await store.update(s);
      }
      const wire = toWireTab(await getTab(id), store);
      if (url !== "about:blank") {
        // Chrome updates the tab's url and title a moment after the
        // commit: until then they are about:blank's. The committed history
        // entry says what the new document is (its title "" until the page
        // has one); a load not committed yet, the URL it is loading.
        const entry = await currentEntry(id).catch(() => undefined);
        if (entry && entry.url !== "about:blank") {
          wire.url = entry.url;
          wire.title = entry.title ?? "";
        } else if (wire.url === "about:blank") {
          wire.url = url;
          wire.title = "";
        }
      }
      return wire;
    },

    "tabs.list": async (p) => {
      const s = await store.require(p);
      return { tabs: (await groupTabs(s)).map((t) => toWireTab(t, store)) };
    },

    "tabs.userList": async () => {
      await store.ready();
      const tabs = await chrome.tabs.query({ windowType: "normal" });
      return { tabs: tabs.map((t) => toWireTab(t, store)) };
    },

    "tabs.attach": async (p) => {
      const s = await store.require(p);
      const tabId = requireInt(p, "tabId", 0);
      const t = await getTab(tabId);
      const shown = t.url || t.pendingUrl || "";
      if (shown && mayJoin && !(await mayJoin(s.sessionId, shown))) {
        throw new RpcError(
          ErrorCode.pageOperationFailed,
          `page operation failed: tab ${tabId} shows ${JSON.stringify(shown)}, outside the origins this session may reach`,
          "origin_not_allowed",
        );
      }
      if (t.groupId !== s.groupId) await chrome.tabs.group({ groupId: s.groupId, tabIds: [tabId] });
      await joinTab(tabId, s.sessionId);
      return toWireTab(await getTab(tabId), store);
    },

    "tabs.active": async (p) => {
      if (p.sessionId === undefined || p.sessionId === null || p.sessionId === "") {
        await store.ready();
        return toWireTab(await userActiveTab(), store);
      }
      const s = await store.lookup(p);
      const cached = store.activeTabs.get(s);
      if (cached !== undefined) {
        // One tabs.get for the fresh url and title; the cache still holds
        // only while its groupId is the session's.
        const t = await chrome.tabs.get(cached).catch(() => undefined);
        if (t && t.groupId === s.groupId) return toWireTab(t, store);
        store.activeTabs.invalidate();
      }
      return toWireTab(await queryActiveTab(store, s), store);
    },

    "tabs.activate": async (p) => {
      const s = await store.require(p);
      const tabId = requireInt(p, "tabId", 0);
      await getSessionTab(s, tabId);
      await chrome.tabs.update(tabId, { active: true });
      s.lastActiveTabId = tabId;
      await store.update(s);
      return toWireTab(await getTab(tabId), store);
    },

    "tabs.close": async (p) => {
      const s = await store.require(p);
      const tabId = requireInt(p, "tabId", 0);
      await getSessionTab(s, tabId);
      const [stayed] = await closeTabs([tabId]);
      if (stayed) throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: tab ${tabId} stays open: ${stayed.why}`, "failed");
      return { tabId, closed: true };
    },
  };
}
