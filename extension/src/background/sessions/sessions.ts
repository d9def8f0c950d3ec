// sessions.* handlers: a session is a tab group that browserctl created or
// took over. attachCurrent on a tab that already belongs to a session answers
// that session (it does not make a second one).

import { POLICIES, setPolicy } from "./dialog-policy";
import type { SessionMethod } from "../methods";
import { optionalString, requireOneOf, requireString } from "../params";
import type { SessionStore } from "./session-store";
import { forgetStopped, isStopped, resume, stop } from "./stop";
import { emitEvent } from "../event-stream";
import { groupTabs, toWireSession, userActiveTab } from "./tab-info";
import { checkNavigable } from "../pages/navigation/url-policy";
import type { Handlers } from "../types";

export interface SessionDeps {
  store: SessionStore;
  releaseTab(tabId: number): Promise<void>;
  /** A tab joins a session: its logs are recorded from now on (pages/index.ts). */
  joinTab(tabId: number, sessionId: string): Promise<void>;
  /** Loads a URL in a joined tab, once its logs are on. */
  loadJoined(tabId: number, url: string): Promise<void>;
}

type GroupColor = `${chrome.tabGroups.Color}`;

const COLORS: readonly GroupColor[] = [
  "blue",
  "green",
  "purple",
  "orange",
  "cyan",
  "pink",
  "red",
  "yellow",
  "grey",
];

function colorFor(n: number): GroupColor {
  return COLORS[(n - 1) % COLORS.length] ?? "blue";
}

/** The last focused normal window, creating one (at about:blank) when there is none. */
async function targetWindow(): Promise<{ windowId: number; tab?: chrome.tabs.Tab }> {
  try {
    const w = await chrome.windows.getLastFocused({ windowTypes: ["normal"] });
    if (w.id !== undefined && w.type === "normal") return { windowId: w.id };
  } catch {
    // no window at all
  }
  const w = await chrome.windows.create({ url: "about:blank", focused: true, type: "normal" });
  const tab = w?.tabs?.[0];
  if (w?.id === undefined || !tab) throw new Error("could not open a browser window");
  return { windowId: w.id, tab };
}

async function releaseAll(tabs: chrome.tabs.Tab[], releaseTab: (id: number) => Promise<void>): Promise<void> {
  await Promise.all(tabs.map((t) => (t.id === undefined ? undefined : releaseTab(t.id).catch(() => undefined))));
}

export function sessionHandlers({ store, releaseTab, joinTab, loadJoined }: SessionDeps): Handlers<SessionMethod> {
  async function newGroup(tab: chrome.tabs.Tab, name: string | undefined) {
    const n = store.peekNumber();
    const title = name ?? `browserctl ${n}`;
    const tabId = tab.id as number;
    const groupId = await chrome.tabs.group({ tabIds: [tabId], createProperties: { windowId: tab.windowId } });
    await chrome.tabGroups.update(groupId, { title, color: colorFor(n) });
    return store.add(title, groupId, tabId);
  }

  return {
    "sessions.create": async (p) => {
      await store.ready();
      const name = optionalString(p, "name") || undefined;
      const url = optionalString(p, "url") || "about:blank";
      checkNavigable(url, false);
      // Made at about:blank, joined, then sent to url: the first load's
      // console lines and requests are recorded too.
      const win = await targetWindow();
      const tab = win.tab ?? (await chrome.tabs.create({ windowId: win.windowId, url: "about:blank", active: true }));
      const s = await newGroup(tab, name);
      await joinTab(tab.id as number, s.sessionId);
      if (url !== "about:blank") await loadJoined(tab.id as number, url);
      return toWireSession(s);
    },

    "sessions.attachCurrent": async (p) => {
      await store.ready();
      const name = optionalString(p, "name") || undefined;
      const tab = await userActiveTab();
      const existing = store.byGroup(tab.groupId);
      if (existing) return toWireSession(existing);
      const s = await newGroup(tab, name);
      await joinTab(tab.id as number, s.sessionId);
      return toWireSession(s);
    },

    "sessions.list": async () => {
      await store.ready();
      const live = [];
      for (const s of store.list()) {
        try {
          await chrome.tabGroups.get(s.groupId);
          const w = await toWireSession(s);
          live.push((await isStopped(s.sessionId)) ? { ...w, stopped: true } : w);
        } catch {
          await store.remove(s.sessionId);
        }
      }
      return { sessions: live };
    },

    "sessions.rename": async (p) => {
      const s = await store.require(p);
      const name = requireString(p, "name");
      await chrome.tabGroups.update(s.groupId, { title: name });
      s.name = name;
      await store.update(s);
      return toWireSession(s);
    },

    "sessions.stop": async (p) => {
      const s = await store.require(p);
      await stop(s.sessionId);
      emitEvent("session_stopped", s.sessionId);
      const tabs = await groupTabs(s);
      await releaseAll(tabs, releaseTab); // the debugger lets go; the tabs stay
      const ids = tabs.map((t) => t.id).filter((id): id is number => id !== undefined);
      return { sessionId: s.sessionId, stopped: true, detachedTabIds: ids };
    },

    "sessions.resume": async (p) => {
      const s = await store.require(p);
      await resume(s.sessionId);
      emitEvent("session_resumed", s.sessionId);
      return { sessionId: s.sessionId, stopped: false };
    },

    "sessions.release": async (p) => {
      const s = await store.require(p);
      await releaseAll(await groupTabs(s), releaseTab);
      await store.remove(s.sessionId);
      await forgetStopped(s.sessionId);
      emitEvent("session_released", s.sessionId);
      return { sessionId: s.sessionId, released: true };
    },

    "sessions.close": async (p) => {
      const s = await store.require(p);
      const tabs = await groupTabs(s);
      await releaseAll(tabs, releaseTab);
      await store.remove(s.sessionId);
      await forgetStopped(s.sessionId);
      emitEvent("session_closed", s.sessionId);
      const ids = tabs.map((t) => t.id).filter((id): id is number => id !== undefined);
      await keepWindowOpen(tabs);
      if (ids.length > 0) await chrome.tabs.remove(ids);
      return { sessionId: s.sessionId, closed: true };
    },

    "sessions.setDialogPolicy": async (p) => {
      const s = await store.require(p);
      const policy = requireOneOf(p, "policy", POLICIES);
      await setPolicy(s.sessionId, policy);
      return { sessionId: s.sessionId, policy };
    },
  };
}

/**
 * Closing every tab of the last normal window would end the browser; leave a
 * blank tab behind in that case.
 */
async function keepWindowOpen(closing: chrome.tabs.Tab[]): Promise<void> {
  const first = closing[0];
  if (!first) return;
  const windows = await chrome.windows.getAll({ windowTypes: ["normal"] });
  if (windows.length !== 1) return;
  const inWindow = await chrome.tabs.query({ windowId: first.windowId });
  const closingIds = new Set(closing.map((t) => t.id));
  if (inWindow.every((t) => closingIds.has(t.id))) {
    await chrome.tabs.create({ windowId: first.windowId, url: "about:blank", active: false });
  }
}
