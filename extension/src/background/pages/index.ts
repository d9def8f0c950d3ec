// The pages.* handlers, as the router takes them. Every handler first asks
// resolveTab for its tab (4103/4107/4104 come from there), then acts on it
// through chrome.debugger.

import { PAGE_METHODS, type PageMethod } from "../methods";
import type { RequestParams, ResultOf } from "../protocol.gen";
import type { Handlers, Params } from "../types";
import { detach } from "./debugger";
import { evaluate } from "./eval";
import { fill, select } from "./forms";
import { get } from "./get";
import { click, hover, mouse, scroll, scrollIntoView } from "./input";
import { press, type } from "./keyboard";
import { forgetRefs } from "./refs";
import { screenshot } from "./screenshot";
import { snapshot } from "./snapshot";
import { wait } from "./wait";

export interface PageDeps {
  resolveTab(params: Params): Promise<number>;
}

/** Every pages.* method's handler, given its tab: one each, no more. */
const TABLE: { readonly [M in PageMethod]: (tabId: number, params: RequestParams<M>) => Promise<ResultOf<M>> } = {
  "pages.snapshot": snapshot,
  "pages.click": click,
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
};

export function pageHandlers(deps: PageDeps): Handlers<PageMethod> {
  const withTab =
    <M extends PageMethod>(m: M) =>
    async (params: RequestParams<M>): Promise<ResultOf<M>> =>
      TABLE[m](await deps.resolveTab(params as Params), params);
  return Object.fromEntries(PAGE_METHODS.map((m) => [m, withTab(m)])) as unknown as Handlers<PageMethod>;
}

/** Detaches the debugger from the tab and forgets its refs. */
export async function releaseTab(tabId: number): Promise<void> {
  forgetRefs(tabId);
  await detach(tabId);
}
