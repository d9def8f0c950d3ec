// The text matching of text= targets and find, without a DOM.
import assert from "node:assert/strict";
import { test } from "node:test";
import { norm, parseTextSpec, textMatches } from "./text-match";

test("text= WORDS is contained, \"EXACT\" is the whole text, case and whitespace aside", () => {
  assert.equal(norm("  Sign\n\tIN  now "), "sign in now");
  const words = parseTextSpec("sign  in");
  assert.deepEqual(words, { want: "sign in", exact: false });
  assert.equal(textMatches("Please SIGN in here", "sign in", false), true);
  assert.equal(textMatches("Please sign out", "sign in", false), false);
  const exact = parseTextSpec('"Sign In"');
  assert.deepEqual(exact, { want: "sign in", exact: true });
  assert.equal(textMatches(" sign\nin ", "sign in", true), true);
  assert.equal(textMatches("sign in now", "sign in", true), false);
});

test("a bad text= spec is an error, not an empty match", () => {
  assert.equal(parseTextSpec('"unterminated \\"'), 'invalid:text="unterminated \\" is not a JSON string');
  assert.equal(parseTextSpec("   "), "invalid:text= needs some text");
  assert.equal(parseTextSpec('""'), "invalid:text= needs some text");
});
