// pages.waitFor: waits in the page, never by polling from the caller, until
// text is visible, an element matching a selector is visible (or, with gone,
// no longer is), the tab's URL matches a pattern, or a JavaScript expression
// is truthy. It answers once, or 4102 "timed out ..." naming what it awaited.
//
// Text and selector waits look at every frame document the page shows, each
// in its isolated world (page scripts cannot break them): see wait-frames.ts.
// A JavaScript expression is polled in the main document every 100 ms; a
// new document (the wait spans a navigation) starts it again there.
// URL waits follow chrome.tabs.onUpdated.

import { optionalBool, optionalString } from "../../params";
import type { RequestParams, WaitForResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { cdpMessage, DialogOpenError, ensureAttached, generation, listen, nextDocument, openDialog, send, unlessDialog } from "../core/debugger";
import { budgetOf, timedOut } from "../core/deadline";
import { dropContext } from "../core/world";
import { urlMatches } from "./url-match";
import { waitInFrames } from "./wait-frames";
import { releaseActionObjects } from "../snapshot/refs";
import { isRoleTarget, parseRoleTarget } from "../targets/role-target";
import { isFrameTarget, parseFrameTarget } from "../targets/frame-target";
import { resolveSelectorOnce } from "../targets/target";
import type { PageHandlers } from "../tables";

/** How long a wait whose document went away waits for the next one
 * before it tries again anyway. */
const RETRY_MS = 100;


type Kind = "text" | "selector" | "url" | "fn";

function describe(kind: Kind, arg: string, gone: boolean): string {
  switch (kind) {
    case "text":
      return `text ${JSON.stringify(arg)} to ${gone ? "disappear" : "appear"}`;
    case "selector":
      return `an element matching ${JSON.stringify(arg)} to ${gone ? "disappear" : "be visible"}`;
    case "url":
      return `the URL to match ${JSON.stringify(arg)}`;
    case "fn":
      return `${JSON.stringify(arg)} to be truthy`;
  }
}

export async function waitFor(tabId: number, p: RequestParams<"pages.waitFor">): Promise<WaitForResult> {
  const started = Date.now();
  const given = (["text", "selector", "url", "fn"] as const)
    .map((k) => [k, optionalString(p, k)] as const)
    .filter((e): e is readonly [Kind, string] => e[1] !== undefined);
  if (given.length !== 1 || given[0]![1] === "") {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: exactly one of "text", "selector", "url", "fn" must be a non-empty string`);
  }
  const [kind, arg] = given[0]!;
  const gone = optionalBool(p, "gone") ?? false;
  if (gone && (kind === "url" || kind === "fn")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "gone" goes with "text" or "selector" only`);
  }
  const budget = budgetOf(p);
  const deadline = started + budget;
  const what = describe(kind, arg, gone);
  if (kind === "url") {
    const url = await waitUrl(tabId, arg, deadline, budget, what);
    return { waited: Date.now() - started, url };
  }
  if (kind === "selector" && (isRoleTarget(arg) || arg.startsWith("text=") || isFrameTarget(arg))) {
    // role=, text= and frame= targets, polled as every element command waits.
    await waitTarget(tabId, arg, gone, deadline, budget, what);
    return { waited: Date.now() - started };
  }
  if (kind === "text" || kind === "selector") {
    // In every frame document the page shows (wait-frames.ts).
    await waitInFrames(tabId, kind, arg, gone, deadline, budget, what);
    return { waited: Date.now() - started };
  }
  const value = await waitFn(tabId, arg, deadline, budget, what);
  return { waited: Date.now() - started, value };
}

/** Polls a role= or text= target until it is there (or, with gone, not). */
async function waitTarget(tabId: number, sel: string, gone: boolean, deadline: number, budget: number, what: string): Promise<void> {
  if (isRoleTarget(sel)) parseRoleTarget(sel); // -32602 before any wait
  if (isFrameTarget(sel)) parseFrameTarget(sel);
  for (let i = 0; ; i++) {
    let seen: boolean;
    try {
      seen = await unlessDialog(
        resolveSelectorOnce(tabId, sel, "visible").then(() => true),
        (e) => {
          if (!(e instanceof RpcError) || (e.reason !== "not_found" && e.reason !== "not_visible")) throw e;
          return false;
        },
      );
    } finally {
      releaseActionObjects(tabId);
    }
    if (seen !== gone) return;
    if (Date.now() >= deadline) throw timedOut(budget, what);
    await new Promise((r) => setTimeout(r, Math.min(i < 5 ? 50 : 100, Math.max(0, deadline - Date.now()))));
  }
}

