// emulation.*, state.* and initScripts.*: a session's settings and init
// scripts in every tab of its group. A tab gets them as the debugger
// attaches to it (an attach gate in debugger.ts, so the first call finds
// them on: a tab that joins later, a worker that restarted), and every
// attached tab of the session when they change.

import type { EmulationMethod, InitScriptMethod, StateMethod } from "../../methods";
import { optionalString, requireString } from "../../params";
import {
  EMULATION_NAMES,
  type Emulation,
  type EmulationName,
  type EmulationResult,
  type InitScript,
  type InitScriptListResult,
} from "../../protocol.gen";
import { onSessionRemoved, type SessionRecord, type SessionStore } from "../../sessions/session-store";
import { groupTabs, pickActive } from "../../sessions/tab-info";
import { ErrorCode, RpcError, type Handlers } from "../../types";
import { cdpMessage, ensureAttached, isAttached, onForget, send, type AttachSend } from "../core/debugger";
import { settling } from "../core/tab-settling";
import { noteTabSession } from "../logs/observe";
import { applyTo, setNames } from "./apply";
import { addScript, removeScript, setScriptsOfTab } from "./init-scripts";
import { followFrames } from "../core/frames";
import { applyPermissions, forgetPermissions, settlePermissions, wanted } from "./permissions";
import * as settings from "./settings";
import { loadState, pendingScript, saveState, validateState } from "./state";
import { validateNames, validateSettings } from "./validate";

export interface EmulationDeps {
  store: SessionStore;
}

type Method = EmulationMethod | StateMethod | InitScriptMethod;

/** The session each tab was last seen in (sync lookups: frames, Fetch). */
const sessionOfTab = new Map<number, string>();

onForget((tabId) => {
  settings.forgetTab(tabId);
  forgetPermissions(tabId);
});

// A session's end gives back the permissions only it wanted.
onSessionRemoved(() => {
  void settlePermissions().catch(() => undefined);
});

setScriptsOfTab((tabId) => settings.peek(sessionOfTab.get(tabId) ?? "")?.scripts ?? []);

const tabSend =
  (tabId: number): AttachSend =>
  (method, params = {}) =>
    send(tabId, method, params);

/** The members the device label goes with: setting one of them alone drops the label. */
const DEVICE_PARTS: EmulationName[] = ["viewport", "touch", "userAgent"];

let wired: SessionStore | undefined;

/** Which session a tab is in now (undefined: none). */
async function sessionOf(store: SessionStore, tabId: number): Promise<SessionRecord | undefined> {
  const t = await chrome.tabs.get(tabId).catch(() => undefined);
  await store.ready();
  const s = t ? store.byGroup(t.groupId) : undefined;
  if (s) {
    sessionOfTab.set(tabId, s.sessionId);
    noteTabSession(tabId, s.sessionId);
  } else sessionOfTab.delete(tabId);
  return s;
}

/** Puts the session's settings and scripts on a tab the debugger just
 * attached to (the attaching call waits for it). */
export async function applySessionSettings(tabId: number, raw: AttachSend): Promise<void> {
  if (!wired) return;
  await settings.ready();
  const s = await sessionOf(wired, tabId);
  const ss = s ? settings.peek(s.sessionId) : undefined;
  if (!ss) return;
  await applyTo(tabId, ss.settings, setNames(ss.settings), raw);
  for (const sc of ss.scripts) {
    try {
      // The tab's document started before the session had it: run now too.
      await addScript(tabId, sc, raw, true);
      settings.noteUnapplied(tabId, `init script ${sc.id}`, undefined);
    } catch (e) {
      settings.noteUnapplied(tabId, `init script ${sc.id}`, cdpMessage(e));
    }
  }
  if (ss.scripts.length > 0) void followFrames(tabId).catch(() => undefined); // out-of-process frames get them too, from their start
}

/** A tab that joined or left a group: it takes its new session's settings (none: the browser's own). */
async function retune(store: SessionStore, tabId: number): Promise<void> {
  await settings.ready();
  const before = sessionOfTab.get(tabId);
  const s = await sessionOf(store, tabId);
  const now = s ? settings.peek(s.sessionId) : undefined;
  if (!isAttached(tabId)) {
    if (now) await ensureAttached(tabId).catch(() => undefined); // the gate puts them on
    return;
  }
  if (before === s?.sessionId) return;
  const had = before ? settings.peek(before) : undefined;
  if (!had && !now) return;
  await applyTo(tabId, now?.settings ?? {}, EMULATION_NAMES, tabSend(tabId)).catch(() => undefined);
  for (const sc of had?.scripts ?? []) await removeScript(tabId, sc.id).catch(() => undefined);
  for (const sc of now?.scripts ?? []) await addScript(tabId, sc, tabSend(tabId), false).catch(() => undefined);
}

function wire(store: SessionStore): void {
  if (wired) return;
  wired = store;
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.groupId !== undefined) void retune(store, tabId).catch(() => undefined);
  });
  chrome.tabs.onCreated.addListener((tab) => {
    if (tab.id !== undefined && tab.groupId >= 0) void retune(store, tab.id).catch(() => undefined);
  });
}

