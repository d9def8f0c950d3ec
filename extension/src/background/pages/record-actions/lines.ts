// Pure: what one of the person's steps becomes in the script. A click is
// `click TARGET` (a double click replaces the click it began with), a
// field's value `fill TARGET VALUE` (a password as $PASSWORD_N with a
// comment naming the field, a value marked secret as $SECRET_N), a key
// `press KEY`, a box `check`/`uncheck`, a choice `select TARGET VALUE...`,
// files `upload TARGET PATH...`. A target that is only a CSS path gets a
// comment saying so.

import { ActionScript, commandLine, type ScriptLine, type TargetKind } from "./script";

export type Kind = "click" | "dblclick" | "fill" | "press" | "check" | "uncheck" | "select" | "upload" | "scroll";

/** A step as the lines need it (the in-page ActionStep, its target chosen). */
export interface StepIn {
  kind: Kind;
  t: number;
  tab: number;
  value?: string;
  values?: string[];
  key?: string;
  secret?: "password";
  field?: string;
  /** Upload: each file's path as the script writes it (a path, or a variable). */
  paths?: string[];
  /** The step's key ("tab:doc:seq"), and for a double click the key of the click it began with. */
  stepKey?: string;
  replaces?: string;
}

export interface Target {
  target: string;
  kind: TargetKind;
}

export type NewLine = Omit<ScriptLine, "at">;

/** A double click within this long of the click on the same target replaces it. */
export const DOUBLE_CLICK_MS = 1_500;

/** What the lines need to know of the recording beyond the script. */
export interface LineContext {
  /** Targets the person marked secret in the popup: their values are written as $SECRET_N. */
  secretTargets: ReadonlySet<string>;
}

function targeted(kind: Kind, command: string[], args: string[], t: Target, tab: number, vars?: ReadonlySet<string>, step?: string): NewLine[] {
  const out: NewLine[] = [];
  if (t.kind === "css") {
    out.push({ text: "# no role, text, test id or id finds this element alone: a CSS path, which a change of the page's layout may break", kind: "comment", tab });
  }
  const line: NewLine = { text: commandLine(command, [t.target, ...args], vars), kind, tab, target: t.target, targetKind: t.kind };
  if (step !== undefined) line.step = step;
  out.push(line);
  return out;
}

function field(s: StepIn): string {
  return s.field ? JSON.stringify(s.field) : "a field";
}

/** The lines of a fill: the value's first line filled, each next line after Enter. */
function fillLines(s: StepIn, t: Target, script: ActionScript, ctx: LineContext): NewLine[] {
  const value = s.value ?? "";
  let secret: string | undefined;
  let note: string | undefined;
  if (s.secret === "password") {
    secret = script.variable("PASSWORD");
    note = `# ${secret}: the password typed into ${field(s)}; set ${secret.slice(1)} in the environment before running this script`;
  } else if (ctx.secretTargets.has(t.target)) {
    secret = script.variable("SECRET");
    note = `# ${secret}: the value typed into ${field(s)}, marked secret; set ${secret.slice(1)} in the environment before running this script`;
  }
  if (secret !== undefined) {
    return [{ text: note!, kind: "comment", tab: s.tab }, ...targeted("fill", ["fill"], [secret], t, s.tab, new Set([secret]))];
  }
  const [first, ...more] = value.split(/\r\n|\r|\n/);
  const out = targeted("fill", ["fill"], [first ?? ""], t, s.tab);
  for (const m of more) {
    out.push({ text: "press Enter", kind: "press", tab: s.tab });
    if (m !== "") out.push({ text: commandLine(["keyboard", "type"], [m]), kind: "keyboard", tab: s.tab });
  }
  return out;
}

/**
 * The lines of a step, added to the script by the caller; a double click
 * that replaces its click, or a fill that replaces the same field's fill
 * just before it, rewrites the script's last line here and answers [].
 */
export function stepLines(s: StepIn, t: Target | undefined, script: ActionScript, ctx: LineContext): NewLine[] {
  if (s.kind === "press") return [{ text: commandLine(["press"], [s.key ?? ""]), kind: "press", tab: s.tab }];
  if (!t) return [];
  const last = script.lastCommand();
  switch (s.kind) {
    case "click":
      return targeted("click", ["click"], [], t, s.tab, undefined, s.stepKey);
    case "dblclick": {
      const same = last && last[0].kind === "click" && last[0].tab === s.tab && (s.replaces !== undefined ? last[0].step === s.replaces : last[0].target === t.target && s.t - last[0].at <= DOUBLE_CLICK_MS);
      if (last && same) {
        const [line, i] = last;
        script.lines[i] = { ...line, kind: "dblclick", text: "dbl" + line.text };
        return [];
      }
      return targeted("dblclick", ["dblclick"], [], t, s.tab);
    }
    case "fill": {
      // the person came back to the field they filled last: the newer value
      const lines = fillLines(s, t, script, ctx);
      if (last && last[0].kind === "fill" && last[0].target === t.target && last[1] === script.lines.length - 1 && !last[0].text.includes(" $")) {
        script.lines.pop();
      }
      return lines;
    }
    case "check":
    case "uncheck":
      return targeted(s.kind, [s.kind], [], t, s.tab);
    case "select":
      return targeted("select", ["select"], s.values ?? [], t, s.tab);
    case "upload": {
      const paths = s.paths ?? [];
      const vars = new Set(paths.filter((p) => p.startsWith("$")));
      return targeted("upload", ["upload"], paths, t, s.tab, vars);
    }
    default:
      return [];
  }
}