async function waitUrl(tabId: number, pattern: string, deadline: number, budget: number, what: string): Promise<string> {
  // Attached, so a dialog held open during the wait ends it (and frees the
  // session for `dialog accept`) instead of letting it run out its time.
  await ensureAttached(tabId);
  let now = (await chrome.tabs.get(tabId)).url ?? "";
  if (urlMatches(now, pattern)) return now;
  let onUpdated: ((id: number, info: chrome.tabs.OnUpdatedInfo) => void) | undefined;
  let unlisten = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      unlisten = listen(tabId, (method) => {
        const d = method === "Page.javascriptDialogOpening" ? openDialog(tabId) : null;
        if (d) reject(new DialogOpenError(d));
      });
      onUpdated = (id, info) => {
        if (id !== tabId || info.url === undefined) return;
        now = info.url;
        if (urlMatches(now, pattern)) resolve(now);
      };
      chrome.tabs.onUpdated.addListener(onUpdated);
      timer = setTimeout(() => {
        const e = timedOut(budget, what);
        e.message += ` (the URL is ${JSON.stringify(now)})`;
        reject(e);
      }, Math.max(0, deadline - Date.now()));
    });
  } finally {
    clearTimeout(timer);
    unlisten();
    if (onUpdated) chrome.tabs.onUpdated.removeListener(onUpdated);
  }
}

// Runs in the main world with the user's expression inlined (compiled by
// CDP, so the page's CSP does not refuse it): polls it every 100 ms. A
// function (`() => window.ready`) is called: the function itself is truthy.
function fnWait(expr: string, ms: number): string {
  return `(async () => {
  const __pred = async () => (${expr}
  );
  const __end = Date.now() + ${ms};
  for (;;) {
    let v = await __pred();
    if (typeof v === "function") v = await v();
    if (v) { try { return { ok: true, value: JSON.parse(JSON.stringify(v) ?? "true") }; } catch (e) { return { ok: true, value: true }; } }
    if (Date.now() >= __end) return { timedOut: true };
    await new Promise((r) => setTimeout(r, 100));
  }
})()`;
}

interface Outcome {
  ok?: boolean;
  value?: unknown;
  timedOut?: boolean;
}

interface EvalAnswer {
  result: { value?: Outcome };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** A document that went away under the wait, or is not there yet. */
const CONTEXT_GONE = /context was destroyed|Cannot find context|Cannot find default execution context|Inspected target navigated|No frame with given id|frame.*detached/i;

async function waitFn(
  tabId: number,
  arg: string,
  deadline: number,
  budget: number,
  what: string,
): Promise<unknown> {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(budget, what);
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    const gen = generation(tabId);
    // The document went away under the wait: on to the next one as soon as it is there.
    const nextDoc = () => nextDocument(tabId, gen, Math.min(RETRY_MS, Math.max(0, deadline - Date.now())));
    const evaluated = send<EvalAnswer>(
      tabId,
      "Runtime.evaluate",
      { expression: fnWait(arg, left), returnByValue: true, awaitPromise: true },
      left + 2_000,
    );
    const r = await unlessDialog(evaluated, (e) => {
      const msg = e instanceof RpcError ? e.message : cdpMessage(e);
      if (!CONTEXT_GONE.test(msg)) throw e;
      return undefined;
    });
    if (!r) {
      // A new document is on its way: wait there.
      dropContext(tabId);
      await nextDoc();
      continue;
    }
    if (r.exceptionDetails) {
      const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception";
      if (CONTEXT_GONE.test(text)) {
        dropContext(tabId);
        await nextDoc();
        continue;
      }
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: wait for ${what}: ${text}`);
    }
    const out = r.result.value;
    if (out?.ok) return out.value;
    if (out?.timedOut) throw timedOut(budget, what);
    // No answer (the document went away as it answered): try again.
    await nextDoc();
  }
}

// This file's handlers (index.ts joins them).
export const waitForHandlers = {
  "pages.waitFor": waitFor,
} satisfies PageHandlers;
