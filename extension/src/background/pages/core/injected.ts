// The extension's side of the injected script (src/injected/): one fixed
// function calls an in-page method by name with JSON arguments, in an
// isolated world only (an element's objectId resolved there, or a world's
// execution context).
//
// Every attached tab gets the script in the isolated world of each new
// document as the document starts (installOnNewDocuments), and in the
// documents it has when attached: the first call after a navigation finds
// it there instead of sending and compiling 42 KB while the page is still
// busy with its load (~25 ms of the first command after an `open`). A
// document that lacks it all the same (one of an out-of-process frame's
// sessions, replaced under a known context) answers a marker, and the call
// goes again with the script: a navigation never makes a call fail for
// want of it.

import { SOURCE, VERSION } from "virtual:injected";
import type { ArgsOf, MethodName, ResultOf } from "../../../injected/methods";
import { BAD_PARAM } from "../../../injected/refusal";
import { ErrorCode, RpcError } from "../../types";
import { onForget, sendIn, sendToFrame, send, type AttachSend } from "./debugger";

/** What the fixed function answers when the world lacks this build's script. */
const NOT_INSTALLED = "\u0000browserctl:not-installed";

// The fixed call glue: the only code sent as text besides the script itself
// and the user's own eval / wait --fn expressions.
const CALL = `function (n, a, ...o) { const m = globalThis.__browserctlInjected; return m && m.v === ${JSON.stringify(VERSION)} ? m.call(n, this, a, o) : ${JSON.stringify(NOT_INSTALLED)}; }`;
// The same, with the script installed first: a world not known to have it.
// (The script opens with "use strict": a directive a function with a rest
// parameter may not hold, so it runs in a function of its own.)
const INSTALL_AND_CALL = `function (n, a, ...o) { (function () {\n${SOURCE}\n})(); return globalThis.__browserctlInjected.call(n, this, a, o); }`;
// The script alone, into a world's context.
const INSTALL = `function () { (function () {\n${SOURCE}\n})(); return true; }`;

/** The isolated world the script runs in; world.ts and snapshot.ts make
 * and find it by this name, closed-roots.ts adds its note to it. Not the
 * bare product name: an extension's content scripts run in a world named
 * after the extension, and world.ts takes the world a document announces
 * by its name. */
export const WORLD_NAME = "browserctl:injected";

/** On each attachment (cdp-events.ts ON_ATTACH): the script in the world
 * of every document the tab starts from now on, and of the ones it has. */
export async function installOnNewDocuments(_tabId: number, send: AttachSend): Promise<void> {
  await send("Page.addScriptToEvaluateOnNewDocument", { source: SOURCE, worldName: WORLD_NAME, runImmediately: true });
}

/** Out-of-process frames' sessions that were given the script as they
 * attached (installInNewFrame): "tab:session". */
const givenOnAttach = new Set<string>();

/**
 * Target.attachedToTarget, from every session (cdp-events.ts): an
 * out-of-process frame's session gets the script the way the tab's own
 * does, in the world of the document it has and of those it starts. The
 * frame is still loading then, and the page around it too, so the first
 * call there (a snapshot's walk right after `open`) finds the script
 * instead of sending 66 KB and compiling it while the caller waits (that
 * install took 11-17 ms; a navigate with snapshot of a page with one
 * cross-site frame answers 7-9 ms sooner after its load for it).
 * Page.createIsolatedWorld by the same name answers that same world.
 */
export function installInNewFrame(tabId: number, params: Record<string, unknown>): void {
  const info = params["targetInfo"] as { type?: string } | undefined;
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe") return;
  const key = `${tabId}:${child}`;
  givenOnAttach.add(key);
  // Refused (the frame went at once): its calls install as they go.
  sendToFrame(tabId, child, "Page.addScriptToEvaluateOnNewDocument", { source: SOURCE, worldName: WORLD_NAME, runImmediately: true }).catch(() => {
    givenOnAttach.delete(key);
  });
}

/** Target.detachedFromTarget, from every session: that frame's session is gone. */
export function forgetFrameSession(tabId: number, params: Record<string, unknown>): void {
  givenOnAttach.delete(`${tabId}:${String(params["sessionId"] ?? "")}`);
}

/** Out-of-process frames' contexts known to have this build's script:
 * "tab:session:context". */
const installed = new Set<string>();
/** Installs under way, by the same key (installInto): a call meanwhile
 * waits for it instead of sending the script a second time. */
const installing = new Map<string, Promise<unknown>>();
const MAX_KNOWN = 4096;
onForget((tabId) => {
  for (const k of installed) if (k.startsWith(`${tabId}:`)) installed.delete(k);
  for (const k of givenOnAttach) if (k.startsWith(`${tabId}:`)) givenOnAttach.delete(k);
});

/** Where a call runs: on an element (objectId, in an isolated world), or in
 * an isolated world's context. session: the CDP session (undefined: the
 * tab's own); an objectId given without the key goes where its route says
 * (debugger.ts setSessionRoute). */
