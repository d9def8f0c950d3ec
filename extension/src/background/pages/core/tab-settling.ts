// Work that a tab's navigation sets off beside the page (the session's
// permissions put on the new origin, at Page.frameNavigated) and that a
// navigation command waits for before it answers: what `open` reports then
// holds on the page, and a script run right after it sees the grant. The
// event that starts the work comes before the load the command waits for,
// so the work is noted by then.

import { onForget } from "./debugger";

const pending = new Map<number, Set<Promise<unknown>>>();
onForget((tabId) => {
  pending.delete(tabId);
});

/** Notes work the tab's navigation set off; it counts until it ends (either way). */
export function settling(tabId: number, work: Promise<unknown>): void {
  let set = pending.get(tabId);
  if (!set) pending.set(tabId, (set = new Set()));
  const done = work.then(
    () => undefined,
    () => undefined,
  );
  set.add(done);
  void done.then(() => {
    set.delete(done);
    if (set.size === 0 && pending.get(tabId) === set) pending.delete(tabId);
  });
}

/**
 * Resolves once the tab's noted work has ended, or after ms at most (the
 * work's own failure is reported where it happens, not here).
 */
export async function settled(tabId: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const set = pending.get(tabId);
    const left = deadline - Date.now();
    if (!set || set.size === 0 || left <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(set), new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
}
