// A session's emulation settings and init scripts, kept in
// chrome.storage.session so a restarted service worker puts them back on
// the tabs it attaches again; and which tab could not take what.

import type { Emulation, InitScript, Unapplied } from "../../protocol.gen";

export const STORAGE_KEY = "browserctl.emulation";

export interface SessionSettings {
  settings: Emulation;
  scripts: InitScript[];
  /** The next init script's number: ids are never reused in a session. */
  nextScript: number;
}

const bySession = new Map<string, SessionSettings>();
/** tabId -> setting -> why the tab does not have it. */
const unapplied = new Map<number, Map<string, string>>();
let loaded: Promise<void> | undefined;

/** Loads the stored settings once (a fresh worker). */
export function ready(): Promise<void> {
  loaded ??= chrome.storage.session.get(STORAGE_KEY).then(
    (got) => {
      const all = (got[STORAGE_KEY] ?? {}) as Record<string, SessionSettings>;
      for (const [id, s] of Object.entries(all)) if (!bySession.has(id)) bySession.set(id, s);
    },
    () => undefined,
  );
  return loaded;
}

/** The session's settings (empty ones when it has none). */
export function settingsOf(sessionId: string): SessionSettings {
  return bySession.get(sessionId) ?? { settings: {}, scripts: [], nextScript: 1 };
}

/** The session's settings synchronously, once ready() resolved. */
export function peek(sessionId: string): SessionSettings | undefined {
  return bySession.get(sessionId);
}

export function isEmpty(s: SessionSettings): boolean {
  return Object.keys(s.settings).length === 0 && s.scripts.length === 0;
}

/** Replaces the session's settings and stores them. */
export async function store(sessionId: string, s: SessionSettings): Promise<void> {
  if (isEmpty(s)) bySession.delete(sessionId);
  else bySession.set(sessionId, s);
  await chrome.storage.session.set({ [STORAGE_KEY]: Object.fromEntries(bySession) }).catch(() => undefined);
}

export function noteUnapplied(tabId: number, setting: string, error: string | undefined): void {
  let m = unapplied.get(tabId);
  if (error === undefined) {
    m?.delete(setting);
    if (m && m.size === 0) unapplied.delete(tabId);
    return;
  }
  if (!m) unapplied.set(tabId, (m = new Map()));
  m.set(setting, error);
}

export function forgetTab(tabId: number): void {
  unapplied.delete(tabId);
}

/** What the tabs could not take, for the tabs given. */
export function unappliedOf(tabIds: number[]): Unapplied[] {
  const out: Unapplied[] = [];
  for (const tabId of tabIds) {
    for (const [setting, error] of unapplied.get(tabId) ?? []) out.push({ tabId, setting, error });
  }
  return out;
}
