// Every wire method of spec section 4: the lists are generated from rpc/
// (protocol.gen.ts); a method missing here answers -32601.

import { METHODS, type Method } from "./protocol.gen";

export {
  METHODS,
  PAGE_METHODS,
  SESSION_METHODS,
  TAB_METHODS,
  type Method,
  type PageMethod,
  type SessionMethod,
  type TabMethod,
} from "./protocol.gen";

export function isMethod(m: string): m is Method {
  return (METHODS as readonly string[]).includes(m);
}
