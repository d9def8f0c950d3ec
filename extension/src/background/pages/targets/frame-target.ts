// Frame-scoped targets: `frame=FRAME >> TARGET`, the target TARGET (a CSS
// selector, role= or text=) looked for in the document of the frame whose
// <iframe> or <frame> element FRAME finds in the document above it; chained
// for a frame in a frame:
//
//   frame="#outer" >> frame="iframe[name=inner]" >> role=button[name="Save"]
//
// FRAME is a CSS selector, written bare (up to the first `>>` outside
// quotes and brackets: no CSS selector holds `>>` there) or as a JSON string
// (any selector, `>>` inside included). It is never role= or text=: a frame
// is named by its element's attributes, as the recorder writes it
// (iframe[name="..."], iframe[title="..."], #id, iframe[src*="..."]).
// The pure grammar lives here (unit-tested); frame-scope.ts resolves it.

import { ErrorCode, RpcError } from "../../types";

export interface FrameTarget {
  /** The frames' CSS selectors, outermost first. */
  frames: string[];
  /** The target in the innermost frame's document: CSS, role= or text=. */
  inner: string;
}

const PREFIX = "frame=";

/** Whether the selector is written in the frame form (valid or not). */
export function isFrameTarget(selector: string): boolean {
  return selector.trimStart().startsWith(PREFIX);
}

function invalid(selector: string, why: string): RpcError {
  return new RpcError(
    ErrorCode.invalidParams,
    `invalid params: ${JSON.stringify(selector)} is not a frame target (frame=FRAME >> TARGET, FRAME a CSS selector): ${why}`,
  );
}

/** The end of a JSON string starting at s[0] ('"'), or -1. */
function jsonStringEnd(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') return i + 1;
  }
  return -1;
}

/** The index of the first `>>` of s outside quotes, brackets and
 * parentheses, or -1. */
function separatorAt(s: string): number {
  let quote = "";
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "(") depth++;
    else if ((c === "]" || c === ")") && depth > 0) depth--;
    else if (depth === 0 && c === ">" && s[i + 1] === ">") return i;
  }
  return -1;
}

/** One frame step at the start of s (after "frame="): its selector and the rest after ">>". */
function frameStep(whole: string, s: string): { frame: string; rest: string } {
  let frame: string;
  let after: string;
  if (s.startsWith('"')) {
    const end = jsonStringEnd(s);
    if (end < 0) throw invalid(whole, "the frame's quoted selector does not end");
    try {
      frame = JSON.parse(s.slice(0, end)) as string;
    } catch {
      throw invalid(whole, `the frame's selector ${s.slice(0, end)} is not a JSON string`);
    }
    after = s.slice(end).trimStart();
    if (!after.startsWith(">>")) throw invalid(whole, "the frame's selector must be followed by >> and a target");
  } else {
    const at = separatorAt(s);
    if (at < 0) throw invalid(whole, "no >> and target after the frame's selector");
    frame = s.slice(0, at);
    after = s.slice(at);
  }
  frame = frame.trim();
  if (!frame) throw invalid(whole, "the frame's selector is empty");
  if (/^(role|text)=/.test(frame)) throw invalid(whole, `a frame is named by a CSS selector, not ${frame.slice(0, 5)}`);
  return { frame, rest: after.slice(2).trim() };
}

/**
 * The frames and inner target of a frame target; undefined for a selector
 * not in the frame form; -32602 for one that is but is malformed.
 */
export function parseFrameTarget(selector: string): FrameTarget | undefined {
  if (!isFrameTarget(selector)) return undefined;
  const frames: string[] = [];
  let rest = selector.trim();
  while (rest.startsWith(PREFIX)) {
    if (frames.length >= 16) throw invalid(selector, "more than 16 frames");
    const step = frameStep(selector, rest.slice(PREFIX.length));
    frames.push(step.frame);
    rest = step.rest;
  }
  if (!rest) throw invalid(selector, "no target after the last >>");
  return { frames, inner: rest };
}

/** A frame's selector as a frame target writes it: bare when it reads
 * back the same, else a JSON string. */
export function formatFrameSelector(css: string): string {
  const probe = css + " >> x";
  const bare = css === css.trim() && !css.startsWith('"') && !/^(role|text)=/.test(css) && separatorAt(probe) === css.length + 1;
  return bare ? css : JSON.stringify(css);
}

/** The frame target of frames (outermost first) and the inner target. */
export function formatFrameTarget(frames: string[], inner: string): string {
  return [...frames.map((f) => PREFIX + formatFrameSelector(f)), inner].join(" >> ");
}

/** How a message names the frames of a target: frame="a" >> frame="b". */
export function framesLabel(frames: string[]): string {
  return frames.map((f) => PREFIX + JSON.stringify(f)).join(" >> ");
}
