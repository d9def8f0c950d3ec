// extension.info: which extension answers and which protocol it
// speaks, so `browserctl doctor` can compare both sides of the wire.

import { callTiming } from "./call-timing";
import type { ExtensionMethod } from "./methods";
import { PROTOCOL_VERSION, type ExtensionInfoResult } from "./protocol.gen";
import type { Handlers } from "./types";

export interface InfoDeps {
  manifestVersion(): string;
  id(): string;
  userAgent(): string;
}

export const chromeInfoDeps: InfoDeps = {
  manifestVersion: () => chrome.runtime.getManifest().version,
  id: () => chrome.runtime.id,
  userAgent: () => (typeof navigator === "undefined" ? "" : navigator.userAgent),
};

export function extensionHandlers(deps: InfoDeps = chromeInfoDeps): Handlers<ExtensionMethod> {
  return {
    "extension.info": async (): Promise<ExtensionInfoResult> => ({
      protocolVersion: PROTOCOL_VERSION,
      version: deps.manifestVersion(),
      id: deps.id(),
      userAgent: deps.userAgent(),
    }),
    "extension.callTiming": async (p) => callTiming(p.callId),
  };
}
