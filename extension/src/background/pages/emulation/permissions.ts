// Permissions (and geolocation's own) granted or denied without a prompt.
// chrome.debugger refuses the Browser domain to extensions
// (Browser.setPermission: "wasn't found"), so they go through
// chrome.contentSettings, which keeps them per origin pattern in the
// profile, not per tab: a tab of the session sets them for the origin it
// shows (again when it moves to another one), and another tab on that
// origin sees them too. contentSettings has no per-pattern removal: undoing
// one clears that kind and sets again what the other tabs still want.

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
let queue: Promise<void> = Promise.resolve();

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
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/** The tab no longer counts (closed, detached, left the session). */
export function forgetPermissions(tabId: number): void {
  if (byTab.delete(tabId)) void reconcile().catch(() => undefined);
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
