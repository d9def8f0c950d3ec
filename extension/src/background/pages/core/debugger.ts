// chrome.debugger per tab: attached lazily on the first pages.* call, kept
// until the tab closes, the user cancels the infobar, or releaseTab. Every
// CDP command has a deadline and never hangs, and a JavaScript dialog in the
// tab fails every command at once with 4110 naming the dialog.

import { cdpSent, noteCdp } from "../../call-timing";
import { ErrorCode, RpcError } from "../../types";
import { failed } from "./failed";
import { Wakeup } from "./wakeup";

const PROTOCOL_VERSION = "1.3";
/**
 * A CDP command that has not answered by then fails with 4102 "timed out":
 * the spec's default call timeout, or the budget of the call running on the
 * tab (setCallBudget: the caller's timeoutMs), so a command is never cut
 * shorter than the caller's --timeout.
 */
export const COMMAND_TIMEOUT_MS = 30_000;
const callBudgets = new Map<number, number>();

/** The running call's budget for the tab's commands; undefined clears it. */
export function setCallBudget(tabId: number, ms: number | undefined): void {
  if (ms === undefined) callBudgets.delete(tabId);
  else callBudgets.set(tabId, ms);
}

export interface Dialog {
  type: string;
  message: string;
  /** A prompt's default text. */
  defaultPrompt?: string;
}

/**
 * Decides a dialog as it opens (dialogs.ts): true when it answered the
 * dialog at once, so the tab is not blocked and calls in flight go on;
 * false holds it open.
 */
export type DialogHook = (tabId: number, d: Dialog) => boolean;

/** 4110 for a command that could not run because a dialog is open. */
export class DialogOpenError extends RpcError {
  constructor(readonly dialog: Dialog) {
    super(ErrorCode.pageOperationFailed, dialogMessage(dialog), "dialog_open");
    this.name = "DialogOpenError";
  }
}

/**
 * A step whose failure the call can live with: what p answers, or what
 * `otherwise` makes of its failure. A dialog is the one failure no step
 * swallows: DialogOpenError always goes on up to the call, which names it
 * (call.ts), instead of the step's fallback hiding it until a timeout.
 */
export async function unlessDialog<T, U>(p: Promise<T>, otherwise: (e: unknown) => U | Promise<U>): Promise<T | U> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return otherwise(e);
  }
}

export function dialogMessage(d: Dialog): string {
  return `a JavaScript ${d.type || "dialog"} is open: ${JSON.stringify(d.message)}; dismiss it first`;
}

/** A CDP command on an attachment that is still being set up. */
export type AttachSend = (method: string, params?: object) => Promise<unknown>;
export type AttachHook = (tabId: number, send: AttachSend) => Promise<void>;

export type CdpEventListener = (method: string, params: Record<string, unknown>) => void;

/**
 * A handler of one CDP event of an attached tab: its params, the event's
 * name, and the child session it came from (an out-of-process frame;
 * undefined: the tab's own session).
 */
export type CdpHandler = (
  tabId: number,
  params: Record<string, unknown>,
  method: string,
  sessionId: string | undefined,
) => void;

/** What one attached tab listens to and sets up (cdp-events.ts builds it). */
export interface TabWiring {
  /** Event name -> handlers run for it from every session of the tab, in order. */
  everySession: ReadonlyMap<string, readonly CdpHandler[]>;
  /** Event name -> handlers run for it from the tab's own session, in order, after everySession's. */
  tabSession: ReadonlyMap<string, readonly CdpHandler[]>;
  /** Run once per attachment beside Page.enable (domains whose events are listened to). */
  onAttach: readonly AttachHook[];
  /** Like onAttach, but the calls that attached wait for them before they send
   * anything (settings a page must have before a call reads it). A gate must
   * not send through send()/sendIn() (they wait for this very attachment). */
  gates: readonly AttachHook[];
}

const NO_WIRING: TabWiring = { everySession: new Map(), tabSession: new Map(), onAttach: [], gates: [] };
let wireTab: (tabId: number) => TabWiring = () => NO_WIRING;

