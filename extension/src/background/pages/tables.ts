// The shape of the handler tables the modules export next to their
// handlers, e.g. `export const formHandlers = { "pages.fill": fill, ... }
// satisfies PageHandlers;`. index.ts joins the PageHandlers tables, tools.ts
// the ToolHandlers ones; handler-table.ts joins the groups into the
// router's table, whose type wants every method once: a method without a
// handler, or with two, does not compile.

import type { DownloadMethod, LogMethod, Method, NetworkMethod, PageMethod } from "../methods";
import type { RequestParams, ResultOf } from "../protocol.gen";

/** Method M's handler, given the tab the call resolved to. */
export type TabHandler<M extends Method> = (tabId: number, params: RequestParams<M>) => Promise<ResultOf<M>>;

/** Page calls (index.ts): each runs through core/call.ts's runPageCall
 * (a held dialog, a tab closed under it, the call's budget, a dialog during it). */
export type PageHandlers = { readonly [M in PageMethod]?: TabHandler<M> };

/** Tool calls (tools.ts): files, storage, PDF, logs and network, run on their
 * tab as the agent's input without runPageCall. */
export type ToolHandlers = { readonly [M in ToolCallMethod]?: TabHandler<M> };

/** The methods a tool call may be: every one takes a session and a tab. */
export type ToolCallMethod = PageMethod | LogMethod | NetworkMethod | DownloadMethod;
