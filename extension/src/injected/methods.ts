// The in-page methods the extension calls by name. Each takes the call's
// `this` (the element for a call on one, else the global), its JSON
// arguments, and the objects passed by reference (closed roots).

import { actionCheck, guardDisarm, guardVerdict, isDisabled, visible, type CheckOptions } from "./elements/actionability";
import { durableSelector } from "./elements/durable";
import { fill, focus, focusForTyping, select } from "./elements/forms";
import { showHandoff, removeHandoff } from "./document/handoff";
import {
  closedRootsNoted,
  clockMark,
  errorPageCode,
  documentNode,
  locationHref,
  readyState,
  scrollPosition,
  scrollWindow,
  urlAndTitle,
  visibilityState,
} from "./document/page";
import { inputSince, startInputRecorder } from "./document/person-input";
import {
  attribute,
  boxOf,
  computedStyle,
  checkState,
  descendantWithBox,
  documentElementOf,
  documentIdentity,
  documentOrigin,
  documentPart,
  elementPart,
  elementText,
  fileInputKind,
  inFrame,
  ownerShown,
  type DocumentPart,
  type ElementPart,
} from "./elements/read";
import { adoptClosedRoots, keepScannedRoots, pendingHosts, refElement, registerElement } from "./elements/registry";
import { readOriginStorage, storageOp, writeOriginStorage, type StorageEntry } from "./document/storage";
import { count, findElements, firstMatch, onTarget, type Pick, type TargetKey } from "./elements/targets";
import { readVitals } from "./document/vitals";
import { cancelWait, domWait } from "./document/waits";
import { walkTree, type TreeOptions } from "./elements/walk";

type El = Element;

export const methods = {
  // ---- the snapshot walk and the ref registry
  walk: (_: unknown, [o]: [TreeOptions]) => walkTree(o),
  refElement: (_: unknown, [n]: [number]) => refElement(n),
  register: (el: El, [owner, next]: [string, number]) => registerElement(el, owner, next),
  pendingHosts: () => pendingHosts(),
  adoptClosedRoots: (hosts: El[], _: [], roots: (ShadowRoot | null)[]) => adoptClosedRoots(hosts, roots),
  keepScannedRoots: (_: unknown, __: [], pairs: (El | ShadowRoot | null)[]) => keepScannedRoots(pairs),
  // ---- targets
  firstMatch: (_: unknown, [sel, pick]: [string, Pick]) => firstMatch(sel, pick),
  count: (_: unknown, [sel]: [string]) => count(sel),
  find: (_: unknown, [kind, want, exact, limit]: ["text" | "label", string, boolean, number]) => findElements(kind, want, exact, limit),
  durableSelector: (el: El) => durableSelector(el),
  onTarget: (_: unknown, [key, name, args]: [TargetKey, string, unknown[]]): Promise<unknown> =>
    onTarget(key, (el) => (methods[name as MethodName] as (s: El, a: unknown[]) => unknown)(el, args)),
  // ---- actionability
  actionCheck: (el: El, [o]: [CheckOptions]) => actionCheck(el, o),
  guardVerdict: (_: unknown, [keep]: [boolean]) => guardVerdict(keep),
  guardDisarm: () => guardDisarm(),
  isVisible: (el: El) => visible(el),
  isEnabled: (el: El) => !isDisabled(el),
  // ---- reading
  documentPart: (_: unknown, [what]: [DocumentPart]) => documentPart(what),
  elementPart: (el: El, [what]: [ElementPart]) => elementPart(el, what),
  elementText: (el: El) => elementText(el),
  attribute: (el: El, [name]: [string]) => attribute(el, name),
  computedStyle: (el: El, [name]: [string]) => computedStyle(el, name),
  checkState: (el: El) => checkState(el),
  box: (el: El) => boxOf(el),
  fileInputKind: (el: El) => fileInputKind(el),
  inFrame: (el: El) => inFrame(el),
  descendantWithBox: (el: El) => descendantWithBox(el),
  documentElement: (el: El) => documentElementOf(el),
  documentOrigin: (el: El) => documentOrigin(el),
  documentIdentity: () => documentIdentity(),
  closedRootsNoted: (_: unknown, [key, probe]: [string, string]) => closedRootsNoted(key, probe),
  ownerShown: (el: El) => ownerShown(el),
  // ---- forms
  fill: (el: El, [value]: [string]) => fill(el, value),
  select: (el: El, [values]: [string[]]) => select(el, values),
  focus: (el: El) => focus(el),
  focusForTyping: (el: El) => focusForTyping(el),
  // ---- waits
  domWait: (_: unknown, [kind, arg, gone, ms, id]: ["text" | "selector", string, boolean, number, string]) => domWait(kind, arg, gone, ms, id),
  cancelWait: (_: unknown, [id]: [string]) => cancelWait(id),
  // ---- the document
  scrollWindow: (_: unknown, [dx, dy]: [number, number]) => scrollWindow(dx, dy),
  scrollPosition: () => scrollPosition(),
  visibilityState: () => visibilityState(),
  readyState: () => readyState(),
  locationHref: () => locationHref(),
  urlAndTitle: () => urlAndTitle(),
  documentNode: () => documentNode(),
  errorPageCode: () => errorPageCode(),
  clockMark: (_: unknown, [label]: [string]) => clockMark(label),
  // ---- storage
  storage: (_: unknown, [kind, op, key, value]: ["local" | "session", "get" | "set" | "clear", string | null, string | null]) =>
    storageOp(kind, op, key, value),
  readOriginStorage: () => readOriginStorage(),
  writeOriginStorage: (_: unknown, [origin, local, session]: [string, StorageEntry[], StorageEntry[]]) => writeOriginStorage(origin, local, session),
  // ---- the person, the handoff, vitals
  startInputRecorder: () => startInputRecorder(),
  inputSince: (_: unknown, [since]: [number]) => inputSince(since),
  showHandoff: (_: unknown, [message]: [string]) => showHandoff(message),
  removeHandoff: () => removeHandoff(),
  readVitals: () => readVitals(),
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** The JSON arguments of a method. */
export type ArgsOf<N extends MethodName> = Parameters<Methods[N]> extends [unknown, infer A, ...unknown[]] ? A : [];
/** What a method answers (a promise's value). */
export type ResultOf<N extends MethodName> = Awaited<ReturnType<Methods[N]>>;
