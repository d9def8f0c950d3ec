// Sessions are Chrome tab groups. The store keeps {sessionId, name, groupId}
// and the last active tab of each, in chrome.storage.session so a restarted
// service worker keeps them; on load it drops sessions whose group is gone.

import { ActiveTabCache } from "./active-tab-cache";
import { ErrorCode, RpcError, type Params } from "../types";

export const STORAGE_KEY = "browserctl.sessions";

export const SESSION_REQUIRED_MESSAGE =
  "session required: pass sessionId (browserctl session create / attach-current / use)";

/** Random base36 characters after the "s" of a session id. */
export const ID_CHARS = 5;
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * A fresh session id: "s" and ID_CHARS random base36 characters (36^5, about
 * 60 million), so an id held from before a browser restart (by a script or
 * the hub's current session) does not name a new session, yet stays short to
 * type. 2^32 is no multiple of 36: the bias is below 1e-8 per character.
 */
export function randomSessionId(): string {
  const r = crypto.getRandomValues(new Uint32Array(ID_CHARS));
  let id = "s";
  for (const v of r) id += BASE36[v % 36];
  return id;
}

export interface SessionRecord {
  sessionId: string;
  name: string;
  groupId: number;
  /** The tab last activated inside the group, for when none of its tabs is active. */
  lastActiveTabId?: number;
}

interface Persisted {
  /** The next default-name number ("browserctl N") and group colour. */
  next: number;
  sessions: SessionRecord[];
}

/** Called with the id of every session that ends: closed or released by a
 * call (gone false), or its group gone from the browser (gone true: the
 * person closed it, or the window). */
const removedHooks = new Set<(sessionId: string, gone: boolean) => void>();
export function onSessionRemoved(fn: (sessionId: string, gone: boolean) => void): void {
  removedHooks.add(fn);
}
function ended(sessionId: string, gone: boolean): void {
  for (const h of removedHooks) h(sessionId, gone);
}

export class SessionStore {
  private sessions = new Map<string, SessionRecord>();
  private next = 1;
  private loaded: Promise<void> | undefined;
  private readonly disposers: Array<() => void> = [];
  /** Each session's active tab between calls (pages.*, tabs.active). */
  readonly activeTabs = new ActiveTabCache();

  /** drawId makes candidate ids (tests pass their own). */
  constructor(private readonly drawId: () => string = randomSessionId) {}

  /** Loads once; every handler awaits it before touching sessions. */
  ready(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    const got = await chrome.storage.session.get(STORAGE_KEY);
    const p = got[STORAGE_KEY] as Persisted | undefined;
    if (!p) return;
    this.next = typeof p.next === "number" && p.next > 0 ? p.next : 1;
    let dropped = false;
    for (const s of p.sessions ?? []) {
      try {
        await chrome.tabGroups.get(s.groupId);
        this.sessions.set(s.sessionId, s);
      } catch {
        dropped = true; // its group is gone: so is the session
        ended(s.sessionId, true);
      }
    }
    if (dropped) await this.save();
  }

  private async save(): Promise<void> {
    const p: Persisted = { next: this.next, sessions: [...this.sessions.values()] };
    await chrome.storage.session.set({ [STORAGE_KEY]: p });
  }

  /** Follows the browser: a removed group ends its session, a renamed one renames it, activation is tracked. */
  watch(): () => void {
    const onGroupRemoved = (g: chrome.tabGroups.TabGroup): void => {
      void this.ready().then(() => this.removeByGroup(g.id));
    };
    const onGroupUpdated = (g: chrome.tabGroups.TabGroup): void => {
      void this.ready().then(async () => {
        const s = this.byGroup(g.id);
        if (s && g.title && g.title !== s.name) {
          s.name = g.title;
          await this.save();
        }
      });
    };
    const onActivated = (info: chrome.tabs.OnActivatedInfo): void => {
      void this.ready().then(async () => {
        const tab = await chrome.tabs.get(info.tabId).catch(() => undefined);
        const s = tab ? this.byGroup(tab.groupId) : undefined;
        if (s && s.lastActiveTabId !== info.tabId) {
          s.lastActiveTabId = info.tabId;
          await this.save();
        }
      });
    };
    chrome.tabGroups.onRemoved.addListener(onGroupRemoved);
    chrome.tabGroups.onUpdated.addListener(onGroupUpdated);
    chrome.tabs.onActivated.addListener(onActivated);
    const dispose = (): void => {
      chrome.tabGroups.onRemoved.removeListener(onGroupRemoved);
      chrome.tabGroups.onUpdated.removeListener(onGroupUpdated);
      chrome.tabs.onActivated.removeListener(onActivated);
    };
    const disposeCache = this.activeTabs.watch();
    this.disposers.push(dispose, disposeCache);
    return () => {
      dispose();
      disposeCache();
    };
  }

  close(): void {
    for (const d of this.disposers.splice(0)) d();
  }

  list(): SessionRecord[] {
    return [...this.sessions.values()];
  }

  byGroup(groupId: number | undefined): SessionRecord | undefined {
    if (groupId === undefined || groupId < 0) return undefined;
    for (const s of this.sessions.values()) if (s.groupId === groupId) return s;
    return undefined;
  }

  /** The next session number, for default names "browserctl N" and group colours (not ids). */
  peekNumber(): number {
    return this.next;
  }

  /** A random id no live session has (drawn again on a collision). */
  private freshId(): string {
    for (;;) {
      const id = this.drawId();
      if (!this.sessions.has(id)) return id;
    }
  }

  async add(name: string | undefined, groupId: number, activeTabId?: number): Promise<SessionRecord> {
    const n = this.next++;
    const s: SessionRecord = { sessionId: this.freshId(), name: name ?? `browserctl ${n}`, groupId };
    if (activeTabId !== undefined) s.lastActiveTabId = activeTabId;
    this.sessions.set(s.sessionId, s);
    await this.save();
    return s;
  }

  async update(s: SessionRecord): Promise<void> {
    if (this.sessions.get(s.sessionId) === s) await this.save();
  }

  /** Forgets a session; gone: its group went from the browser (not a call's close or release). */
  async remove(sessionId: string, gone = false): Promise<void> {
    if (!this.sessions.delete(sessionId)) return;
    ended(sessionId, gone);
    await this.save();
  }

  private async removeByGroup(groupId: number): Promise<void> {
    const s = this.byGroup(groupId);
    if (s) await this.remove(s.sessionId, true);
  }

  /** The session named by params.sessionId: 4103 when absent, 4107 when unknown. */
  async require(p: Params): Promise<SessionRecord> {
    const s = await this.lookup(p);
    await this.checkGroup(s);
    return s;
  }

  /**
   * require() without asking Chrome whether the group still exists: for
   * callers that learn it from a tab of the group anyway (a tab whose groupId
   * is the session's proves the group), and call checkGroup() when they find
   * none.
   */
  async lookup(p: Params): Promise<SessionRecord> {
    await this.ready();
    const id = p.sessionId;
    if (id === undefined || id === null || id === "") {
      throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
    }
    if (typeof id !== "string") {
      throw new RpcError(ErrorCode.invalidParams, 'invalid params: "sessionId" must be a string');
    }
    const s = this.sessions.get(id);
    if (!s) throw new RpcError(ErrorCode.sessionNotFound, `session not found: ${id}`);
    return s;
  }

  /** 4107 (and the session forgotten) when the session's tab group is gone. */
  async checkGroup(s: SessionRecord): Promise<void> {
    try {
      await chrome.tabGroups.get(s.groupId);
    } catch {
      await this.remove(s.sessionId, true);
      throw new RpcError(ErrorCode.sessionNotFound, `session not found: ${s.sessionId} (its tab group is gone)`);
    }
  }
}
