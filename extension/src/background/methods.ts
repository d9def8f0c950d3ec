// Every wire method of spec section 4, in one table shared by the router and
// its tests. A method missing here answers -32601.

export const SESSION_METHODS = [
  "sessions.create",
  "sessions.attachCurrent",
  "sessions.list",
  "sessions.rename",
  "sessions.release",
  "sessions.close",
  // issue 8
  "sessions.setDialogPolicy",
] as const;

export const TAB_METHODS = [
  "tabs.open",
  "tabs.list",
  "tabs.userList",
  "tabs.attach",
  "tabs.active",
  "tabs.activate",
  "tabs.close",
] as const;

export const PAGE_METHODS = [
  "pages.snapshot",
  "pages.click",
  "pages.hover",
  "pages.fill",
  "pages.type",
  "pages.select",
  "pages.scrollIntoView",
  "pages.press",
  "pages.scroll",
  "pages.mouse",
  "pages.get",
  "pages.screenshot",
  "pages.wait",
  "pages.eval",
  // issue 8 (targets, find, more actions)
  "pages.find",
  "pages.check",
  "pages.focus",
  "pages.drag",
  "pages.keyboardType",
  "pages.is",
  "pages.getAttribute",
  "pages.count",
  // issue 8
  "pages.navigate",
  "pages.back",
  "pages.forward",
  "pages.reload",
  "pages.waitFor",
  "pages.dialog",
  // issue 13 (the REPL's saved script)
  "pages.durableTarget",
] as const;

// issue 13: what the extension is, for `browserctl doctor`.
export const EXTENSION_METHODS = ["extension.info"] as const;

// Issue 10: files, logs, network, cookies, storage, PDF (docs/protocol.md).
export const ISSUE10_METHODS = [
  "pages.upload",
  "pages.download",
  "pages.pdf",
  "pages.cookies",
  "pages.setCookie",
  "pages.clearCookies",
  "pages.storage",
  "pages.setStorage",
  "pages.clearStorage",
  "logs.console",
  "logs.errors",
  "logs.network",
  "network.block",
  "network.unblock",
  "downloads.list",
] as const;

export const METHODS = [...SESSION_METHODS, ...TAB_METHODS, ...PAGE_METHODS, ...ISSUE10_METHODS, ...EXTENSION_METHODS] as const;

export type SessionMethod = (typeof SESSION_METHODS)[number];
export type TabMethod = (typeof TAB_METHODS)[number];
export type PageMethod = (typeof PAGE_METHODS)[number];
export type ExtensionMethod = (typeof EXTENSION_METHODS)[number];
export type Method = (typeof METHODS)[number];

export function isMethod(m: string): m is Method {
  return (METHODS as readonly string[]).includes(m);
}
