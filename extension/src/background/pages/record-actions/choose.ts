// Which of a step's candidate targets the line names: the first, the page
// having checked all but role= with the matcher of its target kind; a role=
// candidate is checked here with the matcher role targets use (Chrome's
// accessibility tree, role-target.ts) while the element is still there: it
// must find exactly this element. When the element's document is gone (a
// click that navigated away) the page's own check of role and name stands.

import type { ActionStep } from "../../../injected/document/actions";
import { sendIn } from "../core/debugger";
import { callInjected } from "../core/injected";
import { axNodesOfRoleInFrame, parseRoleTarget, sameName } from "../targets/role-target";
import type { Target } from "./lines";

const GROUP = "browserctl:record-actions";
/** Chrome answers queryAXTree after a rendering update: a tab behind
 * another has none, so the check gives up rather than wait. */
const CHECK_MS = 2_000;

interface AXNode {
  ignored?: boolean;
  name?: { value?: unknown };
  backendDOMNodeId?: number;
}

/** Whether Chrome's tree finds exactly the step's element for the role
 * target in its own document (a frame's too: a frame target resolves its
 * role= there); undefined when it cannot tell (the element or document is
 * gone). */
async function roleVerdict(
  tabId: number,
  session: string | undefined,
  contextId: number | undefined,
  step: ActionStep,
  target: string,
  frameId: string | undefined,
): Promise<boolean | undefined> {
  if (contextId === undefined || step.el === undefined) return undefined;
  try {
    // the element and its own document: a click that navigated may have
    // brought the tab a new document meanwhile, which must not judge it
    const [el, doc] = await Promise.all([
      callInjected(tabId, { contextId, session }, "actionElement", [step.el], { returnByValue: false, objectGroup: GROUP }),
      callInjected(tabId, { contextId, session }, "actionDocument", [step.el], { returnByValue: false, objectGroup: GROUP }),
    ]);
    if (!el.result.objectId || !doc.result.objectId) return undefined;
    const t = parseRoleTarget(target);
    // a frame's tree whole (as a frame target's role= reads it): a frame out
    // of view gets no rendering update for queryAXTree to wait for
    const [d, nodes] = await Promise.all([
      sendIn<{ node: { backendNodeId: number } }>(tabId, session, "DOM.describeNode", { objectId: el.result.objectId }, CHECK_MS),
      frameId !== undefined
        ? axNodesOfRoleInFrame(tabId, session, frameId, t.role)
        : sendIn<{ nodes: AXNode[] }>(tabId, session, "Accessibility.queryAXTree", { objectId: doc.result.objectId, role: t.role }, CHECK_MS).then((a) => a.nodes),
    ]);
    const ids = nodes
      .filter((n) => !n.ignored && n.backendDOMNodeId !== undefined && sameName(typeof n.name?.value === "string" ? n.name.value : "", t.name ?? ""))
      .map((n) => n.backendDOMNodeId);
    return ids.length === 1 && ids[0] === d.node.backendNodeId;
  } catch {
    return undefined;
  } finally {
    void sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: GROUP }).catch(() => undefined);
  }
}

/** frameId: the frame of the step's document when it is not the top one. */
export async function chooseTarget(
  tabId: number,
  session: string | undefined,
  contextId: number | undefined,
  step: ActionStep,
  frameId?: string,
): Promise<Target | undefined> {
  for (const [kind, target] of step.targets ?? []) {
    if (kind === "role" && (await roleVerdict(tabId, session, contextId, step, target, frameId)) === false) continue;
    return { kind, target };
  }
  return undefined;
}
