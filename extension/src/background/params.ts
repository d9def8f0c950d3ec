// Param validation: each helper returns the typed value or throws -32602
// naming the member, as docs/protocol.md section 4 asks.
import { ErrorCode, RpcError, type Params } from "./types";

function invalid(name: string, what: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: "${name}" must be ${what}`);
}

export function requireString(p: Params, name: string): string {
  const v = p[name];
  if (typeof v !== "string" || v === "") throw invalid(name, "a non-empty string");
  return v;
}

/** A string that may be empty (fill "" clears a field). */
export function requireText(p: Params, name: string): string {
  const v = p[name];
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}

export function optionalString(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}

export function requireNumber(p: Params, name: string): number {
  const v = p[name];
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}

export function optionalNumber(p: Params, name: string): number | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}

export function requireInt(p: Params, name: string, min = Number.MIN_SAFE_INTEGER): number {
  const v = p[name];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
    throw invalid(name, min === 0 ? "a non-negative integer" : "an integer");
  }
  return v;
}

export function optionalInt(p: Params, name: string, min = Number.MIN_SAFE_INTEGER): number | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  return requireInt(p, name, min);
}

export function optionalBool(p: Params, name: string): boolean | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "boolean") throw invalid(name, "a boolean");
  return v;
}

export function requireOneOf<T extends string>(p: Params, name: string, allowed: readonly T[]): T {
  const v = p[name];
  if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
    throw invalid(name, `one of ${allowed.join(", ")}`);
  }
  return v as T;
}

export function optionalOneOf<T extends string>(p: Params, name: string, allowed: readonly T[]): T | undefined {
  if (p[name] === undefined || p[name] === null) return undefined;
  return requireOneOf(p, name, allowed);
}

export function requireStringArray(p: Params, name: string): string[] {
  const v = p[name];
  if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === "string")) {
    throw invalid(name, "a non-empty array of strings");
  }
  return v as string[];
}
