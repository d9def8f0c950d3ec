// Permissions (and geolocation's own) granted or denied without a prompt.
// Chrome keeps permissions per origin in the profile, not per tab:
// Browser.setPermission for the origin each of the session's tabs shows,
// again when a tab moves to another origin; undone with "prompt" for the
// origins this module set (never Browser.resetPermissions, which would undo
// other sessions' too).

import type { Emulation } from "../../protocol.gen";
import type { AttachSend } from "../debugger";

/** What a permission name means to CDP (PermissionDescriptor names). */
const CDP_NAMES: Record<string, string[]> = {
  geolocation: ["geolocation"],
  notifications: ["notifications"],
  camera: ["camera"],
  microphone: ["microphone"],
  clipboard: ["clipboard-read", "clipboard-write"],
};

/** tabId -> origin -> the names set there. */
const setByTab = new Map<number, Map<string, Set<string>>>();

export function forgetPermissions(tabId: number): void {
  setByTab.delete(tabId);
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
    if (u.protocol !== "http:" && u.protocol !== "https:" && u.protocol !== "file:") return undefined;
    return u.origin === "null" ? undefined : u.origin;
  } catch {
    return undefined;
  }
}

async function tabOrigin(tabId: number): Promise<string | undefined> {
  const t = await chrome.tabs.get(tabId).catch(() => undefined);
  return originOf(t?.url || t?.pendingUrl);
}

/** Sets the tab's origin's permissions to the settings' and undoes the ones no longer wanted. */
export async function applyPermissions(tabId: number, s: Emulation, send: AttachSend, url?: string): Promise<void> {
  const want = wanted(s);
  const origin = url !== undefined ? originOf(url) : await tabOrigin(tabId);
  let byOrigin = setByTab.get(tabId);
  if (!byOrigin) setByTab.set(tabId, (byOrigin = new Map()));
  const jobs: Promise<unknown>[] = [];
  const setting = (origin: string, name: string, value: string) => {
    for (const cdp of CDP_NAMES[name] ?? []) {
      jobs.push(send("Browser.setPermission", { permission: { name: cdp }, setting: value, origin }));
    }
  };
  // Undo what the session no longer wants, wherever this tab set it (an
  // origin it left keeps its grant: another tab of the session may show it).
  for (const [o, names] of byOrigin) {
    for (const n of [...names]) {
      if (want[n] !== undefined) continue;
      setting(o, n, "prompt");
      names.delete(n);
    }
    if (names.size === 0) byOrigin.delete(o);
  }
  if (origin && Object.keys(want).length > 0) {
    const names = byOrigin.get(origin) ?? new Set<string>();
    for (const [n, g] of Object.entries(want)) {
      setting(origin, n, g === "grant" ? "granted" : "denied");
      names.add(n);
    }
    byOrigin.set(origin, names);
  }
  await Promise.all(jobs);
}
