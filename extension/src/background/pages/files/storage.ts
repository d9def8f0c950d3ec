// Cookies (Network.getCookies / setCookie / deleteCookies, so HttpOnly ones
// too) and the page origin's localStorage / sessionStorage (read and written
// in the page), and pages.pdf (Page.printToPDF).

import { optionalBool, optionalNumber, optionalString, requireOneOf, requireString, requireText } from "../../params";
import {
  STORAGE_KINDS,
  type ClearCookiesResult,
  type ClearStorageResult,
  type CookiesResult,
  type PDFResult,
  type RequestParams,
  type SetCookieResult,
  type SetStorageResult,
  type StorageResult,
} from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import type { ArgsOf } from "../../../injected/methods";
import { send } from "../core/debugger";
import { failed } from "../core/failed";
import { callInWorld } from "../core/world";
import type { ToolHandlers } from "../tables";


interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number; // seconds since the epoch, -1 for a session cookie
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
}

async function pageURL(tabId: number): Promise<string> {
  const r = await callInWorld(tabId, "locationHref", []);
  return String(r.result.value ?? "");
}

function httpURL(u: string, name: string): string {
  if (!/^https?:\/\//i.test(u)) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "${name}" must be an http(s) URL, got ${JSON.stringify(u)}`);
  }
  return u;
}

/**
 * The hosts of the http(s) pages of the tab's session (its tab group), or of
 * the tab alone outside a group: the sites a session's cookie calls reach
 * without anySite.
 */
async function sessionHosts(tabId: number): Promise<string[]> {
  const tab = await chrome.tabs.get(tabId);
  const tabs = tab.groupId !== undefined && tab.groupId >= 0 ? await chrome.tabs.query({ groupId: tab.groupId }) : [tab];
  const hosts = new Set<string>();
  for (const t of tabs) {
    for (const u of [t.url, t.pendingUrl]) {
      try {
        const url = new URL(u ?? "");
        if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.hostname.toLowerCase());
      } catch {
        // no URL yet
      }
    }
  }
  return [...hosts];
}

/** Whether host is one of hosts, a parent domain of one, or a subdomain of one. */
export function withinHosts(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^\./, "");
  return hosts.some((s) => h === s || s.endsWith("." + h) || h.endsWith("." + s));
}

/**
 * Refuses a cookie call for a site none of the session's tabs shows unless
 * the caller said anySite: the profile's other sites' cookies (HttpOnly
 * ones too) are not a session's to read or write by accident.
 */
async function requireSessionSite(tabId: number, anySite: boolean, what: string, host: string): Promise<void> {
  if (anySite) return;
  const hosts = await sessionHosts(tabId);
  if (withinHosts(host, hosts)) return;
  throw new RpcError(
    ErrorCode.invalidParams,
    `${what} ${JSON.stringify(host)} is not a site of this session's tabs (${hosts.join(", ") || "none"}): pass anySite (--any-site) to reach another site's cookies`,
    "forbidden",
  );
}

/** The cookies a request to url (default: the page's URL) would send. */
async function cookiesFor(tabId: number, p: RequestParams<"pages.cookies" | "pages.clearCookies">): Promise<{ url: string; cookies: Cookie[] }> {
  const given = optionalString(p, "url") || undefined;
  if (given) await requireSessionSite(tabId, optionalBool(p, "anySite") ?? false, "the url's host", new URL(httpURL(given, "url")).hostname);
  const url = given ? httpURL(given, "url") : await pageURL(tabId);
  if (!/^https?:/i.test(url)) return { url, cookies: [] };
  const r = await send<{ cookies: Cookie[] }>(tabId, "Network.getCookies", { urls: [url] });
  return { url, cookies: r.cookies };
}

export async function cookies(tabId: number, p: RequestParams<"pages.cookies">): Promise<CookiesResult> {
  const { url, cookies: list } = await cookiesFor(tabId, p);
  return {
    url,
    cookies: list.map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      expires: c.expires,
      httpOnly: c.httpOnly,
      secure: c.secure,
      sameSite: c.sameSite ?? "",
    })),
  };
}

/** The longest name and value together the browser keeps (RFC 6265bis). */
const COOKIE_BYTES = 4096;

/** Why the browser would refuse a cookie of this name and value ("" when
 * it takes it): its own check answers only "Sanitizing cookie failed". */
export function cookieRefusal(name: string, value: string): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u0008\u000a-\u001f\u007f]/;
  if (/[;=]/.test(name) || control.test(name)) return "a cookie's name cannot hold ';', '=' or a control character";
  if (value.includes(";") || control.test(value)) return "a cookie's value cannot hold ';' or a control character";
  const bytes = new TextEncoder().encode(name + value).length;
  if (bytes > COOKIE_BYTES) return `its name and value are ${bytes} bytes, more than the ${COOKIE_BYTES} a browser keeps`;
  return "";
}

