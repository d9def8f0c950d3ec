// The CDP events that become events of the stream (event-stream.ts);
// cdp-events.ts lists them.

import { emitEvent } from "../../event-stream";
import { tabSession } from "./observe";
import { onForget } from "../core/debugger";
import { noteSite } from "../../person/policy";
import { agentInputAt, inputBindingCall } from "../core/person-input";
import { mainFrameOf } from "../core/world";

const tabURLs = new Map<number, string>();
onForget((tabId) => tabURLs.delete(tabId));

/** The URL of the tab's document as its last navigation named it. */
export function lastURL(tabId: number | undefined): string | undefined {
  return tabId === undefined ? undefined : tabURLs.get(tabId);
}

/** Page.navigatedWithinDocument of the main frame (a hash, pushState): the
 * tab's URL for the journal (not an event of the stream). */
export function sameDocumentNavigation(tabId: number, p: Record<string, unknown>): void {
  if (typeof p["url"] === "string" && p["frameId"] === mainFrameOf(tabId)) tabURLs.set(tabId, p["url"]);
}

export function navigationEvent(tabId: number, p: Record<string, unknown>): void {
  const f = (p["frame"] ?? {}) as { parentId?: unknown; url?: unknown; urlFragment?: unknown };
  if (f.parentId) return; // the tab's own document only
  const url = String(f.url ?? "") + String(f.urlFragment ?? "");
  tabURLs.set(tabId, url);
  const sessionId = tabSession(tabId);
  noteSite(sessionId, url); // the session's first site (navigate-offsite)
  emitEvent("navigation", sessionId, { tabId, url });
}

export function dialogEvent(tabId: number, p: Record<string, unknown>): void {
  emitEvent("dialog_opened", tabSession(tabId), { tabId, url: String(p["url"] ?? ""), text: `${String(p["type"] ?? "")}: ${String(p["message"] ?? "")}` });
}

export function consoleErrorEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  if (method === "Runtime.exceptionThrown") {
    const d = (p["exceptionDetails"] ?? {}) as { text?: unknown; exception?: { description?: unknown } };
    emitEvent("console_error", tabSession(tabId), { tabId, text: String(d.exception?.description ?? d.text ?? "").split("\n")[0] });
    return;
  }
  if (method === "Runtime.consoleAPICalled" && (p["type"] === "error" || p["type"] === "assert")) {
    const args = (p["args"] as { value?: unknown; description?: unknown }[] | undefined) ?? [];
    emitEvent("console_error", tabSession(tabId), { tabId, text: args.map((a) => String(a.value ?? a.description ?? "")).join(" ") });
  }
}

const requestURLs = new Map<string, string>(); // requestId -> url, for failures

export function failedRequestEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  const id = `${tabId}:${String(p["requestId"] ?? "")}`;
  if (method === "Network.requestWillBeSent") {
    requestURLs.set(id, String((p["request"] as { url?: unknown } | undefined)?.url ?? ""));
    if (requestURLs.size > 5000) requestURLs.delete(requestURLs.keys().next().value!);
    return;
  }
  if (method === "Network.loadingFinished") {
    requestURLs.delete(id);
    return;
  }
  if (method === "Network.loadingFailed") {
    const url = requestURLs.get(id) ?? "";
    requestURLs.delete(id);
    emitEvent("request_failed", tabSession(tabId), { tabId, url, text: String(p["errorText"] ?? "") + (p["blockedReason"] ? ` (${String(p["blockedReason"])})` : "") });
  }
}

const downloading = new Set<string>();

export function downloadStreamEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  const guid = String(p["guid"] ?? "");
  if (method === "Page.downloadWillBegin") {
    downloading.add(guid);
    emitEvent("download_started", tabSession(tabId), { tabId, url: String(p["url"] ?? ""), text: String(p["suggestedFilename"] ?? "") });
  } else if (method === "Page.downloadProgress" && downloading.has(guid) && (p["state"] === "completed" || p["state"] === "canceled")) {
    downloading.delete(guid);
    emitEvent("download_finished", tabSession(tabId), { tabId, text: String(p["state"]) });
  }
}

/** The person clicked or typed in a session's tab (not an agent's call's
 * own input): Runtime.bindingCalled of the input binding. */
export function personInputEvent(tabId: number, p: Record<string, unknown>): void {
  const call = inputBindingCall(p);
  if (!call) return;
  const [at, kind] = call;
  // judged by when the page took it (the page's clock is the same
  // machine's): an agent's input lands while its call runs, and a word the
  // page held back (one a second per kind) arrives later than its input
  if (agentInputAt(tabId, at)) return;
  emitEvent("person_input", tabSession(tabId), { tabId, text: kind, url: lastURL(tabId) ?? "" });
}
