// pages.waitFor: waits in the page, never by polling from the caller, until
// text is visible, an element matching a selector is visible (or, with gone,
// no longer is), the tab's URL matches a pattern, or a JavaScript expression
// is truthy. It answers once, or 4102 "timed out ..." naming what it awaited.
//
// Text and selector waits run in the isolated world (page scripts cannot
// break them) as one awaited promise: a MutationObserver checks on every
// change, a 100 ms timer catches what changes without a mutation (CSS, media).
// A new document (the wait spans a navigation) starts the wait again there.
// URL waits follow chrome.tabs.onUpdated.

import { optionalBool, optionalString } from "../params";
import type { RequestParams, WaitForResult } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { cdpMessage, DialogOpenError, ensureAttached, listen, openDialog, send } from "./debugger";
import { budgetOf, timedOut } from "./deadline";
import { dropContext, isolatedContext } from "./world";
import { urlMatches } from "./url-match";

/** Pause before trying again in a document that is being replaced. */
const RETRY_MS = 100;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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
  const value = await waitInPage(tabId, kind, arg, gone, deadline, budget, what);
  const out: WaitForResult = { waited: Date.now() - started };
  if (kind === "fn") out.value = value;
  return out;
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

// Runs in the isolated world: resolves {ok} once check() !== gone, or
// {timedOut} after ms; {badSelector} for a selector the page cannot parse.
const DOM_WAIT = `(kind, arg, gone, ms) => {
  const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
  const want = kind === "text" ? norm(arg) : arg;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 && r.height <= 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none";
  };
  const check = kind === "text"
    ? () => norm((document.body || document.documentElement || {}).innerText).includes(want)
    : () => { for (const el of document.querySelectorAll(want)) if (shown(el)) return true; return false; };
  if (kind === "selector") {
    try { document.querySelector(want); } catch (e) { return { badSelector: String(e && e.message || e) }; }
  }
  const ok = () => check() !== gone;
  if (ok()) return { ok: true };
  return new Promise((resolve) => {
    // A page that mutates all the time is checked at most every 50 ms.
    let queued = false, last = 0, done = false;
    const finish = (v) => { done = true; clearTimeout(timer); clearInterval(tick); mo.disconnect(); resolve(v); };
    const run = () => { queued = false; if (done) return; last = Date.now(); if (ok()) finish({ ok: true }); };
    const mo = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      const due = last + 50 - Date.now();
      if (due <= 0) queueMicrotask(run); else setTimeout(run, due);
    });
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const tick = setInterval(run, 100);
    const timer = setTimeout(() => finish({ timedOut: true }), ms);
  });
}`;

// Runs in the main world with the user's expression inlined (compiled by
// CDP, so the page's CSP does not refuse it): polls it every 100 ms.
function fnWait(expr: string, ms: number): string {
  return `(async () => {
  const __pred = async () => (${expr}
  );
  const __end = Date.now() + ${ms};
  for (;;) {
    const v = await __pred();
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
  badSelector?: string;
}

interface EvalAnswer {
  result: { value?: Outcome };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** A document that went away under the wait, or is not there yet. */
const CONTEXT_GONE = /context was destroyed|Cannot find context|Cannot find default execution context|Inspected target navigated|No frame with given id|frame.*detached/i;

async function waitInPage(
  tabId: number,
  kind: "text" | "selector" | "fn",
  arg: string,
  gone: boolean,
  deadline: number,
  budget: number,
  what: string,
): Promise<unknown> {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(budget, what);
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    let r: EvalAnswer;
    try {
      if (kind === "fn") {
        r = await send<EvalAnswer>(
          tabId,
          "Runtime.evaluate",
          { expression: fnWait(arg, left), returnByValue: true, awaitPromise: true },
          left + 2_000,
        );
      } else {
        const contextId = await isolatedContext(tabId);
        r = await send<EvalAnswer>(
          tabId,
          "Runtime.evaluate",
          {
            expression: `(${DOM_WAIT})(${JSON.stringify(kind)}, ${JSON.stringify(arg)}, ${gone}, ${left})`,
            contextId,
            returnByValue: true,
            awaitPromise: true,
          },
          left + 2_000,
        );
      }
    } catch (e) {
      if (e instanceof DialogOpenError) throw e;
      const msg = e instanceof RpcError ? e.message : cdpMessage(e);
      if (!CONTEXT_GONE.test(msg)) throw e;
      // A new document is on its way: wait there.
      dropContext(tabId);
      await sleep(Math.min(RETRY_MS, Math.max(0, deadline - Date.now())));
      continue;
    }
    if (r.exceptionDetails) {
      const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception";
      if (CONTEXT_GONE.test(text)) {
        dropContext(tabId);
        await sleep(RETRY_MS);
        continue;
      }
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: wait for ${what}: ${text}`);
    }
    const out = r.result.value;
    if (out?.badSelector !== undefined) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "selector" is not a valid CSS selector: ${out.badSelector}`);
    }
    if (out?.ok) return out.value;
    if (out?.timedOut) throw timedOut(budget, what);
    // No answer (the document went away as it answered): try again.
    await sleep(RETRY_MS);
  }
}
