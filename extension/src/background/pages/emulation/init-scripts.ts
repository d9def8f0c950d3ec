// A session's init scripts in each of its tabs: Page.addScriptToEvaluateOnNewDocument
// on the tab, and on every out-of-process frame's child session as it
// attaches (frames.ts), so every frame's new documents run them before the
// page's own scripts.

import type { InitScript } from "../../protocol.gen";
import { onForget, sendDuringDialog, sendIn, type AttachSend } from "../core/debugger";
import { followFrames } from "../core/frames";

/** tabId -> child session ("" for the tab) -> script id -> CDP identifier. */
const added = new Map<number, Map<string, Map<string, string>>>();

/** The scripts a tab's session has now (handlers.ts sets it). */
let scriptsOfTab: (tabId: number) => InitScript[] = () => [];
export function setScriptsOfTab(fn: (tabId: number) => InitScript[]): void {
  scriptsOfTab = fn;
}

onForget((tabId) => {
  added.delete(tabId);
});

function slot(tabId: number, session: string): Map<string, string> {
  let t = added.get(tabId);
  if (!t) added.set(tabId, (t = new Map()));
  let s = t.get(session);
  if (!s) t.set(session, (s = new Map()));
  return s;
}

/**
 * Adds the script to the tab (and the child sessions known now).
 * runImmediately also runs it in the documents that exist now: a tab that
 * just joined the session is on a document the session never saw start.
 */
export async function addScript(tabId: number, sc: InitScript, send: AttachSend, runImmediately: boolean): Promise<void> {
  const r = (await send("Page.addScriptToEvaluateOnNewDocument", {
    source: sc.source,
    runImmediately,
  })) as { identifier: string };
  slot(tabId, "").set(sc.id, r.identifier);
  const children = [...(added.get(tabId)?.keys() ?? [])].filter((k) => k !== "");
  await Promise.all(children.map((child) => addToChild(tabId, child, sc, runImmediately)));
}

/** Sends a command in a child session (sendIn, or sendDuringDialog for a
 * frame waiting at its start). */
type ChildSend = (tabId: number, child: string, method: string, params?: object) => Promise<unknown>;
const inChild: ChildSend = (tabId, child, method, params) => sendIn(tabId, child, method, params);
/** A frame waiting at its start runs no page script yet, so a dialog open
 * in the tab (which sendIn refuses to send beside) is not in its way. */
const inWaitingFrame: ChildSend = (tabId, child, method, params) => sendDuringDialog(tabId, method, params, child);

async function addToChild(tabId: number, child: string, sc: InitScript, runImmediately: boolean, send: ChildSend = inChild): Promise<void> {
  const s = slot(tabId, child);
  if (s.has(sc.id)) return;
  const r = (await send(tabId, child, "Page.addScriptToEvaluateOnNewDocument", {
    source: sc.source,
    runImmediately,
  })) as { identifier: string };
  s.set(sc.id, r.identifier);
}

/** Removes the script from the tab and its child sessions. */
export async function removeScript(tabId: number, id: string): Promise<void> {
  const t = added.get(tabId);
  if (!t) return;
  await Promise.all(
    [...t].map(async ([child, s]) => {
      const identifier = s.get(id);
      if (identifier === undefined) return;
      s.delete(id);
      await sendIn(tabId, child === "" ? undefined : child, "Page.removeScriptToEvaluateOnNewDocument", { identifier });
    }),
  );
}

/** Auto-attach that pauses each new out-of-process frame until it has the scripts. */
const PAUSING = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

/**
 * Makes the tab's new out-of-process frames wait at their start until they
 * have the session's scripts (after frames.ts's own auto-attach, which does
 * not pause them). Every paused frame is resumed, with or without scripts.
 */
export async function pauseNewFrames(tabId: number): Promise<void> {
  await followFrames(tabId);
  await sendIn(tabId, undefined, "Target.setAutoAttach", PAUSING);
}

/** Work another module does in a new out-of-process frame before the
 * frame runs (the person's recorder); paused: the frame waits at its start,
 * so the work is there for its first document. cdp-events.ts wires them. */
export type NewFrameGate = (tabId: number, session: string, frameId: string, paused: boolean) => Promise<void>;
let gates: readonly NewFrameGate[] = [];
export function setNewFrameGates(g: readonly NewFrameGate[]): void {
  gates = g;
}

/**
 * Target.attachedToTarget, from every session: an out-of-process frame
 * gets the session's scripts and the gates' work, then runs (paused at its
 * start when pauseNewFrames asked for it).
 */
export function scriptsForNewFrame(tabId: number, params: Record<string, unknown>): void {
  const info = params["targetInfo"] as { type?: string; targetId?: string } | undefined;
  const child = String(params["sessionId"] ?? "");
  if (!child) return;
  const paused = params["waitingForDebugger"] === true;
  const scripts = info?.type === "iframe" ? scriptsOfTab(tabId) : [];
  if (info?.type === "iframe") slot(tabId, child);
  void (async () => {
    try {
      const send = paused ? inWaitingFrame : inChild;
      if (paused && info?.type === "iframe") await send(tabId, child, "Target.setAutoAttach", PAUSING); // its own frames too
      if (scripts.length > 0) await send(tabId, child, "Page.enable");
      await Promise.all(scripts.map((sc) => addToChild(tabId, child, sc, true, send).catch(() => undefined)));
      const frameId = info?.type === "iframe" ? info.targetId : undefined;
      if (frameId) await Promise.all(gates.map((g) => g(tabId, child, frameId, paused).catch(() => undefined)));
    } finally {
      // Whatever happened above: a frame left waiting never loads.
      if (paused) await inWaitingFrame(tabId, child, "Runtime.runIfWaitingForDebugger").catch(() => undefined);
    }
  })().catch(() => undefined);
}

/** Target.detachedFromTarget, from every session: that frame's scripts are gone with it. */
export function dropFrameScripts(tabId: number, params: Record<string, unknown>): void {
  added.get(tabId)?.delete(String(params["sessionId"] ?? ""));
}
