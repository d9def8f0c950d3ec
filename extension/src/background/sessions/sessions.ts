// sessions.* handlers: a session is a tab group that browserctl created or
// took over. attachCurrent on a tab that already belongs to a session answers
// that session (it does not make a second one).

import { POLICIES, setPolicy } from "./dialog-policy";
import type { SessionMethod } from "../methods";
import { optionalString, requireOneOf, requireString } from "../params";
import type { SessionStore } from "./session-store";
import { forgetStopped, isStopped, resume, stop, stopTimes } from "./stop";
import { policyOf, setPolicy as setSessionPolicy } from "../person/policy";
import { isAttached } from "../pages/core/debugger";
import { CONFIRM_KINDS, type ConfirmKind, type Session } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { emitEvent } from "../event-stream";
import { groupTabs, toWireSession, userActiveTab } from "./tab-info";
import { checkNavigable } from "../pages/navigation/url-policy";
import type { Handlers, Params } from "../types";

export interface SessionDeps {
  store: SessionStore;
  releaseTab(tabId: number): Promise<void>;
  /** A tab joins a session: its logs are recorded from now on (pages/index.ts). */
  joinTab(tabId: number, sessionId: string): Promise<void>;
  /** Loads a URL in a joined tab, once its logs are on. */
  loadJoined(tabId: number, url: string): Promise<void>;
  /** Closes tabs, beforeunload answered by the session's policy; answers those that stayed (pages/index.ts). */
  closeTabs(tabIds: number[]): Promise<{ tabId: number; why: string }[]>;
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

export function sessionHandlers({ store, releaseTab, joinTab, loadJoined, closeTabs }: SessionDeps): Handlers<SessionMethod> {
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
          live.push(await withPersonSide(await toWireSession(s)));
        } catch {
          await store.remove(s.sessionId, true);
        }
      }
      return { sessions: live };
    },

    "sessions.setPolicy": async (p) => {
      const s = await store.require(p);
      const patch = policyPatch(p);
      const now = Object.keys(patch).length > 0 ? await setSessionPolicy(s.sessionId, patch) : await policyOf(s.sessionId);
      return {
        sessionId: s.sessionId,
        confirm: now?.confirm ?? [],
        detachWhenIdleMs: now?.detachWhenIdleMs ?? 0,
        ...(now?.firstSite ? { firstSite: now.firstSite } : {}),
      };
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
      const ids = tabs.map((t) => t.id).filter((id): id is number => id !== undefined);
      await keepWindowOpen(tabs);
      // While the session is there, so its dialog policy answers a page
      // that asks to stay (beforeunload).
      const stayed = ids.length > 0 ? await closeTabs(ids) : [];
      await releaseAll(tabs.filter((t) => stayed.some((k) => k.tabId === t.id)), releaseTab);
      await store.remove(s.sessionId);
      await forgetStopped(s.sessionId);
      emitEvent("session_closed", s.sessionId);
      if (stayed.length > 0) {
        const which = stayed.map((k) => `tab ${k.tabId} stayed open: ${k.why}`).join("; ");
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: session ${s.sessionId} is closed, but ${which}`, "failed");
      }
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

/** The person's side of a session for sessions.list: stopped (since
 * when), last resumed, its policy, its attached tabs. */
async function withPersonSide(w: Session): Promise<Session> {
  const out: Session = { ...w };
  if (await isStopped(w.sessionId)) out.stopped = true;
  const t = await stopTimes(w.sessionId);
  if (out.stopped && t.stoppedAt) out.stoppedAt = t.stoppedAt;
  if (t.resumedAt) out.resumedAt = t.resumedAt;
  const policy = await policyOf(w.sessionId);
  if (policy && policy.confirm.length > 0) out.confirm = [...policy.confirm];
  if (policy && policy.detachWhenIdleMs > 0) out.detachWhenIdleMs = policy.detachWhenIdleMs;
  const attached = w.tabIds.filter((id) => isAttached(id));
  if (attached.length > 0) out.attachedTabIds = attached;
  return out;
}

/** sessions.setPolicy's members, checked: what to change. */
function policyPatch(p: Params): { confirm?: ConfirmKind[]; detachWhenIdleMs?: number } {
  const patch: { confirm?: ConfirmKind[]; detachWhenIdleMs?: number } = {};
  const confirm = p["confirm"];
  if (confirm !== undefined && confirm !== null) {
    if (!Array.isArray(confirm)) throw new RpcError(ErrorCode.invalidParams, 'invalid params: "confirm" must be an array');
    for (const k of confirm) {
      if (!(CONFIRM_KINDS as readonly unknown[]).includes(k)) {
        throw new RpcError(ErrorCode.invalidParams, `invalid params: "confirm": ${JSON.stringify(k)} is not one of ${CONFIRM_KINDS.join(", ")}`);
      }
    }
    patch.confirm = confirm as ConfirmKind[];
  }
  const idle = p["detachWhenIdleMs"];
  if (idle !== undefined && idle !== null) {
    if (typeof idle !== "number" || !Number.isSafeInteger(idle) || idle < 0) {
      throw new RpcError(ErrorCode.invalidParams, 'invalid params: "detachWhenIdleMs" must be an integer >= 0');
    }
    patch.detachWhenIdleMs = idle;
  }
  return patch;
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
