// Every CDP event the extension reacts to, and what each attachment sets
// up, in one list: a tab gets these listeners when the debugger attaches to
// it and loses them together when it is detached or forgotten (debugger.ts
// keeps them on the tab's state). The modules export their handlers; none
// subscribes itself.
//
// A call that waits for an event for its own length (a navigation for its
// load, wait --state, wait-for's frames) subscribes with debugger.ts's
// listen()/listenSessions() and unsubscribes as it ends; those are not
// listed here.

import { authRequired } from "./emulation/auth";
import { applySessionSettings, permissionsOnNavigation } from "./emulation/handlers";
import { scriptsForNewFrame, dropFrameScripts, setNewFrameGates } from "./emulation/init-scripts";
import { recordFrame, restartRecordingOnAttach, restartRecordingOnNavigation } from "./evidence/recorder";
import { ackScreencastFrame } from "./evidence/screencast-share";
import { tracingComplete } from "./evidence/trace";
import { restartTraceShotsOnAttach, restartTraceShotsOnNavigation, traceShotFrame } from "./evidence/trace-shots";
import { downloadEvent } from "./files/downloads";
import { dropChooserOnNavigation, fileChooserOpened, interceptFileChoosers } from "./files/files";
import { trackDocumentRequest } from "./input/aftermath";
import {
  consoleErrorEvent,
  dialogEvent,
  downloadStreamEvent,
  failedRequestEvent,
  navigationEvent,
  personInputEvent,
  sameDocumentNavigation,
} from "./logs/events";
import { addInputBinding } from "./core/person-input";
import { consoleCalled, enableLogs, exceptionThrown, logEntryAdded, networkEvent, requestPaused } from "./logs/observe";
import { harNetworkEvent } from "./network/har";
import { responseReceived } from "./network/network-wait";
import { webSocketEvent } from "./network/websockets";
import { watchClosedRoots, watchClosedRootsInNewFrame } from "./snapshot/closed-roots";
import { forgetFrameSession, installInNewFrame, installOnNewDocuments } from "./core/injected";
import { frameLoadEvent } from "./snapshot/settle";
import { pageRequestEvent } from "./core/page-requests";
import { answerDialog } from "./core/dialogs";
import {
  dialogClosed,
  dialogOpening,
  noteFrameNavigated,
  setTabWiring,
  type AttachHook,
  type CdpHandler,
  type TabWiring,
} from "./core/debugger";
import { frameSessionAttached, frameSessionDetached } from "./core/frames";
import {
  bindingCalled,
  frameNavigated as recordNavigation,
  recordNewFrame,
  recordOnAttach,
  requestStarted,
} from "./record-actions/recording";
import { dialogClosed as recordDialogClosed, dialogOpened as recordDialogOpened, downloadBegan as recordDownload } from "./record-actions/page-events";
import { viewportAfterBar } from "./core/debug-bar";
import { mainFrameNavigated, worldAnnounced, worldContextDestroyed, worldContextsCleared } from "./core/world";

type EventList = ReadonlyArray<readonly [method: string, ...handlers: CdpHandler[]]>;

/** Events of every session of the tab: its own and its out-of-process frames'. */
const EVERY_SESSION: EventList = [
  // a new out-of-process frame waits at its start (frames.ts): what its
  // first document needs is sent first, scriptsForNewFrame resumes it last
  ["Target.attachedToTarget", frameSessionAttached, installInNewFrame, watchClosedRootsInNewFrame, scriptsForNewFrame],
  ["Target.detachedFromTarget", frameSessionDetached, forgetFrameSession, dropFrameScripts],
  ["Page.frameRequestedNavigation", frameLoadEvent],
  ["Page.frameStartedLoading", frameLoadEvent],
  ["Page.frameStoppedLoading", frameLoadEvent],
  ["Page.frameDetached", frameLoadEvent],
  // the person's actions, from the in-page recorder of every frame (record-actions/)
  ["Runtime.bindingCalled", bindingCalled],
];

