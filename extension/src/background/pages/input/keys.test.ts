import assert from "node:assert/strict";
import { test } from "node:test";
import { keyEvents, keyForChar, Modifier, parseKey } from "./keys";

test("parseKey: plain keys, modifiers, aliases", () => {
  const enter = parseKey("Enter")!;
  assert.deepEqual([enter.def.key, enter.def.code, enter.def.keyCode, enter.modifiers], ["Enter", "Enter", 13, 0]);
  const ca = parseKey("Control+a")!;
  assert.deepEqual([ca.def.key, ca.def.code, ca.modifiers], ["a", "KeyA", Modifier.Control]);
  const st = parseKey("Shift+Tab")!;
  assert.deepEqual([st.def.key, st.modifiers, st.held.map((h) => h.key)], ["Tab", Modifier.Shift, ["Shift"]]);
  const ml = parseKey("Meta+ArrowLeft")!;
  assert.deepEqual([ml.def.code, ml.modifiers], ["ArrowLeft", Modifier.Meta]);
  assert.equal(parseKey("F5")!.def.keyCode, 116);
  assert.equal(parseKey("ctrl+shift+k")!.modifiers, Modifier.Control | Modifier.Shift);
  assert.equal(parseKey("Esc")!.def.key, "Escape");
  assert.equal(parseKey("Control++")!.def.key, "=");
  assert.equal(parseKey("Control++")!.modifiers, Modifier.Control | Modifier.Shift);
  assert.equal(parseKey("Alt+Meta+Control+Shift+x")!.modifiers, 15);
});

test("parseKey: unknown keys and modifiers are undefined", () => {
  assert.equal(parseKey(""), undefined);
  assert.equal(parseKey("Bogus"), undefined);
  assert.equal(parseKey("Hyper+a"), undefined);
  assert.equal(parseKey("Control+"), undefined);
  assert.equal(parseKey("a+b"), undefined);
});

test("keyEvents: a shortcut holds its modifiers and types no text", () => {
  const evs = keyEvents(parseKey("Control+a")!);
  assert.deepEqual(
    evs.map((e) => [e.type, e.key, e.modifiers, e.text]),
    [
      ["rawKeyDown", "Control", 2, undefined],
      ["rawKeyDown", "a", 2, undefined],
      ["keyUp", "a", 2, undefined],
      ["keyUp", "Control", 0, undefined],
    ],
  );
  assert.equal(evs[1]!.windowsVirtualKeyCode, 65);
  assert.equal(evs[1]!.code, "KeyA");
});

test("keyEvents: a typing key sends keyDown with its text", () => {
  const evs = keyEvents(parseKey("Enter")!);
  assert.deepEqual(
    evs.map((e) => [e.type, e.key, e.text]),
    [
      ["keyDown", "Enter", "\r"],
      ["keyUp", "Enter", undefined],
    ],
  );
  const shiftA = keyEvents(parseKey("Shift+a")!);
  assert.deepEqual(
    shiftA.map((e) => [e.type, e.key, e.text, e.modifiers]),
    [
      ["rawKeyDown", "Shift", undefined, 8],
      ["keyDown", "A", "A", 8],
      ["keyUp", "A", undefined, 8],
      ["keyUp", "Shift", undefined, 0],
    ],
  );
});

test("keyEvents: a key without text is a rawKeyDown", () => {
  const evs = keyEvents(parseKey("Shift+Tab")!);
  assert.deepEqual(
    evs.map((e) => [e.type, e.key, e.modifiers]),
    [
      ["rawKeyDown", "Shift", 8],
      ["rawKeyDown", "Tab", 8],
      ["keyUp", "Tab", 8],
      ["keyUp", "Shift", 0],
    ],
  );
});

test("keyForChar: one keydown per character, no separate Shift", () => {
  for (const ch of ["H", "!", "a", " ", "é", "中"]) {
    const evs = keyEvents(keyForChar(ch));
    assert.deepEqual(
      evs.map((e) => [e.type, e.key, e.text]),
      [
        ["keyDown", ch, ch],
        ["keyUp", ch, undefined],
      ],
      ch,
    );
  }
  assert.equal(keyForChar("H").def.code, "KeyH");
  assert.equal(keyForChar("\n").def.key, "Enter");
});
