// Checks the settings of emulation.set before anything is sent to a tab:
// a value the browser would refuse answers -32602 and changes nothing.
// Pure but for Intl, which the worker shares with the browser's pages.

import {
  COLOR_SCHEMES,
  EMULATION_NAMES,
  PERMISSION_GRANTS,
  PERMISSION_NAMES,
  REDUCED_MOTIONS,
  type Emulation,
  type EmulationName,
} from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";

function bad(msg: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function num(o: Record<string, unknown>, key: string, where: string, opts: { min?: number; max?: number; optional?: boolean } = {}): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (opts.optional) return undefined;
    throw bad(`${where}.${key} is required`);
  }
  if (typeof v !== "number" || !Number.isFinite(v)) throw bad(`${where}.${key} must be a number`);
  if (opts.min !== undefined && v < opts.min) throw bad(`${where}.${key} must be at least ${opts.min}, got ${v}`);
  if (opts.max !== undefined && v > opts.max) throw bad(`${where}.${key} must be at most ${opts.max}, got ${v}`);
  return v;
}

/** The origin of an http(s) URL ("https://example.com"), else -32602 naming where. */
export function httpOrigin(v: string, where: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw bad(`${where} must be an http(s) origin such as https://example.com, got ${JSON.stringify(v)}`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw bad(`${where} must be an http(s) origin such as https://example.com, got ${JSON.stringify(v)}`);
  }
  return u.origin;
}

function str(v: unknown, where: string): string {
  if (typeof v !== "string") throw bad(`${where} must be a string`);
  return v;
}

function oneOf<T extends string>(v: unknown, values: readonly T[], where: string): T {
  if (typeof v !== "string" || !(values as readonly string[]).includes(v)) {
    throw bad(`${where} must be one of ${values.join(", ")}, got ${JSON.stringify(v)}`);
  }
  return v as T;
}