/** Events of the tab's own session, run after EVERY_SESSION's. */
const TAB_SESSION: EventList = [
  // the tab's dialog and document (debugger.ts), the dialog policy (dialogs.ts)
  ["Page.javascriptDialogOpening", dialogEvent, (tabId, p) => dialogOpening(tabId, p, answerDialog), recordDialogOpened, trackDocumentRequest],
  ["Page.javascriptDialogClosed", recordDialogClosed, (tabId) => dialogClosed(tabId)],
  [
    "Page.frameNavigated",
    noteFrameNavigated,
    mainFrameNavigated,
    dropChooserOnNavigation,
    trackDocumentRequest,
    permissionsOnNavigation,
    restartRecordingOnNavigation,
    restartTraceShotsOnNavigation,
    navigationEvent,
    recordNavigation,
  ],
  ["Page.navigatedWithinDocument", sameDocumentNavigation],
  // a navigation the page asked for: a click waits for its request (aftermath.ts)
  ["Page.frameRequestedNavigation", trackDocumentRequest],
  // the person's own input in the tab (the event stream's person_input)
  ["Runtime.bindingCalled", personInputEvent],
  // the tab's isolated world as each document announces it (world.ts)
  ["Runtime.executionContextCreated", worldAnnounced],
  ["Runtime.executionContextDestroyed", worldContextDestroyed],
  ["Runtime.executionContextsCleared", worldContextsCleared],
  // logs (observe.ts): console, errors, requests, blocking
  ["Runtime.consoleAPICalled", consoleCalled, consoleErrorEvent],
  ["Log.entryAdded", logEntryAdded],
  ["Runtime.exceptionThrown", exceptionThrown, consoleErrorEvent],
  ["Network.requestWillBeSent", networkEvent, trackDocumentRequest, harNetworkEvent, failedRequestEvent, requestStarted, pageRequestEvent],
  ["Network.requestWillBeSentExtraInfo", networkEvent, harNetworkEvent],
  ["Network.responseReceived", networkEvent, responseReceived, harNetworkEvent, trackDocumentRequest],
  ["Network.responseReceivedExtraInfo", networkEvent, harNetworkEvent],
  ["Network.dataReceived", networkEvent, harNetworkEvent],
  ["Network.loadingFinished", networkEvent, harNetworkEvent, failedRequestEvent, pageRequestEvent],
  ["Network.loadingFailed", networkEvent, trackDocumentRequest, harNetworkEvent, failedRequestEvent, pageRequestEvent],
  // network/: HAR recording, WebSocket connections and frames; routes
  // answer through observe's Fetch.requestPaused
  ["Network.webSocketCreated", webSocketEvent],
  ["Network.webSocketHandshakeResponseReceived", webSocketEvent],
  ["Network.webSocketFrameSent", webSocketEvent],
  ["Network.webSocketFrameReceived", webSocketEvent],
  ["Network.webSocketFrameError", webSocketEvent],
  ["Network.webSocketClosed", webSocketEvent],
  ["Fetch.requestPaused", requestPaused],
  ["Fetch.authRequired", authRequired],
  // files: downloads, file choosers
  ["Page.downloadWillBegin", downloadEvent, trackDocumentRequest, downloadStreamEvent, recordDownload],
  ["Page.downloadProgress", downloadEvent, downloadStreamEvent],
  ["Page.fileChooserOpened", fileChooserOpened],
  // evidence: recordings and traces
  ["Page.screencastFrame", recordFrame, traceShotFrame, ackScreencastFrame],
  ["Tracing.tracingComplete", tracingComplete],
];

/** Sent beside Page.enable on each new attachment (not awaited by the call). */
const ON_ATTACH: readonly AttachHook[] = [
  enableLogs, // Runtime, Log, Network, Fetch (blocking, credentials)
  restartRecordingOnAttach,
  restartTraceShotsOnAttach,
  interceptFileChoosers, // Page.setInterceptFileChooserDialog
  watchClosedRoots, // scripts noting a closed shadow root as a document makes one
  installOnNewDocuments, // the in-page script, in each document's isolated world from its start
  recordOnAttach, // a tab of a session recording the person's actions: its binding, its recorder
  addInputBinding, // the person's input told as it happens (person_input events)
];

/** Awaited by the call that attaches, before it sends anything. */
const GATES: readonly AttachHook[] = [
  applySessionSettings, // emulation settings, init scripts
  viewportAfterBar, // the viewport with Chrome's debugging bar, when this attach brings it
];

function table(list: EventList): Map<string, CdpHandler[]> {
  const m = new Map<string, CdpHandler[]>();
  for (const [method, ...handlers] of list) {
    if (m.has(method)) throw new Error(`cdp-events.ts lists ${method} twice`);
    m.set(method, handlers);
  }
  return m;
}

const everySession = table(EVERY_SESSION);
const tabSession = table(TAB_SESSION);

/** One attached tab's listeners (the same lists for every tab). */
export function tabWiring(_tabId: number): TabWiring {
  return { everySession, tabSession, onAttach: ON_ATTACH, gates: GATES };
}

/** The names of every event listened to (tests, the README). */
export function listenedEvents(): string[] {
  return [...new Set([...everySession.keys(), ...tabSession.keys()])].sort();
}

setTabWiring(tabWiring);
// What a new out-of-process frame gets before it runs, beside the session's
// init scripts: the person's recorder while its tab records.
setNewFrameGates([recordNewFrame]);
