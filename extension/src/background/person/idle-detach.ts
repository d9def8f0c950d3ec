// detachWhenIdleMs (session policy --detach-when-idle): a session's tabs
// let go of the debugger after that long without a call of the session,
// and are attached again at its next call. Chrome shows "started debugging
// this browser" while any tab of the browser is attached; it goes about
// 5 s after the last one is detached (measured in headful Chromium 156), so
// the bar goes only when every session that holds tabs is idle. While a tab
// is detached nothing of it is recorded (console, errors, requests), and its
// refs are gone: a new snapshot gives new ones. A session fenced to origins
// (a capability's --origins), or recording (a screencast, a trace, a HAR),
// stays attached: those work through the debugger.

import type { CallObserver } from "../router";
import type { SessionStore } from "../sessions/session-store";
import { groupTabs } from "../sessions/tab-info";
import { onPolicyChange, policyNow, loadPolicies } from "./policy";

export interface IdleDeps {
  store: SessionStore;
  attach(tabId: number): Promise<void>;
  detach(tabId: number): Promise<void>;
  isAttached(tabId: number): boolean;
  /** A session whose tabs must stay attached all the same (its origin fence works through the debugger). */
  mustStay(sessionId: string): Promise<boolean>;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
const running = new Map<string, number>();
/** Tabs idle detaching let go of, per session: attached again at its next call. */
const detached = new Map<string, Set<number>>();

/** Calls that do not count as the session's work: the event stream's long polls. */
const NOT_WORK = new Set(["logs.events", "sessions.list", "sessions.setPolicy"]);

function sessionOf(params: Record<string, unknown>): string {
  return typeof params["sessionId"] === "string" ? params["sessionId"] : "";
}

export function idleDetacher(deps: IdleDeps): CallObserver {
  function arm(sid: string): void {
    clearTimeout(timers.get(sid));
    timers.delete(sid);
    const ms = policyNow(sid)?.detachWhenIdleMs ?? 0;
    if (ms <= 0 || (running.get(sid) ?? 0) > 0) return;
    timers.set(
      sid,
      setTimeout(() => {
        timers.delete(sid);
        void detachSession(sid);
      }, ms),
    );
  }

  async function detachSession(sid: string): Promise<void> {
    if ((running.get(sid) ?? 0) > 0) return;
    const s = deps.store.list().find((x) => x.sessionId === sid);
    if (!s || (await deps.mustStay(sid))) return;
    const ids = (await groupTabs(s).catch(() => [])).map((t) => t.id).filter((id): id is number => id !== undefined && deps.isAttached(id));
    if ((running.get(sid) ?? 0) > 0) return; // a call came meanwhile
    let set = detached.get(sid);
    if (!set) detached.set(sid, (set = new Set()));
    for (const id of ids) {
      set.add(id);
      await deps.detach(id).catch(() => undefined);
    }
  }

  onPolicyChange((sid) => arm(sid));
  // a restarted worker arms the timers of the sessions it finds
  void loadPolicies().then(() => deps.store.ready().then(() => deps.store.list().forEach((s) => arm(s.sessionId))));

  return {
    started(method, params) {
      const sid = sessionOf(params);
      if (!sid || NOT_WORK.has(method)) return;
      running.set(sid, (running.get(sid) ?? 0) + 1);
      clearTimeout(timers.get(sid));
      timers.delete(sid);
      const back = detached.get(sid);
      if (back) {
        // the call attaches its own tab; the session's others come back beside it
        detached.delete(sid);
        for (const id of back) void deps.attach(id).catch(() => undefined);
      }
    },
    ended(method, params) {
      const sid = sessionOf(params);
      if (!sid || NOT_WORK.has(method)) return;
      const n = (running.get(sid) ?? 1) - 1;
      if (n > 0) running.set(sid, n);
      else running.delete(sid);
      arm(sid);
    },
  };
}
