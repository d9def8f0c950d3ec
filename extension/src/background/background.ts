// The service worker: wires the ws-client to the router, and the router to
// the session, tab and page handlers. Everything runs at top level so a
// worker that Chrome stopped and restarted reconnects by itself.

import { loadConfig } from "./config";
import { extensionHandlers } from "./extension-info";
import { wireLifecycle } from "./lifecycle";
import { click } from "./pages/input";
import { pageHandlers, releaseTab } from "./pages/index";
import { wirePopupApi } from "./popup-api";
import { toolHandlers } from "./pages/tools";
import { Router } from "./router";
import { SessionStore } from "./session-store";
import { sessionHandlers } from "./sessions";
import { groupTabs } from "./tab-info";
import { resolveTab, tabHandlers } from "./tabs";
import type { Params } from "./types";
import { WsClient } from "./ws-client";

const store = new SessionStore();
store.watch();

const router = new Router({
  ...sessionHandlers({ store, releaseTab }),
  ...tabHandlers({ store, releaseTab }),
  ...pageHandlers({ resolveTab: (p: Params) => resolveTab(store, p) }),
  ...extensionHandlers(),
  ...toolHandlers(
    {
      resolveTab: (p: Params) => resolveTab(store, p),
      sessionTabIds: async (p: Params) =>
        (await groupTabs(await store.lookup(p))).map((t) => t.id).filter((id): id is number => id !== undefined),
    },
    click,
  ),
});

const client = new WsClient({
  createSocket: (url) => new WebSocket(url),
  loadConfig,
  onRequest: (msg) => router.dispatch(msg),
  log: (...args) => console.warn("[browserctl]", ...args),
});

wireLifecycle(client);
wirePopupApi(router);
client.start();
