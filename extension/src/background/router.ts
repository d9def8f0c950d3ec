// Dispatch of JSON-RPC requests: a typed table from wire method to handler.
// Garbage from the peer never throws: non-JSON and non-objects are dropped,
// everything with an id gets exactly one answer.

import { callEnded, callStarted } from "./call-timing";
import { isMethod } from "./methods";
import { checkParamShapes } from "./param-shapes";
import { beginCall, takeCaller, type CallContext } from "./person/call-context";
import { runUnlessStopped } from "./sessions/stop";
import { defaultReason, ErrorCode, RpcError, type HandlerTable, type Params, type Reason } from "./types";

export type RpcId = number | string;

/** Beyond the spec, beside an answer: the tab a page call acted on and its
 * URL as the call ended (the hub's journal names the page by it). */
export interface PageNote {
  tabId: number;
  url: string;
}

export type RpcResponse = (
  | { jsonrpc: "2.0"; id: RpcId | null; result: unknown }
  | { jsonrpc: "2.0"; id: RpcId | null; error: { code: number; message: string; data: { reason: Reason } } }
) & { page?: PageNote };

/** How a call ended, for an observer (the popup's record of calls). */
export type CallOutcome = { result: unknown } | { error: { code: number; reason: Reason } };
/** Told of each call that passed the checks as it starts and as it ends
 * (the popup's record of calls, idle detaching). */
export interface CallObserver {
  started?(method: string, params: Params, ctx: CallContext): void;
  ended?(method: string, params: Params, ctx: CallContext, outcome: CallOutcome): void;
}

export class Router {
  constructor(
    private readonly table: HandlerTable,
    private readonly observers: readonly CallObserver[] = [],
    /** The page a call acted on, to name beside its answer. */
    private readonly pageOf?: (ctx: CallContext) => PageNote | undefined,
  ) {}

  /** A parsed frame in, the response out; undefined when none is owed. */
  async dispatch(msg: unknown): Promise<RpcResponse | undefined> {
    if (typeof msg !== "object" || msg === null || Array.isArray(msg)) return undefined;
    const m = msg as Record<string, unknown>;
    if (typeof m.type === "string" && m.id === undefined) return undefined; // control frame
    if (m.id === undefined) return undefined; // notification: nothing to answer
    const id = typeof m.id === "number" || typeof m.id === "string" ? m.id : null;
    if (id === null || m.jsonrpc !== "2.0" || typeof m.method !== "string") {
      return errorResponse(id, ErrorCode.invalidRequest, "invalid request");
    }
    const method = m.method;
    const handler: ((p: Params) => Promise<unknown>) | undefined = isMethod(method) ? this.table[method] : undefined;
    if (!handler) return errorResponse(id, ErrorCode.methodNotFound, `method not found: ${method}`);
    const params = m.params === undefined || m.params === null ? {} : m.params;
    if (typeof params !== "object" || Array.isArray(params)) {
      return errorResponse(id, ErrorCode.invalidParams, "invalid params: params must be an object");
    }
    try {
      checkParamShapes(method as Parameters<typeof checkParamShapes>[0], params as Params);
    } catch (e) {
      const { code, message, reason } = toRpcError(e);
      return errorResponse(id, code, message, reason);
    }
    // the hub's "caller" member names who sent the call; it is not the method's
    const ctx = beginCall(params, takeCaller(params as Params));
    for (const o of this.observers) o.started?.(method, params as Params, ctx);
    const timing = callStarted(id, method, params);
    try {
      const sid = (params as Params)["sessionId"];
      const result = await runUnlessStopped(method, typeof sid === "string" ? sid : "", () => handler(params as Params));
      for (const o of this.observers) o.ended?.(method, params as Params, ctx, { result });
      return this.withPage({ jsonrpc: "2.0", id, result: result === undefined ? null : result }, ctx);
    } catch (e) {
      const { code, message, reason } = toRpcError(e);
      for (const o of this.observers) o.ended?.(method, params as Params, ctx, { error: { code, reason } });
      return this.withPage(errorResponse(id, code, message, reason), ctx);
    } finally {
      callEnded(timing);
    }
  }

  /** The answer with the page the call acted on beside it, when it had one. */
  private withPage(r: RpcResponse, ctx: CallContext): RpcResponse {
    const page = this.pageOf?.(ctx);
    return page ? { ...r, page } : r;
  }
}

export function errorResponse(id: RpcId | null, code: number, message: string, reason?: Reason): RpcResponse {
  return { jsonrpc: "2.0", id, error: { code, message, data: { reason: reason ?? defaultReason(code, message) } } };
}

// Messages chrome.* and chrome.debugger use for what the spec has codes for.
const TAB_GONE = /No tab with id|Tab not found|No current window|tab was closed/i;
const CDP_FAILURE =
  /debugger|Cannot access|Cannot attach|Target closed|Detached while handling command|^\{"code":-?\d+|Inspected target navigated or closed|No node with given id|Could not find node/i;

/** Maps a thrown value to the spec's codes (section 5). */
export function toRpcError(e: unknown): { code: number; message: string; reason: Reason } {
  if (e instanceof RpcError) return { code: e.code, message: e.message, reason: e.reason };
  const message = e instanceof Error ? e.message : typeof e === "string" ? e : "unknown error";
  if (TAB_GONE.test(message)) return { code: ErrorCode.tabNotFound, message, reason: "tab_closed" };
  if (CDP_FAILURE.test(message)) return { code: ErrorCode.pageOperationFailed, message, reason: "browser_error" };
  const m = message || "operation failed";
  return { code: ErrorCode.operationFailed, message: m, reason: defaultReason(ErrorCode.operationFailed, m) };
}
