// The pages.* handlers, as the router takes them. Every handler first asks
// resolveTab for its tab (4103/4107/4104 come from there), then acts on it
// through chrome.debugger.

import { timeCallOnTab } from "../call-timing";
import { joinTables } from "../../join-tables";
import type { PageMethod } from "../methods";
import type { RequestParams, ResultOf } from "../protocol.gen";
import type { Handlers, Params } from "../types";
import { runPageCall } from "./core/call";
import { noteCallTab } from "../person/call-context";
import "./cdp-events"; // every attached tab's CDP listeners, given to debugger.ts
import { attachNow, cdpMessage, detach, DialogOpenError, send } from "./core/debugger";
import { dialogHandlers, dialogMark, dialogSince, noteSession } from "./core/dialogs";
import { Wakeup } from "./core/wakeup";
import { elementReadHandlers } from "./element-reads";
import { evalHandlers } from "./eval";
import { highlightHandlers } from "./evidence/highlight";
import { screenshotHandlers } from "./evidence/screenshot";
import { vitalsHandlers } from "./evidence/vitals";
import { getHandlers } from "./get";
import { handoffHandlers } from "./handoff";
import { actionHandlers } from "./input/actions";
import { formHandlers } from "./input/forms";
import { pointerHandlers } from "./input/input";
import { keyboardHandlers } from "./input/keyboard";
import { noteTabSession } from "./logs/observe";
import { releaseRecordedTab } from "./record-actions/recording";
import { navigationHandlers } from "./navigation/navigate";
import { waitHandlers } from "./navigation/wait";
import { waitForHandlers } from "./navigation/wait-for";
import { forgetRefs } from "./snapshot/refs";
import { snapshotHandlers } from "./snapshot/snapshot";
import type { TabHandler } from "./tables";
import { durableHandlers } from "./targets/durable";
import { findHandlers } from "./targets/find";
import type { ToolMethod } from "./tools";

export interface PageDeps {
  resolveTab(params: Params): Promise<number>;
}

/** The page calls: the PageHandlers tables the modules export next to their
 * handlers (a method two of them register does not compile). */
const PAGE_CALLS = joinTables(
  snapshotHandlers,
  pointerHandlers,
  formHandlers,
  keyboardHandlers,
  actionHandlers,
  elementReadHandlers,
  getHandlers,
  screenshotHandlers,
  waitHandlers,
  evalHandlers,
  findHandlers,
  navigationHandlers,
  waitForHandlers,
  dialogHandlers,
  durableHandlers,
  vitalsHandlers,
  highlightHandlers,
  handoffHandlers,
);

/** The pages.* methods handled here: every one but tools.ts's. */
type PageCallMethod = keyof typeof PAGE_CALLS;

/** Every pages.* method has its handler, here or in tools.ts (which of the
 * two: handler-table.ts's join): one missing does not compile. */
const TABLE: { readonly [M in Exclude<PageMethod, ToolMethod>]: TabHandler<M> } = PAGE_CALLS;

export function pageHandlers(deps: PageDeps): Handlers<PageCallMethod> {
  const withTab =
    <M extends PageCallMethod>(m: M) =>
    async (params: RequestParams<M>): Promise<ResultOf<M>> => {
      const tabId = await deps.resolveTab(params as Params);
      noteCallTab(params, tabId); // the popup's record names the page's URL
      noteTabSession(tabId, typeof params.sessionId === "string" ? params.sessionId : ""); // logs and blocking follow the session
      timeCallOnTab(params, tabId);
      const fn = PAGE_CALLS[m] as unknown as TabHandler<M>;
      return runPageCall(m, tabId, params as Params, (id) => fn(id, params)) as Promise<ResultOf<M>>;
    };
  const methods = Object.keys(TABLE) as PageCallMethod[];
  return Object.fromEntries(methods.map((m) => [m, withTab(m)])) as unknown as Handlers<PageCallMethod>;
}

/** Detaches the debugger from the tab and forgets its refs; a recording
 * of the person's actions in it stops there first, keeping its lines. */
export async function releaseTab(tabId: number): Promise<void> {
  await releaseRecordedTab(tabId).catch(() => undefined);
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

/** How long closing waits for tabs to go, beforeunload dialogs answered. */
const CLOSE_WAIT_MS = 10_000;

/**
 * Closes tabs with the debugger still on them, so a page that asks to stay
 * (beforeunload) meets its session's dialog policy, as in a navigation:
 * accepted at once unless the policy dismisses (dialog-policy.ts). Detached
 * first, its dialog went to no one and the close hung until the call's
 * timeout, the tab left open under the person's eyes. Answers the tabs
 * that stayed, each with why; the tabs that went are released.
 */
export async function closeTabs(tabIds: number[]): Promise<{ tabId: number; why: string }[]> {
  const mark = dialogMark();
  const gone = new Set<number>();
  const removed = new Wakeup();
  const onRemoved = (id: number) => {
    if (tabIds.includes(id)) {
      gone.add(id);
      removed.wake();
    }
  };
  chrome.tabs.onRemoved.addListener(onRemoved);
  let refused: string | undefined;
  const stayed: { tabId: number; why: string }[] = [];
  try {
    // Resolves once every tab is gone, which a dismissed beforeunload
    // prevents: not awaited, the dialogs are.
    chrome.tabs.remove(tabIds).catch((e: unknown) => {
      refused = cdpMessage(e);
      removed.wake();
    });
    const kept = (id: number): string | undefined => {
      const d = dialogSince(id, mark);
      if (d?.type !== "beforeunload" || d.state === "accepted") return undefined;
      return d.state === "open"
        ? "its page asks to confirm leaving (beforeunload): answer with `dialog accept` to close it, or `dialog dismiss` to keep it"
        : "its page asked to stay (beforeunload) and the session's dialog policy dismissed the question";
    };
    const deadline = Date.now() + CLOSE_WAIT_MS;
    for (;;) {
      const left = tabIds.filter((id) => !gone.has(id));
      const settled = left.every((id) => kept(id) !== undefined);
      if (left.length === 0 || settled || refused !== undefined || Date.now() >= deadline) {
        for (const id of left) {
          stayed.push({ tabId: id, why: kept(id) ?? refused ?? `it did not close within ${CLOSE_WAIT_MS / 1000} s (a dialog the person must answer?)` });
        }
        break;
      }
      // A dialog's answer has no event here: look again soon.
      await removed.next(Math.min(50, deadline - Date.now()));
    }
  } finally {
    chrome.tabs.onRemoved.removeListener(onRemoved);
  }
  for (const id of gone) await releaseTab(id).catch(() => undefined);
  return stayed;
}