/** How a tab is wired as it is attached (cdp-events.ts sets it once). */
export function setTabWiring(fn: (tabId: number) => TabWiring): void {
  wireTab = fn;
}

interface TabState {
  attaching: Promise<void>;
  /** Page.enable (dialog and navigation events); a dialog that was open
   * before attaching holds it, and no event names that dialog. */
  enabled: Promise<void>;
  enableDone: boolean;
  /** The attach hooks' commands (console, network, downloads ...) answered. */
  hooked: Promise<void>;
  dialog: Dialog | null;
  /** The number of the dialog showing now (0: none), counted per tab from
   * Page.javascriptDialogOpening to ...Closed, whether held or answered. */
  showing: number;
  opened: number;
  /** Bumped on every cross-document navigation of the main frame. */
  generation: number;
  /** The tab's CDP listeners while it is attached (wireTab), dropped as it is forgotten. */
  wiring: TabWiring;
  /** Listeners of one call (a navigation waiting for its load ...), the tab's own session. */
  listeners: Set<CdpEventListener>;
  dialogWaiters: Set<(d: Dialog) => void>;
}

const tabs = new Map<number, TabState>();
const forgetHooks = new Set<(tabId: number) => void>();

/** Every event of every attached tab, its child sessions' too (sessionId
 * set), for the length of one call (wait-frames.ts: frames that come and go). */
export type SessionEventListener = (
  tabId: number,
  sessionId: string | undefined,
  method: string,
  params: Record<string, unknown>,
) => void;
const sessionListeners = new Set<SessionEventListener>();

/** Subscribes a call to the events of every tab and child session; returns the unsubscribe. */
export function listenSessions(fn: SessionEventListener): () => void {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}

function run(handlers: readonly CdpHandler[] | undefined, tabId: number, p: Record<string, unknown>, method: string, sessionId: string | undefined): void {
  for (const h of handlers ?? []) {
    try {
      h(tabId, p, method, sessionId);
    } catch {
      // a handler's bug must not stop the others
    }
  }
}

// Stored listeners, so uninstall() can remove them.
let installed = false;
const onEvent = (source: chrome.debugger.DebuggerSession, method: string, params?: object): void => {
  const st = source.tabId === undefined ? undefined : tabs.get(source.tabId);
  if (!st) return;
  const tabId = source.tabId!;
  const p = (params ?? {}) as Record<string, unknown>;
  run(st.wiring.everySession.get(method), tabId, p, method, source.sessionId);
  for (const l of [...sessionListeners]) {
    try {
      l(tabId, source.sessionId, method, p);
    } catch {
      // a listener's bug must not stop the others
    }
  }
  // A child session's events (an out-of-process frame, frames.ts) say
  // nothing about the tab's own document or dialogs.
  if (source.sessionId !== undefined) return;
  run(st.wiring.tabSession.get(method), tabId, p, method, undefined);
  for (const l of [...st.listeners]) {
    try {
      l(method, p);
    } catch {
      // a listener's bug must not stop the others
    }
  }
};

/**
 * Page.javascriptDialogOpening: the tab shows a dialog. answer (dialogs.ts)
 * may answer it at once; otherwise it is held, and calls fail naming it.
 */
export function dialogOpening(tabId: number, p: Record<string, unknown>, answer: DialogHook): void {
  const st = tabs.get(tabId);
  if (!st) return;
  st.showing = ++st.opened;
  const d: Dialog = { type: String(p["type"] ?? "dialog"), message: String(p["message"] ?? "") };
  if (typeof p["defaultPrompt"] === "string") d.defaultPrompt = p["defaultPrompt"];
  let answered = false;
  try {
    answered = answer(tabId, d);
  } catch {
    // a hook's bug holds the dialog, as without a hook
  }
  if (!answered) hold(st, d);
}

/** Page.javascriptDialogClosed: no dialog holds the tab any more. */
export function dialogClosed(tabId: number): void {
  const st = tabs.get(tabId);
  if (!st) return;
  st.dialog = null;
  st.showing = 0;
}

