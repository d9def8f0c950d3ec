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
  const note = (ev: Event): void => {
    if (!ev.isTrusted) return;
    const now = Date.now();
    l.push([now, ev.type]);
    if (l.length > 200) l.splice(0, l.length - 200);
    const kind = ev.type === "pointerdown" ? "a click" : "typing";
    if (now - (told.get(kind) ?? 0) < TELL_EVERY_MS) return;
    const tell = (globalThis as Record<string, unknown>)[INPUT_BINDING];
    if (typeof tell !== "function") return;
    told.set(kind, now);
    try {
      (tell as (s: string) => void)(JSON.stringify([now, kind]));
    } catch {
      // the binding went with the debugger
    }
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
