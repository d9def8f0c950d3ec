// The router's table: every handler group, wired to the session store, and
// joined: a method no group handles, or two do, does not compile. One place,
// for the service worker (background.ts) and for the test that feeds every
// method malformed params (router-params.test.ts).

import { joinTables } from "../join-tables";
import { withApproval } from "./person/gate";
import { extensionHandlers } from "./extension-info";
import { emulationHandlers } from "./pages/emulation/handlers";
import { evidenceHandlers } from "./pages/evidence/index";
import { recordActionHandlers } from "./pages/record-actions/index";
import { click } from "./pages/input/input";
import { closeTabs, joinTab, loadJoined, pageHandlers, releaseTab } from "./pages/index";
import { mayJoinFenced } from "./pages/network/fence";
import { toolHandlers } from "./pages/tools";
import { navigateOrReplace } from "./sessions/replace-tab";
import type { SessionStore } from "./sessions/session-store";
import { sessionHandlers } from "./sessions/sessions";
import { groupTabs } from "./sessions/tab-info";
import { resolveTab, tabHandlers } from "./sessions/tabs";
import type { HandlerTable, Params } from "./types";

export function handlerTable(store: SessionStore): HandlerTable {
  const pages = pageHandlers({ resolveTab: (p: Params) => resolveTab(store, p) });
  // the person's approval before what the session's policy asks about
  return withApproval(joinTables(
    sessionHandlers({ store, releaseTab, joinTab, loadJoined, closeTabs }),
    tabHandlers({ store, joinTab, loadJoined, mayJoin: mayJoinFenced, closeTabs }),
    { ...pages, "pages.navigate": navigateOrReplace({ store, joinTab, releaseTab }, pages["pages.navigate"]) },
    extensionHandlers(),
    evidenceHandlers({ store, resolveTab: (p: Params) => resolveTab(store, p) }),
    recordActionHandlers({ store }),
    emulationHandlers({ store }),
    toolHandlers(
      {
        resolveTab: (p: Params) => resolveTab(store, p),
        sessionTabIds: async (p: Params) =>
          (await groupTabs(await store.lookup(p))).map((t) => t.id).filter((id): id is number => id !== undefined),
      },
      click,
    ),
  ), { tabOf: (p: Params) => resolveTab(store, p) });
}