/** Page.frameNavigated: a new main-frame document is a new generation. */
export function noteFrameNavigated(tabId: number, p: Record<string, unknown>): void {
  const st = tabs.get(tabId);
  const frame = p["frame"] as { parentId?: string; url?: string } | undefined;
  if (st && frame && !frame.parentId) {
    st.generation++;
    documents.wake();
    // The tab went to an extension's page (history, a person): let go of it.
    if (showsExtensionPage(frame.url)) void detach(tabId);
  }
}

const documents = new Wakeup();

/**
 * Waits until the tab shows a main-frame document newer than generation
 * `since` (a call whose document went away waits for the next one), at
 * most ms; answers whether it came.
 */
export function nextDocument(tabId: number, since: number, ms: number): Promise<boolean> {
  return documents.until(() => generation(tabId) !== since, ms);
}
const onDetach = (source: chrome.debugger.Debuggee): void => {
  if (source.tabId !== undefined) forget(source.tabId);
};
const onRemoved = (tabId: number): void => {
  forget(tabId);
};

function install(): void {
  if (installed) return;
  installed = true;
  chrome.debugger.onEvent.addListener(onEvent);
  chrome.debugger.onDetach.addListener(onDetach);
  chrome.tabs.onRemoved.addListener(onRemoved);
}

/** Removes every listener and forgets every tab (tests, shutdown). */
export function uninstall(): void {
  if (!installed) return;
  installed = false;
  chrome.debugger.onEvent.removeListener(onEvent);
  chrome.debugger.onDetach.removeListener(onDetach);
  chrome.tabs.onRemoved.removeListener(onRemoved);
  for (const id of [...tabs.keys()]) forget(id);
}

/** Runs fn whenever a tab's state is dropped (refs hook in here). */
export function onForget(fn: (tabId: number) => void): void {
  forgetHooks.add(fn);
}

function forget(tabId: number): void {
  const st = tabs.get(tabId);
  tabs.delete(tabId);
  if (st) {
    st.wiring = NO_WIRING;
    st.listeners.clear();
    st.dialogWaiters.clear();
  }
  for (const h of forgetHooks) h(tabId);
}