export type Where = { objectId: string; session?: string } | { contextId: number; session?: string };

export interface CallOptions {
  /** false: the answer stays in the page (an element), by objectId. */
  returnByValue?: boolean;
  objectGroup?: string;
  userGesture?: boolean;
  /** Objects passed by reference after the JSON arguments ({value: null} for none). */
  objects?: ({ objectId: string } | { value: null })[];
  timeoutMs?: number;
  /** false: a world without this build's script is left as it is and the
   * call answers no value (a context id kept from before may be another
   * document's world by now, even the page's own). */
  install?: false;
}

export interface CallResult<T = unknown> {
  result: { type: string; subtype?: string; objectId?: string; value?: T };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

function sendTo<T>(tabId: number, where: Where, method: string, params: object, timeoutMs?: number): Promise<T> {
  const target = "objectId" in where ? { objectId: where.objectId } : { executionContextId: where.contextId };
  const p = { ...target, ...params };
  // An objectId without a session goes where the objectId's route says.
  return "session" in where ? sendIn<T>(tabId, where.session, method, p, timeoutMs) : send<T>(tabId, method, p, timeoutMs);
}

/**
 * Installs the script in a world (by its key) on its own, the calls that
 * meanwhile need the same world waiting for that and not more: the
 * install is kept apart from any call, so a call that runs long in the
 * page (a wait) never holds up the next one there (its cancel).
 */
async function installInto(tabId: number, where: Where, key: string, timeoutMs: number | undefined): Promise<void> {
  let install = installing.get(key);
  if (!install) {
    install = sendTo(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: INSTALL, returnByValue: true }, timeoutMs);
    installing.set(key, install);
    const done = () => {
      if (installing.get(key) === install) installing.delete(key);
    };
    install.then(done, done);
  }
  // A failed install shows in the call that follows (its context gone, or
  // the script missing still and sent with the call).
  await install.catch(() => {});
}

/**
 * Calls the in-page method `name` with args. Answers CDP's result as is
 * (exceptionDetails for an exception in the page); installs the script
 * first where it is missing.
 */
export async function callInjected<N extends MethodName>(
  tabId: number,
  where: Where,
  name: N,
  args: ArgsOf<N>,
  opts: CallOptions = {},
): Promise<CallResult<ResultOf<N>>> {
  const params = {
    arguments: [{ value: name }, { value: args }, ...(opts.objects ?? [])],
    returnByValue: opts.returnByValue ?? true,
    awaitPromise: true,
    ...(opts.objectGroup !== undefined ? { objectGroup: opts.objectGroup } : {}),
    ...(opts.userGesture ? { userGesture: true } : {}),
  };
  // The short call where the world should have the script: known to, or a
  // world of the tab's own session (installOnNewDocuments) or of a frame's
  // session given it as it attached (installInNewFrame). Any other
  // out-of-process frame's world this worker has not called into yet gets
  // the script first, then the call. A document that lacks it all the same
  // gets the script with the call.
  const key = "contextId" in where ? `${tabId}:${where.session ?? ""}:${where.contextId}` : undefined;
  const call = () => sendTo<CallResult<ResultOf<N> | string>>(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: CALL, ...params }, opts.timeoutMs);
  const shouldHave = where.session === undefined || givenOnAttach.has(`${tabId}:${where.session}`);
  let r: CallResult<ResultOf<N> | string>;
  if (key === undefined || installed.has(key) || shouldHave || opts.install === false) {
    r = await call();
    if (opts.install === false && !r.exceptionDetails && r.result.value === NOT_INSTALLED) return { result: { type: "undefined" } };
  } else {
    await installInto(tabId, where, key, opts.timeoutMs);
    r = await call();
  }
  if (!r.exceptionDetails && r.result.value === NOT_INSTALLED) {
    r = await sendTo<CallResult<ResultOf<N> | string>>(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: INSTALL_AND_CALL, ...params }, opts.timeoutMs);
  }
  // Only an out-of-process frame's worlds need remembering: a tab's own
  // go short first either way.
  if (key !== undefined && where.session !== undefined && !installed.has(key) && !r.exceptionDetails) {
    if (installed.size >= MAX_KNOWN) installed.clear();
    installed.add(key);
  }
  return r as CallResult<ResultOf<N>>;
}

/** callInjected's value; an exception in the page is thrown as `fail` makes
 * it, an argument the page refused (badParam) as -32602. */
export async function valueOf<N extends MethodName>(
  tabId: number,
  where: Where,
  name: N,
  args: ArgsOf<N>,
  fail: (why: string) => Error,
  opts: CallOptions = {},
): Promise<ResultOf<N>> {
  const r = await callInjected(tabId, where, name, args, opts);
  if (r.exceptionDetails) throw fail(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception");
  const v: unknown = r.result.value;
  if (typeof v === "object" && v !== null && BAD_PARAM in v) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: ${String((v as Record<string, unknown>)[BAD_PARAM])}`);
  }
  return v as ResultOf<N>;
}
