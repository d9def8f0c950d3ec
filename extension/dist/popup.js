// src/background/connection/identity.ts
var IDENTITY_KEYS = { id: "browserId", name: "browserName" };
var loading = Promise.resolve();

// src/background/connection/config.ts
var DEFAULT_SERVER = "ws://127.0.0.1:9223/ws/browser";
var STORAGE_KEYS = { server: "server", token: "token" };

// src/popup/status-text.ts
function clock(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
function retryText(st, now) {
  if (st.retryAt === void 0) return "";
  const secs = Math.max(0, Math.ceil((st.retryAt - now) / 1e3));
  return `Next try at ${clock(st.retryAt)} (in ${secs} s).`;
}
function describeStatus(st, now) {
  if (!st) {
    return { headline: "The extension's service worker is not answering.", detail: "", protocol: "", tone: "bad" };
  }
  const hub = st.server || "the hub";
  const protocol2 = st.hubVersion === void 0 ? `Protocol ${st.protocolVersion}` : st.hubVersion === st.protocolVersion ? `Protocol ${st.protocolVersion} (hub ${st.hubVersion})` : `Protocol mismatch: extension ${st.protocolVersion}, hub ${st.hubVersion}`;
  const since = st.since !== void 0 ? ` since ${clock(st.since)}` : "";
  const retry = retryText(st, now);
  switch (st.state) {
    case "connected":
      return { headline: `Connected to ${hub}${since}.`, detail: "", protocol: protocol2, tone: "ok" };
    case "connecting":
      return { headline: `Connecting to ${hub}…`, detail: "", protocol: protocol2, tone: "wait" };
    case "authenticating":
      return { headline: `Connecting to ${hub}: proving the key…`, detail: "", protocol: protocol2, tone: "wait" };
    case "unauthorized":
      if (st.lastError.includes("failed to prove itself")) {
        return {
          headline: `Refused: ${hub} failed to prove itself.`,
          detail: `It does not hold this extension's key, so nothing was sent to it: another program on the port, or a wrong key here (paste the output of \`browserctl token --extension\` below). ${retry}`.trim(),
          protocol: protocol2,
          tone: "bad"
        };
      }
      return {
        headline: `Refused: wrong token for ${hub}.`,
        detail: `Paste the output of \`browserctl token --extension\` below. ${retry}`.trim(),
        protocol: protocol2,
        tone: "bad"
      };
    case "disconnected": {
      const unreachable = st.lastError.startsWith("cannot reach") || st.lastError.startsWith("connect ");
      const headline = unreachable ? `No hub at ${hub}.` : `Disconnected from ${hub}${since}.`;
      let hint = unreachable ? "Start one with `browserctl serve` (any browserctl command starts one)." : st.lastError;
      if (unreachable && st.server.startsWith("wss:")) {
        hint = `Is it served there (\`browserctl serve --allow-remote\`)? Chromium must also trust its certificate: start it with --ignore-certificate-errors-spki-list=${st.certSpki ?? "HASH"} (the hash \`extension install --server wss://...\` wrote), or give the hub a certificate its CA signed. The extension cannot check a certificate itself.`;
      }
      return { headline, detail: `${hint} ${retry}`.trim(), protocol: protocol2, tone: "bad" };
    }
    case "stopped":
      return { headline: "Not connecting (stopped).", detail: "Press Reconnect to connect.", protocol: protocol2, tone: "wait" };
    case "replaced":
      return {
        headline: `Replaced: a newer connection of this browser took its place on ${hub}.`,
        detail: "This one stays off until you press Reconnect, or until the hub has had no connection of this browser for a minute.",
        protocol: protocol2,
        tone: "wait"
      };
    default: {
      const s = st.state;
      return { headline: `${s}: ${hub}.`, detail: `${st.lastError} ${retry}`.trim(), protocol: protocol2, tone: "wait" };
    }
  }
}

// src/popup/popup.ts
var POLL_MS = 500;
function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`popup.html lacks #${id}`);
  return e;
}
var server = el("server");
var token = el("token");
var browserName = el("browser-name");
var browserId = el("browser-id");
var dot = el("dot");
var state = el("state");
var detail = el("detail");
var protocol = el("protocol");
var sessionList = el("sessions");
var sessionsEmpty = el("sessions-empty");
var sessionsError = el("sessions-error");
async function message(msg) {
  try {
    return await chrome.runtime.sendMessage(msg);
  } catch {
    return void 0;
  }
}
function showStatus(st) {
  const t = describeStatus(st, Date.now());
  dot.className = `dot ${t.tone}`;
  dot.dataset.state = st?.state ?? "none";
  state.textContent = t.headline;
  detail.textContent = t.detail;
  detail.hidden = t.detail === "";
  protocol.textContent = t.protocol;
  if (st?.server) server.placeholder = st.server;
  if (st?.browser) {
    browserId.textContent = `Id ${st.browser.id}${st.browser.profile ? ` · profile ${st.browser.profile}` : ""} (--browser takes the name or the id)` + (st.certSpki ? ` · hub certificate pinned by Chromium: ${st.certSpki}` : "");
    if (st.browser.name) browserName.placeholder = st.browser.name;
  }
}
function sessionRow(s) {
  const li = document.createElement("li");
  li.dataset.sessionId = s.sessionId;
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = `${s.name || "(unnamed)"} · ${s.sessionId}`;
  name.title = s.name;
  const tabs = document.createElement("span");
  tabs.className = "tabs";
  const n = s.tabIds.length;
  tabs.textContent = `${n} ${n === 1 ? "tab" : "tabs"}`;
  const release = document.createElement("button");
  release.type = "button";
  release.textContent = "Release";
  release.title = "Stop browserctl controlling this group; its tabs stay open";
  release.addEventListener("click", () => {
    release.disabled = true;
    void message({ type: "releaseSession", sessionId: s.sessionId }).then((a) => {
      if (!a || !a.ok) showSessionError(`release ${s.sessionId}: ${a ? a.error : "the service worker is not answering"}`);
      void refreshSessions();
    });
  });
  const stopped = s.stopped === true;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = stopped ? "resume" : "stop";
  toggle.textContent = stopped ? "Resume" : "Stop";
  toggle.title = stopped ? "Let the callers of this session act again" : "Stop every caller of this session now: calls in flight fail, new ones are refused until Resume; the tabs stay";
  toggle.addEventListener("click", () => {
    toggle.disabled = true;
    const type = stopped ? "resumeSession" : "stopSession";
    void message({ type, sessionId: s.sessionId }).then((a) => {
      if (!a || !a.ok) showSessionError(`${stopped ? "resume" : "stop"} ${s.sessionId}: ${a ? a.error : "the service worker is not answering"}`);
      void refreshSessions();
    });
  });
  if (stopped) li.classList.add("stopped");
  release.className = "release";
  const driver = document.createElement("span");
  driver.className = "driver";
  driver.hidden = true;
  const calls = document.createElement("ul");
  calls.className = "calls";
  li.append(name, tabs, release, toggle, driver, calls);
  return li;
}
function callerWords(c) {
  if (!c) return "an unnamed caller";
  return `${c.kind}${c.name ? ` ${c.name}` : ""}${c.pid ? ` (pid ${c.pid})` : ""}`;
}
function callLine(e) {
  const li = document.createElement("li");
  const t = new Date(e.time).toLocaleTimeString();
  const what = `${e.method.replace(/^pages\./, "")}${e.target ? ` ${e.target}` : ""}${e.valueLength !== void 0 ? ` (${e.valueLength} chars)` : ""}`;
  const outcome = e.ok ? "ok" : `error ${e.code ?? ""}${e.reason ? ` ${e.reason}` : ""}`;
  li.textContent = `${t} ${callerWords(e.caller)}: ${what} → ${outcome} ${Math.round(e.ms)} ms`;
  li.title = `${li.textContent}${e.url ? `
${e.url}` : ""}`;
  if (!e.ok) li.classList.add("failed");
  return li;
}
var SHOWN_CALLS = 4;
function showCalls(calls) {
  for (const li of sessionList.querySelectorAll(":scope > li[data-session-id]")) {
    const es = calls[li.dataset.sessionId ?? ""] ?? [];
    const driver = li.querySelector(".driver");
    const list = li.querySelector(".calls");
    if (!driver || !list) continue;
    const last = es.at(-1);
    driver.hidden = !last;
    driver.textContent = last ? `driven by ${callerWords(last.caller)}` : "";
    const key = JSON.stringify(es.slice(-SHOWN_CALLS).map((e) => [e.time, e.method]));
    if (list.dataset.key === key) continue;
    list.dataset.key = key;
    list.replaceChildren(...es.slice(-SHOWN_CALLS).reverse().map(callLine));
  }
}
function showSessionError(text) {
  sessionsError.textContent = text;
  sessionsError.hidden = text === "";
}
var shownSessions = "";
async function refreshSessions() {
  const a = await message({ type: "listSessions" });
  if (!a || !a.ok) {
    showSessionError(a ? a.error : "the service worker is not answering");
    return;
  }
  const sessions = a.result.sessions ?? [];
  const key = JSON.stringify(sessions.map((s) => [s.sessionId, s.name, s.tabIds.length, s.stopped === true]));
  if (key === shownSessions) return;
  shownSessions = key;
  sessionList.replaceChildren(...sessions.map(sessionRow));
  sessionsEmpty.hidden = sessions.length > 0;
}
var handoffList = el("handoffs");
var handoffSection = el("handoffs-section");
var shownHandoffs = "";
function handoffRow(h) {
  const li = document.createElement("li");
  li.dataset.tabId = String(h.tabId);
  const text = document.createElement("span");
  text.className = "name";
  text.textContent = h.message;
  text.title = h.title;
  const done = document.createElement("button");
  done.type = "button";
  done.textContent = "Done";
  done.title = "Give the tab back to the agent";
  done.addEventListener("click", () => {
    done.disabled = true;
    void message({ type: "handoffDone", tabId: h.tabId }).then(() => refreshHandoffs());
  });
  li.append(text, done);
  return li;
}
async function refreshHandoffs() {
  const a = await message({ type: "listHandoffs" });
  const hs = a?.handoffs ?? [];
  const key = JSON.stringify(hs.map((h) => [h.tabId, h.message]));
  if (key === shownHandoffs) return;
  shownHandoffs = key;
  handoffList.replaceChildren(...hs.map(handoffRow));
  handoffSection.hidden = hs.length === 0;
}
var recordingList = el("recordings");
var recordingSection = el("recordings-section");
var shownRecordings = "";
function recordingRow(r) {
  const li = document.createElement("li");
  li.dataset.sessionId = r.sessionId;
  li.className = r.live ? "recording" : "stopped";
  const head = document.createElement("span");
  head.className = "name";
  head.textContent = `${r.live ? "● recording" : "stopped"} · ${r.sessionId} · ${r.lines} line${r.lines === 1 ? "" : "s"}`;
  const last = document.createElement("code");
  last.className = "last";
  last.textContent = r.last || "(no line yet)";
  last.title = r.last;
  const secret = document.createElement("button");
  secret.type = "button";
  secret.className = "secret";
  secret.textContent = "Secret";
  secret.title = "Write the value you typed last as $SECRET_N (set it in the environment to replay), and every later value of that field";
  secret.disabled = !r.secretable;
  secret.addEventListener("click", () => {
    secret.disabled = true;
    void message({ type: "markSecret", sessionId: r.sessionId }).then(() => refreshRecordings());
  });
  const stop = document.createElement("button");
  stop.type = "button";
  stop.className = "stop";
  stop.textContent = "Stop";
  stop.title = "Stop recording (the lines so far are kept for record actions stop)";
  stop.disabled = !r.live;
  stop.addEventListener("click", () => {
    stop.disabled = true;
    void message({ type: "stopRecording", sessionId: r.sessionId }).then(() => refreshRecordings());
  });
  li.append(head, secret, stop, last);
  return li;
}
async function refreshRecordings() {
  const a = await message({ type: "listRecordings" });
  const rs = a?.recordings ?? [];
  const key = JSON.stringify(rs);
  if (key === shownRecordings) return;
  shownRecordings = key;
  recordingList.replaceChildren(...rs.map(recordingRow));
  recordingSection.hidden = rs.length === 0;
}
var approvalList = el("approvals");
var approvalSection = el("approvals-section");
var shownApprovals = "";
function approvalRow(a) {
  const li = document.createElement("li");
  li.dataset.approvalId = a.id;
  li.dataset.sessionId = a.sessionId;
  const text = document.createElement("span");
  text.className = "name";
  text.textContent = a.text;
  li.append(text);
  for (const [label, allow] of [["Allow", true], ["Deny", false]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = allow ? "allow" : "deny";
    b.textContent = label;
    b.addEventListener("click", (ev) => {
      if (!ev.isTrusted) return;
      for (const x of li.querySelectorAll("button")) x.disabled = true;
      void message({ type: "answerApproval", id: a.id, allow }).then(() => refreshPerson());
    });
    li.append(b);
  }
  return li;
}
async function refreshPerson() {
  const a = await message({ type: "listPerson" });
  const approvals = a?.approvals ?? [];
  const key = JSON.stringify(approvals.map((x) => x.id));
  if (key !== shownApprovals) {
    shownApprovals = key;
    approvalList.replaceChildren(...approvals.map(approvalRow));
    approvalSection.hidden = approvals.length === 0;
  }
  showCalls(a?.calls ?? {});
}
async function refresh() {
  showStatus(await message({ type: "getStatus" }));
  await refreshHandoffs();
  await refreshRecordings();
  await refreshSessions();
  await refreshPerson();
}
async function load() {
  const got = await chrome.storage.local.get([STORAGE_KEYS.server, STORAGE_KEYS.token, IDENTITY_KEYS.name]);
  const s = got[STORAGE_KEYS.server];
  const t = got[STORAGE_KEYS.token];
  const n = got[IDENTITY_KEYS.name];
  server.value = typeof s === "string" ? s : "";
  token.value = typeof t === "string" ? t : "";
  browserName.value = typeof n === "string" ? n : "";
  browserName.placeholder = "from config.json, else the hub names it";
  server.placeholder = DEFAULT_SERVER;
  token.placeholder = "from config.json, or paste `browserctl token`";
}
el("form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  void chrome.storage.local.set({ [STORAGE_KEYS.server]: server.value.trim(), [STORAGE_KEYS.token]: token.value.trim(), [IDENTITY_KEYS.name]: browserName.value.trim() }).then(() => message({ type: "reconnect" })).then(showStatus);
});
el("reconnect").addEventListener("click", () => {
  void message({ type: "reconnect" }).then(showStatus);
});
void load();
void refresh();
setInterval(() => void refresh(), POLL_MS);
