// Role targets: `role=ROLE` or `role=ROLE[name="NAME"]` in the
// "selector" param, the form a REPL-saved script writes for an element
// that is unique by role and accessible name. It names the first element
// (document order) that the snapshot shows with that role whose name
// equals NAME, ignoring case and runs of whitespace: found in the page by
// the snapshot's own role and name rules (injected targets.ts
// roleElements), as find --role finds it, so `button "Sign in"` in a
// snapshot is what role=button[name="Sign in"] clicks. NAME is a JSON
// string ("Sign in", with \" and \\ escaped). No CSS selector starts with
// `role=`, so the two never clash.
//
// A role target waits up to ROLE_WAIT_MS for a match to appear: a replayed
// script's next step may run while the page a click navigated to is still
// arriving.

import type { RoleTargetQuery } from "../../../injected/elements/targets";
import { ErrorCode, RpcError } from "../../types";
import { sendIn, unlessDialog } from "../core/debugger";
import { failed } from "../core/failed";
import { callInjected } from "../core/injected";
import { dropContext, isolatedContext } from "../core/world";
import { withClosedRoots } from "../snapshot/closed-roots";
import { ACTION_GROUP } from "../snapshot/refs";
import { MAX_SCAN_ELEMENTS, OWNER } from "../snapshot/snapshot";

/** A frame's document to look in (frame-scope.ts): its isolated world, the
 * session it runs in (undefined: the tab's own) and its frame id. */
export interface FramePlace extends WorldPlace {
  frameId: string;
}

/** A document's isolated world, in its session (undefined: the tab's own). */
export interface WorldPlace {
  session?: string;
  contextId: number;
}

export interface RoleTarget {
  role: string;
  name?: string;
}

export const ROLE_WAIT_MS = 5_000;
const ROLE_POLL_MS = 100;

const ROLE_FORM = /^role=([A-Za-z][\w-]*)(?:\[name=("(?:[^"\\]|\\.)*")\])?$/;

/** Whether selector is written in the role form (valid or not). */
export function isRoleTarget(selector: string): boolean {
  return selector.startsWith("role=");
}

/** The role and name of a role target; -32602 when it is malformed. */
export function parseRoleTarget(selector: string): RoleTarget {
  const m = ROLE_FORM.exec(selector.trim());
  if (!m) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: ${JSON.stringify(selector)} is not a role target (role=ROLE or role=ROLE[name="NAME"])`,
    );
  }
  const role = m[1]!;
  if (m[2] === undefined) return { role };
  let name: string;
  try {
    name = JSON.parse(m[2]) as string;
  } catch {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: the name in ${JSON.stringify(selector)} is not a JSON string`);
  }
  return { role, name };
}

/** What the page looks for (injected targets.ts roleTarget); closedWatch:
 * also ask whether the document may hold a closed root (closed-roots.ts). */
export function roleQuery(t: RoleTarget, closedWatch?: [string, string]): RoleTargetQuery {
  return { role: t.role, owner: OWNER, maxScanElements: MAX_SCAN_ELEMENTS, closedWatch, ...(t.name !== undefined ? { name: t.name } : {}) };
}

interface Props {
  result: { name: string; value?: { value?: unknown; objectId?: string } }[];
}

/**
 * The first element the role target matches in a document (the tab's
 * world, or a frame's), its objectId in ACTION_GROUP; undefined when none
 * does. The closed shadow roots the page could not see into are handed
 * over first, as for a walk (closed-roots.ts), so an element in one is
 * found before any snapshot.
 */
export async function roleElement(tabId: number, place: WorldPlace, t: RoleTarget): Promise<string | undefined> {
  let first: string | undefined;
  await withClosedRoots(tabId, place.session, place.contextId, async (closedWatch) => {
    const r = await callInjected(tabId, place, "roleTarget", [roleQuery(t, closedWatch)], {
      returnByValue: false,
      objectGroup: ACTION_GROUP,
    });
    if (r.exceptionDetails || !r.result.objectId) {
      const d = r.exceptionDetails;
      throw failed(`role target: ${d?.exception?.description ?? d?.text ?? "no answer"}`);
    }
    // the answer's members: the element by reference, the rest by value
    const props = await sendIn<Props>(tabId, place.session, "Runtime.getProperties", { objectId: r.result.objectId, ownProperties: true });
    const member = (name: string) => props.result.find((x) => x.name === name)?.value;
    first = member("first")?.objectId;
    const noted = member("closedNoted")?.value;
    return { hosts: Number(member("hosts")?.value ?? 0), scan: member("scan")?.value === true, ...(typeof noted === "boolean" ? { closedNoted: noted } : {}) };
  });
  return first;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The objectId (in ACTION_GROUP) of the first element the role target
 * matches in the tab's document, waiting up to waitMs for one. */
export async function resolveRoleTarget(tabId: number, selector: string, waitMs = ROLE_WAIT_MS): Promise<string> {
  const t = parseRoleTarget(selector);
  const deadline = Date.now() + waitMs;
  for (;;) {
    // A document swapped mid-query (a navigation) is retried below.
    const found = await unlessDialog(
      (async () => roleElement(tabId, { contextId: await isolatedContext(tabId) }, t))(),
      (e) => {
        if (!(e instanceof RpcError) || Date.now() >= deadline) throw e;
        if (/context/i.test(e.message)) dropContext(tabId);
        return undefined;
      },
    );
    if (found) return found;
    if (Date.now() >= deadline) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: no element matches ${selector}`, "not_found");
    }
    await sleep(ROLE_POLL_MS);
  }
}
