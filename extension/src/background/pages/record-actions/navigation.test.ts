import assert from "node:assert/strict";
import { test } from "node:test";
import { classify, historyFrom, type NavigationHistory } from "./navigation";

const A = "http://x/form?t=1";
const B = "http://x/home?t=1";
const C = "http://x/list?t=1";

function hist(index: number, entries: [number, string, string?][]): NavigationHistory {
  return { currentIndex: index, entries: entries.map(([id, url, transitionType]) => ({ id, url, transitionType: transitionType ?? "link" })) };
}

test("a fresh read: typed, a step's page, reload, back, forward", () => {
  const onA = historyFrom(hist(0, [[1, A, "typed"]]));
  assert.deepEqual(classify(onA, B, hist(1, [[1, A], [2, B, "typed"]]), true).words, ["open", B]);
  assert.deepEqual(classify(onA, B, hist(1, [[1, A], [2, B, "form_submit"]]), true).words, ["wait", "--url", "http://x/home"]);
  assert.deepEqual(classify(onA, A, hist(1, [[1, A], [3, A, "form_submit"]]), true).words, ["wait", "--load", "load"]);
  assert.deepEqual(classify(onA, A, hist(0, [[1, A, "typed"]]), true).words, ["reload"]);
  const onB = historyFrom(hist(1, [[1, A], [2, B]]));
  assert.deepEqual(classify(onB, A, hist(0, [[1, A, "typed"], [2, B]]), true).words, ["back"]);
  const backOnA = historyFrom(hist(0, [[1, A], [2, B]]));
  assert.deepEqual(classify(backOnA, B, hist(1, [[1, A], [2, B]]), true).words, ["forward"]);
  const onC = historyFrom(hist(2, [[1, A], [2, B], [3, C]]));
  assert.deepEqual(classify(onC, A, hist(0, [[1, A], [2, B], [3, C]]), true).words, ["back", "back"]);
});

test("a new entry read after the person reloaded it: its own transition is lost, so open", () => {
  const onA = historyFrom(hist(0, [[1, A, "typed"]]));
  assert.deepEqual(classify(onA, B, hist(1, [[1, A], [2, B, "reload"]]), true).words, ["open", B]);
});

test("a tab's first navigation: a new tab's typed URL, else a wait", () => {
  assert.deepEqual(classify(undefined, B, hist(0, [[5, B, "typed"]]), true).words, ["tab", "open", B]);
  assert.deepEqual(classify(undefined, B, hist(0, [[5, B, "link"]]), true).words, ["wait", "--url", "http://x/home"]);
});

test("a read that shows a later entry: the entries' URLs tell back, forward and reload", () => {
  // the person went back, then forward, then reloaded before any read came
  const onB = historyFrom(hist(1, [[1, A], [2, B]]));
  const later = hist(1, [[1, A], [2, B]]);
  const back = classify(onB, A, later, false);
  assert.deepEqual(back.words, ["back"]);
  const fwd = classify(back.now, B, later, false);
  assert.deepEqual(fwd.words, ["forward"]);
  assert.deepEqual(classify(fwd.now, B, later, false).words, ["reload"]);
  // a new page: its transition when the read has its entry
  assert.deepEqual(classify(onB, C, hist(2, [[1, A], [2, B], [3, C, "typed"]]), false).words, ["open", C]);
  assert.deepEqual(classify(onB, C, undefined, false).words, ["wait", "--url", "http://x/list"]);
});

test("a long history keeps its newest entries, the index kept right", () => {
  const entries: [number, string][] = Array.from({ length: 80 }, (_, i) => [i + 1, `http://x/${i}`]);
  const h = historyFrom(hist(79, entries));
  assert.equal(h.ids.length, 50);
  assert.equal(h.url, "http://x/79");
  assert.equal(h.urls[h.index], "http://x/79");
  assert.deepEqual(classify(h, "http://x/78", undefined, false).words, ["back"]);
});
