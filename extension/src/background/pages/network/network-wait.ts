// network.waitResponse: resolves on the first Network.responseReceived of
// the tab, from the call on, whose URL matches the pattern (network block's
// syntax) and, when asked, whose status is the one given. A tab that goes
// away fails the wait at once; the budget ends it with 4102.

import type { RequestParams, WaitResponseResult } from "../../protocol.gen";
import { optionalInt, requireString } from "../../params";
import { ErrorCode, RpcError } from "../../types";
import { budgetOf, timedOut } from "../core/deadline";
import { ensureAttached, isAttached, onForget } from "../core/debugger";
import { matchesPattern, tabLogs } from "../logs/observe";
import type { ToolHandlers } from "../tables";

interface Waiter {
  pattern: string;
  status: number | undefined;
  done(r: { requestId: string; url: string; status: number; statusText: string }): void;
  fail(e: Error): void;
}

const waiters = new Map<number, Set<Waiter>>();

/** Network.responseReceived: releases the tab's waiters it matches. */
export function responseReceived(tabId: number, p: Record<string, unknown>): void {
  const set = waiters.get(tabId);
  if (!set || set.size === 0) return;
  const r = (p["response"] ?? {}) as { url?: string; status?: number; statusText?: string };
  const url = String(r.url ?? "");
  const status = typeof r.status === "number" ? r.status : 0;
  for (const w of [...set]) {
    if (matchesPattern(url, w.pattern) && (w.status === undefined || w.status === status)) {
      w.done({ requestId: String(p["requestId"] ?? ""), url, status, statusText: String(r.statusText ?? "") });
    }
  }
}

onForget((tabId) => {
  for (const w of [...(waiters.get(tabId) ?? [])]) {
    w.fail(new RpcError(ErrorCode.operationFailed, "the tab went away (closed, or its debugger detached) while waiting for a response"));
  }
});

export async function waitResponse(tabId: number, p: RequestParams<"network.waitResponse">): Promise<WaitResponseResult> {
  const pattern = requireString(p, "pattern");
  if (pattern.trim() === "") throw new RpcError(ErrorCode.invalidParams, `invalid params: "pattern" must not be empty`);
  const status = optionalInt(p, "status", 100);
  if (status !== undefined && status > 599) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "status" must be an HTTP status 100..599, got ${status}`);
  }
  const budget = budgetOf(p);
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const started = Date.now();
  const what = `a response matching ${JSON.stringify(pattern)}${status !== undefined ? ` with status ${status}` : ""}`;
  let set = waiters.get(tabId);
  if (!set) waiters.set(tabId, (set = new Set()));
  const mine = set;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiter: Waiter | undefined;
  try {
    const r = await new Promise<{ requestId: string; url: string; status: number; statusText: string }>((resolve, reject) => {
      waiter = { pattern, status, done: resolve, fail: reject };
      mine.add(waiter);
      timer = setTimeout(() => reject(timedOut(budget, what)), budget);
    });
    // the listing's short id of that request (its current hop)
    const entry = [...tabLogs(tabId).inflight.values()].map((f) => f.entry).find((e) => e.requestId === r.requestId);
    return { id: entry?.id ?? "", url: r.url, status: r.status, statusText: r.statusText, waited: Date.now() - started };
  } finally {
    clearTimeout(timer);
    if (waiter) mine.delete(waiter);
    if (mine.size === 0 && waiters.get(tabId) === mine) waiters.delete(tabId);
  }
}

// This file's handlers (tools.ts joins them).
export const waitResponseHandlers = {
  "network.waitResponse": waitResponse,
} satisfies ToolHandlers;
