// The in-page methods the extension calls by name: the tables each module
// exports next to its functions, joined (a name two modules register is a
// type error). Each method takes the call's `this` (the element for a call
// on one, else the global), its JSON arguments, and the objects passed by
// reference (closed roots). Their types type callInjected's arguments and
// answers.

import { joinTables } from "../join-tables";
import { handoffMethods } from "./document/handoff";
import { pageMethods } from "./document/page";
import { personInputMethods } from "./document/person-input";
import { storageMethods } from "./document/storage";
import { vitalsMethods } from "./document/vitals";
import { waitMethods } from "./document/waits";
import { actionabilityMethods } from "./elements/actionability";
import { durableMethods } from "./elements/durable";
import { formMethods } from "./elements/forms";
import { readMethods } from "./elements/read";
import { registryMethods } from "./elements/registry";
import { targetMethods } from "./elements/targets";
import { walkMethods } from "./elements/walk";

export const methods = joinTables(
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
  vitalsMethods,
);

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** The JSON arguments of a method. */
export type ArgsOf<N extends MethodName> = Parameters<Methods[N]> extends [unknown, infer A, ...unknown[]] ? A : [];
/** What a method answers (a promise's value). */
export type ResultOf<N extends MethodName> = Awaited<ReturnType<Methods[N]>>;
