// The one check every request's params pass before its handler runs (the
// router calls it): each member the protocol table (rpc/) declares for the
// method, when present and not null, has the declared type, nested objects
// and array items included; else -32602 naming the member
// ("settings.viewport.width"). Members the table does not declare are left
// alone (the spec does not refuse them), missing required members and
// finer rules (non-empty, enums, ranges) are the handlers' (params.ts).
// The shapes are generated from rpc/ (protocol.gen.ts's PARAM_SHAPES), so
// no method can forget a member.

import { OBJECT_SHAPES, PARAM_SHAPES, type Method } from "./protocol.gen";
import { ErrorCode, RpcError, type Params } from "./types";

function invalid(path: string, what: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid params: "${path}" must be ${what}`);
}

const WORDS: Record<string, string> = {
  string: "a string",
  boolean: "a boolean",
  int: "an integer",
  number: "a number",
};

/** What a shape is called in a refusal. */
function describe(shape: string): string {
  if (shape.endsWith("[]")) return "an array";
  if (shape.startsWith("map:") || shape in OBJECT_SHAPES) return "an object";
  return WORDS[shape] ?? "a value";
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Throws -32602 when v (at path) does not have the shape. */
function check(path: string, shape: string, v: unknown): void {
  if (shape.endsWith("[]")) {
    if (!Array.isArray(v)) throw invalid(path, describe(shape));
    const item = shape.slice(0, -2);
    v.forEach((x, i) => check(`${path}[${i}]`, item, x));
    return;
  }
  if (shape.startsWith("map:")) {
    if (!isObject(v)) throw invalid(path, describe(shape));
    const item = shape.slice(4);
    for (const k of Object.keys(v)) check(`${path}.${k}`, item, v[k]);
    return;
  }
  switch (shape) {
    case "unknown":
      return;
    case "string":
      if (typeof v !== "string") throw invalid(path, describe(shape));
      return;
    case "boolean":
      if (typeof v !== "boolean") throw invalid(path, describe(shape));
      return;
    case "int":
      if (typeof v !== "number" || !Number.isSafeInteger(v)) throw invalid(path, describe(shape));
      return;
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(path, describe(shape));
      return;
  }
  const members = OBJECT_SHAPES[shape];
  if (!members) return;
  if (!isObject(v)) throw invalid(path, describe(shape));
  checkMembers(`${path}.`, members, v);
}

function checkMembers(prefix: string, members: Readonly<Record<string, string>>, p: Record<string, unknown>): void {
  for (const [name, shape] of Object.entries(members)) {
    if (!Object.prototype.hasOwnProperty.call(p, name)) continue;
    const v = p[name];
    if (v === undefined || v === null) continue; // absent, as the helpers read it
    check(prefix + name, shape, v);
  }
}

/** Refuses (-32602) params whose declared members have the wrong type. */
export function checkParamShapes(method: Method, params: Params): void {
  checkMembers("", PARAM_SHAPES[method], params);
}
