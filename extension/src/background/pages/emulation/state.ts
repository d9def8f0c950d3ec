// state.save / state.load: the cookies of the session's sites and the
// localStorage and sessionStorage of its tabs' origins, as Playwright's
// storageState (plus sessionStorage). Storage is written in a tab that shows
// the origin; an origin no tab shows is written by an init script at the
// start of the session's first document of that origin.

import type { Cookie, InitScript, OriginState, State, StateLoadResult, StorageEntry } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { send } from "../core/debugger";
import { callInWorld } from "../core/world";
import { originOf } from "./permissions";

function bad(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

interface CdpCookie extends Cookie {
  session?: boolean;
}

/** Reads the state of the tabs (their pages' cookies, frames' too, and storage). */
export async function saveState(tabIds: number[]): Promise<State> {
  const cookies = new Map<string, Cookie>();
  const origins = new Map<string, OriginState>();
  for (const tabId of tabIds) {
    const t = await chrome.tabs.get(tabId).catch(() => undefined);
    if (!originOf(t?.url)) continue; // about:blank, chrome://: nothing of a site
    const r = await send<{ cookies: CdpCookie[] }>(tabId, "Network.getCookies", {});
    for (const c of r.cookies) {
      const ck: Cookie = {
        name: c.name,
        value: c.value,
        domain: c.domain,
        path: c.path,
        expires: c.session ? -1 : c.expires,
        httpOnly: c.httpOnly,
        secure: c.secure,
        sameSite: c.sameSite ?? "Lax",
      };
      cookies.set(`${c.domain}\n${c.path}\n${c.name}`, ck);
    }
    const s = await callInWorld(tabId, "readOriginStorage", []);
    const o = s.result.value;
    if (o && o.origin && o.origin !== "null" && !origins.has(o.origin)) origins.set(o.origin, o);
  }
  return { cookies: [...cookies.values()], origins: [...origins.values()] };
}

function entries(v: unknown, where: string): StorageEntry[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw bad(`${where} must be an array of {name, value}`);
  return v.map((e: unknown, i) => {
    const o = e as Record<string, unknown> | null;
    if (!o || typeof o["name"] !== "string" || typeof o["value"] !== "string") throw bad(`${where}[${i}] must be {name: string, value: string}`);
    return { name: o["name"], value: o["value"] };
  });
}

const SAME_SITE = ["Strict", "Lax", "None"];

/** A state file's contents, checked: a bad member answers -32602 naming it. */
export function validateState(raw: unknown): State {
  const st = raw as Record<string, unknown> | null;
  if (!st || typeof st !== "object" || Array.isArray(st)) throw bad(`"state" must be an object with cookies and origins`);
  const cs = st["cookies"] ?? [];
  const os = st["origins"] ?? [];
  if (!Array.isArray(cs)) throw bad("state.cookies must be an array");
  if (!Array.isArray(os)) throw bad("state.origins must be an array");
  const cookies = cs.map((c: unknown, i): Cookie => {
    const o = c as Record<string, unknown> | null;
    const where = `state.cookies[${i}]`;
    if (!o || typeof o !== "object") throw bad(`${where} must be an object`);
    for (const k of ["name", "value", "domain"]) if (typeof o[k] !== "string") throw bad(`${where}.${k} must be a string`);
    if (o["name"] === "" || o["domain"] === "") throw bad(`${where} needs a name and a domain`);
    const sameSite = o["sameSite"] === undefined ? "Lax" : String(o["sameSite"]);
    if (!SAME_SITE.includes(sameSite)) throw bad(`${where}.sameSite must be Strict, Lax or None`);
    const expires = o["expires"] === undefined ? -1 : o["expires"];
    if (typeof expires !== "number" || !Number.isFinite(expires)) throw bad(`${where}.expires must be a number (-1: a session cookie)`);
    return {
      name: o["name"] as string,
      value: o["value"] as string,
      domain: o["domain"] as string,
      path: typeof o["path"] === "string" && o["path"] !== "" ? o["path"] : "/",
      expires,
      httpOnly: o["httpOnly"] === true,
      secure: o["secure"] === true,
      sameSite,
    };
  });
  const origins = os.map((x: unknown, i): OriginState => {
    const o = x as Record<string, unknown> | null;
    const where = `state.origins[${i}]`;
    if (!o || typeof o !== "object" || typeof o["origin"] !== "string") throw bad(`${where}.origin must be a string`);
    const origin = originOf(o["origin"]);
    if (!origin || origin !== o["origin"].replace(/\/$/, "")) throw bad(`${where}.origin must be an http(s) origin, got ${JSON.stringify(o["origin"])}`);
    return { origin, localStorage: entries(o["localStorage"], `${where}.localStorage`), sessionStorage: entries(o["sessionStorage"], `${where}.sessionStorage`) };
  });
  return { cookies, origins };
}

/**
 * Puts the state back through the session's tabs: the cookies (the
 * profile's cookie jar), each origin's storage in a tab that shows it; the
 * rest comes back as init scripts for addPending.
 */
export async function loadState(
  tabIds: number[],
  st: State,
): Promise<{ result: StateLoadResult; pending: OriginState[] }> {
  if (tabIds.length === 0) throw new RpcError(ErrorCode.tabNotFound, "the session has no tab to load the state through");
  if (st.cookies.length > 0) {
    const cookies = st.cookies.map((c) => {
      const out: Record<string, unknown> = { ...c };
      if (c.expires < 0) delete out["expires"];
      return out;
    });
    try {
      await send(tabIds[0]!, "Network.setCookies", { cookies });
    } catch (e) {
      throw bad(`the browser refused the cookies: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const shown = new Map<string, number>();
  for (const tabId of tabIds) {
    const t = await chrome.tabs.get(tabId).catch(() => undefined);
    const o = originOf(t?.url);
    if (o && !shown.has(o)) shown.set(o, tabId);
  }
  const written: string[] = [];
  const pending: OriginState[] = [];
  for (const o of st.origins) {
    const tabId = shown.get(o.origin);
    if (tabId === undefined) {
      pending.push(o);
      continue;
    }
    const r = await callInWorld(tabId, "writeOriginStorage", [o.origin, o.localStorage, o.sessionStorage ?? []]);
    if (r.exceptionDetails || r.result.value !== true) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: could not write the storage of ${o.origin} in tab ${tabId}`);
    }
    written.push(o.origin);
  }
  return { result: { cookies: st.cookies.length, origins: written, pending: pending.map((o) => o.origin) }, pending };
}

/** An init script that writes a pending origin's storage once: the marker
 * in sessionStorage keeps a reload from writing it again. */
export function pendingScript(id: string, o: OriginState): InitScript {
  const marker = JSON.stringify(`browserctl.state.${id}`);
  const data = JSON.stringify({ origin: o.origin, local: o.localStorage, session: o.sessionStorage ?? [] });
  return {
    id,
    name: `state for ${o.origin}`,
    source: `(() => { const d = ${data}; try { if (location.origin !== d.origin || sessionStorage.getItem(${marker})) return;
  sessionStorage.setItem(${marker}, "1");
  for (const e of d.local) localStorage.setItem(e.name, e.value);
  for (const e of d.session) sessionStorage.setItem(e.name, e.value); } catch (e) {} })()`,
  };
}
