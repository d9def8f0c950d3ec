// The popup: server address and token (saved to chrome.storage.local, which
// makes the worker reconnect), the live connection state, a reconnect button.

import { DEFAULT_SERVER, STORAGE_KEYS } from "../background/config";
import type { Status } from "../background/ws-client";

const POLL_MS = 1_000;

function el<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`popup.html lacks #${id}`);
  return e as T;
}

const server = el<HTMLInputElement>("server");
const token = el<HTMLInputElement>("token");
const dot = el<HTMLSpanElement>("dot");
const state = el<HTMLSpanElement>("state");
const error = el<HTMLParagraphElement>("error");

const LABELS: Record<Status["state"], string> = {
  stopped: "stopped",
  connecting: "connecting…",
  authenticating: "authenticating…",
  connected: "connected",
  unauthorized: "unauthorized: check the token",
  replaced: "replaced by another browser",
  disconnected: "disconnected, retrying",
};

function show(st: Status | undefined): void {
  if (!st) {
    state.textContent = "service worker not answering";
    dot.className = "dot disconnected";
    return;
  }
  dot.className = `dot ${st.state}`;
  const retry = st.retryInMs !== undefined && !st.connected ? ` (retry in ${Math.ceil(st.retryInMs / 1000)} s)` : "";
  state.textContent = `${LABELS[st.state]}${retry}${st.server ? ` · ${st.server}` : ""}`;
  if (st.server) server.placeholder = st.server; // the address in use when the field is empty
  error.hidden = st.connected || st.lastError === "";
  error.textContent = st.lastError;
}

async function send(type: "getStatus" | "reconnect"): Promise<Status | undefined> {
  try {
    return (await chrome.runtime.sendMessage({ type })) as Status | undefined;
  } catch {
    return undefined;
  }
}

async function load(): Promise<void> {
  const got = await chrome.storage.local.get([STORAGE_KEYS.server, STORAGE_KEYS.token]);
  const s = got[STORAGE_KEYS.server];
  const t = got[STORAGE_KEYS.token];
  server.value = typeof s === "string" ? s : "";
  token.value = typeof t === "string" ? t : "";
  server.placeholder = DEFAULT_SERVER;
  token.placeholder = "from config.json, or paste `browserctl token`";
}

el<HTMLFormElement>("form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  void chrome.storage.local
    .set({ [STORAGE_KEYS.server]: server.value.trim(), [STORAGE_KEYS.token]: token.value.trim() })
    .then(() => send("getStatus"))
    .then(show);
});

el<HTMLButtonElement>("reconnect").addEventListener("click", () => {
  void send("reconnect").then(show);
});

void load();
void send("getStatus").then(show);
setInterval(() => void send("getStatus").then(show), POLL_MS);
