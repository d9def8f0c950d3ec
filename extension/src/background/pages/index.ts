// The pages.* handlers, as the router takes them. Every handler first asks
// resolveTab for its tab (4103/4107/4104 come from there), then acts on it
// through chrome.debugger.

import type { Handler, Params } from "../types";
import { check, count, drag, focus, getAttribute, is, keyboardType } from "./actions";
import { detach } from "./debugger";
import { durableTarget } from "./durable";
import { evaluate } from "./eval";
import { fill, select } from "./forms";
import { find } from "./find";
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

type TabHandler = (tabId: number, params: Params) => Promise<unknown>;

const TABLE: Record<string, TabHandler> = {
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
  // issue 8 (targets, find, more actions)
  "pages.find": find,
  "pages.check": check,
  "pages.focus": focus,
  "pages.drag": drag,
  "pages.keyboardType": keyboardType,
  "pages.is": is,
  "pages.getAttribute": getAttribute,
  "pages.count": count,
  // issue 13 (the REPL's saved script)
  "pages.durableTarget": durableTarget,
};

export function pageHandlers(deps: PageDeps): Record<string, Handler> {
  const out: Record<string, Handler> = {};
  for (const [method, fn] of Object.entries(TABLE)) {
    out[method] = async (params: Params) => fn(await deps.resolveTab(params), params);
  }
  return out;
}

/** Detaches the debugger from the tab and forgets its refs. */
export async function releaseTab(tabId: number): Promise<void> {
  forgetRefs(tabId);
  await detach(tabId);
}
