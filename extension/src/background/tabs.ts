// tabs.* handlers, and resolveTab for pages.*: a session only ever acts on
// the tabs of its own group.

import type { TabMethod } from "./methods";
import { optionalBool, requireInt, requireString } from "./params";
import type { SessionStore } from "./session-store";
import {
  getSessionTab,
  getTab,
  groupTabs,
  sessionActiveTab,
  toWireTab,
  userActiveTab,
} from "./tab-info";
import type { Handler, Params } from "./types";

export interface TabDeps {
  store: SessionStore;
  releaseTab(tabId: number): Promise<void>;
}

/** pages.*: sessionId required; tabId optional and in the group, else the session's active tab. */
export async function resolveTab(store: SessionStore, p: Params): Promise<number> {
  const s = await store.require(p);
  if (p.tabId !== undefined && p.tabId !== null) {
    const t = await getSessionTab(s, requireInt(p, "tabId", 0));
    return t.id as number;
  }
  return (await sessionActiveTab(s)).id as number;
}

export function tabHandlers({ store, releaseTab }: TabDeps): Record<TabMethod, Handler> {
  return {
    "tabs.open": async (p) => {
      const s = await store.require(p);
      const url = requireString(p, "url");
      const active = optionalBool(p, "active") ?? true;
      const group = await chrome.tabGroups.get(s.groupId);
      const last = (await groupTabs(s)).at(-1);
      const created = await chrome.tabs.create({
        windowId: group.windowId,
        url,
        active,
        ...(last ? { index: last.index + 1 } : {}),
      });
      const id = created.id as number;
      await chrome.tabs.group({ groupId: s.groupId, tabIds: [id] });
      if (active) {
        s.lastActiveTabId = id;
        await store.update(s);
      }
      return toWireTab(await getTab(id), store);
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
      if (t.groupId !== s.groupId) await chrome.tabs.group({ groupId: s.groupId, tabIds: [tabId] });
      return toWireTab(await getTab(tabId), store);
    },

    "tabs.active": async (p) => {
      if (p.sessionId === undefined || p.sessionId === null || p.sessionId === "") {
        await store.ready();
        return toWireTab(await userActiveTab(), store);
      }
      const s = await store.require(p);
      return toWireTab(await sessionActiveTab(s), store);
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
      await releaseTab(tabId).catch(() => undefined);
      await chrome.tabs.remove(tabId);
      return { tabId, closed: true };
    },
  };
}
