// Each session's JavaScript dialog policy (sessions.setDialogPolicy), and the
// pure rule that turns a policy and a dialog type into what happens to the
// dialog. Policies live in chrome.storage.session, so a restarted service
// worker keeps them.

import { DIALOG_POLICIES, type DialogPolicy } from "../protocol.gen";

export const POLICIES = DIALOG_POLICIES;
export type Policy = DialogPolicy;

/** A session that never set one. */
export const DEFAULT_POLICY: Policy = "hold";

export type Decision = "accept" | "dismiss" | "hold";

/**
 * What happens to a dialog as it opens:
 * - hold (the default): confirm and prompt stay open until `dialog
 *   accept|dismiss`; alert and beforeunload are accepted at once (an alert
 *   has one answer, and a held beforeunload would block every navigation);
 * - accept: every dialog is accepted at once (a prompt with its default text);
 * - dismiss: every dialog is dismissed at once (beforeunload: stay on the page).
 */
export function decide(policy: Policy, dialogType: string): Decision {
  if (policy !== "hold") return policy;
  return dialogType === "confirm" || dialogType === "prompt" ? "hold" : "accept";
}

export function isPolicy(v: unknown): v is Policy {
  return typeof v === "string" && (POLICIES as readonly string[]).includes(v);
}

export const POLICY_STORAGE_KEY = "browserctl.dialogPolicies";

const policies = new Map<string, Policy>();
let loaded: Promise<void> | undefined;

function storage(): chrome.storage.StorageArea | undefined {
  return typeof chrome !== "undefined" ? chrome.storage?.session : undefined;
}

/** Loads the stored policies once (dialog events read the map synchronously). */
export function loadPolicies(): Promise<void> {
  loaded ??= (async () => {
    const area = storage();
    if (!area) return;
    try {
      const got = (await area.get(POLICY_STORAGE_KEY)) as Record<string, unknown>;
      const stored = got[POLICY_STORAGE_KEY];
      if (stored && typeof stored === "object") {
        for (const [sid, p] of Object.entries(stored)) if (isPolicy(p) && !policies.has(sid)) policies.set(sid, p);
      }
    } catch {
      // nothing stored, or no storage: defaults
    }
  })();
  return loaded;
}

export function policyOf(sessionId: string | undefined): Policy {
  return (sessionId && policies.get(sessionId)) || DEFAULT_POLICY;
}

export async function setPolicy(sessionId: string, policy: Policy): Promise<void> {
  await loadPolicies();
  policies.set(sessionId, policy);
  const area = storage();
  if (area) await area.set({ [POLICY_STORAGE_KEY]: Object.fromEntries(policies) });
}

/** Tests: forget everything. */
export function resetPolicies(): void {
  policies.clear();
  loaded = undefined;
}
