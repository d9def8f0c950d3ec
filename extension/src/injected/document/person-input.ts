// The person's own input: trusted pointer presses, key presses and input
// in this document, noted with their time (the extension asks for the ones
// since its last snapshot). Started once per document.

let log: Array<[number, string]> | undefined;

export function startInputRecorder(): void {
  if (log) return;
  const l: Array<[number, string]> = [];
  log = l;
  const note = (ev: Event): void => {
    if (!ev.isTrusted) return;
    l.push([Date.now(), ev.type]);
    if (l.length > 200) l.splice(0, l.length - 200);
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
