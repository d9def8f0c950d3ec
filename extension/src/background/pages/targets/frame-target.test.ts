import assert from "node:assert/strict";
import { test } from "node:test";
import { formatFrameSelector, formatFrameTarget, framesLabel, isFrameTarget, parseFrameTarget } from "./frame-target";

test("frame targets: one frame, bare or quoted, with each inner target kind", () => {
  assert.deepEqual(parseFrameTarget("frame=#pay >> #card"), { frames: ["#pay"], inner: "#card" });
  assert.deepEqual(parseFrameTarget('frame="#pay" >> role=button[name="Save"]'), { frames: ["#pay"], inner: 'role=button[name="Save"]' });
  assert.deepEqual(parseFrameTarget('frame=iframe[name="pay"]>>text="Pay now"'), { frames: ['iframe[name="pay"]'], inner: 'text="Pay now"' });
  // the inner target is taken whole: a >> in a text= target is its own
  assert.deepEqual(parseFrameTarget("frame=#f >> text=a >> b"), { frames: ["#f"], inner: "text=a >> b" });
});

test("frame targets: frames in frames, outermost first", () => {
  assert.deepEqual(parseFrameTarget('frame="#outer" >> frame="iframe[name=inner]" >> role=button[name="Save"]'), {
    frames: ["#outer", "iframe[name=inner]"],
    inner: 'role=button[name="Save"]',
  });
  assert.deepEqual(parseFrameTarget("frame=#a >> frame=#b >> frame=#c >> input"), { frames: ["#a", "#b", "#c"], inner: "input" });
});

test("frame targets: a >> inside quotes, brackets or a JSON string belongs to the frame's selector", () => {
  assert.deepEqual(parseFrameTarget('frame=iframe[title="a >> b"] >> #x'), { frames: ['iframe[title="a >> b"]'], inner: "#x" });
  assert.deepEqual(parseFrameTarget("frame=iframe:not([src*='>>']) >> #x"), { frames: ["iframe:not([src*='>>'])"], inner: "#x" });
  assert.deepEqual(parseFrameTarget('frame="iframe[title=\\"a >> b\\"]" >> #x'), { frames: ['iframe[title="a >> b"]'], inner: "#x" });
});

test("frame targets: other selectors are not frame targets", () => {
  for (const s of ["#frame", "iframe", "role=button", "text=frame=x", "framed >> x", "div > p"]) {
    assert.equal(isFrameTarget(s), false, s);
    assert.equal(parseFrameTarget(s), undefined, s);
  }
});

test("frame targets: malformed ones are invalid params naming what is wrong", () => {
  const bad: [string, RegExp][] = [
    ["frame=#f", /no >> and target/],
    ["frame=#f >>", /no target after/],
    ["frame=#f >>   ", /no target after/],
    ["frame= >> #x", /selector is empty/],
    ['frame="" >> #x', /selector is empty/],
    ['frame="#f >> #x', /does not end/],
    ['frame="#f" #x', /followed by >>/],
    ['frame="\\q" >> #x', /not a JSON string/],
    ['frame=role=document[name="x"] >> #x', /not role=/],
    ["frame=text=Pay >> #x", /not text=/],
    ["frame=#a >> frame=#b", /no >> and target/],
  ];
  for (const [s, why] of bad) {
    assert.throws(
      () => parseFrameTarget(s),
      (e: unknown) => {
        const err = e as { code?: number; message?: string };
        assert.equal(err.code, -32602, s);
        assert.match(err.message ?? "", /is not a frame target/, s);
        assert.match(err.message ?? "", why, s);
        return true;
      },
    );
  }
});

test("frame targets: what the recorder writes reads back", () => {
  const cases: [string[], string][] = [
    [['iframe[name="pay"]'], 'role=button[name="Pay"]'],
    [["#outer", 'iframe[title="a >> b"]'], "text=Save"],
    [['iframe[src*="/inner"]'], "#nick"],
    [['"odd"', " spaced "], "input"],
  ];
  for (const [frames, inner] of cases) {
    const written = formatFrameTarget(frames, inner);
    assert.deepEqual(parseFrameTarget(written), { frames: frames.map((f) => f.trim()), inner }, written);
  }
  assert.equal(formatFrameSelector('iframe[name="pay"]'), 'iframe[name="pay"]');
  assert.equal(formatFrameSelector('iframe[title="a >> b"]'), 'iframe[title="a >> b"]');
  assert.equal(formatFrameSelector("a >> b"), '"a >> b"');
  assert.equal(framesLabel(["#a", "iframe[name=b]"]), 'frame="#a" >> frame="iframe[name=b]"');
});
