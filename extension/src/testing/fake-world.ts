// For tests against a fake chrome.debugger: answers that play a tab's
// isolated world and the injected script in it, by in-page method name.

type Answer = (params: Record<string, unknown>) => unknown;

/** The in-page method and JSON arguments of a Runtime.callFunctionOn the
 * injected script's glue sends (injected.ts). */
export function injectedCall(params: Record<string, unknown>): [string, unknown[]] {
  const args = params["arguments"] as { value?: unknown }[] | undefined;
  return [String(args?.[0]?.value), (args?.[1]?.value ?? []) as unknown[]];
}

/**
 * Sets the answers of a world (Page.getFrameTree, Page.createIsolatedWorld:
 * context 1) and of the injected script's calls: `answer` gets the method's
 * name and arguments and returns its value (a promise stays a promise: a
 * page that never answers).
 */
export function fakeWorld(answers: Map<string, Answer>, answer: (name: string, args: unknown[]) => unknown): void {
  answers.set("Page.getFrameTree", () => ({ frameTree: { frame: { id: "main" } } }));
  answers.set("Page.createIsolatedWorld", () => ({ executionContextId: 1 }));
  answers.set("Runtime.callFunctionOn", (p) => {
    const [name, args] = injectedCall(p);
    const v = answer(name, args);
    if (v instanceof Promise) return v.then((x) => ({ result: { type: typeof x, value: x } }));
    return { result: { type: typeof v, value: v } };
  });
}
