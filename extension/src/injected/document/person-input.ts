// The person's own input: trusted pointer presses, key presses and input
// in this document, noted with their time (the extension asks for the ones
// since its last snapshot), and told to the extension as it happens through
// a CDP binding of this isolated world (BINDING; the extension adds it to
// every attached tab, and keeps an agent's own input out: its event
// stream's person_input). Started once per document, as the script is
// installed.

let log: Array<[number, string]> | undefined;

/** The binding the extension adds to this world (pages/core/person-input.ts). */
export const INPUT_BINDING = "__browserctlPersonInput";
/** At most one word to the extension per kind of input in this long. */
const TELL_EVERY_MS = 1_000;

export function startInputRecorder(): void {
  if (log || typeof window === "undefined") return; // a world without a document (tests)
  const l: Array<[number, string]> = [];
  log = l;
  const told = new Map<string, number>();
  // Input of a kind within TELL_EVERY_MS of the last word about it is told
  // once the time is up, with the newest such input's time: the extension
  // keeps an agent's own input out by that time, so an agent's click must
  // not silence the person's click that follows it.
  const held = new Map<string, number>();
  const tell = (kind: string, at: number): void => {
    const b = (globalThis as Record<string, unknown>)[INPUT_BINDING];
    if (typeof b !== "function") return;
    told.set(kind, Date.now());
    try {
      (b as (s: string) => void)(JSON.stringify([at, kind]));
    } catch {
      // the binding went with the debugger
    }
  };
  const note = (ev: Event): void => {
    if (!ev.isTrusted) return;
    const now = Date.now();
    l.push([now, ev.type]);
    if (l.length > 200) l.splice(0, l.length - 200);
    const kind = ev.type === "pointerdown" ? "a click" : "typing";
    const since = now - (told.get(kind) ?? 0);
    if (since >= TELL_EVERY_MS) {
      tell(kind, now);
      return;
    }
    if (!held.has(kind)) {
      setTimeout(() => {
        const at = held.get(kind);
        held.delete(kind);
        if (at !== undefined) tell(kind, at);
      }, TELL_EVERY_MS - since);
    }
    held.set(kind, now);
  };
  for (const type of ["pointerdown", "keydown", "input"]) window.addEventListener(type, note, true);
}

/** The inputs noted at or after `since` (Date.now() ms). */
export function inputSince(since: number): Array<[number, string]> {
  return (log ?? []).filter((e) => e[0] >= since);
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const personInputMethods = {
  startInputRecorder: () => startInputRecorder(),
  inputSince: (_: unknown, [since]: [number]) => inputSince(since),
};
