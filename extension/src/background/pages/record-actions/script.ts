// Pure: the lines of a recording of the person's actions, as `batch` reads
// them. Words are quoted the way batch splits them (repl/words.go): single
// quotes keep everything, `$NAME` outside them is an environment variable,
// a word that starts with "-" comes after "--" so it is no flag. A line may
// still change for a moment after it is written (a click that turns out a
// double click or a download): it settles once a later line follows, or
// SETTLE_MS after it was written; what --follow and the popup count as
// written are the settled lines.

export type TargetKind = "role" | "text" | "testid" | "id" | "css";
export const TARGET_KINDS: readonly TargetKind[] = ["role", "text", "testid", "id", "css"];

/** At most this many lines (rpc.ActionLinesMax); past it the recording takes no more. */
export const MAX_LINES = 10_000;
/** A line this old is settled even when nothing followed it. */
export const SETTLE_MS = 2_500;

export interface ScriptLine {
  text: string;
  /** What kind of line: a command's first word(s), or "comment". */
  kind: string;
  /** The tab its step happened in. */
  tab?: number;
  /** When it was written (ms). */
  at: number;
  /** The step it came from: its document's key and seq ("tab:doc:seq"). */
  step?: string;
  /** The element target it names, and of what kind. */
  target?: string;
  targetKind?: TargetKind;
}

const PLAIN = /^[A-Za-z0-9_@%+=:,./~^-]+$/;

/** One word as batch splits it back: bare when plain, else single-quoted. */
export function shellWord(s: string): string {
  if (s !== "" && PLAIN.test(s)) return s;
  return "'" + s.replace(/'/g, `'\\''`) + "'";
}

/** A command line: the command's words, then its arguments; "--" before the
 * first argument that starts with "-", so that it is no flag. A word that
 * is a `$NAME` variable stays bare, so batch takes its value. */
export function commandLine(command: string[], args: string[], vars: ReadonlySet<string> = new Set()): string {
  const out = command.map(shellWord);
  let dashed = false;
  for (const a of args) {
    if (!dashed && a.startsWith("-")) {
      out.push("--");
      dashed = true;
    }
    out.push(vars.has(a) ? a : shellWord(a));
  }
  return out.join(" ");
}

/** The line `wait --url` writes for a URL: its origin and path (a substring
 * match: a query that differs on a replay does not matter). */
export function urlPattern(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === "http:" || u.protocol === "https:") return u.origin + u.pathname;
  } catch {
    // not a URL: as it is
  }
  return url;
}

/** The path of a URL, to tell a navigation to another page from one to the same. */
export function samePage(a: string, b: string): boolean {
  return urlPattern(a) === urlPattern(b);
}

export interface ScriptState {
  lines: ScriptLine[];
  actions: number;
  counters: Record<string, number>;
  secrets: string[];
  truncated: boolean;
}

/** The lines of one recording, bounded. */
export class ActionScript {
  lines: ScriptLine[] = [];
  actions = 0;
  /** The next number of each kind of variable ($PASSWORD_1 ...). */
  counters: Record<string, number> = {};
  /** The variables the script reads, in order of first use. */
  secrets: string[] = [];
  truncated = false;

  constructor(readonly maxLines = MAX_LINES) {}

  static from(s: ScriptState, maxLines = MAX_LINES): ActionScript {
    const a = new ActionScript(maxLines);
    a.lines = s.lines;
    a.actions = s.actions;
    a.counters = s.counters;
    a.secrets = s.secrets;
    a.truncated = s.truncated;
    return a;
  }

  state(): ScriptState {
    return { lines: this.lines, actions: this.actions, counters: this.counters, secrets: this.secrets, truncated: this.truncated };
  }

  /** A fresh variable: $PASSWORD_1, $UPLOAD_2 ... */
  variable(kind: string): string {
    const n = (this.counters[kind] ?? 0) + 1;
    this.counters[kind] = n;
    const v = `$${kind}_${n}`;
    this.secrets.push(v.slice(1));
    return v;
  }

  /** Adds lines; false (nothing added) once the recording is full. */
  add(lines: Omit<ScriptLine, "at">[], at: number): boolean {
    if (this.truncated) return false;
    if (this.lines.length + lines.length > this.maxLines) {
      this.truncated = true;
      return false;
    }
    for (const l of lines) this.lines.push({ ...l, at });
    return true;
  }

  last(): ScriptLine | undefined {
    return this.lines.at(-1);
  }

  /** The last line that is not a comment, and its index. */
  lastCommand(): [ScriptLine, number] | undefined {
    for (let i = this.lines.length - 1; i >= 0; i--) if (this.lines[i]!.kind !== "comment") return [this.lines[i]!, i];
    return undefined;
  }

  /** How many lines are settled at time now. */
  settled(now: number): number {
    const n = this.lines.length;
    if (n === 0) return 0;
    return now - this.lines[n - 1]!.at >= SETTLE_MS ? n : n - 1;
  }

  /** Command lines (comments aside). */
  commands(): number {
    return this.lines.filter((l) => l.kind !== "comment").length;
  }

  targetCounts(): Record<TargetKind, number> {
    const c = Object.fromEntries(TARGET_KINDS.map((k) => [k, 0])) as Record<TargetKind, number>;
    for (const l of this.lines) if (l.targetKind) c[l.targetKind]++;
    return c;
  }

  /** The script: its header, the lines, and a last comment when it was cut. */
  render(header: string[], footer: string[] = []): string {
    const out = [...header.map((h) => `# ${h}`), ...this.lines.map((l) => l.text), ...footer.map((f) => `# ${f}`)];
    return out.join("\n") + "\n";
  }
}
