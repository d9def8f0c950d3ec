// A session's init scripts in each of its tabs: Page.addScriptToEvaluateOnNewDocument
// on the tab, and on every out-of-process frame's child session as it
// attaches (frames.ts), so every frame's new documents run them before the
// page's own scripts.

import type { InitScript } from "../../protocol.gen";
import { onForget, sendIn, sendToFrame, type AttachSend } from "../core/debugger";

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

/** Sends a command in a child session: sendIn, or for a new frame as it
 * attaches sendToFrame (in order with what the attach's other handlers
 * sent it, and beside a dialog of the tab: sendIn refuses then). */
type ChildSend = (tabId: number, child: string, method: string, params?: object) => Promise<unknown>;
const inChild: ChildSend = (tabId, child, method, params) => sendIn(tabId, child, method, params);
const inNewFrame: ChildSend = (tabId, child, method, params) => sendToFrame(tabId, child, method, params);

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

/** Work another module does in a new out-of-process frame before the
 * frame runs (the person's recorder); paused: the frame waits at its start
 * (frames.ts follows frames that way), so the work is there for its first
 * document. cdp-events.ts wires them. */
export type NewFrameGate = (tabId: number, session: string, frameId: string, paused: boolean) => Promise<void>;
let gates: readonly NewFrameGate[] = [];
export function setNewFrameGates(g: readonly NewFrameGate[]): void {
  gates = g;
}

/**
 * Target.attachedToTarget, from every session: an out-of-process frame
 * gets the session's scripts and the gates' work, then runs (it waits at
 * its start: frames.ts follows frames that way, and an earlier handler of
 * the event told its session to follow its own). Without init scripts or
 * a recording the frame waits only for this event's handling.
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
      // Its session runs the Page domain and follows its own frames
      // (frames.ts, an earlier handler of the event).
      await Promise.all(scripts.map((sc) => addToChild(tabId, child, sc, true, inNewFrame).catch(() => undefined)));
      const frameId = info?.type === "iframe" ? info.targetId : undefined;
      if (frameId) await Promise.all(gates.map((g) => g(tabId, child, frameId, paused).catch(() => undefined)));
    } finally {
      // Whatever happened above: a frame left waiting never loads.
      if (paused) await inNewFrame(tabId, child, "Runtime.runIfWaitingForDebugger").catch(() => undefined);
    }
  })().catch(() => undefined);
}

/** Target.detachedFromTarget, from every session: that frame's scripts are gone with it. */
export function dropFrameScripts(tabId: number, params: Record<string, unknown>): void {
  added.get(tabId)?.delete(String(params["sessionId"] ?? ""));
}
