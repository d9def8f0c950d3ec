// Param validation: each helper returns the typed value or throws -32602
// naming the member, as docs/protocol.md section 4 asks. A handler's params
// are Untrusted<ParamsOf<M>>, so a member the protocol table (rpc/) does not
// declare for the method is a compile error here.
import type { Untrusted } from "./protocol.gen";
import { ErrorCode, RpcError, type Params } from "./types";

/**
 * The names of P's required (RequiredMember) and optional (OptionalMember)
 * members; any name for a plain Params object. The require* helpers take
 * only the first, the optional* ones only the second, so a handler cannot
 * treat a required member as optional or the other way round.
 */
export type RequiredMember<P> = string extends keyof P
  ? string
  : { [K in keyof P]-?: {} extends Pick<P, K> ? never : K }[keyof P] & string;
export type OptionalMember<P> = string extends keyof P
  ? string
  : { [K in keyof P]-?: {} extends Pick<P, K> ? K : never }[keyof P] & string;

function invalid(name: string, what: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: "${name}" must be ${what}`);
}

export function requireString<P>(p: Untrusted<P>, name: RequiredMember<P>): string {
  const v = (p as Params)[name];
  if (typeof v !== "string" || v === "") throw invalid(name, "a non-empty string");
  return v;
}

/** A string that may be empty (fill "" clears a field). */
export function requireText<P>(p: Untrusted<P>, name: RequiredMember<P>): string {
  const v = (p as Params)[name];
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}

export function optionalString<P>(p: Untrusted<P>, name: OptionalMember<P>): string | undefined {
  const v = (p as Params)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}

export function requireNumber<P>(p: Untrusted<P>, name: RequiredMember<P>): number {
  const v = (p as Params)[name];
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}

export function optionalNumber<P>(p: Untrusted<P>, name: OptionalMember<P>): number | undefined {
  const v = (p as Params)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}

export function requireInt<P>(p: Untrusted<P>, name: RequiredMember<P>, min = Number.MIN_SAFE_INTEGER): number {
  const v = (p as Params)[name];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
    throw invalid(name, min === 0 ? "a non-negative integer" : "an integer");
  }
  return v;
}

export function optionalInt<P>(p: Untrusted<P>, name: OptionalMember<P>, min = Number.MIN_SAFE_INTEGER): number | undefined {
  const v = (p as Params)[name];
  if (v === undefined || v === null) return undefined;
  return requireInt<Params>(p as Params, name, min);
}

export function optionalBool<P>(p: Untrusted<P>, name: OptionalMember<P>): boolean | undefined {
  const v = (p as Params)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "boolean") throw invalid(name, "a boolean");
  return v;
}

/** The values member K of P takes (its enum, for the *OneOf helpers). */
type ValuesOf<P, K> = K extends keyof P ? NonNullable<P[K]> : string;

export function requireOneOf<P, K extends RequiredMember<P>, T extends ValuesOf<P, K> & string>(
  p: Untrusted<P>,
  name: K,
  allowed: readonly T[],
): T {
  const v = (p as Params)[name];
  if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
    throw invalid(name, `one of ${allowed.join(", ")}`);
  }
  return v as T;
}

export function optionalOneOf<P, K extends OptionalMember<P>, T extends ValuesOf<P, K> & string>(
  p: Untrusted<P>,
  name: K,
  allowed: readonly T[],
): T | undefined {
  const v = (p as Params)[name];
  if (v === undefined || v === null) return undefined;
  return requireOneOf<Params, string, T>(p as Params, name, allowed);
}

export function requireStringArray<P>(p: Untrusted<P>, name: RequiredMember<P>): string[] {
  const v = (p as Params)[name];
  if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === "string")) {
    throw invalid(name, "a non-empty array of strings");
  }
  return v as string[];
}
