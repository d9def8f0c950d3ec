// Shared shapes of the extension's dispatch: every handler takes the
// request's params object and resolves to the JSON result, or throws an
// RpcError carrying a code of spec section 5.

export const ErrorCode = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  unauthorized: 4001,
  extensionNotConnected: 4101,
  operationFailed: 4102,
  sessionRequired: 4103,
  tabNotFound: 4104,
  sessionNotFound: 4107,
  pageRefNotFound: 4109,
  pageOperationFailed: 4110,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

export type Params = Record<string, unknown>;

export type Handler = (params: Params) => Promise<unknown>;