/** Page.frameNavigated: permissions are per origin, a tab on a new origin gets them there. */
export function permissionsOnNavigation(tabId: number, p: Record<string, unknown>): void {
  if (!wired) return;
  const frame = p["frame"] as { parentId?: string; url?: string } | undefined;
  if (!frame || frame.parentId) return;
  const ss = settings.peek(sessionOfTab.get(tabId) ?? "");
  if (!ss || Object.keys(wanted(ss.settings)).length === 0) return;
  // the navigation command that led here answers once this is done
  settling(
    tabId,
    applyPermissions(tabId, ss.settings, frame.url).then(
      () => settings.noteUnapplied(tabId, "permissions", undefined),
      (e: unknown) => settings.noteUnapplied(tabId, "permissions", cdpMessage(e)),
    ),
  );
}

/** Whether the session has settings or init scripts (tabs.open then opens at about:blank first). */
export async function hasSettings(sessionId: string): Promise<boolean> {
  await settings.ready();
  return settings.peek(sessionId) !== undefined;
}

/**
 * Puts the session's settings on a new tab of it (at about:blank), then
 * sends it to url: its first request already has them (user agent,
 * headers, init scripts). A tab that cannot be attached still goes to url.
 */
export async function openWithSettings(sessionId: string, tabId: number, url: string): Promise<void> {
  sessionOfTab.set(tabId, sessionId);
  noteTabSession(tabId, sessionId);
  await ensureAttached(tabId).catch((e: unknown) => {
    settings.noteUnapplied(tabId, "all settings", cdpMessage(e));
  });
  await chrome.tabs.update(tabId, { url });
}

async function tabIdsOf(s: SessionRecord): Promise<number[]> {
  return (await groupTabs(s)).map((t) => t.id).filter((id): id is number => id !== undefined);
}

/** Applies the named settings to every tab of the session. */
async function applySession(s: SessionRecord, e: Emulation, names: readonly EmulationName[]): Promise<number[]> {
  const tabIds = await tabIdsOf(s);
  await Promise.all(
    tabIds.map(async (tabId) => {
      sessionOfTab.set(tabId, s.sessionId);
      noteTabSession(tabId, s.sessionId);
      if (!isAttached(tabId)) {
        // Attaching runs the gate, which puts every setting on; what the
        // call undoes is undone on the new attachment too (an older one,
        // from before a worker restart, may have left it).
        try {
          await ensureAttached(tabId);
        } catch (err) {
          for (const n of names) settings.noteUnapplied(tabId, n, cdpMessage(err));
          return;
        }
      }
      await applyTo(tabId, e, names, tabSend(tabId));
    }),
  );
  return tabIds;
}

async function result(s: SessionRecord, tabIds?: number[]): Promise<EmulationResult> {
  const ss = settings.settingsOf(s.sessionId);
  // The password never leaves the extension: show says one is set.
  const shown: Emulation = ss.settings.credentials
    ? { ...ss.settings, credentials: { ...ss.settings.credentials, password: "********" } }
    : ss.settings;
  return { settings: shown, unapplied: settings.unappliedOf(tabIds ?? (await tabIdsOf(s))), scripts: ss.scripts };
}

async function scriptsResult(s: SessionRecord, tabIds?: number[]): Promise<InitScriptListResult> {
  const ss = settings.settingsOf(s.sessionId);
  const ids = tabIds ?? (await tabIdsOf(s));
  return { scripts: ss.scripts, unapplied: settings.unappliedOf(ids).filter((u) => u.setting.startsWith("init script")) };
}

/** Adds scripts to the session and to each of its tabs. */
async function addScripts(s: SessionRecord, scripts: InitScript[]): Promise<number[]> {
  const tabIds = await tabIdsOf(s);
  await Promise.all(
    tabIds.map(async (tabId) => {
      sessionOfTab.set(tabId, s.sessionId);
      const fresh = !isAttached(tabId);
      for (const sc of scripts) {
        const what = `init script ${sc.id}`;
        try {
          if (fresh) await ensureAttached(tabId); // the gate adds every script of the session
          else await addScript(tabId, sc, tabSend(tabId), false);
          settings.noteUnapplied(tabId, what, undefined);
        } catch (e) {
          settings.noteUnapplied(tabId, what, cdpMessage(e));
        }
      }
      void followFrames(tabId).catch(() => undefined); // out-of-process frames get them too, from their start
    }),
  );
  return tabIds;
}

/**
 * The origin of the session's tab now, which credentials and headers set
 * without one are scoped to; a tab with no http(s) origin (about:blank)
 * cannot say.
 */
async function tabOrigin(s: SessionRecord, what: string, fix: string): Promise<string> {
  const t = pickActive(s, await groupTabs(s));
  const url = t?.pendingUrl || t?.url || "";
  try {
    const u = new URL(url);
    if (u.protocol === "http:" || u.protocol === "https:") return u.origin;
  } catch {
    // no URL yet
  }
  throw new RpcError(
    ErrorCode.invalidParams,
    `invalid params: ${what} and the session's tab shows ${url || "nothing"}, which has none: give one (${fix})`,
    "bad_input",
  );
}

