// The pages.* handlers, as the router takes them. Every handler first asks
// resolveTab for its tab (4103/4107/4104 come from there), then acts on it
// through chrome.debugger.

import { timeCallOnTab } from "../call-timing";
import { PAGE_METHODS, type PageMethod } from "../methods";
import type { RequestParams, ResultOf } from "../protocol.gen";
import type { Handlers, Params } from "../types";
import { check, count, drag, focus, getAttribute, is, keyboardType, getStyle } from "./input/actions";
import { runPageCall } from "./core/call";
import "./core/cdp-events"; // every attached tab's CDP listeners, given to debugger.ts
import { attachNow, cdpMessage, detach, DialogOpenError, send } from "./core/debugger";
import { dialog, noteSession } from "./core/dialogs";
import { highlight, vitals } from "./evidence/index";
import { durableTarget } from "./targets/durable";
import { evaluate } from "./eval";
import { fill, select } from "./input/forms";
import { find } from "./targets/find";
import { get } from "./get";
import { handoff } from "./handoff";
import { click, hover, mouse, scroll, scrollIntoView } from "./input/input";
import { press, type } from "./input/keyboard";
import { noteTabSession } from "./logs/observe";
import { back, forward, navigate, reload } from "./navigation/navigate";
import { forgetRefs } from "./snapshot/refs";
import { screenshot } from "./evidence/screenshot";
import { snapshot } from "./snapshot/snapshot";
import { isToolPageMethod, reportAftermath, type ToolPageMethod } from "./tools";
import { wait } from "./navigation/wait";
import { waitFor } from "./navigation/wait-for";

export interface PageDeps {
  resolveTab(params: Params): Promise<number>;
}

/** The pages.* methods handled here; files, storage and PDF are in tools.ts. */
type OwnPageMethod = Exclude<PageMethod, ToolPageMethod>;

/** Every pages.* method's handler, given its tab: one each, no more. */
const TABLE: { readonly [M in OwnPageMethod]: (tabId: number, params: RequestParams<M>) => Promise<ResultOf<M>> } = {
  "pages.snapshot": snapshot,
  "pages.click": reportAftermath(click), // names a chooser, download, navigation or popup it set off
  "pages.hover": hover,
  "pages.fill": fill,
  "pages.type": type,
  "pages.select": select,
  "pages.scrollIntoView": scrollIntoView,
  "pages.press": press,
  "pages.scroll": scroll,
  "pages.mouse": mouse,
  "pages.get": get,
  "pages.screenshot": screenshot,
  "pages.wait": wait,
  "pages.eval": evaluate,
  // targets, find, more actions
  "pages.find": find,
  "pages.check": check,
  "pages.focus": focus,
  "pages.drag": drag,
  "pages.keyboardType": keyboardType,
  "pages.is": is,
  "pages.getAttribute": getAttribute,
  "pages.count": count,
  "pages.getStyle": getStyle,
  // navigation, waits, dialogs
  "pages.navigate": navigate,
  "pages.back": back,
  "pages.forward": forward,
  "pages.reload": reload,
  "pages.waitFor": waitFor,
  "pages.dialog": dialog,
  // a target that outlives its ref (the REPL's saved script)
  "pages.durableTarget": durableTarget,
  // evidence
  "pages.vitals": vitals,
  "pages.highlight": highlight,
  "pages.handoff": handoff,
};

export function pageHandlers(deps: PageDeps): Handlers<OwnPageMethod> {
  const withTab =
    <M extends OwnPageMethod>(m: M) =>
    async (params: RequestParams<M>): Promise<ResultOf<M>> => {
      const tabId = await deps.resolveTab(params as Params);
      noteTabSession(tabId, typeof params.sessionId === "string" ? params.sessionId : ""); // logs and blocking follow the session
      timeCallOnTab(params, tabId);
      return runPageCall(m, tabId, params as Params, (id) => TABLE[m](id, params)) as Promise<ResultOf<M>>;
    };
  const own = PAGE_METHODS.filter((m): m is OwnPageMethod => !isToolPageMethod(m));
  return Object.fromEntries(own.map((m) => [m, withTab(m)])) as unknown as Handlers<OwnPageMethod>;
}

/** Detaches the debugger from the tab and forgets its refs. */
export async function releaseTab(tabId: number): Promise<void> {
  forgetRefs(tabId);
  await detach(tabId);
}

/** How long joining waits for the log domains to come on. */
const JOIN_WAIT_MS = 3_000;
/** How long a joined tab's first navigation may take to commit. */
const FIRST_LOAD_COMMIT_MS = 10_000;

/**
 * A tab joins a session (created, attached, opened in it, or opened by one
 * of its pages): the debugger attaches now, so its console, errors and
 * requests are recorded from here on, not from its first page call. Never
 * fails: a tab the debugger cannot attach to (DevTools holds it, a chrome://
 * page) is attached by its first page call as before.
 */
export async function joinTab(tabId: number, sessionId: string): Promise<void> {
  noteTabSession(tabId, sessionId);
  noteSession(tabId, sessionId);
  await attachNow(tabId, JOIN_WAIT_MS).catch(() => undefined);
}

/**
 * Loads url in a tab that just joined at about:blank, so its first request
 * and first console line are recorded. Answers once the navigation
 * committed (a page's text is there to wait on), at most after
 * FIRST_LOAD_COMMIT_MS (a slow server: the load goes on). A URL CDP refuses
 * (chrome://, an extension's page) goes to chrome.tabs.update instead;
 * one that may have started is never sent twice.
 */
export async function loadJoined(tabId: number, url: string): Promise<void> {
  try {
    await send(tabId, "Page.navigate", { url }, FIRST_LOAD_COMMIT_MS);
  } catch (e) {
    const msg = e instanceof Error ? e.message : cdpMessage(e);
    // Sent, and still loading or showing a dialog: never sent twice.
    if (e instanceof DialogOpenError || /timed out/i.test(msg)) return;
    await chrome.tabs.update(tabId, { url });
  }
}
