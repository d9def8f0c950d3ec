// Pure: sizing a snapshot for its reader: the cut at N characters with the
// line that says what was left out, and the line difference between two
// snapshots (unit-tested in snapshot-size.test.ts).

/** An iframe's content marker in a walk's lines (src/injected/elements/walk.ts). */
export const FRAME_MARK_RE = /^(\s*)\u0000F(\d+)$/;

const REF_IN_LINE = /\[ref=([^\]]+)\]/;

export interface Cut {
  lines: string[];
  /** Lines left out. */
  dropped: number;
}

/**
 * The first lines that fit in max characters (joined by newlines) together
 * with a last line saying how many lines and refs were left out and how to
 * get them: the offset to continue from. Nothing is cut when all fits. The
 * first `keep` lines (title and url) always stay; `offset` is the body line
 * (after those) that the given lines start at, so the note's offset counts
 * from the whole snapshot's body.
 */
export function fitToChars(lines: readonly string[], max: number, keep = 2, offset = 0): Cut {
  const total = lines.reduce((n, l) => n + l.length + 1, 0) - 1;
  if (total <= max) return { lines: [...lines], dropped: 0 };
  const note = (dropped: number, refs: number, next: number): string =>
    `# ${dropped} more lines and ${refs} refs not shown: --offset ${next} for the rest (or -s REF|SELECTOR, --viewport)`;
  // Refs in each suffix, so the note is exact wherever the cut falls.
  const refsFrom = new Array<number>(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--) refsFrom[i] = refsFrom[i + 1]! + (REF_IN_LINE.test(lines[i]!) ? 1 : 0);
  const nextOf = (n: number): number => offset + Math.max(0, n - keep);
  let used = 0;
  let n = 0;
  for (; n < lines.length; n++) {
    const add = lines[n]!.length + 1;
    const tail = note(lines.length - n - 1, refsFrom[n + 1]!, nextOf(n + 1)).length;
    if (n >= keep && used + add + tail > max) break;
    used += add;
  }
  const out = lines.slice(0, n);
  out.push(note(lines.length - n, refsFrom[n]!, nextOf(n)));
  return { lines: out, dropped: lines.length - n };
}

/**
 * The body from line `offset` on, with a first line saying where it starts
 * when it does not start at the top (and that nothing is left past the end).
 */
export function fromOffset(body: readonly string[], offset: number): string[] {
  if (offset <= 0) return [...body];
  if (offset >= body.length) return [`# offset ${offset} is past the end: the snapshot has ${body.length} lines`];
  return body.slice(offset);
}

type Op = { kind: "same" | "add" | "del"; line: string };

/** Myers' O((N+M)D) shortest edit script between two line lists. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  // Common prefix and suffix first: most snapshots differ in a few places.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const A = a.slice(start, endA);
  const B = b.slice(start, endB);
  const N = A.length;
  const M = B.length;
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: "same", line: a[i]! });
  const max = N + M;
  // The trace keeps one row per edit: past ~16 MB of it, fall back to
  // comparing the lines as multisets (order-blind, still exact on what
  // was added and removed).
  const maxD = Math.max(64, Math.floor(4_000_000 / (2 * max + 2)));
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = max === 0;
  for (let d = 0; d <= max && !found; d++) {
    if (d > maxD) return [...ops, ...multisetScript(A, B), ...a.slice(endA).map((line) => ({ kind: "same" as const, line }))];
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!)) x = v[max + k + 1]!;
      else x = v[max + k - 1]! + 1;
      let y = x - k;
      while (x < N && y < M && A[x] === B[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= N && y >= M) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from (N, M).
  const mid: Op[] = [];
  let x = N;
  let y = M;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d]!;
    const k = x - y;
    let prevK: number;
    if (k === -d || (k !== d && vd[max + k - 1]! < vd[max + k + 1]!)) prevK = k + 1;
    else prevK = k - 1;
    const prevX = vd[max + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      mid.push({ kind: "same", line: A[x - 1]! });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) mid.push({ kind: "add", line: B[y - 1]! });
      else mid.push({ kind: "del", line: A[x - 1]! });
    }
    x = prevX;
    y = prevY;
  }
  mid.reverse();
  ops.push(...mid);
  for (let i = endA; i < a.length; i++) ops.push({ kind: "same", line: a[i]! });
  return ops;
}

function multisetScript(A: readonly string[], B: readonly string[]): Op[] {
  const count = new Map<string, number>();
  for (const l of A) count.set(l, (count.get(l) ?? 0) + 1);
  const ops: Op[] = [];
  for (const l of B) {
    const c = count.get(l) ?? 0;
    if (c > 0) count.set(l, c - 1);
    else ops.push({ kind: "add", line: l });
  }
  for (const l of A) {
    const c = count.get(l) ?? 0;
    if (c > 0) {
      count.set(l, c - 1);
      ops.push({ kind: "del", line: l });
    }
  }
  return ops;
}

/**
 * What changed from prev to cur, one line each: `+ line` added, `- line`
 * removed, `~ line` a line whose ref stayed and whose text changed (its new
 * text). Empty when nothing changed.
 */
export function diffLines(prev: readonly string[], cur: readonly string[]): string[] {
  const ops = editScript(prev, cur);
  const removedByRef = new Map<string, number>();
  const addedRefs = new Set<string>();
  ops.forEach((op, i) => {
    const r = REF_IN_LINE.exec(op.line)?.[1];
    if (!r) return;
    if (op.kind === "del") removedByRef.set(r, i);
    if (op.kind === "add") addedRefs.add(r);
  });
  const out: string[] = [];
  for (const op of ops) {
    if (op.kind === "same") continue;
    const r = REF_IN_LINE.exec(op.line)?.[1];
    const changed = r !== undefined && removedByRef.has(r) && addedRefs.has(r);
    if (op.kind === "del") {
      if (!changed) out.push(`- ${op.line}`);
    } else {
      out.push(`${changed ? "~" : "+"} ${op.line}`);
    }
  }
  return out;
}