/** The CDP error text out of chrome.debugger's rejection. */
export function cdpMessage(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  try {
    const parsed = JSON.parse(raw) as { message?: unknown };
    if (parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON: chrome's own message
  }
  return raw;
}


/** Whether a URL as the browser reports it (canonical) is an extension's
 * page: this extension's own hold every chrome.* API it has, so the
 * debugger is never left on one (a caller given one session would reach
 * every tab); another's it cannot attach to anyway. */
function showsExtensionPage(url: string | undefined): boolean {
  return (url ?? "").toLowerCase().startsWith("chrome-extension:");
}

function extensionPageRefused(url: string): RpcError {
  return failed(`the tab shows an extension's page (${url}), which browserctl does not drive`, "forbidden");
}

async function attach(tabId: number): Promise<void> {
  const target = { tabId };
  // Where the tab is, asked beside the attach (no time added): an
  // extension's page is left before any command is sent to it.
  const shown = chrome.tabs.get(tabId).then(
    (t) => t.pendingUrl || t.url,
    () => undefined,
  );
  try {
    await chrome.debugger.attach(target, PROTOCOL_VERSION);
  } catch (e) {
    const msg = cdpMessage(e);
    // After a service-worker restart our own earlier attachment may still
    // hold the tab: detach it and try once more. Someone else's (DevTools)
    // refuses the detach, and the call fails.
    if (!/already attached/i.test(msg)) throw failed(msg);
    try {
      await chrome.debugger.detach(target);
      await chrome.debugger.attach(target, PROTOCOL_VERSION);
    } catch (e2) {
      throw failed(cdpMessage(e2));
    }
  }
  const url = await shown;
  if (showsExtensionPage(url)) {
    await chrome.debugger.detach(target).catch(() => undefined);
    throw extensionPageRefused(url!);
  }
}

/** How long a call waits for the first Page.enable before it gives up. */
export const ENABLE_GRACE_MS = 3_000;

function unresponsive(): RpcError {
  return failed(
    "the page does not answer: a JavaScript dialog may have been open before browserctl attached " +
      "(dismiss it first), or a script keeps the page busy",
  );
}

function state(tabId: number): TabState {
  install();
  let st = tabs.get(tabId);
  if (!st) {
    const fresh: TabState = {
      attaching: Promise.resolve(),
      enabled: Promise.resolve(),
      enableDone: false,
      hooked: Promise.resolve(),
      dialog: null,
      showing: 0,
      opened: 0,
      generation: 0,
      wiring: wireTab(tabId),
      listeners: new Set(),
      dialogWaiters: new Set(),
    };
    fresh.attaching = attach(tabId).catch((e: unknown) => {
      if (tabs.get(tabId) === fresh) tabs.delete(tabId);
      throw e;
    });
    fresh.enabled = fresh.attaching
      .then(() => {
        // Sent right after Page.enable and not awaited: CDP runs a
        // session's commands in order, so they are on before the call's
        // own commands, and one that hangs (a dialog) delays nothing.
        const enabled = rawSend(tabId, "Page.enable", {}, COMMAND_TIMEOUT_MS);
        const raw: AttachSend = (method, params = {}) => rawSend(tabId, method, params, COMMAND_TIMEOUT_MS);
        const hooks = fresh.wiring.onAttach.map((hk) => hk(tabId, raw).catch(() => undefined));
        fresh.hooked = Promise.all(hooks).then(() => undefined);
        // Gates (a session's emulation settings) are on before the first
        // call's own commands; a gate's failure does not fail the call.
        const gates = fresh.wiring.gates.map((hk) => hk(tabId, raw).catch(() => undefined));
        return gates.length === 0 ? enabled : Promise.all([enabled, ...gates]);
      })
      .then(
      () => {
        fresh.enableDone = true;
      },
      (e: unknown) => {
        // Never enabled: drop the attachment, the next call starts over.
        if (tabs.get(tabId) === fresh) void detach(tabId);
        throw e;
      },
    );
    fresh.enabled.catch(() => {});
    tabs.set(tabId, fresh);
    st = fresh;
  }
  return st;
}

/** Attaches when needed; fails with 4110 while a dialog is open. */
export async function ensureAttached(tabId: number): Promise<void> {
  const st = state(tabId);
  await st.attaching;
  if (st.dialog) throw new DialogOpenError(st.dialog);
  if (!st.enableDone) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), ENABLE_GRACE_MS)));
    try {
      if ((await Promise.race([st.enabled, grace])) === "late") throw unresponsive();
    } catch (e) {
      if (e instanceof RpcError) throw e;
      throw failed(cdpMessage(e));
    } finally {
      clearTimeout(timer);
    }
    if (st.dialog) throw new DialogOpenError(st.dialog);
  }
}

/**
 * Attaches now (a tab that joins a session), so the attach hooks record the
 * page's console, errors and requests from here on. Resolves once the
 * hooks' domains are on, or after waitMs (a dialog or a busy page holds
 * them: they come on later by themselves); rejects only when the debugger
 * cannot attach (DevTools holds the tab, a chrome:// page).
 */
