// Permissions (and geolocation's own) granted or denied without a prompt.
// chrome.debugger refuses the Browser domain to extensions
// (Browser.setPermission: "wasn't found"), so they go through
// chrome.contentSettings, which keeps them per origin pattern in the
// profile, not per tab: a tab of the session sets them for the origin it
// shows (again when it moves to another one), and another tab on that
// origin sees them too. contentSettings has no per-pattern removal: undoing
// one clears that kind and sets again what the other tabs still want.
//
// What is set lives in the person's profile, beyond this worker: the record
// of it is kept in chrome.storage.session (APPLIED_KEY), written before each
// change. A restarted worker takes the record back; an extension that
// starts (browser start, install, reload: storage.session is empty then)
// clears every kind it manages, so no grant outlives the session that made
// it, and a session's end (its tabs forgotten) clears what it set.

import type { Emulation } from "../../protocol.gen";

type Kind = "location" | "notifications" | "camera" | "microphone" | "clipboard";

/** Our permission names as content setting kinds. */
const KINDS: Record<string, Kind> = {
  geolocation: "location",
  notifications: "notifications",
  camera: "camera",
  microphone: "microphone",
  clipboard: "clipboard",
};

/** tabId -> the origin it shows and what it wants there (name -> grant|deny). */
const byTab = new Map<number, { origin: string; want: Record<string, string> }>();
/** What is set now: "kind\npattern" -> allow|block. */
const applied = new Map<string, string>();

/** The chrome.storage.session key of the record of what is set. */
export const APPLIED_KEY = "browserctl.permissions";

/** Writes the record: what is set, and what is about to be. */
async function record(also: Map<string, string> = new Map()): Promise<void> {
  const all = Object.fromEntries([...applied, ...also]);
  await chrome.storage.session.set({ [APPLIED_KEY]: all });
}

/**
 * At the worker's start: the record back, or, with none (the extension
 * just started), every kind this extension manages cleared; clear() only
 * removes this extension's own settings, never the person's.
 */
async function restore(): Promise<void> {
  const got = await chrome.storage.session.get(APPLIED_KEY).catch(() => ({}) as Record<string, unknown>);
  const rec = (got as Record<string, unknown>)[APPLIED_KEY];
  if (rec && typeof rec === "object") {
    for (const [key, value] of Object.entries(rec as Record<string, unknown>)) {
      if (typeof value === "string") applied.set(key, value);
    }
    return;
  }
  for (const kind of new Set(Object.values(KINDS))) await setting(kind).clear({ scope: "regular" }).catch(() => undefined);
  await record().catch(() => undefined);
}

let queue: Promise<void> = typeof chrome !== "undefined" && chrome.storage?.session ? restore().catch(() => undefined) : Promise.resolve();

/** Waits for the start's restore or clearing (tests, and the first reconcile). */
export function permissionsReady(): Promise<void> {
  return queue;
}

/** The permissions the settings want: geolocation grants itself unless denied. */
export function wanted(s: Emulation): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.geolocation) out["geolocation"] = "grant";
  return { ...out, ...(s.permissions ?? {}) };
}

/** The origin a URL's document has, or undefined (about:, data:, chrome:). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined;
    return u.origin;
  } catch {
    return undefined;
  }
}

function setting(kind: Kind): chrome.contentSettings.ContentSetting<string> {
  return chrome.contentSettings[kind] as unknown as chrome.contentSettings.ContentSetting<string>;
}

/** Makes the content settings what every tab wants, in one queue. */
function reconcile(): Promise<void> {
  const run = async (): Promise<void> => {
    const desired = new Map<string, string>();
    for (const { origin, want } of byTab.values()) {
      for (const [name, g] of Object.entries(want)) {
        const kind = KINDS[name];
        if (kind) desired.set(`${kind}\n${origin}/*`, g === "grant" ? "allow" : "block");
      }
    }
    const kinds = new Set<Kind>();
    for (const key of applied.keys()) if (!desired.has(key)) kinds.add(key.split("\n")[0] as Kind);
    const changes = kinds.size > 0 || [...desired].some(([key, value]) => applied.get(key) !== value);
    if (!changes) return;
    await record(desired); // before the change: a worker stopped midway still knows
    for (const kind of kinds) {
      await setting(kind).clear({ scope: "regular" });
      for (const key of [...applied.keys()]) if (key.startsWith(`${kind}\n`)) applied.delete(key);
    }
    for (const [key, value] of desired) {
      if (applied.get(key) === value) continue;
      const [kind, primaryPattern] = key.split("\n") as [Kind, string];
      await setting(kind).set({ primaryPattern, setting: value, scope: "regular" });
      applied.set(key, value);
    }
    await record();
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * The tab no longer counts (closed, detached, left the session). A worker
 * that restarted knows what is set (the record) but not yet which tab
 * wants it: then too what no tab wants is given back.
 */
export function forgetPermissions(tabId: number): void {
  if (byTab.delete(tabId) || applied.size > 0) void reconcile().catch(() => undefined);
}

/**
 * A session ended: what no tab still wants is given back (its tabs were
 * forgotten as they were let go; a restarted worker's record may hold
 * grants of tabs it never saw again).
 */
export function settlePermissions(): Promise<void> {
  return reconcile();
}

/** Sets the permissions the settings want for the origin the tab shows (url, else its current one). */
export async function applyPermissions(tabId: number, s: Emulation, url?: string): Promise<void> {
  const want = wanted(s);
  const t = url === undefined ? await chrome.tabs.get(tabId).catch(() => undefined) : undefined;
  const origin = originOf(url ?? t?.url ?? t?.pendingUrl);
  if (origin && Object.keys(want).length > 0) byTab.set(tabId, { origin, want });
  else byTab.delete(tabId);
  await reconcile();
}
