// Where a tab is never sent on a caller's word: a javascript: URL runs
// script in whatever page the tab shows, and a file: URL reads this
// machine's files into it. The hub may be driven by an agent a page talked
// into it, so the rule holds here, where pages.navigate, tabs.open and
// sessions.create land, whatever the CLI checked (rpc.CheckNavigationURL is
// the same rule).
import { ErrorCode, RpcError } from "../../types";

/**
 * The scheme as the browser reads it: the URL standard drops leading and
 * trailing C0 controls and spaces and every tab and newline before it
 * looks ("java\tscript:" is javascript:). "" for none.
 */
export function navigationScheme(url: string): string {
  // eslint-disable-next-line no-control-regex
  const u = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(u);
  return m?.[1]?.toLowerCase() ?? "";
}

/** Throws -32602 (bad_input) for a javascript: URL, and for file: unless allowFile. */
export function checkNavigable(url: string, allowFile: boolean): void {
  const scheme = navigationScheme(url);
  if (scheme === "javascript" || scheme === "vbscript") {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": a ${scheme}: URL runs script in the page instead of loading one; use pages.eval for that`,
      "bad_input",
    );
  }
  if (scheme === "file" && !allowFile) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": a file: URL reads this machine's files into the page; pages.navigate loads it only with "allowFile": true`,
      "bad_input",
    );
  }
}
