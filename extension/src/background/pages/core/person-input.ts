// The person's own input in a session's tab: a click or typing by the
// person at the browser may change the page under the agent's refs. A
// snapshot starts a recorder in the tab's document (in the extension's
// isolated world, so the page cannot see or silence it) that notes the time
// of every trusted pointer press, key press and input; the next action on
// a ref asks for the ones since that snapshot, leaves out those made while
// an agent's call was running (the agent's own CDP input is trusted too)
// and, if any is left, fails with 4109: the page changed, take a new
// snapshot. Only the main frame's document is watched.

import { ErrorCode, RpcError } from "../../types";
import { onForget, type AttachSend } from "./debugger";
import { callInjected, WORLD_NAME } from "./injected";
import { INPUT_BINDING } from "../../../injected/document/person-input";
import { dropContext, isolatedContext } from "./world";

/** Methods whose ref a person's input may have moved. */
export const REF_ACTIONS = new Set([
  "pages.click",
  "pages.hover",
  "pages.fill",
  "pages.type",
  "pages.select",
  "pages.check",
  "pages.focus",
  "pages.drag",
  "pages.scrollIntoView",
]);

/** An agent call's input lands a little after its call began and its
 * effects (a focus, a key's input event) a little after it ended. */
const SLACK_MS = 300;
const KEEP_WINDOWS = 1024;

interface TabInput {
  /** When the last snapshot was taken (page events before it are known). */
  snapshotAt: number;
  /** Agent calls running now, and the recent ones: [start, end]. */
  running: number;
  runningSince: number;
  windows: Array<[number, number]>;
}

const tabs = new Map<number, TabInput>();
onForget((tabId) => tabs.delete(tabId));

function stateOf(tabId: number): TabInput {
  let s = tabs.get(tabId);
  if (!s) {
    s = { snapshotAt: 0, running: 0, runningSince: 0, windows: [] };
    tabs.set(tabId, s);
  }
  return s;
}

/** The tab's record of agent calls (tests). */
export function agentWindows(tabId: number): Pick<TabInput, "running" | "runningSince" | "windows"> {
  return stateOf(tabId);
}

/** An agent's call on the tab starts: the input it makes is not the person's. */
export function agentCallStarted(tabId: number): void {
  const s = stateOf(tabId);
  if (s.running++ === 0) s.runningSince = Date.now();
}

export function agentCallEnded(tabId: number): void {
  const s = stateOf(tabId);
  if (s.running === 0) return;
  if (--s.running === 0) {
    s.windows.push([s.runningSince, Date.now()]);
    // Windows that ended before the snapshot judge no input (only input
    // since the snapshot is asked about). Past the cap the two oldest merge
    // into one: an agent's own input is never taken for the person's.
    while (s.windows.length > 0 && s.windows[0]![1] + SLACK_MS < s.snapshotAt) s.windows.shift();
    if (s.windows.length > KEEP_WINDOWS) {
      const [a] = s.windows.shift()!;
      s.windows[0]![0] = a;
    }
  }
}

/** Whether an input in the tab at time t came from an agent's call. */
export function agentInputAt(tabId: number, t: number): boolean {
  const s = tabs.get(tabId);
  return !!s && byAgent(s, t);
}

/** Whether an input at time t came from an agent's call; slack: how far
 * around a call its input and effects may land (an input's own time, taken
 * in the page as it is dispatched, needs less). */
export function byAgent(s: Pick<TabInput, "running" | "runningSince" | "windows">, t: number, slack = SLACK_MS): boolean {
  if (s.running > 0 && t >= s.runningSince - slack) return true;
  return s.windows.some(([a, b]) => t >= a - slack && t <= b + slack);
}

/** The person's inputs among the events, as words ("a click", "typing"). */
export function personInputs(s: Pick<TabInput, "running" | "runningSince" | "windows">, events: Array<[number, string]>): string[] {
  const kinds = new Set<string>();
  for (const [t, type] of events) if (!byAgent(s, t)) kinds.add(type === "keydown" || type === "input" ? "typing" : "a click");
  return [...kinds];
}

/** The main world's context a snapshot's walk started the recorder in, per
 * tab (snapshot.ts): snapshotTaken need not start it there. */
const startedIn = new Map<number, number>();
onForget((tabId) => startedIn.delete(tabId));

export function recorderStartedIn(tabId: number, contextId: number): void {
  startedIn.set(tabId, contextId);
}

/** As a call that reads the page for an agent starts (pages.find): the
 * recorder started (once per document) in parallel with it; answers the
 * world's context it runs in (undefined: it could not). snapshotTaken then
 * need not ask again. */
export async function startRecorder(tabId: number): Promise<number | undefined> {
  try {
    const contextId = await isolatedContext(tabId);
    await callInjected(tabId, { contextId }, "startInputRecorder", []);
    return contextId;
  } catch {
    return undefined;
  }
}

/** After a snapshot: start watching (once per document) from now; started:
 * startRecorder's answer when the snapshot sent it. */
export async function snapshotTaken(tabId: number, started?: Promise<number | undefined>): Promise<void> {
  stateOf(tabId).snapshotAt = Date.now();
  try {
    const contextId = await isolatedContext(tabId);
    if (startedIn.get(tabId) === contextId) return; // the snapshot's walk started it
    if (started && (await started) === contextId) return; // the same document has it
    await callInjected(tabId, { contextId }, "startInputRecorder", []);
  } catch {
    dropContext(tabId); // a document between worlds: the next snapshot starts it
  }
}

/** Before an action on a ref: fails with 4109 if the person acted since the snapshot. */
export async function checkPersonInput(tabId: number): Promise<void> {
  const s = tabs.get(tabId);
  if (!s || s.snapshotAt === 0) return;
  let events: Array<[number, string]> = [];
  try {
    const contextId = await isolatedContext(tabId);
    const r = await callInjected(tabId, { contextId }, "inputSince", [s.snapshotAt]);
    if (Array.isArray(r.result?.value)) events = r.result.value as Array<[number, string]>;
  } catch {
    dropContext(tabId);
    return; // a new document: its refs answer for themselves (stale: 4109)
  }
  const kinds = personInputs(s, events);
  if (kinds.length === 0) return;
  throw new RpcError(
    ErrorCode.pageRefNotFound,
    `the page changed: the person at the browser made ${kinds.join(" and ")} in this tab since your last snapshot; take a new snapshot before acting on its refs`,
  );
}

/** On each attachment (cdp-events.ts ON_ATTACH): the binding through which
 * the page's isolated world tells of the person's input as it happens. */
export async function addInputBinding(_tabId: number, send: AttachSend): Promise<void> {
  await send("Runtime.addBinding", { name: INPUT_BINDING, executionContextName: WORLD_NAME });
}

/** A Runtime.bindingCalled of the input binding: [time, kind], or undefined. */
export function inputBindingCall(p: Record<string, unknown>): [number, string] | undefined {
  if (p["name"] !== INPUT_BINDING || typeof p["payload"] !== "string") return undefined;
  try {
    const v = JSON.parse(p["payload"]) as unknown;
    if (Array.isArray(v) && typeof v[0] === "number" && (v[1] === "a click" || v[1] === "typing")) return [v[0], v[1]];
  } catch {
    // not ours
  }
  return undefined;
}