export async function attachNow(tabId: number, waitMs: number): Promise<void> {
  const st = state(tabId);
  await st.attaching;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, waitMs)));
  try {
    // Set by now: the hooks are sent as soon as attaching settles.
    await Promise.race([st.hooked, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function isAttached(tabId: number): boolean {
  return tabs.has(tabId);
}

/** The tabs the debugger is attached to (or attaching) now. */
export function attachedTabs(): number[] {
  return [...tabs.keys()];
}

/** The dialog open in the tab, if the debugger knows of one. */
export function openDialog(tabId: number): Dialog | null {
  return tabs.get(tabId)?.dialog ?? null;
}

function hold(st: TabState, d: Dialog): void {
  st.dialog = d;
  for (const w of [...st.dialogWaiters]) w(d);
}

/** The number of the dialog showing in the tab now, 0 when none is. */
export function showingDialog(tabId: number): number {
  return tabs.get(tabId)?.showing ?? 0;
}

/**
 * Marks a dialog open in the tab: calls fail naming it until it closes.
 * With which (showingDialog's number when it opened), only while that very
 * dialog is still showing: one that closed meanwhile (a page that loops
 * alert() and a `dialog` call answering it first) must not be held for ever.
 */
export function holdDialog(tabId: number, d: Dialog, which?: number): void {
  const st = tabs.get(tabId);
  if (!st) return;
  if (which !== undefined && (which === 0 || st.showing !== which)) return;
  hold(st, d);
}

/** Forgets the tab's open dialog (it was just answered). */
export function clearDialog(tabId: number): void {
  const st = tabs.get(tabId);
  if (st) st.dialog = null;
}

/**
 * Sends a command while a dialog may be open (Page.handleJavaScriptDialog):
 * no dialog check.
 */
export async function sendDuringDialog<T = Record<string, unknown>>(
  tabId: number,
  method: string,
  params: object = {},
): Promise<T> {
  // Attached without waiting for Page.enable: a dialog open before we
  // attached holds that, and this is how to close it.
  await state(tabId).attaching;
  return (await rawSend(tabId, method, params, COMMAND_TIMEOUT_MS)) as T;
}

/**
 * Sends a command in an out-of-process frame's session at once: commands
 * sent this way reach the browser in the order of the calls. For what a
 * new frame gets as its session attaches, while the frame waits at its
 * start (frames.ts), and the resume sent last. No dialog check: a waiting
 * frame runs nothing of the page yet, and a dialog of the tab's document
 * does not hold the frame's own process.
 */
export function sendToFrame<T = Record<string, unknown>>(tabId: number, sessionId: string, method: string, params: object = {}): Promise<T> {
  if (!tabs.has(tabId)) return Promise.reject(failed("the debugger was detached from the tab"));
  return rawSend(tabId, method, params, COMMAND_TIMEOUT_MS, sessionId) as Promise<T>;
}

/** How many main-frame documents the tab has loaded since attaching. */
export function generation(tabId: number): number {
  return tabs.get(tabId)?.generation ?? -1;
}

/** Subscribes to the tab's CDP events; returns the unsubscribe. */
export function listen(tabId: number, fn: CdpEventListener): () => void {
  const st = tabs.get(tabId);
  if (!st) return () => {};
  st.listeners.add(fn);
  return () => st.listeners.delete(fn);
}

function rawSend(
  tabId: number,
  method: string,
  params: object,
  timeoutMs: number,
  sessionId?: string,
): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new RpcError(ErrorCode.operationFailed, `timed out after ${timeoutMs} ms waiting for ${method} to answer`));
    }, timeoutMs);
    const target: chrome.debugger.DebuggerSession = sessionId === undefined ? { tabId } : { tabId, sessionId };
    const sent = performance.now();
    cdpSent(tabId);
    chrome.debugger.sendCommand(target, method, params).then(
      (r) => {
        clearTimeout(timer);
        noteCdp(tabId, method, performance.now() - sent);
        resolve(r);
      },
      (e: unknown) => {
        clearTimeout(timer);
        noteCdp(tabId, method, performance.now() - sent);
        reject(failed(cdpMessage(e)));
      },
    );
  });
}

/**
 * Sends one CDP command to the tab: attaches first if needed, fails fast
 * while a dialog is open, and fails with DialogOpenError when a dialog opens
 * before the command answers (input that opens an alert does not answer
 * until the alert is gone).
 */
export async function send<T = Record<string, unknown>>(
  tabId: number,
  method: string,
  params: object = {},
  timeoutMs?: number,
): Promise<T> {
  return sendIn<T>(tabId, sessionRoute?.(tabId, params), method, params, timeoutMs);
}

/** Picks the child session a command's objectId lives in (refs.ts sets it):
 * actions on an element of an out-of-process frame then reach that frame. */
let sessionRoute: ((tabId: number, params: object) => string | undefined) | undefined;
export function setSessionRoute(fn: (tabId: number, params: object) => string | undefined): void {
  sessionRoute = fn;
}

