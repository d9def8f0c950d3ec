// Where a tab is never sent on a caller's word: a javascript: URL runs
// script in whatever page the tab shows, and a file: URL reads this
// machine's files into it. The hub may be driven by an agent a page talked
// into it, so the rule holds here, where pages.navigate, tabs.open and
// sessions.create land, whatever the CLI checked (rpc.CheckNavigationURL is
// the same rule).
//
// Nor to a page of the browser or of an extension (chrome:, about:settings,
// chrome-extension:): chrome.debugger cannot drive the browser's, so the
// tab would leave the session's reach, and it can drive this extension's
// own, which hold every chrome.* API the extension has: a caller given one
// session would reach every tab, cookie and setting.
import { ErrorCode, RpcError } from "../../types";

/** The schemes of the browser's own pages and of extensions' pages. */
const BROWSER_SCHEMES = new Set([
  "chrome", "chrome-extension", "chrome-untrusted", "chrome-search", "chrome-devtools", "devtools",
  "edge", "brave", "opera", "vivaldi", "extension", "moz-extension",
]);

/** Whether url is a page of the browser or of an extension (about: pages
 * but blank and srcdoc are the browser's). */
export function isBrowserPage(url: string): boolean {
  const scheme = navigationScheme(url);
  if (scheme === "about") return !/^about:(blank|srcdoc)([?#]|$)/i.test(url.trim());
  return BROWSER_SCHEMES.has(scheme);
}

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

/** Throws -32602 (bad_input) for a javascript: URL, a browser's or an
 * extension's page, and for file: unless allowFile. */
export function checkNavigable(url: string, allowFile: boolean): void {
  const scheme = navigationScheme(url);
  if (scheme === "javascript" || scheme === "vbscript") {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": a ${scheme}: URL runs script in the page instead of loading one; use pages.eval for that`,
      "bad_input",
    );
  }
  if (isBrowserPage(url)) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": ${/^[aeiou]/.test(scheme) ? "an" : "a"} ${scheme}: URL is a page of the browser or of an extension, which browserctl does not drive (the tab would leave its reach); open it by hand`,
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
