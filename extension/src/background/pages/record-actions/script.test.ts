import assert from "node:assert/strict";
import { test } from "node:test";
import { ActionScript, commandLine, samePage, SETTLE_MS, shellWord, urlPattern } from "./script";

// What repl/words.go does with a line, for the words the recorder writes:
// blanks split, '...' keeps everything, \ escapes outside single quotes.
function split(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inWord = false;
  let q: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q === "'") {
      if (c === "'") q = undefined;
      else cur += c;
    } else if (c === "\\") {
      cur += line[++i] ?? "";
      inWord = true;
    } else if (c === "'") {
      q = c;
      inWord = true;
    } else if (c === " ") {
      if (inWord) out.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

test("words come back as they were: quotes, $, spaces, quotes inside, empty", () => {
  for (const w of ["plain", "two words", "it's", "$HOME", "role=button[name=\"Sign in\"]", "", "a'b'c", "tab\there", "#x", "ünï"]) {
    assert.deepEqual(split(shellWord(w)), [w], w);
  }
  assert.equal(shellWord("abc"), "abc");
  assert.equal(shellWord("$HOME"), "'$HOME'"); // never expanded by batch
});

test("an argument that starts with - comes after --; a variable stays bare", () => {
  assert.equal(commandLine(["fill"], ["#q", "-5"]), "fill '#q' -- -5");
  assert.deepEqual(split(commandLine(["fill"], ["#q", "-5"])), ["fill", "#q", "--", "-5"]);
  assert.equal(commandLine(["fill"], ["#pw", "$PASSWORD_1"], new Set(["$PASSWORD_1"])), "fill '#pw' $PASSWORD_1");
  assert.equal(commandLine(["record", "x"], []), "record x");
});

test("wait --url patterns are origin and path", () => {
  assert.equal(urlPattern("http://127.0.0.1:5/list?q=1#top"), "http://127.0.0.1:5/list");
  assert.equal(urlPattern("about:blank"), "about:blank");
  assert.ok(samePage("http://a/x?1", "http://a/x?2"));
  assert.ok(!samePage("http://a/x", "http://a/y"));
});

test("the script is bounded: past the bound it takes nothing and says it was cut", () => {
  const s = new ActionScript(3);
  assert.ok(s.add([{ text: "click a", kind: "click" }], 1));
  assert.ok(s.add([{ text: "click b", kind: "click" }, { text: "# c", kind: "comment" }], 2));
  assert.ok(!s.add([{ text: "click d", kind: "click" }], 3));
  assert.ok(s.truncated);
  assert.equal(s.lines.length, 3);
  assert.equal(s.commands(), 2);
});

test("a line settles once another follows or SETTLE_MS passed", () => {
  const s = new ActionScript();
  s.add([{ text: "click a", kind: "click" }], 1000);
  assert.equal(s.settled(1001), 0);
  assert.equal(s.settled(1000 + SETTLE_MS), 1);
  s.add([{ text: "click b", kind: "click" }], 1100);
  assert.equal(s.settled(1101), 1);
});

test("variables are numbered per kind and listed", () => {
  const s = new ActionScript();
  assert.equal(s.variable("PASSWORD"), "$PASSWORD_1");
  assert.equal(s.variable("UPLOAD"), "$UPLOAD_1");
  assert.equal(s.variable("PASSWORD"), "$PASSWORD_2");
  assert.deepEqual(s.secrets, ["PASSWORD_1", "UPLOAD_1", "PASSWORD_2"]);
});

test("state round-trips", () => {
  const s = new ActionScript();
  s.add([{ text: "click a", kind: "click", targetKind: "role", target: "role=button" }], 5);
  s.actions = 3;
  const t = ActionScript.from(JSON.parse(JSON.stringify(s.state())));
  assert.equal(t.render(["h"]), "# h\nclick a\n");
  assert.equal(t.actions, 3);
  assert.deepEqual(t.targetCounts(), { role: 1, text: 0, testid: 0, id: 0, css: 0 });
});
