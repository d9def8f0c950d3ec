// What the tab does that the person set off or answered, beside their
// steps: a download their click started (the click's line becomes
// `download TARGET`, which clicks and waits for the file), a dialog they
// answered (`dialog accept [TEXT]` or `dialog dismiss`, after the line
// that opened it). A dialog the session's policy answered (an alert, a
// beforeunload) needs no line: the replay's policy answers it too; one
// browserctl answered (dialog accept) is not the person's.

import { openDialog } from "../core/debugger";
import { agentWindows, byAgent } from "../core/person-input";
import { enqueue, liveFor, write } from "./recording";
import { commandLine } from "./script";

/** A download this soon after a click in its tab was started by it. */
const DOWNLOAD_MS = 5_000;

/** Page.downloadWillBegin of a tab's own session. */
export function downloadBegan(tabId: number): void {
  const r = liveFor(tabId);
  const at = Date.now();
  if (!r || byAgent(agentWindows(tabId), at)) return;
  void enqueue(r, async () => {
    for (let i = r.script.lines.length - 1; i >= 0; i--) {
      const l = r.script.lines[i]!;
      if (l.kind === "comment") continue;
      if (l.tab !== tabId) return;
      if (l.kind === "click" && at - l.at <= DOWNLOAD_MS) {
        r.script.lines[i] = { ...l, kind: "download", text: l.text.replace(/^click /, "download ") };
        r.saver.changed(i);
      }
      return;
    }
  });
}

/** Dialogs held open for the person (the session's policy held them), per tab. */
const held = new Map<number, string>();

/** Page.javascriptDialogOpening, after the policy decided: a held dialog
 * is the person's (or an agent's) to answer. */
export function dialogOpened(tabId: number, p: Record<string, unknown>): void {
  if (openDialog(tabId)) held.set(tabId, String(p["type"] ?? "dialog"));
  else held.delete(tabId);
}

/** Page.javascriptDialogClosed: a held dialog answered, by the person
 * unless one of browserctl's calls (dialog accept|dismiss) runs on the tab. */
export function dialogClosed(tabId: number, p: Record<string, unknown>): void {
  const type = held.get(tabId);
  held.delete(tabId);
  const r = liveFor(tabId);
  if (type === undefined || !r || byAgent(agentWindows(tabId), Date.now())) return;
  const accepted = p["result"] === true;
  const input = typeof p["userInput"] === "string" ? p["userInput"] : "";
  const words = accepted ? (type === "prompt" && input !== "" ? ["accept", input] : ["accept"]) : ["dismiss"];
  void enqueue(r, async () => write(r, [{ text: commandLine(["dialog", words[0]!], words.slice(1)), kind: "dialog", tab: tabId }], tabId));
}
