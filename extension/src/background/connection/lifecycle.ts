// Chrome wiring of the ws-client: the keepalive alarm, config changes from
// the popup, the popup's getStatus / reconnect messages, and browser startup.
// Every listener is kept so dispose() removes it.

import { STORAGE_KEYS } from "./config";
import { IDENTITY_KEYS } from "./identity";
import type { Status, WsClient } from "./ws-client";

export const KEEPALIVE_ALARM = "browserctl-keepalive";
/** Spec section 8: wake the service worker every ~0.4 min (about 25 s). */
export const KEEPALIVE_PERIOD_MINUTES = 0.4;

export type PopupMessage = { type: "getStatus" } | { type: "reconnect" };

export function isPopupMessage(m: unknown): m is PopupMessage {
  if (typeof m !== "object" || m === null) return false;
  const t = (m as { type?: unknown }).type;
  return t === "getStatus" || t === "reconnect";
}

export function wireLifecycle(client: WsClient): () => void {
  const onAlarm = (alarm: chrome.alarms.Alarm): void => {
    if (alarm.name === KEEPALIVE_ALARM) client.ensure();
  };
  const onStorage = (changes: Record<string, chrome.storage.StorageChange>, area: string): void => {
    if (area !== "local") return;
    if (STORAGE_KEYS.server in changes || STORAGE_KEYS.token in changes || IDENTITY_KEYS.name in changes) client.restart();
  };
  const onMessage = (
    msg: unknown,
    sender: chrome.runtime.MessageSender,
    sendResponse: (r: Status) => void,
  ): boolean => {
    if (sender.id !== chrome.runtime.id || !isPopupMessage(msg)) return false;
    if (msg.type === "reconnect") client.restart();
    sendResponse(client.status());
    return false;
  };
  const onStart = (): void => client.start();

  chrome.alarms.onAlarm.addListener(onAlarm);
  chrome.storage.onChanged.addListener(onStorage);
  chrome.runtime.onMessage.addListener(onMessage);
  chrome.runtime.onStartup.addListener(onStart);
  chrome.runtime.onInstalled.addListener(onStart);
  void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: KEEPALIVE_PERIOD_MINUTES });

  let disposed = false;
  return () => {
    if (disposed) return;
    disposed = true;
    chrome.alarms.onAlarm.removeListener(onAlarm);
    chrome.storage.onChanged.removeListener(onStorage);
    chrome.runtime.onMessage.removeListener(onMessage);
    chrome.runtime.onStartup.removeListener(onStart);
    chrome.runtime.onInstalled.removeListener(onStart);
    void chrome.alarms.clear(KEEPALIVE_ALARM);
  };
}