/** One change of a session's settings at a time: two callers' changes both hold. */
const locks = new Map<string, Promise<unknown>>();
function serialized<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
  const prev = locks.get(sessionId) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const tail = next.catch(() => undefined);
  locks.set(sessionId, tail);
  void tail.then(() => {
    if (locks.get(sessionId) === tail) locks.delete(sessionId);
  });
  return next;
}

export function emulationHandlers({ store }: EmulationDeps): Handlers<Method> {
  wire(store);
  const session = async (p: Record<string, unknown>): Promise<SessionRecord> => {
    const s = await store.lookup(p);
    await settings.ready();
    return s;
  };
  /** A handler that changes the session's settings, one at a time per session. */
  const changing =
    <P extends Record<string, unknown>, R>(fn: (s: SessionRecord, p: P) => Promise<R>) =>
    async (p: P): Promise<R> => {
      const s = await session(p);
      return serialized(s.sessionId, () => fn(s, p));
    };
  return {
    "emulation.set": changing(async (s, p) => {
      const patch = validateSettings(p.settings);
      // Credentials and headers go to one origin: by default the tab's now.
      if (patch.credentials && patch.credentials.origin === undefined) {
        patch.credentials.origin = await tabOrigin(s, "credentials have no origin", "set credentials --origin https://host");
      }
      if (patch.headers && patch.headersOrigin === undefined) {
        patch.headersOrigin = await tabOrigin(s, "headers have no origin", "set headers --origin https://host");
      }
      const names = setNames(patch);
      if (names.length === 0) throw new RpcError(ErrorCode.invalidParams, `invalid params: "settings" names nothing to set`);
      const cur = settings.settingsOf(s.sessionId);
      const next: Emulation = { ...cur.settings, ...patch };
      // Permissions add up: grant one, deny another, both hold.
      if (patch.permissions) next.permissions = { ...cur.settings.permissions, ...patch.permissions };
      if (patch.device === undefined && names.some((n) => DEVICE_PARTS.includes(n))) delete next.device;
      await settings.store(s.sessionId, { ...cur, settings: next });
      return result(s, await applySession(s, next, names));
    }),
    "emulation.show": async (p) => result(await session(p)),
    "emulation.reset": changing(async (s, p) => {
      const names = validateNames(p.names);
      const cur = settings.settingsOf(s.sessionId);
      const next: Emulation = { ...cur.settings };
      for (const n of names) delete next[n];
      if (names.includes("headers")) delete next.headersOrigin; // their origin goes with them
      await settings.store(s.sessionId, { ...cur, settings: next });
      return result(s, await applySession(s, next, names));
    }),
    "state.save": async (p) => saveState(await tabIdsOf(await session(p))),
    "state.load": changing(async (s, p) => {
      const st = validateState(p.state);
      const { result: r, pending } = await loadState(await tabIdsOf(s), st);
      if (pending.length > 0) {
        const cur = settings.settingsOf(s.sessionId);
        let n = cur.nextScript;
        const scripts = pending.map((o) => pendingScript(`s${n++}`, o));
        await settings.store(s.sessionId, { ...cur, scripts: [...cur.scripts, ...scripts], nextScript: n });
        await addScripts(s, scripts);
      }
      return r;
    }),
    "initScripts.add": changing(async (s, p) => {
      const source = requireString(p, "source");
      if (source.trim() === "") throw new RpcError(ErrorCode.invalidParams, `invalid params: "source" must not be empty`);
      const cur = settings.settingsOf(s.sessionId);
      const sc: InitScript = { id: `s${cur.nextScript}`, name: optionalString(p, "name") || "--code", source };
      await settings.store(s.sessionId, { ...cur, scripts: [...cur.scripts, sc], nextScript: cur.nextScript + 1 });
      return scriptsResult(s, await addScripts(s, [sc]));
    }),
    "initScripts.list": async (p) => scriptsResult(await session(p)),
    "initScripts.remove": changing(async (s, p) => {
      const id = requireString(p, "id");
      const cur = settings.settingsOf(s.sessionId);
      if (!cur.scripts.some((sc) => sc.id === id)) {
        const have = cur.scripts.map((sc) => sc.id).join(", ") || "none";
        throw new RpcError(ErrorCode.invalidParams, `invalid params: no init script ${JSON.stringify(id)} in the session (it has ${have})`);
      }
      await settings.store(s.sessionId, { ...cur, scripts: cur.scripts.filter((sc) => sc.id !== id) });
      const tabIds = await tabIdsOf(s);
      await Promise.all(
        tabIds.map(async (tabId) => {
          settings.noteUnapplied(tabId, `init script ${id}`, undefined);
          await removeScript(tabId, id).catch(() => undefined);
        }),
      );
      return scriptsResult(s, tabIds);
    }),
  };
}