/** send() to a child session of the tab (undefined: the tab itself). */
export async function sendIn<T = Record<string, unknown>>(
  tabId: number,
  sessionId: string | undefined,
  method: string,
  params: object = {},
  timeoutMs?: number,
): Promise<T> {
  try {
    return await sendOnce<T>(tabId, sessionId, method, params, timeoutMs);
  } catch (e) {
    // Chrome let go of the tab without telling us (no onDetach): forget
    // the stale attachment and attach again, once. The command never
    // reached the page, so sending it again sends it once.
    if (!(e instanceof RpcError) || !NOT_ATTACHED.test(e.message) || sessionId !== undefined) throw e;
    if (tabs.has(tabId)) forget(tabId);
    return sendOnce<T>(tabId, sessionId, method, params, timeoutMs);
  }
}

/** chrome.debugger's answer for a tab it is not attached to. */
const NOT_ATTACHED = /Debugger is not attached to the tab/i;

async function sendOnce<T>(
  tabId: number,
  sessionId: string | undefined,
  method: string,
  params: object,
  timeoutMs: number | undefined,
): Promise<T> {
  const ms = timeoutMs ?? callBudgets.get(tabId) ?? COMMAND_TIMEOUT_MS;
  await ensureAttached(tabId);
  return (await untilDialog(tabId, (dialogOpened) => Promise.race([rawSend(tabId, method, params, ms, sessionId), dialogOpened]))) as T;
}

/** Runs wait with a promise that rejects with DialogOpenError when a
 * dialog opens on the attached tab. */
async function untilDialog<T>(tabId: number, wait: (dialogOpened: Promise<never>) => Promise<T>): Promise<T> {
  const st = tabs.get(tabId);
  if (!st) throw failed("the debugger was detached from the tab");
  let waiter: ((d: Dialog) => void) | undefined;
  const dialogOpened = new Promise<never>((_, reject) => {
    waiter = (d) => reject(new DialogOpenError(d));
    st.dialogWaiters.add(waiter);
  });
  dialogOpened.catch(() => {});
  try {
    return await wait(dialogOpened);
  } finally {
    if (waiter) st.dialogWaiters.delete(waiter);
  }
}

/**
 * Sends commands to the tab one after another without waiting for each
 * answer: the browser runs a tab's commands in the order they are sent.
 * For input events, whose answers wait for the renderer (a mouse move's
 * for the next frame), so a click's move, press and release cost about
 * one wait instead of three. Resolves when every one has answered; fails
 * as send() does, and with DialogOpenError as soon as a dialog opens (the
 * events after the one that opened it reach the page when the dialog is
 * closed, as a person's release of the button would).
 */
export async function sendInOrder(tabId: number, commands: ReadonlyArray<readonly [method: string, params: object]>): Promise<void> {
  let answered = 0;
  const once = async () => {
    await ensureAttached(tabId);
    const timeoutMs = callBudgets.get(tabId) ?? COMMAND_TIMEOUT_MS;
    await untilDialog(tabId, async (dialogOpened) => {
      const answers = commands.map(([method, params]) => rawSend(tabId, method, params, timeoutMs));
      for (const a of answers) a.catch(() => {}); // each is awaited below unless an earlier one failed
      for (const a of answers) {
        await Promise.race([a, dialogOpened]);
        answered++;
      }
    });
  };
  try {
    await once();
  } catch (e) {
    // As sendIn: Chrome let go of the tab without telling us. Only when
    // the first command failed so: none of them reached the page.
    if (answered > 0 || !(e instanceof RpcError) || !NOT_ATTACHED.test(e.message)) throw e;
    if (tabs.has(tabId)) forget(tabId);
    await once();
  }
}

/** Detaches the debugger from the tab and forgets its state. */
export async function detach(tabId: number): Promise<void> {
  const had = tabs.has(tabId);
  forget(tabId);
  if (!had) return;
  try {
    await chrome.debugger.detach({ tabId });
  } catch {
    // already detached (tab closed, user cancelled): nothing to undo
  }
}

/** Fire-and-forget housekeeping (releasing objects): only when attached. */
export function sendQuiet(tabId: number, method: string, params: object = {}): void {
  if (!tabs.has(tabId)) return;
  send(tabId, method, params, 5_000).catch(() => {});
}
