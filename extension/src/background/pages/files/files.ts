// File inputs: pages.upload sets the files of an <input type=file> (by any
// target the element commands take: a ref, a CSS selector, a role target,
// resolved by target.ts; or the input whose chooser is open) with
// DOM.setFileInputFiles, which fires input and change as a user's pick
// would. A selector picks the first visible match, else the first match:
// file inputs are often hidden behind a styled label. The paths are the
// browser's to read: same machine, absolute.
//
// File choosers never open a native dialog in a tab browserctl holds:
// Page.setInterceptFileChooserDialog is on from attach, and
// Page.fileChooserOpened is remembered per tab until upload answers it, so
// a click on a button wired to a hidden input returns at once and says so.

import { requireStringArray } from "../../params";
import type { RequestParams, UploadResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { onForget, send, type AttachSend } from "../core/debugger";
import { ACTION_GROUP, releaseActionObjects } from "../snapshot/refs";
import { callInjected } from "../core/injected";
import { resolveSpec, targetOf } from "../targets/target";
import { failed } from "../core/failed";
import type { ToolHandlers } from "../tables";

export interface Chooser {
  backendNodeId: number;
  mode: string; // selectSingle | selectMultiple
  opened: number; // ms since the epoch
}

const choosers = new Map<number, Chooser>();

/** On attach: file choosers are reported (fileChooserOpened), never shown. */
export async function interceptFileChoosers(_tabId: number, raw: AttachSend): Promise<void> {
  await raw("Page.setInterceptFileChooserDialog", { enabled: true });
}

/** Page.fileChooserOpened: remembered until upload answers it. */
export function fileChooserOpened(tabId: number, p: Record<string, unknown>): void {
  choosers.set(tabId, {
    backendNodeId: Number(p["backendNodeId"] ?? 0),
    mode: String(p["mode"] ?? "selectSingle"),
    opened: Date.now(),
  });
}

/** Page.frameNavigated: a new main document has no open chooser. */
export function dropChooserOnNavigation(tabId: number, p: Record<string, unknown>): void {
  const frame = p["frame"] as { parentId?: string } | undefined;
  if (frame && !frame.parentId) choosers.delete(tabId);
}

onForget((tabId) => {
  choosers.delete(tabId);
});

/** The chooser that opened in the tab at or after `since`, if still open. */
export function chooserSince(tabId: number, since: number): Chooser | undefined {
  const c = choosers.get(tabId);
  return c && c.opened >= since ? c : undefined;
}


export async function upload(tabId: number, p: RequestParams<"pages.upload">): Promise<UploadResult> {
  const files = requireStringArray(p, "files");
  for (const f of files) {
    if (!f.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(f)) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "files" must be absolute paths, got ${JSON.stringify(f)}`);
    }
  }
  const spec = targetOf(p);

  let target: { objectId: string } | { backendNodeId: number };
  let what: string;
  let multiple: boolean;
  const chooser = choosers.get(tabId);
  try {
    if (spec) {
      const resolved = await resolveSpec(tabId, spec, "visibleElseFirst");
      what = "ref" in spec ? spec.ref : spec.selector;
      // A label (text= finds one) stands for its file input.
      const input = await callInjected(tabId, { objectId: resolved.objectId }, "fileInputOf", [], { returnByValue: false, objectGroup: ACTION_GROUP });
      const objectId = input.result.objectId ?? resolved.objectId;
      const k = await callInjected(tabId, { objectId }, "fileInputKind", []);
      const kind = String(k.result.value ?? "");
      if (kind.startsWith("not-file")) {
        throw failed(`${what} is not an <input type=file> (it is <${kind.slice(9)}>); click it and answer the chooser with \`upload FILE\`, or target the input`);
      }
      if (kind === "disabled") throw failed(`${what} is a disabled file input`);
      multiple = kind === "multiple";
      target = { objectId };
    } else {
      if (!chooser) {
        throw failed("no file chooser is open in this tab: click what opens it first, or give the file input's ref or selector");
      }
      what = "the open file chooser";
      multiple = chooser.mode === "selectMultiple";
      target = { backendNodeId: chooser.backendNodeId };
    }
    if (!multiple && files.length > 1) throw failed(`${what} takes one file, got ${files.length}`);
    try {
      await send(tabId, "DOM.setFileInputFiles", { files, ...target });
    } catch (e) {
      if (e instanceof RpcError && /Not allowed/i.test(e.message)) {
        throw failed(
          "the browser does not let the extension read local files: turn on \"Allow access to file URLs\" for browserctl in chrome://extensions",
        );
      }
      throw e;
    }
  } finally {
    releaseActionObjects(tabId);
  }
  if (!spec) choosers.delete(tabId);
  return { files: files.length, target: what, multiple };
}

// This file's handlers (tools.ts joins them).
export const uploadHandlers = {
  "pages.upload": upload,
} satisfies ToolHandlers;
