// The pages.* methods that are one in-page read of their target (get style,
// get attr): declared where their in-page function is written
// (src/injected/elements/read.ts's elementReads), run here the same way:
// the string params checked first, the target resolved (waiting as every
// target does; the first visible match, else the first), the in-page method
// called on the element, its answer the result. An answer of none fails;
// a name the page refuses (badParam) is -32602.

import type { ArgsOf, MethodName, ResultOf as InPageResult } from "../../injected/methods";
import { elementReads } from "../../injected/elements/read";
import type { PageMethod } from "../methods";
import { requireString, type RequiredMember } from "../params";
import type { ParamsOf, ResultOf } from "../protocol.gen";
import type { Params } from "../types";
import { budgetOf, waitMsOf } from "./core/deadline";
import { failed } from "./core/failed";
import { valueOf } from "./core/injected";
import { releaseActionObjects } from "./snapshot/refs";
import type { PageHandlers, TabHandler } from "./tables";
import { requireTarget, resolveSpec } from "./targets/target";

type Reads = typeof elementReads;
type ReadMethod = keyof Reads & PageMethod;

/** The in-page arguments the strings make: one string each. */
type Strings<T extends readonly string[]> = { -readonly [I in keyof T]: string };

/** What is wrong with a declared read, against the protocol; never when nothing. */
type Problem<M extends keyof Reads> = M extends PageMethod
  ? Reads[M]["strings"][number] extends RequiredMember<ParamsOf<M>>
    ? Strings<Reads[M]["strings"]> extends ArgsOf<Reads[M]["call"]>
      ? InPageResult<Reads[M]["call"]> extends ResultOf<M>
        ? never
        : "its in-page method answers another result than the method's"
      : "its in-page method takes other arguments than its strings"
    : "a string it names is not a required member of the method's params"
  : "not a pages.* method";

/** A declared read with a problem does not compile: it is named here with it. */
const FITS: { readonly [M in keyof Reads as Problem<M> extends never ? never : M]: Problem<M> } = {};
void FITS;

function elementRead<M extends ReadMethod>(m: M): TabHandler<M> {
  const { call, strings, what } = elementReads[m] as { call: MethodName; strings: readonly string[]; what: string };
  return async (tabId, p) => {
    const args = strings.map((s) => requireString(p as Params, s));
    const t = await resolveSpec(tabId, requireTarget(p), "visibleElseFirst", waitMsOf(budgetOf(p)));
    try {
      const fail = (why: string) => failed(`${what} ${t.label}: ${why}`, "page_error");
      const v = await valueOf(tabId, { objectId: t.objectId }, call, args as ArgsOf<MethodName>, fail, { userGesture: true });
      if (v === null || v === undefined) throw failed(`${what} ${t.label}: the page did not answer`);
      return v as ResultOf<M>;
    } finally {
      releaseActionObjects(tabId);
    }
  };
}

// This file's handlers (index.ts joins them): one per declared read.
export const elementReadHandlers = Object.fromEntries(Object.keys(elementReads).map((m) => [m, elementRead(m as ReadMethod)])) as {
  readonly [M in ReadMethod]: TabHandler<M>;
} satisfies PageHandlers;
