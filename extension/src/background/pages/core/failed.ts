// The error of a page command that could not do what it says: 4110 "page
// operation failed: ..." with the reason a script can branch on (one of
// rpc/reasons.go's; without one the code's default).

import { ErrorCode, RpcError, type Reason } from "../../types";

export function failed(msg: string, reason?: Reason): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${msg}`, reason);
}
