// Who sent a call, and which tab it acted on: the approval bar names the
// caller ("mcp claude-code wants to ..."), the popup's record of a
// session's calls shows it. Our hub adds the caller to the params of every
// call of a session as a member beyond the spec's, "caller": {kind, name,
// pid, timeoutMs}; the router takes it out before the handler sees the
// params. A hub that follows the spec sends none: the caller is then
// unnamed. A service worker has no async context, so the call's context is
// kept against its params object, which every layer passes on.

export interface Caller {
  /** shell, repl, batch, mcp, ... */
  kind: string;
  /** the batch file, the MCP client's name */
  name?: string;
  pid?: number;
  /** how long the hub waits for this call's answer */
  timeoutMs?: number;
}

export interface CallContext {
  caller?: Caller;
  /** the tab a page call acted on (pages/index.ts notes it) */
  tabId?: number;
  started: number;
}

const contexts = new WeakMap<object, CallContext>();

function clip(v: unknown, n: number): string | undefined {
  return typeof v === "string" && v !== "" ? v.slice(0, n) : undefined;
}

/** Takes the hub's "caller" member out of params (it is not the method's). */
export function takeCaller(params: Record<string, unknown>): Caller | undefined {
  if (!Object.hasOwn(params, "caller")) return undefined;
  const raw = params["caller"];
  delete params["caller"];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const kind = clip(r["kind"], 40);
  if (!kind) return undefined;
  const c: Caller = { kind };
  const name = clip(r["name"], 100);
  if (name) c.name = name;
  if (typeof r["pid"] === "number" && Number.isSafeInteger(r["pid"]) && r["pid"] > 0) c.pid = r["pid"];
  if (typeof r["timeoutMs"] === "number" && Number.isFinite(r["timeoutMs"]) && r["timeoutMs"] > 0) c.timeoutMs = r["timeoutMs"];
  return c;
}

export function beginCall(params: object, caller: Caller | undefined): CallContext {
  const ctx: CallContext = { started: Date.now(), ...(caller ? { caller } : {}) };
  contexts.set(params, ctx);
  return ctx;
}

export function contextOf(params: object): CallContext | undefined {
  return contexts.get(params);
}

/** A page call names its tab once it resolved it. */
export function noteCallTab(params: object, tabId: number): void {
  const ctx = contexts.get(params);
  if (ctx) ctx.tabId = tabId;
}

/** The caller as the person reads it: "mcp claude-code", "shell", "batch flow.txt". */
export function callerText(c: Caller | undefined): string {
  if (!c) return "a caller";
  return c.name ? `${c.kind} ${c.name}` : c.kind;
}
