// extension.info (issue 13): which extension answers and which protocol it
// speaks, so `browserctl doctor` can compare both sides of the wire.

import type { ExtensionMethod } from "./methods";
import type { Handler } from "./types";
import { PROTOCOL_VERSION } from "./ws-client";

export interface ExtensionInfo {
  /** The protocol version this extension speaks (auth_ok's `version` on the hub side). */
  protocolVersion: number;
  /** The manifest's version. */
  version: string;
  /** The extension's id (pinned by the manifest's key). */
  id: string;
  /** The browser's user agent. */
  userAgent: string;
}

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

export function extensionHandlers(deps: InfoDeps = chromeInfoDeps): Record<ExtensionMethod, Handler> {
  return {
    "extension.info": async (): Promise<ExtensionInfo> => ({
      protocolVersion: PROTOCOL_VERSION,
      version: deps.manifestVersion(),
      id: deps.id(),
      userAgent: deps.userAgent(),
    }),
  };
}
