// Recording what the person does in a session's tabs (record.actions*):
// the in-page recorder (src/injected/document/actions.ts) of every recorded
// tab sends its steps through a CDP binding; here each step becomes lines of
// the script (lines.ts), in the order the tab's events came, with what the
// tab did around it: navigations the person started (a typed URL, back,
// forward, reload) and waits after those their input set off, tab switches,
// dialogs they answered, downloads they started. Input made while one of
// browserctl's own calls runs on the tab (person-input.ts's call windows) is
// browserctl's, not the person's, and is left out.
//
// The recording lives in chrome.storage.session as it grows (persist.ts):
// a worker that restarts mid-recording loads it, and as the session's tabs
// are attached again the binding comes back and each document sends the
// steps it made meanwhile (the recorder keeps its newest).

import { callInjected, installOnNewDocuments, WORLD_NAME } from "../core/injected";
import { ensureAttached, isAttached, onForget, send, sendIn, type AttachSend } from "../core/debugger";
import { agentWindows, byAgent } from "../core/person-input";
import { announcedChildWorld, callInWorld } from "../core/world";
import { childSessions, followFrames, type FrameTree } from "../core/frames";
import type { NewFrameGate } from "../emulation/init-scripts";
import { Wakeup } from "../core/wakeup";
import { tabSession } from "../logs/observe";
import type { ActionStep } from "../../../injected/document/actions";
import { ACTIONS_BINDING } from "../../../injected/document/actions-binding";
import { chosenPaths, scriptPaths } from "./files";
import { stepLines, type NewLine, type StepIn, type Target } from "./lines";
import { framesOfDocument, type FramePath } from "../targets/frame-path";
import { formatFrameTarget } from "../targets/frame-target";
import { classify, historyFrom, type NavigationHistory, type TabHistory } from "./navigation";
import { loadAll, Saver, type Saved, type SavedMeta } from "./persist";
import { ActionScript, commandLine, urlPattern } from "./script";


/** A step's time is taken in the page as the input is dispatched, and
 * browserctl's input calls answer once the page handled it: a step this
 * close to one of its calls is the call's. */
const STEP_SLACK_MS = 100;
/** A tab opened this long after a step in its opener was opened by that step. */
const POPUP_MS = 5_000;

export interface Recording {
  sessionId: string;
  groupId: number;
  startedAt: number;
  workDir: string;
  script: ActionScript;
  live: boolean;
  sessionClosed: boolean;
  /** The tab of the last line written. */
  lastTab: number | undefined;
  secretTargets: Set<string>;
  docSeq: Map<string, number>;
  history: Map<number, TabHistory>;
  /** The last step per tab (when), so a navigation after it counts as set off by it. */
  lastStep: Map<number, number>;
  /** Per tab: when the person's last step happened (page time) and when the
   * last request a page script made (fetch, XHR) began. */
  stepAt: Map<number, number>;
  requestAt: Map<number, number>;
  /** Tabs whose recorder was started (recordTab). */
  tabs: Set<number>;
  /** Tabs a step opened (a link to a new tab), until the script waits for them. */
  popups: Set<number>;
  /** Steps and events, one after the other. */
  queue: Promise<void>;
  saver: Saver;
  /** How long the extension spent per step (ms), for the recorder's cost. */
  stepMs: number;
  /** Per tab, the fill of the field its top document is being typed into
   * (a draft), written if the document goes before its fill comes. */
  drafts: Map<number, ActionStep>;
  /** Per tab, the frames' recorders that sent a step: their session and
   * context, so a stop takes what each still holds (a field being typed
   * into) as it does the top document's. */
  frameRecorders: Map<number, Map<string, { session: string | undefined; contextId: number }>>;
}

const recordings = new Map<string, Recording>();
// a tab closed or let go: its recorder is gone with it
onForget((tabId) => {
  for (const r of recordings.values()) r.tabs.delete(tabId);
});
/** Woken as lines are added or a recording ends (record.actionsLines waits on it). */
export const linesChanged = new Wakeup();

/** Loaded once per worker: recordings a worker before this one kept. */
let loaded: Promise<void> | undefined;
let isLoaded = false;

