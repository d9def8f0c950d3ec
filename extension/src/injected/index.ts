// The injected script: every piece of code the extension runs inside pages,
// bundled into one script (scripts/build.mjs) and installed once per
// document and world, in the extension's isolated worlds only, as a
// non-enumerable property of that world's global (page scripts live in
// another world and cannot reach it). The extension calls it by name with
// JSON arguments through one fixed function (background/pages/injected.ts);
// a document that lacks it, a new one after a navigation, gets it installed
// and the call retried.

import { autoStartActions } from "./document/actions";
import { methods, type MethodName } from "./methods";
import { refusal } from "./refusal";
import { startInputRecorder } from "./document/person-input";

/** Replaced by the build with the bundle's content hash. */
declare const INJECTED_VERSION: string;

export const GLOBAL_KEY = "__browserctlInjected";

const api = Object.freeze({
  v: INJECTED_VERSION,
  call(name: string, self: unknown, args: unknown, objects: unknown[]): unknown {
    if (!Object.prototype.hasOwnProperty.call(methods, name)) throw new Error(`no in-page method ${name}`);
    const fn = methods[name as MethodName] as (s: unknown, a: unknown, o: unknown[]) => unknown;
    try {
      const out = fn(self, Array.isArray(args) ? args : [], objects);
      return out instanceof Promise ? out.catch(refusal) : out;
    } catch (e) {
      return refusal(e);
    }
  },
});

// Installed again (a worker that does not know the world has it yet): the
// same build keeps the one it has, with its registry; another build replaces it.
const had = (globalThis as Record<string, unknown>)[GLOBAL_KEY] as { v?: unknown } | undefined;
if (!had || had.v !== INJECTED_VERSION) {
  Object.defineProperty(globalThis, GLOBAL_KEY, { value: api, configurable: true, enumerable: false, writable: false });
  // the person's input is noted from the document's start (person_input events)
  startInputRecorder();
  // A tab whose person's actions are recorded has the recorder's binding
  // in this world from the document's start: record from the start too
  // (only the module instance the world keeps).
  autoStartActions();
}
