// HTTP authentication answered with the session's credentials, no prompt:
// Fetch.authRequired -> Fetch.continueWithAuth. The Fetch domain is shared
// with network blocking (observe.ts): one Fetch.enable per tab covers both,
// with handleAuthRequests while credentials are set.

import type { Credentials } from "../../protocol.gen";
import { onForget, type AttachSend } from "../core/debugger";
import { applyBlocking, setAuthWanted } from "../logs/observe";

const byTab = new Map<number, Credentials>();
/** Challenges answered once per request: a second one for the same request
 * means the server refused the credentials, and the browser's own handling
 * (a 401 page) takes over instead of a loop. */
const answered = new Set<string>();

setAuthWanted((tabId) => byTab.has(tabId));

onForget((tabId) => {
  byTab.delete(tabId);
});

/**
 * Whether a challenge is the credentials' to answer: a server's (never a
 * proxy's) from exactly their origin. Credentials without an origin (set
 * by a hub that sent none, before there was one) answer nobody.
 */
export function challengeFits(creds: Credentials, challenge: unknown): boolean {
  const c = (challenge ?? {}) as { source?: unknown; origin?: unknown };
  if (c.source === "Proxy" || typeof c.origin !== "string" || !creds.origin) return false;
  try {
    return new URL(c.origin).origin === creds.origin;
  } catch {
    return false;
  }
}

/**
 * Fetch.authRequired: the tab's credentials, once per request, for a
 * challenge from their origin; every other challenge (a third-party
 * frame's, a subresource's elsewhere, a proxy's) is cancelled.
 */
export function authRequired(tabId: number, p: Record<string, unknown>): void {
  const requestId = String(p["requestId"] ?? "");
  const held = byTab.get(tabId);
  const creds = held && challengeFits(held, p["authChallenge"]) ? held : undefined;
  const key = `${tabId}:${requestId}`;
  const response =
    creds && !answered.has(key)
      ? { response: "ProvideCredentials", username: creds.username, password: creds.password }
      : { response: "CancelAuth" };
  if (creds) answered.add(key);
  if (answered.size > 1000) answered.clear();
  // Straight to chrome.debugger, like observe.ts's answers: a paused
  // request is answered whatever the page does (a dialog).
  void chrome.debugger
    .sendCommand({ tabId }, "Fetch.continueWithAuth", { requestId, authChallengeResponse: response })
    .catch(() => undefined);
}

/** Sets or clears the tab's credentials and turns Fetch on or off to match. */
export async function setCredentialsWanted(tabId: number, creds: Credentials | undefined, send: AttachSend): Promise<void> {
  const had = byTab.has(tabId);
  if (creds) byTab.set(tabId, creds);
  else byTab.delete(tabId);
  if (had || creds) await applyBlocking(tabId, send);
}