/** A header name or value Chrome takes (RFC 7230 token; no CR, LF or NUL). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** Whether Chrome's ICU knows the IANA time zone. */
export function validTimezone(zone: string): boolean {
  if (zone === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The canonical BCP 47 tag, or undefined for a malformed one. */
export function canonicalLocale(tag: string): string | undefined {
  if (tag === "") return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The members of a settings patch, checked; throws -32602 naming the first bad one. */
export function validateSettings(raw: unknown): Emulation {
  if (!isObject(raw)) throw bad(`"settings" must be an object`);
  const out: Emulation = {};
  for (const key of Object.keys(raw)) {
    if (!(EMULATION_NAMES as readonly string[]).includes(key)) throw bad(`unknown setting ${JSON.stringify(key)}`);
  }
  const v = raw as Record<string, unknown>;
  if (v["viewport"] !== undefined) {
    const vp = v["viewport"];
    if (!isObject(vp)) throw bad("viewport must be an object");
    const width = num(vp, "width", "viewport", { min: 1, max: 10_000_000 })!;
    const height = num(vp, "height", "viewport", { min: 1, max: 10_000_000 })!;
    if (!Number.isInteger(width) || !Number.isInteger(height)) throw bad("viewport width and height must be integers");
    const dsf = num(vp, "deviceScaleFactor", "viewport", { min: 0, max: 10, optional: true });
    if (vp["mobile"] !== undefined && typeof vp["mobile"] !== "boolean") throw bad("viewport.mobile must be a boolean");
    out.viewport = { width, height, deviceScaleFactor: dsf ?? 0, mobile: vp["mobile"] === true };
  }
  if (v["device"] !== undefined) out.device = str(v["device"], "device");
  for (const k of ["touch", "offline"] as const) {
    if (v[k] !== undefined) {
      if (typeof v[k] !== "boolean") throw bad(`${k} must be a boolean`);
      out[k] = v[k];
    }
  }
  if (v["userAgent"] !== undefined) {
    const ua = str(v["userAgent"], "userAgent");
    if (ua === "" || !HEADER_VALUE.test(ua)) throw bad("userAgent must be a non-empty string without line breaks");
    out.userAgent = ua;
  }
  if (v["media"] !== undefined) {
    const m = v["media"];
    if (!isObject(m)) throw bad("media must be an object");
    out.media = {};
    if (m["colorScheme"] !== undefined) out.media.colorScheme = oneOf(m["colorScheme"], COLOR_SCHEMES, "media.colorScheme");
    if (m["reducedMotion"] !== undefined) out.media.reducedMotion = oneOf(m["reducedMotion"], REDUCED_MOTIONS, "media.reducedMotion");
    if (m["print"] !== undefined) {
      if (typeof m["print"] !== "boolean") throw bad("media.print must be a boolean");
      out.media.print = m["print"];
    }
  }
  if (v["throttle"] !== undefined) {
    const t = v["throttle"];
    if (!isObject(t)) throw bad("throttle must be an object");
    out.throttle = {
      latencyMs: num(t, "latencyMs", "throttle", { min: 0 })!,
      downloadKbps: num(t, "downloadKbps", "throttle", { min: 0 })!,
      uploadKbps: num(t, "uploadKbps", "throttle", { min: 0 })!,
    };
  }
  if (v["geolocation"] !== undefined) {
    const g = v["geolocation"];
    if (!isObject(g)) throw bad("geolocation must be an object");
    out.geolocation = {
      latitude: num(g, "latitude", "geolocation", { min: -90, max: 90 })!,
      longitude: num(g, "longitude", "geolocation", { min: -180, max: 180 })!,
      accuracy: num(g, "accuracy", "geolocation", { min: 0, optional: true }) ?? 10,
    };
  }
  if (v["permissions"] !== undefined) {
    const p = v["permissions"];
    if (!isObject(p)) throw bad("permissions must be an object");
    out.permissions = {};
    for (const [name, grant] of Object.entries(p)) {
      oneOf(name, PERMISSION_NAMES, "a permission name");
      out.permissions[name] = oneOf(grant, PERMISSION_GRANTS, `permissions.${name}`);
    }
  }
  if (v["timezone"] !== undefined) {
    const z = str(v["timezone"], "timezone");
    if (!validTimezone(z)) throw bad(`unknown time zone ${JSON.stringify(z)} (an IANA name such as Europe/Berlin)`);
    out.timezone = z;
  }
  if (v["locale"] !== undefined) {
    const l = str(v["locale"], "locale");
    const c = canonicalLocale(l);
    if (!c) throw bad(`malformed locale ${JSON.stringify(l)} (a BCP 47 tag such as fr-FR)`);
    out.locale = c;
  }
  if (v["headers"] !== undefined) {
    const h = v["headers"];
    if (!isObject(h)) throw bad("headers must be an object of strings");
    out.headers = {};
    for (const [name, value] of Object.entries(h)) {
      if (!HEADER_NAME.test(name)) throw bad(`header name ${JSON.stringify(name)} is not a valid token`);
      if (typeof value !== "string" || !HEADER_VALUE.test(value)) throw bad(`header ${name} must be a string without line breaks`);
      out.headers[name] = value;
    }
  }
  if (v["headersOrigin"] !== undefined) {
    if (v["headers"] === undefined) throw bad("headersOrigin goes with headers (set headers --origin)");
    out.headersOrigin = httpOrigin(str(v["headersOrigin"], "headersOrigin"), "headersOrigin");
  }
  if (v["credentials"] !== undefined) {
    const c = v["credentials"];
    if (!isObject(c)) throw bad("credentials must be an object");
    out.credentials = { username: str(c["username"], "credentials.username"), password: str(c["password"], "credentials.password") };
    if (out.credentials.username === "") throw bad("credentials.username must not be empty");
    if (c["origin"] !== undefined) out.credentials.origin = httpOrigin(str(c["origin"], "credentials.origin"), "credentials.origin");
  }
  return out;
}

/** The names of emulation.reset, checked; none: every setting. */
export function validateNames(raw: unknown): EmulationName[] {
  if (raw === undefined || raw === null) return [...EMULATION_NAMES];
  if (!Array.isArray(raw)) throw bad(`"names" must be an array of strings`);
  return raw.map((n, i) => oneOf(n, EMULATION_NAMES, `names[${i}]`));
}