export function ready(): Promise<void> {
  loaded ??= loadAll()
    .then((all) => {
      for (const s of all) if (!recordings.has(s.meta.sessionId)) recordings.set(s.meta.sessionId, fromSaved(s));
    })
    .catch(() => undefined)
    .finally(() => {
      isLoaded = true;
    });
  return loaded;
}

/** Whether the tab's events may matter to a recording: its session's is
 * live, or the recordings are still loading (a worker that just started). */
function mayRecord(tabId: number): boolean {
  if (!isLoaded) return true;
  return recordings.get(tabSession(tabId))?.live === true;
}

function snapshot(r: Recording): Saved {
  const st = r.script.state();
  const meta: SavedMeta = {
    sessionId: r.sessionId,
    groupId: r.groupId,
    startedAt: r.startedAt,
    workDir: r.workDir,
    live: r.live,
    sessionClosed: r.sessionClosed,
    secretTargets: [...r.secretTargets],
    docSeq: Object.fromEntries(r.docSeq),
    history: Object.fromEntries([...r.history].map(([k, v]) => [String(k), v])),
    script: { actions: st.actions, counters: st.counters, secrets: st.secrets, truncated: st.truncated },
    lineCount: st.lines.length,
  };
  if (r.lastTab !== undefined) meta.lastTab = r.lastTab;
  return { meta, lines: st.lines };
}

function fresh(sessionId: string, groupId: number, workDir: string, script: ActionScript): Recording {
  const r: Recording = {
    sessionId, groupId, startedAt: Date.now(), workDir, script, live: true, sessionClosed: false, lastTab: undefined,
    secretTargets: new Set(), docSeq: new Map(), history: new Map(), lastStep: new Map(), stepAt: new Map(), requestAt: new Map(), popups: new Set(), tabs: new Set(),
    queue: Promise.resolve(), saver: undefined as unknown as Saver, stepMs: 0, drafts: new Map(), frameRecorders: new Map(),
  };
  r.saver = new Saver(sessionId, () => snapshot(r));
  return r;
}

function fromSaved(s: Saved): Recording {
  const m = s.meta;
  const r = fresh(m.sessionId, m.groupId, m.workDir, ActionScript.from({ ...m.script, lines: s.lines }));
  r.startedAt = m.startedAt;
  r.live = m.live;
  r.sessionClosed = m.sessionClosed;
  r.lastTab = m.lastTab;
  r.secretTargets = new Set(m.secretTargets);
  r.docSeq = new Map(Object.entries(m.docSeq));
  r.history = new Map(Object.entries(m.history).map(([k, v]) => [Number(k), v]));
  r.saver.loaded(s.lines.length);
  return r;
}

export function recordingOf(sessionId: string): Recording | undefined {
  return recordings.get(sessionId);
}

/** The live recording the tab's session has, if any. */
export function liveFor(tabId: number): Recording | undefined {
  const r = recordings.get(tabSession(tabId));
  return r?.live ? r : undefined;
}

/** Runs fn after everything queued before it, errors kept inside. */
export function enqueue(r: Recording, fn: () => Promise<void>): Promise<void> {
  r.queue = r.queue.then(fn).catch(() => undefined);
  return r.queue;
}

/** Adds lines (their first index marked changed for the saver); false once full. */
export function write(r: Recording, lines: NewLine[], tab: number | undefined): void {
  if (lines.length === 0) return;
  const from = r.script.lines.length;
  if (!r.script.add(lines, Date.now())) {
    r.saver.changed(from);
    return;
  }
  if (tab !== undefined) r.lastTab = tab;
  r.saver.changed(from);
  linesChanged.wake();
  showCount(r);
}

const BADGE_DELAY_MS = 250;
const badgeTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** The badge of each recorded tab shows the number of lines, a moment
 * after they change (one call per tab however many lines came). */
function showCount(r: Recording): void {
  if (badgeTimers.has(r.sessionId)) return;
  badgeTimers.set(
    r.sessionId,
    setTimeout(() => {
      badgeTimers.delete(r.sessionId);
      if (!r.live) return;
      const n = r.script.commands();
      for (const tabId of r.tabs) void callInWorld(tabId, "actionsBadge", [n]).catch(() => undefined);
    }, BADGE_DELAY_MS),
  );
}

