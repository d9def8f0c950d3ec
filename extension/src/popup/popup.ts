// The popup: the connection in words (status-text.ts), the sessions this
// browser holds with a one-click release, and the hub's address and token
// (saved to chrome.storage.local, then the connection restarts). Everything
// goes through runtime messages to the service worker: getStatus and
// reconnect (lifecycle.ts), listSessions and releaseSession (popup-api.ts),
// listHandoffs and handoffDone (handoff-popup.ts): an agent's request for
// the person, with a Done button; listRecordings, markSecret and
// stopRecording (recording-popup.ts): a recording of the person's actions,
// its line count and last line; listPerson and answerApproval
// (person/popup-person.ts): the actions waiting for the person's Allow or
// Deny, and each session's last calls with who made them.

import { DEFAULT_SERVER, STORAGE_KEYS } from "../background/connection/config";
import { IDENTITY_KEYS } from "../background/connection/identity";
import type { PendingHandoff } from "../background/pages/handoff";
import type { RecordingView } from "../background/pages/record-actions/recording";
import type { PendingApproval } from "../background/person/approvals";
import type { CallEntry } from "../background/person/call-record";
import type { PopupSessionAnswer } from "../background/popup-api";
import type { Session } from "../background/protocol.gen";
import type { Status } from "../background/connection/ws-client";
import { describeStatus } from "./status-text";

const POLL_MS = 500;

function el<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`popup.html lacks #${id}`);
  return e as T;
}

const server = el<HTMLInputElement>("server");
const token = el<HTMLInputElement>("token");
const browserName = el<HTMLInputElement>("browser-name");
const browserId = el<HTMLParagraphElement>("browser-id");
const dot = el<HTMLSpanElement>("dot");
const state = el<HTMLSpanElement>("state");
const detail = el<HTMLParagraphElement>("detail");
const protocol = el<HTMLParagraphElement>("protocol");
const sessionList = el<HTMLUListElement>("sessions");
const sessionsEmpty = el<HTMLParagraphElement>("sessions-empty");
const sessionsError = el<HTMLParagraphElement>("sessions-error");

async function message<T>(msg: Record<string, unknown>): Promise<T | undefined> {
  try {
    return (await chrome.runtime.sendMessage(msg)) as T | undefined;
  } catch {
    return undefined; // the worker is not there
  }
}

function showStatus(st: Status | undefined): void {
  const t = describeStatus(st, Date.now());
  dot.className = `dot ${t.tone}`;
  dot.dataset.state = st?.state ?? "none";
  state.textContent = t.headline;
  detail.textContent = t.detail;
  detail.hidden = t.detail === "";
  protocol.textContent = t.protocol;
  if (st?.server) server.placeholder = st.server; // the address in use when the field is empty
  // who this browser is on the hub: `browserctl browsers` and --browser name it so
  if (st?.browser) {
    browserId.textContent =
      `Id ${st.browser.id}${st.browser.profile ? ` · profile ${st.browser.profile}` : ""} (--browser takes the name or the id)` +
      (st.certSpki ? ` · hub certificate pinned by Chromium: ${st.certSpki}` : "");
    if (st.browser.name) browserName.placeholder = st.browser.name;
  }
}

