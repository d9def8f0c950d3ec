// The service worker: wires the ws-client to the router, and the router to
// the session, tab and page handlers. Everything runs at top level so a
// worker that Chrome stopped and restarted reconnects by itself.

import { newNonce, portOf, proof, PROOF_HUB_CONTROL, sameProof, validNonce } from "./connection/proof";
import { loadConfig } from "./connection/config";
import { handlerTable } from "./handler-table";
import { wireLifecycle } from "./connection/lifecycle";
import { joinTab, releaseTab } from "./pages/index";
import { isFenced, mayJoinFenced } from "./pages/network/fence";
import { harRecording } from "./pages/network/har";
import { recordingNow } from "./pages/evidence/recorder";
import { tracingNow } from "./pages/evidence/trace";
import { wireHandoffPopup } from "./handoff-popup";
import { wireRecordingPopup } from "./recording-popup";
import { wirePopupApi } from "./popup-api";
import { callRecorder, forgetCalls } from "./person/call-record";
import { idleDetacher } from "./person/idle-detach";
import { attachNow, isAttached } from "./pages/core/debugger";
import { lastURL } from "./pages/logs/events";
import { forgetPolicy } from "./person/policy";
import { wirePersonPopup } from "./person/popup-person";
import { emitEvent } from "./event-stream";
import { forgetStopped } from "./sessions/stop";
import { Router } from "./router";
import { onSessionRemoved, SessionStore } from "./sessions/session-store";
import { rejoinAll, watchJoins } from "./sessions/session-joins";
import { statusURL, WsClient } from "./connection/ws-client";

/** chrome.storage.session key: this browser's extension was replaced (a newer connection of it took its slot: this one stays off until asked). */
const REPLACED_KEY = "browserctl.replaced";

const store = new SessionStore();
store.watch();
// Logs from a tab's joining on: tabs that come into a session's group, and
// those of the sessions a restarted worker finds (session-joins.ts).
// A tab outside a session's origin fence is kept out of it.
watchJoins(store, joinTab, mayJoinFenced);
void rejoinAll(store, joinTab).catch(() => undefined);

// A session that ends forgets the person's rules and record for it; one
// whose group went from the browser (the person closed it) is "gone".
onSessionRemoved((sessionId, gone) => {
  if (gone) emitEvent("session_gone", sessionId);
  void forgetPolicy(sessionId);
  forgetCalls(sessionId);
  if (gone) void forgetStopped(sessionId);
});

/** A session whose tabs idle detaching leaves attached: its origin fence,
 * a recording, a trace or a HAR work through the debugger. */
async function needsDebugger(sessionId: string): Promise<boolean> {
  return (await isFenced(sessionId)) || recordingNow(sessionId) || tracingNow(sessionId) || harRecording(sessionId);
}

const router = new Router(
  handlerTable(store),
  [callRecorder, idleDetacher({ store, attach: (tabId) => attachNow(tabId, 3_000), detach: releaseTab, isAttached, mustStay: needsDebugger })],
  // beside a page call's answer, its tab's URL: the hub's journal names the page by it
  (ctx) => {
    const url = lastURL(ctx.tabId);
    return ctx.tabId !== undefined && url ? { tabId: ctx.tabId, url } : undefined;
  },
);

const client = new WsClient({
  createSocket: (url) => new WebSocket(url),
  loadConfig,
  onRequest: (msg) => router.dispatch(msg),
  // While replaced: does the hub have this browser connected? (GET /status)
  // With the proof (our hub), GET /hello first: the key goes only to a hub
  // that proved it holds it.
  hubHasBrowser: async (server, token, handshake, browserId) => {
    if (handshake === "proof") {
      const cn = newNonce();
      const hello = new URL(statusURL(server));
      hello.pathname = "/hello";
      hello.search = `?nonce=${cn}&for=extension`;
      const h = (await (await fetch(hello, { cache: "no-store" })).json()) as { nonce?: unknown; proof?: unknown };
      if (!validNonce(h.nonce) || typeof h.proof !== "string" || !sameProof(await proof(token, PROOF_HUB_CONTROL, cn, h.nonce, portOf(server)), h.proof)) {
        throw new Error("the hub did not prove it holds this extension's key");
      }
    }
    const r = await fetch(statusURL(server), { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    if (!r.ok) throw new Error(`GET /status: ${r.status}`);
    const st = (await r.json()) as { connected?: unknown; browsers?: unknown };
    if (browserId !== undefined && Array.isArray(st.browsers)) {
      return st.browsers.some((b: unknown) => typeof b === "object" && b !== null && (b as { id?: unknown }).id === browserId);
    }
    return st.connected === true;
  },
  replacedFlag: {
    load: async () => (await chrome.storage.session.get(REPLACED_KEY))[REPLACED_KEY] === true,
    save: (replaced) => chrome.storage.session.set({ [REPLACED_KEY]: replaced }),
  },
  log: (...args) => console.warn("[browserctl]", ...args),
});

wireLifecycle(client);
wirePopupApi(router);
wireHandoffPopup();
wireRecordingPopup();
wirePersonPopup();
client.start();
