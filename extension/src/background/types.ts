// Shared shapes of the extension's dispatch: every handler takes the
// request's params object and resolves to the JSON result, or throws an
// RpcError carrying a code of spec section 5 (ErrorCode, generated from
// rpc/errors.go).

import { DEFAULT_REASON, ErrorCode, type Reason } from "./protocol.gen";

export { ErrorCode, type ErrorCodeValue, type Handler, type Handlers, type HandlerTable, type Params, type Reason } from "./protocol.gen";

/**
 * A failure with its spec code and its reason, the one word of
 * rpc/reasons.go a script branches on (sent as the error's data.reason).
 * A site that names no reason gets its code's default (DEFAULT_REASON), a
 * 4102 worded as a timeout gets "timeout": no error goes out without one.
 */
export class RpcError extends Error {
  readonly reason: Reason;
  constructor(
    readonly code: number,
    message: string,
    reason?: Reason,
  ) {
    super(message);
    this.name = "RpcError";
    this.reason = reason ?? defaultReason(code, message);
  }
}

/** The reason of an error whose site named none. */
export function defaultReason(code: number, message: string): Reason {
  if (code === ErrorCode.operationFailed && /timed out|did not answer within/.test(message)) return "timeout";
  return DEFAULT_REASON[code] ?? "failed";
}