/** Session names come from tab group titles: shown as text, never as HTML. */
function sessionRow(s: Session): HTMLLIElement {
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
    void message<PopupSessionAnswer>({ type: "releaseSession", sessionId: s.sessionId }).then((a) => {
      if (!a || !a.ok) showSessionError(`release ${s.sessionId}: ${a ? a.error : "the service worker is not answering"}`);
      void refreshSessions();
    });
  });
  // The person's Stop: the session's calls fail (stopped_by_person) until Resume.
  const stopped = s.stopped === true;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = stopped ? "resume" : "stop";
  toggle.textContent = stopped ? "Resume" : "Stop";
  toggle.title = stopped
    ? "Let the callers of this session act again"
    : "Stop every caller of this session now: calls in flight fail, new ones are refused until Resume; the tabs stay";
  toggle.addEventListener("click", () => {
    toggle.disabled = true;
    const type = stopped ? "resumeSession" : "stopSession";
    void message<PopupSessionAnswer>({ type, sessionId: s.sessionId }).then((a) => {
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

/** "mcp claude-code (pid 4242)": who made a call. */
function callerWords(c: CallEntry["caller"]): string {
  if (!c) return "an unnamed caller";
  return `${c.kind}${c.name ? ` ${c.name}` : ""}${c.pid ? ` (pid ${c.pid})` : ""}`;
}

/** One call as a line: time, caller, method, target, outcome, duration.
 * Everything in it came from callers and pages: shown as text only. */
function callLine(e: CallEntry): HTMLLIElement {
  const li = document.createElement("li");
  const t = new Date(e.time).toLocaleTimeString();
  const what = `${e.method.replace(/^pages\./, "")}${e.target ? ` ${e.target}` : ""}${e.valueLength !== undefined ? ` (${e.valueLength} chars)` : ""}`;
  const outcome = e.ok ? "ok" : `error ${e.code ?? ""}${e.reason ? ` ${e.reason}` : ""}`;
  li.textContent = `${t} ${callerWords(e.caller)}: ${what} → ${outcome} ${Math.round(e.ms)} ms`;
  li.title = `${li.textContent}${e.url ? `\n${e.url}` : ""}`;
  if (!e.ok) li.classList.add("failed");
  return li;
}

/** How many of a session's last calls its row shows. */
const SHOWN_CALLS = 4;

/** Fills each session row's driver (the last caller) and last calls. */
function showCalls(calls: Record<string, CallEntry[]>): void {
  for (const li of sessionList.querySelectorAll<HTMLLIElement>(":scope > li[data-session-id]")) {
    const es = calls[li.dataset.sessionId ?? ""] ?? [];
    const driver = li.querySelector<HTMLSpanElement>(".driver");
    const list = li.querySelector<HTMLUListElement>(".calls");
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

function showSessionError(text: string): void {
  sessionsError.textContent = text;
  sessionsError.hidden = text === "";
}

let shownSessions = "";

async function refreshSessions(): Promise<void> {
  const a = await message<PopupSessionAnswer>({ type: "listSessions" });
  if (!a || !a.ok) {
    showSessionError(a ? a.error : "the service worker is not answering");
    return;
  }
  const sessions = (a.result as { sessions?: Session[] }).sessions ?? [];
  const key = JSON.stringify(sessions.map((s) => [s.sessionId, s.name, s.tabIds.length, s.stopped === true]));
  if (key === shownSessions) return; // unchanged: keep the buttons under the pointer
  shownSessions = key;
  sessionList.replaceChildren(...sessions.map(sessionRow));
  sessionsEmpty.hidden = sessions.length > 0;
}

const handoffList = el<HTMLUListElement>("handoffs");
const handoffSection = el<HTMLElement>("handoffs-section");
let shownHandoffs = "";

/** A handoff's message comes from the agent: shown as text, never as HTML. */
function handoffRow(h: PendingHandoff): HTMLLIElement {
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

async function refreshHandoffs(): Promise<void> {
  const a = await message<{ handoffs?: PendingHandoff[] }>({ type: "listHandoffs" });
  const hs = a?.handoffs ?? [];
  const key = JSON.stringify(hs.map((h) => [h.tabId, h.message]));
  if (key === shownHandoffs) return;
  shownHandoffs = key;
  handoffList.replaceChildren(...hs.map(handoffRow));
  handoffSection.hidden = hs.length === 0;
}

const recordingList = el<HTMLUListElement>("recordings");
const recordingSection = el<HTMLElement>("recordings-section");
let shownRecordings = "";

/** A recording of the person's actions: its session, line count and last
 * line (page text: shown as text, never as HTML), Secret and Stop. */
function recordingRow(r: RecordingView): HTMLLIElement {
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

async function refreshRecordings(): Promise<void> {
  const a = await message<{ recordings?: RecordingView[] }>({ type: "listRecordings" });
  const rs = a?.recordings ?? [];
  const key = JSON.stringify(rs);
  if (key === shownRecordings) return;
  shownRecordings = key;
  recordingList.replaceChildren(...rs.map(recordingRow));
  recordingSection.hidden = rs.length === 0;
}

const approvalList = el<HTMLUListElement>("approvals");
const approvalSection = el<HTMLElement>("approvals-section");
let shownApprovals = "";

/** An approval's words come from a caller and a page: shown as text only.
 * Only a person's click answers it (event.isTrusted). */
function approvalRow(a: PendingApproval): HTMLLIElement {
  const li = document.createElement("li");
  li.dataset.approvalId = a.id;
  li.dataset.sessionId = a.sessionId;
  const text = document.createElement("span");
  text.className = "name";
  text.textContent = a.text;
  li.append(text);
  for (const [label, allow] of [["Allow", true], ["Deny", false]] as const) {
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

async function refreshPerson(): Promise<void> {
  const a = await message<{ approvals?: PendingApproval[]; calls?: Record<string, CallEntry[]> }>({ type: "listPerson" });
  const approvals = a?.approvals ?? [];
  const key = JSON.stringify(approvals.map((x) => x.id));
  if (key !== shownApprovals) {
    shownApprovals = key;
    approvalList.replaceChildren(...approvals.map(approvalRow));
    approvalSection.hidden = approvals.length === 0;
  }
  showCalls(a?.calls ?? {});
}

async function refresh(): Promise<void> {
  showStatus(await message<Status>({ type: "getStatus" }));
  await refreshHandoffs();
  await refreshRecordings();
  await refreshSessions();
  await refreshPerson();
}

async function load(): Promise<void> {
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

el<HTMLFormElement>("form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  void chrome.storage.local
    .set({ [STORAGE_KEYS.server]: server.value.trim(), [STORAGE_KEYS.token]: token.value.trim(), [IDENTITY_KEYS.name]: browserName.value.trim() })
    // a changed value restarts the connection by itself; an unchanged one
    // still means "try again now"
    .then(() => message<Status>({ type: "reconnect" }))
    .then(showStatus);
});

el<HTMLButtonElement>("reconnect").addEventListener("click", () => {
  void message<Status>({ type: "reconnect" }).then(showStatus);
});

void load();
void refresh();
setInterval(() => void refresh(), POLL_MS);
