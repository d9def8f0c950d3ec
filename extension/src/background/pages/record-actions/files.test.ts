import assert from "node:assert/strict";
import { test } from "node:test";
import { scriptPaths } from "./files";
import { ActionScript } from "./script";

test("a file inside the working folder is written by its path from there; others as $UPLOAD_N with a comment", () => {
  const s = new ActionScript();
  const got = scriptPaths(["/home/ann/work/in/a.txt", "/tmp/b.png", "/home/ann/workshop/c.txt", ""], ["a.txt", "b.png", "c.txt", "d.txt"], "/home/ann/work/", s);
  assert.deepEqual(got.paths, ["in/a.txt", "$UPLOAD_1", "$UPLOAD_2", "$UPLOAD_3"]);
  assert.equal(got.notes.length, 3);
  assert.match(got.notes[0]!, /^# \$UPLOAD_1: the file "b.png" the person chose from outside the working folder; set UPLOAD_1/);
  assert.match(got.notes[1]!, /"c.txt"/); // a sibling folder whose name starts alike is outside
  assert.match(got.notes[2]!, /"d.txt" the person chose \(the browser did not say from where\)/);
  assert.deepEqual(s.secrets, ["UPLOAD_1", "UPLOAD_2", "UPLOAD_3"]);
});

test("no working folder: every file is a variable", () => {
  const got = scriptPaths(["/x/a.txt"], ["a.txt"], "", new ActionScript());
  assert.deepEqual(got.paths, ["$UPLOAD_1"]);
});
