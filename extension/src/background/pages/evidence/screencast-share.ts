// One tab's screencast, shared by its users: a recording (record.*) and a
// trace with screenshots (trace.*) may take frames of the same tab at once.
// Chrome has one screencast per debugger attachment, so its users are kept
// here per tab: every frame is acknowledged once (here), the recording's
// parameters win while it is on the tab (it asked for its quality and
// width), and the screencast stops only when its last user leaves; a
// leaving recording hands it back to the trace's parameters.

import { onForget, sendQuiet } from "../core/debugger";

export type ScreencastUser = "record" | "trace";

type Params = Record<string, unknown>;

const users = new Map<number, Map<ScreencastUser, Params>>();

/** The user whose parameters the tab's screencast runs with. */
export function screencastLead(tabId: number): ScreencastUser | undefined {
  const u = users.get(tabId);
  if (!u) return undefined;
  if (u.has("record")) return "record";
  return u.has("trace") ? "trace" : undefined;
}

/** who takes the tab's frames from now on (its own call starts the screencast). */
export function claimScreencast(tabId: number, who: ScreencastUser, params: Params): void {
  let u = users.get(tabId);
  if (!u) users.set(tabId, (u = new Map()));
  u.set(who, params);
}

/** who leaves: the screencast stops, or goes on with the remaining user's parameters. */
export function releaseScreencast(tabId: number, who: ScreencastUser): void {
  const u = users.get(tabId);
  if (!u?.delete(who)) return;
  const rest = screencastLead(tabId);
  if (rest === undefined) {
    users.delete(tabId);
    sendQuiet(tabId, "Page.stopScreencast");
  } else if (who === "record") {
    sendQuiet(tabId, "Page.startScreencast", u.get(rest)!);
  }
}

/** Page.screencastFrame: acknowledged once, whoever takes it, so the next one comes. */
export function ackScreencastFrame(tabId: number, p: Record<string, unknown>): void {
  sendQuiet(tabId, "Page.screencastFrameAck", { sessionId: p["sessionId"] });
}

onForget((tabId) => users.delete(tabId));
