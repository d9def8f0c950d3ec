// The in-page methods the extension calls by name: the tables each module
// exports next to its functions, joined (a name two modules register is a
// type error). Each method takes the call's `this` (the element for a call
// on one, else the global), its JSON arguments, and the objects passed by
// reference (closed roots). Their types type callInjected's arguments and
// answers.

import { joinTables } from "../join-tables";
import { actionMethods } from "./document/actions";
import { approvalMethods } from "./document/approval";
import { handoffMethods } from "./document/handoff";
import { pageMethods } from "./document/page";
import { personInputMethods } from "./document/person-input";
import { storageMethods } from "./document/storage";
import { vitalsMethods } from "./document/vitals";
import { waitMethods } from "./document/waits";
import { actionFactsMethods } from "./elements/action-facts";
import { actionabilityMethods } from "./elements/actionability";
import { durableMethods } from "./elements/durable";
import { formMethods } from "./elements/forms";
import { readMethods } from "./elements/read";
import { registryMethods } from "./elements/registry";
import { onTarget, targetMethods, type TargetKey } from "./elements/targets";
import { walkMethods } from "./elements/walk";

const joined = joinTables(
  walkMethods,
  registryMethods,
  targetMethods,
  durableMethods,
  actionabilityMethods,
  readMethods,
  formMethods,
  waitMethods,
  pageMethods,
  storageMethods,
  personInputMethods,
  handoffMethods,
  approvalMethods,
  actionFactsMethods,
  vitalsMethods,
  actionMethods,
);

type El = Element;

export const methods = {
  ...joined,
  // the target found and one method run on it, in one call (an action's
  // check, a fill, a read): the method named is one of these
  onTarget: (_: unknown, [key, name, args]: [TargetKey, string, unknown[]]): Promise<unknown> =>
    onTarget(key, (el) => (methods[name as MethodName] as (s: El, a: unknown[]) => unknown)(el, args)),
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** The JSON arguments of a method. */
export type ArgsOf<N extends MethodName> = Parameters<Methods[N]> extends [unknown, infer A, ...unknown[]] ? A : [];
/** What a method answers (a promise's value). */
export type ResultOf<N extends MethodName> = Awaited<ReturnType<Methods[N]>>;
