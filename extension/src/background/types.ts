// Shared shapes of the extension's dispatch: every handler takes the
// request's params object and resolves to the JSON result, or throws an
// RpcError carrying a code of spec section 5 (ErrorCode, generated from
// rpc/errors.go).

export { ErrorCode, type ErrorCodeValue, type Handler, type Handlers, type HandlerTable, type Params } from "./protocol.gen";

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RpcError";
  }
}
