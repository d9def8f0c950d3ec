// Who this browser is on a hub that holds several: a stable id, made once
// and kept in chrome.storage.local (so it lives as long as the profile),
// and a name. The id from config.json wins (a remote browser's, bound to
// its own key by `browserctl extension install --name`); the name the
// popup saved wins over config.json's (`extension install --name`,
// `launch --profile`). It goes in the first auth frame as the optional
// "browser" member; a hub that follows the seed never sees it (the seed
// handshake sends exactly the seed's frame).

export const IDENTITY_KEYS = { id: "browserId", name: "browserName" } as const;

/** The "browser" member of the auth frame (rpc.BrowserHello). */
export interface BrowserIdentity {
  id: string;
  name?: string;
  profile?: string;
  version?: string;
}

/** What config.json may say of the browser. */
export interface FileIdentity {
  browserId?: string;
  name?: string;
  profile?: string;
}

const ID_RE = /^[a-z0-9_-]{1,64}$/;
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A fresh id: "b" and 12 random base-36 characters. */
export function newBrowserId(): string {
  const r = crypto.getRandomValues(new Uint32Array(12));
  let id = "b";
  for (const v of r) id += BASE36[v % 36];
  return id;
}

export function validBrowserId(v: unknown): v is string {
  return typeof v === "string" && ID_RE.test(v);
}

function text(v: unknown, max: number): string | undefined {
  if (typeof v !== "string") return undefined;
  const t = v.trim().slice(0, max);
  return t === "" ? undefined : t;
}

/**
 * Merges the stored identity with config.json's; pure, for tests. `fresh`
 * is the id to use when neither has one; `persist` says the id must be
 * saved.
 */
export function mergeIdentity(
  stored: Record<string, unknown>,
  file: FileIdentity | undefined,
  version: string,
  fresh: () => string,
): { identity: BrowserIdentity; persist?: string } {
  let persist: string | undefined;
  const fromFile = file?.browserId;
  const kept = stored[IDENTITY_KEYS.id];
  let id: string;
  if (validBrowserId(fromFile)) id = fromFile;
  else if (validBrowserId(kept)) id = kept;
  else id = persist = fresh();
  const identity: BrowserIdentity = { id, version };
  const name = text(stored[IDENTITY_KEYS.name], 64) ?? text(file?.name, 64);
  if (name) identity.name = name;
  const profile = text(file?.profile, 200);
  if (profile) identity.profile = profile;
  return { identity, persist };
}

let loading: Promise<unknown> = Promise.resolve();

/** This browser's identity; makes and keeps its id on first use (one load at a time, so two never make two ids). */
export function loadIdentity(file: FileIdentity | undefined): Promise<BrowserIdentity> {
  const next = loading.then(async () => {
    const stored = await chrome.storage.local.get([IDENTITY_KEYS.id, IDENTITY_KEYS.name]);
    const { identity, persist } = mergeIdentity(stored, file, chrome.runtime.getManifest().version, newBrowserId);
    if (persist) await chrome.storage.local.set({ [IDENTITY_KEYS.id]: persist });
    return identity;
  });
  loading = next.catch(() => undefined);
  return next;
}
