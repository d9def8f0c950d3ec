// pages.get: title, url, text, value, html, box.

import { requireOneOf } from "../params";
import { GET_WHATS, type Box, type GetResult, type RequestParams } from "../protocol.gen";
import { ErrorCode, RpcError } from "../types";
import { budgetOf, waitMsOf } from "./deadline";
import { callInjected } from "./injected";
import { inFrame, viewportBox } from "./geometry";
import { releaseActionObjects } from "./refs";
import { resolveSpec, targetOf } from "./target";
import { callInWorld } from "./world";
import { titleCache } from "./title-cache";


interface CallValue {
  result: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

function failed(msg: string): RpcError {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${msg}`);
}

function unwrap(r: CallValue, what: string): unknown {
  if (r.exceptionDetails) throw failed(`get ${what}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
  return r.result.value;
}

/**
 * Chrome's own copy of the tab's title, when it is document.title: one
 * browser-process call instead of a call into the page (~280 us
 * against ~750-900 us back to back), and none while the title has not
 * changed (title-cache.ts). It does not lag behind the page: the page sends
 * its title to the browser as document.title changes, on the channel its
 * CDP answers use, so an evaluate that set the title is answered after the
 * browser has it. It differs from document.title in two cases, which go to
 * the page: an empty title (the tab shows its URL) and a title cut at
 * Chrome's length limit.
 */
async function browserTitle(tabId: number): Promise<string | undefined> {
  const cached = titleCache.get(tabId);
  if (cached !== undefined) return cached;
  const gen = titleCache.begin();
  const t = await chrome.tabs.get(tabId);
  const title = t.title ?? "";
  if (title.length >= MAX_BROWSER_TITLE || mayBeURLForDisplay(title, t.url ?? "")) return undefined;
  // a loading tab's title is still the last document's, or about to change
  if (t.status === "complete") titleCache.set(tabId, title, gen);
  return title;
}

/**
 * Whether title may be what Chrome shows for a page without one: its URL
 * formatted for display (scheme left out, escapes undone, the host in
 * Unicode, a file's name only, wrapped in LTR marks when it has RTL
 * letters). A real title that looks like its URL goes to the page too.
 */
function mayBeURLForDisplay(title: string, url: string): boolean {
  if (title === "" || url.includes(title)) return true;
  if (title.startsWith("\u202a") || url.includes("xn--")) return true;
  try {
    // Chrome undoes some escapes and keeps others (%26, %2F): compare
    // with every escape undone on both sides
    return decodeURIComponent(url).includes(decodeURIComponent(title));
  } catch {
    return true; // a stray % that cannot be undone: ask the page
  }
}

/** content::kMaxTitleChars: Chrome keeps at most this many of a title. */
const MAX_BROWSER_TITLE = 4096;

export async function get(tabId: number, p: RequestParams<"pages.get">): Promise<GetResult> {
  const what = requireOneOf(p, "what", GET_WHATS);
  const target = targetOf(p);
  if (!target && (what === "value" || what === "box")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "ref" must be a non-empty string (get ${what} needs one, or a "selector")`);
  }
  if (what === "title") {
    const title = await browserTitle(tabId);
    if (title !== undefined) return { value: title };
  }
  if (!target || what === "title" || what === "url") {
    const r = await callInWorld(tabId, "documentPart", [what as "title" | "url" | "text" | "html"]);
    const v = unwrap(r, what);
    return { value: typeof v === "string" ? v : String(v ?? "") };
  }
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    if (what === "box" && (await inFrame(tabId, objectId))) {
      // A frame's own viewport is not the tab's: the box in the tab's.
      const b = await viewportBox(tabId, objectId);
      return { value: b ?? { x: 0, y: 0, width: 0, height: 0 } };
    }
    const r = await callInjected(tabId, { objectId }, "elementPart", [what]);
    const v = unwrap(r, what);
    if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${ref}: ${String((v as { error: unknown }).error)}`);
    return { value: what === "box" ? (v as Box) : String(v ?? "") };
  } finally {
    releaseActionObjects(tabId);
  }
}
