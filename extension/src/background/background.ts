// The service worker: wires the ws-client to the router, and the router to
// the session, tab and page handlers. Everything runs at top level so a
// worker that Chrome stopped and restarted reconnects by itself.

import { newNonce, portOf, proof, PROOF_HUB_CONTROL, sameProof, validNonce } from "./connection/proof";
import { loadConfig } from "./connection/config";
import { handlerTable } from "./handler-table";
import { wireLifecycle } from "./connection/lifecycle";
import { joinTab } from "./pages/index";
import { mayJoinFenced } from "./pages/network/fence";
import { wireHandoffPopup } from "./handoff-popup";
import { wireRecordingPopup } from "./recording-popup";
import { wirePopupApi } from "./popup-api";
import { Router } from "./router";
import { SessionStore } from "./sessions/session-store";
import { rejoinAll, watchJoins } from "./sessions/session-joins";
import { statusURL, WsClient } from "./connection/ws-client";

/** chrome.storage.session key: this browser's extension was replaced (the hub took another browser: this one stays off until asked). */
const REPLACED_KEY = "browserctl.replaced";

const store = new SessionStore();
store.watch();
// Logs from a tab's joining on: tabs that come into a session's group, and
// those of the sessions a restarted worker finds (session-joins.ts).
// A tab outside a session's origin fence is kept out of it.
watchJoins(store, joinTab, mayJoinFenced);
void rejoinAll(store, joinTab).catch(() => undefined);

const router = new Router(handlerTable(store));

const client = new WsClient({
  createSocket: (url) => new WebSocket(url),
  loadConfig,
  onRequest: (msg) => router.dispatch(msg),
  // While replaced by another browser: does the hub have one? (GET /status)
  // With the proof (our hub), GET /hello first: the key goes only to a hub
  // that proved it holds it.
  hubHasBrowser: async (server, token, handshake) => {
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
    const st = (await r.json()) as { connected?: unknown };
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
client.start();
