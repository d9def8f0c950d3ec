// Text matching shared by targets and find: whitespace runs collapse, case
// is ignored.

export function norm(s: string | null | undefined): string {
  return (s || "").replace(/\s+/g, " ").trim().toLowerCase();
}

/** A text= spec: WORDS (contained) or "EXACT" (a JSON string, the whole text). */
export interface TextSpec {
  want: string;
  exact: boolean;
}

/** Parses a text= spec; a string answer is the error ("invalid:..."). */
export function parseTextSpec(spec: string): TextSpec | string {
  let want = spec;
  let exact = false;
  if (/^".*"$/.test(spec)) {
    try {
      want = JSON.parse(spec) as string;
      exact = true;
    } catch {
      return "invalid:text=" + spec + " is not a JSON string";
    }
  }
  want = norm(want);
  if (!want) return "invalid:text= needs some text";
  return { want, exact };
}

/** Whether a text matches what is wanted. */
export function textMatches(have: string | null | undefined, want: string, exact: boolean): boolean {
  const h = norm(have);
  return exact ? h === want : h.includes(want);
}
