// Every wire method of spec section 4: the lists are generated from rpc/
// (protocol.gen.ts); a method missing here answers -32601.

import { METHODS, type Method } from "./protocol.gen";

export {
  DOWNLOAD_METHODS,
  EMULATION_METHODS,
  EXTENSION_METHODS,
  INIT_SCRIPT_METHODS,
  LOG_METHODS,
  METHODS,
  NETWORK_METHODS,
  PAGE_METHODS,
  SESSION_METHODS,
  STATE_METHODS,
  TAB_METHODS,
  type DownloadMethod,
  type EmulationMethod,
  type ExtensionMethod,
  type InitScriptMethod,
  type LogMethod,
  type Method,
  type NetworkMethod,
  type PageMethod,
  type SessionMethod,
  type StateMethod,
  type TabMethod,
} from "./protocol.gen";

export function isMethod(m: string): m is Method {
  return (METHODS as readonly string[]).includes(m);
}
