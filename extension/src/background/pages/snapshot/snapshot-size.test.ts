import assert from "node:assert/strict";
import { test } from "node:test";
import { diffLines, fitToChars, fromOffset } from "./snapshot-size";

const page = [
  "title: T",
  "url: http://x/",
  '- heading "A" [ref=e1] [level=1]',
  '- link "One" [ref=e2]',
  "- text: plain",
  '- link "Two" [ref=e3]',
  '- button "Three" [ref=e4]',
];

test("fitToChars keeps what fits and says what it left out", () => {
  const all = page.join("\n");
  assert.deepEqual(fitToChars(page, all.length).lines, page, "all fits: nothing cut");
  for (const max of [120, 130, 139]) {
    const cut = fitToChars(page, max);
    const text = cut.lines.join("\n");
    assert.ok(text.length <= max, `${text.length} > ${max}`);
    const kept = cut.lines.length - 1;
    assert.deepEqual(cut.lines.slice(0, kept), page.slice(0, kept), "a prefix of whole lines");
    const left = page.slice(kept);
    const refs = left.filter((l) => l.includes("[ref=")).length;
    assert.match(cut.lines[kept]!, new RegExp(`^# ${left.length} more lines and ${refs} refs not shown: .*-s .*--viewport`));
    assert.equal(cut.dropped, left.length);
  }
});

test("fitToChars never drops the title and url", () => {
  const cut = fitToChars(page, 10);
  assert.deepEqual(cut.lines.slice(0, 2), page.slice(0, 2));
  assert.equal(cut.dropped, page.length - 2);
});

test("diffLines names what was added, removed and changed", () => {
  const before = page.slice(2);
  const after = [
    '- heading "A" [ref=e1] [level=1]',
    "- text: plain",
    '- link "Two" [ref=e3]',
    '- button "Three" [ref=e4] [disabled]',
    '- button "Four" [ref=e5]',
  ];
  assert.deepEqual(diffLines(before, after), [
    '- - link "One" [ref=e2]',
    '~ - button "Three" [ref=e4] [disabled]',
    '+ - button "Four" [ref=e5]',
  ]);
  assert.deepEqual(diffLines(before, before), []);
  assert.deepEqual(diffLines([], ["- a"]), ["+ - a"]);
  assert.deepEqual(diffLines(["- a"], []), ["- - a"]);
});

test("diffLines on large inputs with many changes stays exact", () => {
  const a = Array.from({ length: 3000 }, (_, i) => `- link "L${i}" [ref=e${i}]`);
  const b = a.filter((_, i) => i % 3 !== 0).concat(Array.from({ length: 500 }, (_, i) => `- button "B${i}" [ref=e${5000 + i}]`));
  const d = diffLines(a, b);
  assert.equal(d.filter((l) => l.startsWith("- ")).length, 1000);
  assert.equal(d.filter((l) => l.startsWith("+ ")).length, 500);
});

test("fitToChars names the offset to continue from, and the parts cover the body once", () => {
  const body = Array.from({ length: 40 }, (_, i) => `- link "Link number ${i}" [ref=e${i + 1}]`);
  const header = ["title: T", "url: http://x/"];
  const seen: string[] = [];
  let offset = 0;
  for (let parts = 0; parts < 40; parts++) {
    const cut = fitToChars([...header, ...fromOffset(body, offset)], 300, 2, offset);
    assert.ok(cut.lines.join("\n").length <= 300);
    const shown = cut.lines.slice(2).filter((l) => !l.startsWith("# "));
    seen.push(...shown);
    if (cut.dropped === 0) break;
    const m = /--offset (\d+) for the rest/.exec(cut.lines[cut.lines.length - 1]!);
    assert.ok(m, cut.lines[cut.lines.length - 1]);
    assert.equal(Number(m[1]), offset + shown.length);
    offset = Number(m[1]);
  }
  assert.deepEqual(seen, body);
  assert.match(fromOffset(body, 99)[0]!, /past the end: the snapshot has 40 lines/);
});
