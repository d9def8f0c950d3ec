// The pages.* handlers, as the router takes them. Every handler first asks
// resolveTab for its tab (4103/4107/4104 come from there), then acts on it
// through chrome.debugger.

import { timeCallOnTab } from "../call-timing";
import { PAGE_METHODS, type PageMethod } from "../methods";
import type { RequestParams, ResultOf } from "../protocol.gen";
import type { Handlers, Params } from "../types";
import { check, count, drag, focus, getAttribute, is, keyboardType } from "./actions";
import { runPageCall } from "./call";
import { detach } from "./debugger";
import { dialog } from "./dialogs";
import { durableTarget } from "./durable";
import { evaluate } from "./eval";
import { fill, select } from "./forms";
import { find } from "./find";
import { get } from "./get";
import { click, hover, mouse, scroll, scrollIntoView } from "./input";
import { press, type } from "./keyboard";
import { noteTabSession } from "./observe";
import { back, forward, navigate, reload } from "./navigate";
import { forgetRefs } from "./refs";
import { screenshot } from "./screenshot";
import { snapshot } from "./snapshot";
import { isToolPageMethod, reportAftermath, type ToolPageMethod } from "./tools";
import { wait } from "./wait";
import { waitFor } from "./wait-for";

export interface PageDeps {
  resolveTab(params: Params): Promise<number>;
}

/** The pages.* methods handled here; issue 10's are in tools.ts. */
type OwnPageMethod = Exclude<PageMethod, ToolPageMethod>;

/** Every pages.* method's handler, given its tab: one each, no more. */
const TABLE: { readonly [M in OwnPageMethod]: (tabId: number, params: RequestParams<M>) => Promise<ResultOf<M>> } = {
  "pages.snapshot": snapshot,
  "pages.click": reportAftermath(click), // issue 10: names a chooser or download it set off
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
  // issue 8 (targets, find, more actions)
  "pages.find": find,
  "pages.check": check,
  "pages.focus": focus,
  "pages.drag": drag,
  "pages.keyboardType": keyboardType,
  "pages.is": is,
  "pages.getAttribute": getAttribute,
  "pages.count": count,
  // issue 8: navigation, waits, dialogs
  "pages.navigate": navigate,
  "pages.back": back,
  "pages.forward": forward,
  "pages.reload": reload,
  "pages.waitFor": waitFor,
  "pages.dialog": dialog,
  // issue 13 (the REPL's saved script)
  "pages.durableTarget": durableTarget,
};

export function pageHandlers(deps: PageDeps): Handlers<OwnPageMethod> {
  const withTab =
    <M extends OwnPageMethod>(m: M) =>
    async (params: RequestParams<M>): Promise<ResultOf<M>> => {
      const tabId = await deps.resolveTab(params as Params);
      noteTabSession(tabId, typeof params.sessionId === "string" ? params.sessionId : ""); // issue 10
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
