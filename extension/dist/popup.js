// src/background/config.ts
var DEFAULT_SERVER = "ws://127.0.0.1:9223/ws/browser";
var STORAGE_KEYS = { server: "server", token: "token" };

// src/popup/popup.ts
var POLL_MS = 1e3;
function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`popup.html lacks #${id}`);
  return e;
}
var server = el("server");
var token = el("token");
var dot = el("dot");
var state = el("state");
var error = el("error");
var LABELS = {
  stopped: "stopped",
  connecting: "connecting…",
  authenticating: "authenticating…",
  connected: "connected",
  unauthorized: "unauthorized: check the token",
  replaced: "replaced by another browser",
  disconnected: "disconnected, retrying"
};
function show(st) {
  if (!st) {
    state.textContent = "service worker not answering";
    dot.className = "dot disconnected";
    return;
  }
  dot.className = `dot ${st.state}`;
  const retry = st.retryInMs !== void 0 && !st.connected ? ` (retry in ${Math.ceil(st.retryInMs / 1e3)} s)` : "";
  state.textContent = `${LABELS[st.state]}${retry}${st.server ? ` · ${st.server}` : ""}`;
  if (st.server) server.placeholder = st.server;
  error.hidden = st.connected || st.lastError === "";
  error.textContent = st.lastError;
}
async function send(type) {
  try {
    return await chrome.runtime.sendMessage({ type });
  } catch {
    return void 0;
  }
}
async function load() {
  const got = await chrome.storage.local.get([STORAGE_KEYS.server, STORAGE_KEYS.token]);
  const s = got[STORAGE_KEYS.server];
  const t = got[STORAGE_KEYS.token];
  server.value = typeof s === "string" ? s : "";
  token.value = typeof t === "string" ? t : "";
  server.placeholder = DEFAULT_SERVER;
  token.placeholder = "from config.json, or paste `browserctl token`";
}
el("form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  void chrome.storage.local.set({ [STORAGE_KEYS.server]: server.value.trim(), [STORAGE_KEYS.token]: token.value.trim() }).then(() => send("getStatus")).then(show);
});
el("reconnect").addEventListener("click", () => {
  void send("reconnect").then(show);
});
void load();
void send("getStatus").then(show);
setInterval(() => void send("getStatus").then(show), POLL_MS);
