// What files the person chose for an upload, as the script writes them: the
// browser knows each File's path (DOM.getFileInfo, on the File object of
// the step's input, in its isolated world); a file inside the recording's
// working folder is written by its path from there, one from elsewhere as
// $UPLOAD_N with a comment naming the file, so a replay from another
// machine says what it needs.

import type { ActionStep } from "../../../injected/document/actions";
import { sendIn } from "../core/debugger";
import { callInjected } from "../core/injected";
import type { ActionScript } from "./script";

const GROUP = "browserctl:record-files";

/** The absolute paths of the step's files ("" for one the browser does not say). */
export async function chosenPaths(tabId: number, session: string | undefined, contextId: number | undefined, step: ActionStep): Promise<string[]> {
  if (contextId === undefined || step.el === undefined) return (step.values ?? []).map(() => "");
  const out: string[] = [];
  const n = step.values?.length ?? 0;
  try {
    for (let i = 0; i < n; i++) {
      const f = await callInjected(tabId, session === undefined ? { contextId } : { contextId, session }, "actionFile", [step.el, i], { returnByValue: false, objectGroup: GROUP });
      if (!f.result.objectId) {
        out.push("");
        continue;
      }
      const info = await sendIn<{ path: string }>(tabId, session, "DOM.getFileInfo", { objectId: f.result.objectId }).catch(() => ({ path: "" }));
      out.push(info.path);
    }
  } catch {
    // the document went (the person navigated on): the files are unnamed
  } finally {
    void sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: GROUP }).catch(() => undefined);
  }
  while (out.length < n) out.push("");
  return out;
}

/** How the script names each file: relative to workDir when inside it,
 * else a fresh $UPLOAD_N; the comments say which file each variable is. */
export function scriptPaths(paths: string[], names: string[], workDir: string, script: ActionScript): { paths: string[]; notes: string[] } {
  const dir = workDir.replace(/\/+$/, "");
  const outPaths: string[] = [];
  const notes: string[] = [];
  paths.forEach((p, i) => {
    if (p && dir && p.startsWith(dir + "/")) {
      outPaths.push(p.slice(dir.length + 1));
      return;
    }
    const v = script.variable("UPLOAD");
    outPaths.push(v);
    const where = p ? " from outside the working folder" : " (the browser did not say from where)";
    notes.push(`# ${v}: the file ${JSON.stringify(names[i] ?? "")} the person chose${where}; set ${v.slice(1)} to its path before running this script`);
  });
  return { paths: outPaths, notes };
}
