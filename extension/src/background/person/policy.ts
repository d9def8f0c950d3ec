// Each session's policy, the person's rules for it (sessions.setPolicy,
// `browserctl session policy`, `mcp --confirm`): which actions wait for the
// person's Allow (confirm), and how long its tabs stay attached without a
// call (detachWhenIdleMs). Beside it, the session's first site, which
// navigate-offsite compares with: noted for every session from its first
// page, whether a policy asks or not yet. Kept in chrome.storage.session,
// so a service-worker restart keeps them; forgotten with the session.

import { CONFIRM_KINDS, type ConfirmKind } from "../protocol.gen";
import { withinHosts } from "../pages/files/storage";

export interface Policy {
  confirm: ConfirmKind[];
  detachWhenIdleMs: number;
  /** the host of the session's first http(s) page */
  firstSite?: string;
}

const STORAGE_KEY = "browserctl.policies";
const policies = new Map<string, Policy>();
let loaded: Promise<void> | undefined;
const changeHooks = new Set<(sessionId: string, p: Policy) => void>();

function hasStorage(): boolean {
  return typeof chrome !== "undefined" && !!chrome.storage?.session;
}

export function loadPolicies(): Promise<void> {
  if (!hasStorage()) return Promise.resolve();
  loaded ??= chrome.storage.session
    .get(STORAGE_KEY)
    .then((v) => {
      const all = v?.[STORAGE_KEY] as Record<string, Partial<Policy>> | undefined;
      for (const [id, p] of Object.entries(all ?? {})) {
        if (policies.has(id)) continue; // set since the load began
        const confirm = (Array.isArray(p.confirm) ? p.confirm : []).filter((k): k is ConfirmKind => (CONFIRM_KINDS as readonly unknown[]).includes(k));
        policies.set(id, {
          confirm,
          detachWhenIdleMs: typeof p.detachWhenIdleMs === "number" ? p.detachWhenIdleMs : 0,
          ...(typeof p.firstSite === "string" ? { firstSite: p.firstSite } : {}),
        });
      }
    })
    .catch(() => undefined);
  return loaded;
}

let saving: Promise<void> = Promise.resolve();
function persist(): Promise<void> {
  if (!hasStorage()) return Promise.resolve();
  const snapshot = Object.fromEntries(policies);
  saving = saving.then(() => chrome.storage.session.set({ [STORAGE_KEY]: snapshot })).catch(() => undefined);
  return saving;
}

/** The session's policy (none: asks before nothing, never detaches). */
export async function policyOf(sessionId: string): Promise<Policy | undefined> {
  await loadPolicies();
  return policies.get(sessionId);
}

/** The policy as far as this worker has loaded it (no wait). */
export function policyNow(sessionId: string): Policy | undefined {
  return policies.get(sessionId);
}

/** Whether any session asks before anything: the gate's fast path. */
export function anyConfirm(): boolean {
  for (const p of policies.values()) if (p.confirm.length > 0) return true;
  return false;
}

/** Runs fn whenever a session's policy changes (idle-detach re-arms). */
export function onPolicyChange(fn: (sessionId: string, p: Policy) => void): void {
  changeHooks.add(fn);
}

export async function setPolicy(sessionId: string, patch: { confirm?: ConfirmKind[]; detachWhenIdleMs?: number }): Promise<Policy> {
  await loadPolicies();
  const p: Policy = { ...(policies.get(sessionId) ?? { confirm: [], detachWhenIdleMs: 0 }) };
  if (patch.confirm) p.confirm = [...new Set(patch.confirm)];
  if (patch.detachWhenIdleMs !== undefined) p.detachWhenIdleMs = patch.detachWhenIdleMs;
  policies.set(sessionId, p);
  await persist();
  for (const h of changeHooks) h(sessionId, p);
  return p;
}

/** The host of an http(s) URL, "" for any other. */
export function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname.toLowerCase() : "";
  } catch {
    return "";
  }
}

/** Notes the session's first site from a page it shows (once). */
export function noteSite(sessionId: string, url: string): void {
  if (!sessionId) return;
  const host = hostOf(url);
  if (!host) return;
  void loadPolicies().then(() => {
    const p = policies.get(sessionId);
    if (p?.firstSite) return;
    policies.set(sessionId, { ...(p ?? { confirm: [], detachWhenIdleMs: 0 }), firstSite: host });
    void persist();
  });
}

/** Whether url is on another site than the session's first: not its host,
 * a parent or a subdomain of it. A session with no first site yet takes
 * url's as its first. */
export function offsite(sessionId: string, url: string): boolean {
  const host = hostOf(url);
  if (!host) return false;
  const first = policies.get(sessionId)?.firstSite;
  if (!first) return false;
  return !withinHosts(host, [first]);
}

export async function forgetPolicy(sessionId: string): Promise<void> {
  await loadPolicies();
  if (policies.delete(sessionId)) await persist();
}