// ---- tabs and documents

/** Starts the in-page recorder in a tab: the binding (in the isolated world
 * of every document it shows from now on), then the document it shows now. */
export async function recordTab(r: Recording, tabId: number): Promise<void> {
  await ensureAttached(tabId);
  await send(tabId, "Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  // the person's file chooser opens for them, as without browserctl
  await send(tabId, "Page.setInterceptFileChooserDialog", { enabled: false }).catch(() => undefined);
  await callInWorld(tabId, "startActions", []);
  await startInFrames(tabId);
  await startInFrameSessions(r, tabId);
  r.tabs.add(tabId);
  linesChanged.wake();
  showCount(r);
  await resend(r, tabId);
  if (!r.history.has(tabId)) {
    const h = await historyOf(tabId).catch(() => undefined);
    if (h) r.history.set(tabId, h);
  }
}

/** The documents of the tab's frames that share its session, loaded before
 * the binding came: their recorders start now (a frame loaded later starts
 * its own, autoStartActions). */
async function startInFrames(tabId: number): Promise<void> {
  const tree = await send<{ frameTree: FrameTree }>(tabId, "Page.getFrameTree").catch(() => undefined);
  const children = (n: FrameTree): FrameTree[] => (n.childFrames ?? []).flatMap((c) => [c, ...children(c)]);
  for (const f of tree ? children(tree.frameTree) : []) {
    const contextId = announcedChildWorld(tabId, f.frame.id);
    if (contextId !== undefined) await callInjected(tabId, { contextId }, "startActions", []).catch(() => undefined);
  }
}

/** The tab's out-of-process frames (a cross-site iframe runs in a renderer
 * of its own, reached through a child session) record too: those it has
 * now, and each new one from its first document (it waits at its start
 * until its recorder is there, recordNewFrame). */
async function startInFrameSessions(r: Recording, tabId: number): Promise<void> {
  await followFrames(tabId).catch(() => undefined);
  await Promise.all(childSessions(tabId).map((c) => recordFrameSession(r, tabId, c.sessionId, c.frameId, true).catch(() => undefined)));
}

/**
 * Records in an out-of-process frame's session, as recordTab in the tab's
 * own: the binding and the in-page script in the isolated world of each of
 * its documents from the document's start (autoStartActions starts the
 * recorder there), and with current, the recorder started in the document
 * it has now. Its steps come through Runtime.bindingCalled with the
 * session's id, and their targets carry the frames up to the tab
 * (framePathOf).
 */
async function recordFrameSession(r: Recording, tabId: number, session: string, frameId: string, current: boolean): Promise<void> {
  const inSession: AttachSend = (method, params) => sendIn(tabId, session, method, params as Record<string, unknown>);
  await inSession("Page.enable");
  await inSession("Runtime.enable"); // Runtime.bindingCalled comes from an enabled Runtime only
  await inSession("Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  await installOnNewDocuments(tabId, inSession);
  if (!current) return;
  // the session's world of that name in the frame's document (Chrome
  // answers the same one again while the session lasts)
  const world = await sendIn<{ executionContextId: number }>(tabId, session, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME });
  await callInjected(tabId, { session, contextId: world.executionContextId }, "startActions", []);
  noteFrameRecorder(r, tabId, session, world.executionContextId);
}

/** A new out-of-process frame of a tab that records (a cross-site iframe
 * added or navigated): it records from its first document; one that did
 * not wait at its start (paused false) from the document it has too. */
export const recordNewFrame: NewFrameGate = async (tabId, session, frameId, paused) => {
  await ready();
  const r = liveFor(tabId);
  if (r) await recordFrameSession(r, tabId, session, frameId, !paused);
};

/** The steps an in-page call answered (actionsAfter, stopActions); none when it failed. */
function stepsIn(got: { result: { value?: unknown } } | undefined): ActionStep[] {
  return Array.isArray(got?.result.value) ? (got.result.value as ActionStep[]) : [];
}

/** Steps the tab's document made while no binding took them (a worker restart). */
async function resend(r: Recording, tabId: number): Promise<void> {
  for (const s of stepsIn(await callInWorld(tabId, "actionsAfter", [0]).catch(() => undefined))) void takeStep(tabId, undefined, undefined, s);
}

/** Each attachment of a tab (cdp-events.ts ON_ATTACH): a tab of a recording
 * session (one that joined, or a worker that attached again) records. */
export async function recordOnAttach(tabId: number, raw: AttachSend): Promise<void> {
  await ready();
  const r = liveFor(tabId);
  if (!r) return;
  await raw("Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  // the document it shows now, once the attachment is done (not a gate)
  setTimeout(() => void recordTab(r, tabId).catch(() => undefined), 0);
}

async function historyOf(tabId: number): Promise<TabHistory> {
  return historyFrom(await send<NavigationHistory>(tabId, "Page.getNavigationHistory"));
}

// ---- steps

/** Runtime.bindingCalled, from every session of the tab: a step of the in-page recorder. */
export function bindingCalled(tabId: number, p: Record<string, unknown>, _method: string, sessionId: string | undefined): void {
  if (p["name"] !== ACTIONS_BINDING || typeof p["payload"] !== "string") return;
  let step: ActionStep | { control?: unknown };
  try {
    step = JSON.parse(p["payload"]) as ActionStep | { control?: unknown };
  } catch {
    return;
  }
  if ("control" in step) {
    // the badge's Stop (a trusted click in the closed root of this world)
    if (step.control === "stop" && sessionId === undefined) {
      void ready().then(() => {
        const r = liveFor(tabId);
        if (r) void personStopped(r, tabId);
      });
    }
    return;
  }
  const contextId = typeof p["executionContextId"] === "number" ? p["executionContextId"] : undefined;
  void takeStep(tabId, sessionId, contextId, step as ActionStep);
}

async function takeStep(tabId: number, session: string | undefined, contextId: number | undefined, step: ActionStep): Promise<void> {
  // the files' paths asked now, while the input is surely there (the
  // person may navigate on before the queue gets to the step)
  const paths = step.kind === "upload" ? chosenPaths(tabId, session, contextId, step) : undefined;
  await ready();
  const r = liveFor(tabId);
  if (!r) return;
  if (!step.top && contextId !== undefined) noteFrameRecorder(r, tabId, session, contextId);
  await enqueue(r, () => processStep(r, tabId, session, contextId, step, paths));
}

/** The key of a step's document: its tab and when it started. */
function docKey(tabId: number, step: ActionStep): string {
  return `${tabId}:${step.doc}`;
}

async function processStep(
  r: Recording,
  tabId: number,
  session: string | undefined,
  contextId: number | undefined,
  step: ActionStep,
  paths?: Promise<string[]>,
): Promise<void> {
  if (byAgent(agentWindows(tabId), step.t, STEP_SLACK_MS)) return; // browserctl's own input
  const key = docKey(tabId, step);
  if ((r.docSeq.get(key) ?? 0) >= step.seq) return; // taken already
  if (step.draft) {
    if (step.top) r.drafts.set(tabId, step);
    return;
  }
  const draft = r.drafts.get(tabId);
  if (draft && docKey(tabId, draft) === key) r.drafts.delete(tabId); // the step after it says the field's value, or the field was left
  r.docSeq.set(key, step.seq);
  if (r.docSeq.size > 256) r.docSeq.delete(r.docSeq.keys().next().value!);
  const began = performance.now();
  r.script.actions++;
  // a step in a frame: its target goes after the frames that lead there
  const path = !step.top && step.targets ? await framePathOf(tabId, session, contextId) : undefined;
  // the page checked each candidate with the matcher of its kind, most
  // durable first (injected candidates.ts)
  const first = step.targets?.[0];
  let target: Target | undefined = first ? { kind: first[0], target: first[1] } : undefined;
  const lines = [...switchLines(r, tabId, step.top ? step.url : undefined), ...waitLines(r, tabId, step)];
  r.stepAt.set(tabId, step.t);
  if (!step.top && target) {
    if (path && path.frames.length > 0) target = { ...target, target: formatFrameTarget(path.frames, target.target) };
    else lines.push(frameNote(step.url, tabId));
  }
  if (step.kind !== "press" && !target) {
    lines.push({ text: `# a ${step.kind} the recorder found no target for (on ${step.url}): not replayed`, kind: "comment", tab: tabId });
  }
  const s: StepIn = { kind: step.kind, t: step.t, tab: tabId };
  if (step.value !== undefined) s.value = step.value;
  if (step.values !== undefined) s.values = step.values;
  if (step.key !== undefined) s.key = step.key;
  if (step.secret !== undefined) s.secret = step.secret;
  if (step.field !== undefined) s.field = step.field;
  if (step.kind === "upload") {
    const chosen = scriptPaths(await (paths ?? chosenPaths(tabId, session, contextId, step)), step.values ?? [], r.workDir, r.script);
    s.paths = chosen.paths;
    lines.push(...chosen.notes.map((text): NewLine => ({ text, kind: "comment", tab: tabId })));
  }
  s.stepKey = `${key}:${step.seq}`;
  if (step.replaces !== undefined) s.replaces = `${key}:${step.replaces}`;
  const before = r.script.lines.length;
  lines.push(...stepLines(s, target, r.script, { secretTargets: r.secretTargets }));
  if (r.script.lines.length !== before || lines.length === 0) r.saver.changed(Math.max(0, r.script.lines.length - 1)); // a line rewritten in place
  write(r, lines, tabId);
  r.lastStep.set(tabId, Date.now());
  r.stepMs += performance.now() - began;
  linesChanged.wake();
}

const FRAME_GROUP = "browserctl:record-frames";

/**
 * Where the document of a step in a frame sits (its context in session):
 * the frames from the top document down, each named by a selector that
 * finds its iframe alone, and its frame's id; undefined when a frame cannot
 * be named (its document went away since the step).
 */
async function framePathOf(tabId: number, session: string | undefined, contextId: number | undefined): Promise<FramePath | undefined> {
  if (contextId === undefined) return undefined;
  const sessions = new Set<string | undefined>([session]);
  try {
    const doc = await callInjected(tabId, { contextId, session }, "documentNode", [], { returnByValue: false, objectGroup: FRAME_GROUP });
    if (!doc.result.objectId) return undefined;
    return await framesOfDocument(tabId, session, doc.result.objectId, FRAME_GROUP, sessions);
  } catch {
    return undefined;
  } finally {
    for (const s of sessions) void sendIn(tabId, s, "Runtime.releaseObjectGroup", { objectGroup: FRAME_GROUP }).catch(() => undefined);
  }
}

/** Before a line whose element is in a frame that could not be named (its
 * document went away): its target is the frame document's, which the
 * replay looks for in the top document, so it stops there with not_found,
 * which the script says rather than hide. */
function frameNote(url: string, tab: number): NewLine {
  return { text: `# in the frame of ${url}, which could not be named: the replay looks in the top document and stops at the next line (not_found)`, kind: "comment", tab };
}

/** A request this soon after a step was set off by it. */
const REQUEST_MS = 1_000;

/**
 * Before a step that followed a request the step before set off (a filter
 * that fetched its rows): a wait for what the person saw appear (wait
 * --text); the target of the step waits for itself besides.
 */
function waitLines(r: Recording, tabId: number, step: ActionStep): NewLine[] {
  const prev = r.stepAt.get(tabId);
  const req = r.requestAt.get(tabId);
  if (prev === undefined || req === undefined || req < prev || req - prev > REQUEST_MS) return [];
  if (r.script.lastCommand()?.[0].tab !== tabId) return [];
  r.requestAt.delete(tabId);
  // What the person saw appear; a request whose effect shows as no text
  // (a link's href changed) gets no wait: one for the network to fall
  // quiet would follow every page that reports each click to its server.
  return step.appeared ? [{ text: commandLine(["wait", "--text"], [step.appeared]), kind: "wait", tab: tabId }] : [];
}

/** Network.requestWillBeSent of a tab's own session: a page script's
 * request (fetch, XHR) a step may have set off. */
export function requestStarted(tabId: number, p: Record<string, unknown>): void {
  if (p["type"] !== "Fetch" && p["type"] !== "XHR") return;
  const r = recordings.get(tabSession(tabId));
  const at = Date.now();
  // in line behind the steps before it, so it is measured from the step that set it off
  if (r?.live && !byAgent(agentWindows(tabId), at)) void enqueue(r, async () => void r.requestAt.set(tabId, at));
}

/**
 * Before a line in another tab than the last line's: the switch to it. A
 * tab a step opened (a link to a new tab) is where the replay is already
 * (Chrome shows the new tab): its page is waited for; another tab is
 * activated by its URL.
 */
function switchLines(r: Recording, tabId: number, url?: string): NewLine[] {
  const shown = url ?? r.history.get(tabId)?.url ?? "";
  if (r.popups.has(tabId)) {
    if (!/^(https?|file):/i.test(shown)) return []; // still at its first about:blank
    r.popups.delete(tabId);
    return [{ text: commandLine(["wait", "--url"], [urlPattern(shown)]), kind: "wait", tab: tabId }];
  }
  if (r.lastTab === undefined || r.lastTab === tabId || !shown) return [];
  return [{ text: commandLine(["tab", "activate"], [shown]), kind: "tab activate", tab: tabId }];
}

/** chrome.tabs.onCreated: a tab a page of a recording session opened
 * right after the person's step there (a link to a new tab, window.open). */
export function tabCreated(t: chrome.tabs.Tab): void {
  if (t.id === undefined || t.openerTabId === undefined) return;
  const tabId = t.id;
  const opener = t.openerTabId;
  void ready().then(() => {
    const r = liveFor(opener);
    if (!r) return;
    void enqueue(r, async () => {
      const last = r.script.lastCommand()?.[0];
      if (last && last.tab === opener && Date.now() - last.at < POPUP_MS && !byAgent(agentWindows(opener), last.at)) r.popups.add(tabId);
    });
  });
}

// ---- navigations

/** Page.frameNavigated of a tab's own session: a new main-frame document. */
export function frameNavigated(tabId: number, p: Record<string, unknown>): void {
  const f = p["frame"] as { parentId?: unknown; url?: unknown } | undefined;
  if (!f || f.parentId) return;
  // the frames' recorders went with the document (and a new renderer
  // numbers its contexts from 1 again)
  recordings.get(tabSession(tabId))?.frameRecorders.delete(tabId);
  const at = Date.now();
  const url = typeof f.url === "string" ? f.url : "";
  // the history read now, not when the queue gets to it: the person may
  // have gone on to the next page by then
  const history = mayRecord(tabId) ? historyAfter(tabId, url) : undefined;
  void (async () => {
    await ready();
    const r = liveFor(tabId);
    if (r && history) await enqueue(r, async () => navigated(r, tabId, at, url, await history));
  })();
}

/** Waits before each read of historyAfter after the first (ms): the
 * browser moves to the committed entry within a few ms, and a person who
 * goes on (back, a reload) changes the entry the read shows, so it is
 * asked again soon and often. */
const HISTORY_RETRY_MS = [5, 10, 20, 40, 80];

/** The tab's history as the navigation's event arrived; asked again a
 * moment later while the browser swaps the page under it ("Not attached to
 * an active page") or has not moved to the committed entry yet. fresh: it
 * shows this navigation (the person may have moved on already). */
async function historyAfter(tabId: number, url: string): Promise<{ h?: NavigationHistory; fresh: boolean }> {
  let last: NavigationHistory | undefined;
  for (let i = 0; ; i++) {
    const h = await send<NavigationHistory>(tabId, "Page.getNavigationHistory").catch(() => undefined);
    const e = h?.entries[h.currentIndex];
    if (h && e) {
      if (url === "" || e.url === url) return { h, fresh: true };
      last = h;
    }
    if (i >= HISTORY_RETRY_MS.length) break;
    await new Promise((res) => setTimeout(res, HISTORY_RETRY_MS[i]));
  }
  return last ? { h: last, fresh: false } : { fresh: false };
}

async function navigated(r: Recording, tabId: number, at: number, url: string, read: { h?: NavigationHistory; fresh: boolean }): Promise<void> {
  // the field the person was typing into when the document went: its fill
  // comes first (the draft's seq is the fill's, so a late fill is not
  // written twice)
  const draft = r.drafts.get(tabId);
  r.drafts.delete(tabId);
  if (draft) {
    const { draft: _, ...step } = draft;
    await processStep(r, tabId, undefined, undefined, step);
  }
  const prev = r.history.get(tabId);
  const { words, now } = classify(prev, url, read.h, read.fresh);
  r.history.set(tabId, now);
  r.saver.changed();
  if (byAgent(agentWindows(tabId), at)) return; // browserctl navigated it
  if (r.popups.has(tabId)) {
    write(r, switchLines(r, tabId, now.url), tabId); // a step opened it: wait for its page
    return;
  }
  const lines: NewLine[] = [];
  if (words[0] === "back" || words[0] === "forward") {
    lines.push(...switchLines(r, tabId));
    for (const w of words) lines.push({ text: w, kind: w, tab: tabId });
  } else if (words[0] === "wait") {
    const last = r.script.last();
    if (last && last.kind === "wait" && last.tab === tabId && (r.lastStep.get(tabId) ?? 0) <= last.at) {
      // a redirect after the wait: wait for where it went instead
      r.script.lines.pop();
      r.saver.changed(r.script.lines.length);
    }
    lines.push({ text: commandLine(words.slice(0, 2), words.slice(2)), kind: "wait", tab: tabId });
  } else {
    const cmd = words[0] === "tab" ? 2 : 1;
    if (cmd === 1) lines.push(...switchLines(r, tabId));
    lines.push({ text: commandLine(words.slice(0, cmd), words.slice(cmd)), kind: words.slice(0, cmd).join(" "), tab: tabId });
  }
  write(r, lines, tabId);
}

// ---- the recording itself

export function startRecording(sessionId: string, groupId: number, workDir: string): Recording {
  const r = fresh(sessionId, groupId, workDir, new ActionScript());
  recordings.set(sessionId, r);
  void r.saver.register();
  r.saver.changed(0);
  return r;
}

/** The first line: the page the recording started on. */
export function startLine(r: Recording, tabId: number, url: string): void {
  if (!/^(https?|file):/i.test(url)) return;
  write(r, [{ text: commandLine(["open"], [url]), kind: "open", tab: tabId }], tabId);
}

/** Ends a recording: the steps each tab's document still held (a field
 * being typed into), then nothing more; the recording stays to be read. */
export async function endRecording(r: Recording, tabIds: number[]): Promise<void> {
  if (r.live) await halt(r, tabIds);
  await r.queue;
  recordings.delete(r.sessionId);
  await r.saver.drop();
  linesChanged.wake();
}

const MAX_FRAME_RECORDERS = 64;

function noteFrameRecorder(r: Recording, tabId: number, session: string | undefined, contextId: number): void {
  let m = r.frameRecorders.get(tabId);
  if (!m) r.frameRecorders.set(tabId, (m = new Map()));
  m.set(`${session ?? ""}:${contextId}`, { session, contextId });
  if (m.size > MAX_FRAME_RECORDERS) m.delete(m.keys().next().value!);
}

/** Stops the in-page recorder of one tab: the steps its documents still
 * held (a field being typed into, in the top document or a frame's) are
 * taken, the binding goes. Only a tab the debugger holds: one let go is
 * never attached again for it. */
async function stopTab(r: Recording, tabId: number): Promise<void> {
  if (!isAttached(tabId)) return;
  for (const s of stepsIn(await callInWorld(tabId, "stopActions", []).catch(() => undefined))) {
    void enqueue(r, () => processStep(r, tabId, undefined, undefined, s));
  }
  // a frame's document that is gone answers nothing: its fill went with it
  for (const { session, contextId } of r.frameRecorders.get(tabId)?.values() ?? []) {
    const got = await callInjected(tabId, { session, contextId }, "stopActions", [], { install: false }).catch(() => undefined);
    for (const s of stepsIn(got)) void enqueue(r, () => processStep(r, tabId, session, contextId, s));
  }
  r.frameRecorders.delete(tabId);
  // the tab's and its out-of-process frames': their documents' recorders
  // have nobody to tell from now on
  const sessions = [undefined, ...childSessions(tabId).map((c) => c.sessionId)];
  await Promise.all(sessions.map((s) => sendIn(tabId, s, "Runtime.removeBinding", { name: ACTIONS_BINDING }).catch(() => undefined)));
  await sendIn(tabId, undefined, "Page.setInterceptFileChooserDialog", { enabled: true }).catch(() => undefined);
  r.tabs.delete(tabId);
}

/** Takes no more steps: every tab's recorder stopped, what they held taken. */
async function halt(r: Recording, tabIds: number[]): Promise<void> {
  await r.queue; // the steps taken so far still need their elements
  for (const tabId of tabIds) await stopTab(r, tabId);
  await r.queue;
  r.live = false;
  r.saver.changed();
  linesChanged.wake();
}

/** The badge's Stop in a recorded page: the person ends the recording; its
 * lines stay for record actions stop. */
async function personStopped(r: Recording, tabId: number): Promise<void> {
  if (!r.live) return;
  await enqueue(r, async () => write(r, [{ text: "# the person pressed Stop in the page here", kind: "comment", tab: tabId }], undefined));
  await halt(r, [...r.tabs]); // not in the queue: halt waits for it
}

/** A tab is let go (session release, close): its recorder stops first, and
 * what it held is kept (pages/index.ts releaseTab). */
export async function releaseRecordedTab(tabId: number): Promise<void> {
  const r = isLoaded ? liveFor(tabId) : undefined;
  if (r) await stopTab(r, tabId);
}

/** The session went away (closed, its group removed): the lines so far are kept. */
export function sessionEnded(sessionId: string): void {
  void ready().then(() => {
    const r = recordings.get(sessionId);
    if (!r || !r.live) return;
    void enqueue(r, async () => {
      for (const tabId of [...r.tabs]) void stopTab(r, tabId); // not awaited: it queues what the tab held
      r.live = false;
      r.sessionClosed = true;
      write(r, [{ text: "# the session was closed here: the recording ends", kind: "comment" }], undefined);
      r.saver.changed();
      await r.saver.flush();
      linesChanged.wake();
    });
  });
}


// ---- the popup's view

/** What the popup shows of a recording. */
export interface RecordingView {
  sessionId: string;
  live: boolean;
  lines: number;
  actions: number;
  last: string;
  /** The value the person typed last can still be marked secret. */
  secretable: boolean;
}

function lastPlainFill(r: Recording): number {
  for (let i = r.script.lines.length - 1; i >= 0; i--) {
    const l = r.script.lines[i]!;
    if (l.kind === "fill" && l.target !== undefined && !/ \$[A-Z]+_\d+$/.test(l.text)) return i;
  }
  return -1;
}

export async function recordingViews(): Promise<RecordingView[]> {
  await ready();
  return [...recordings.values()].map((r) => {
    const last = r.script.lastCommand()?.[0].text ?? "";
    return { sessionId: r.sessionId, live: r.live, lines: r.script.commands(), actions: r.script.actions, last, secretable: lastPlainFill(r) >= 0 };
  });
}

/**
 * The popup's "secret": the value the person typed last is written as
 * $SECRET_N instead, with a comment naming its field, and so is every
 * later value of that field. False when there is none to mark.
 */
export async function markLastSecret(sessionId: string): Promise<boolean> {
  await ready();
  const r = recordings.get(sessionId);
  if (!r) return false;
  let done = false;
  await enqueue(r, async () => {
    const i = lastPlainFill(r);
    if (i < 0) return;
    const line = r.script.lines[i]!;
    const v = r.script.variable("SECRET");
    r.secretTargets.add(line.target!);
    // its comment joins the same entry: the lines after it keep their
    // numbers (a follower's cursor counts them)
    const note = `# ${v}: the value typed into ${line.target}, marked secret; set ${v.slice(1)} in the environment before running this script`;
    r.script.lines[i] = { ...line, text: note + "\n" + commandLine(["fill"], [line.target!, v], new Set([v])) };
    r.saver.changed(i);
    linesChanged.wake();
    done = true;
  });
  return done;
}

/** The popup's Stop: as the badge's. */
export async function stopFromPopup(sessionId: string): Promise<boolean> {
  await ready();
  const r = recordings.get(sessionId);
  if (!r?.live) return false;
  await personStopped(r, r.lastTab ?? -1);
  return true;
}