export async function setCookie(tabId: number, p: RequestParams<"pages.setCookie">): Promise<SetCookieResult> {
  const name = requireString(p, "name");
  const value = requireText(p, "value");
  const refusal = cookieRefusal(name, value);
  if (refusal) throw failed(`the browser would refuse the cookie ${JSON.stringify(name.slice(0, 60))}: ${refusal}`, "bad_input");
  const given = optionalString(p, "url") || undefined;
  const domain = optionalString(p, "domain") || undefined;
  const path = optionalString(p, "path") || undefined;
  const expires = optionalNumber(p, "expires");
  const httpOnly = optionalBool(p, "httpOnly") ?? false;
  const secure = optionalBool(p, "secure") ?? false;
  if (expires !== undefined && expires > 0 && expires * 1000 <= Date.now()) {
    // The browser takes it, and drops it at once: nothing would be set.
    throw failed(
      `the cookie ${JSON.stringify(name)} would expire at ${new Date(expires * 1000).toISOString()}, in the past: the browser drops it at once (to remove a cookie: cookies clear)`,
      "bad_input",
    );
  }
  let url = given ? httpURL(given, "url") : "";
  const anySite = optionalBool(p, "anySite") ?? false;
  if (url) await requireSessionSite(tabId, anySite, "the url's host", new URL(url).hostname);
  if (domain) await requireSessionSite(tabId, anySite, "the domain", domain);
  if (!url && !domain) {
    url = await pageURL(tabId);
    if (!/^https?:/i.test(url)) throw failed(`the page (${url}) has no http(s) origin for a cookie: give --url or --domain`);
  }
  const r = await send<{ success?: boolean }>(tabId, "Network.setCookie", {
    name,
    value,
    ...(url ? { url } : {}),
    ...(domain ? { domain } : {}),
    ...(path ? { path } : {}),
    ...(expires !== undefined ? { expires } : {}),
    httpOnly,
    secure,
  });
  if (r.success === false) throw failed(`the browser refused the cookie ${JSON.stringify(name)} (a Secure cookie needs https, a domain must match the URL)`);
  return { ok: true, url };
}

export async function clearCookies(tabId: number, p: RequestParams<"pages.clearCookies">): Promise<ClearCookiesResult> {
  const { url, cookies: list } = await cookiesFor(tabId, p);
  for (const c of list) {
    await send(tabId, "Network.deleteCookies", { name: c.name, domain: c.domain, path: c.path });
  }
  return { url, deleted: list.length };
}

// ---- local and session storage ----


// In the page (src/injected/document/storage.ts), in the isolated world: storage is
// the origin's, the same in every world. It throws the browser's
// SecurityError on an opaque origin such as about:blank.
async function runStorage(tabId: number, args: ArgsOf<"storage">): Promise<unknown> {
  const r = await callInWorld(tabId, "storage", args);
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    throw failed(`storage is not available here: ${(d.exception?.description ?? d.text ?? "exception").split("\n")[0]}`);
  }
  return r.result.value;
}

// runStorage answers what storageOp returns for the op: the casts below
// name that shape.

export async function storage(tabId: number, p: RequestParams<"pages.storage">): Promise<StorageResult> {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  const key = optionalString(p, "key");
  return (await runStorage(tabId, [kind, "get", key ?? null, null])) as StorageResult;
}

export async function setStorage(tabId: number, p: RequestParams<"pages.setStorage">): Promise<SetStorageResult> {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  const key = requireText(p, "key");
  const value = requireText(p, "value");
  return (await runStorage(tabId, [kind, "set", key, value])) as SetStorageResult;
}

export async function clearStorage(tabId: number, p: RequestParams<"pages.clearStorage">): Promise<ClearStorageResult> {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  return (await runStorage(tabId, [kind, "clear", null, null])) as ClearStorageResult;
}

// ---- PDF ----

export async function pdf(tabId: number, p: RequestParams<"pages.pdf">): Promise<PDFResult> {
  const landscape = optionalBool(p, "landscape") ?? false;
  const printBackground = optionalBool(p, "background") ?? true;
  try {
    const r = await send<{ data: string }>(tabId, "Page.printToPDF", { landscape, printBackground }, 60_000);
    return { data: r.data, format: "pdf" };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw failed(`the browser cannot print this page to PDF (${msg.replace(/^page operation failed: /, "")}); headless Chromium can`);
  }
}

// This file's handlers (tools.ts joins them).
export const storageHandlers = {
  "pages.pdf": pdf,
  "pages.cookies": cookies,
  "pages.setCookie": setCookie,
  "pages.clearCookies": clearCookies,
  "pages.storage": storage,
  "pages.setStorage": setStorage,
  "pages.clearStorage": clearStorage,
} satisfies ToolHandlers;
