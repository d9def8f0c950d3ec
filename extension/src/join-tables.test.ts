import assert from "node:assert/strict";
import { test } from "node:test";
import { joinTables } from "./join-tables";

test("joinTables: every entry of every table, each from its own", () => {
  const f = () => 1;
  const g = (s: string) => s;
  const t = joinTables({ a: f }, { b: g, c: 3 });
  assert.deepEqual(Object.keys(t).sort(), ["a", "b", "c"]);
  assert.equal(t.a, f);
  assert.equal(t.b("x"), "x");
});

test("joinTables: a name two tables hold is refused (a type error; at run time too)", () => {
  const twice: object[] = [{ a: 1 }, { b: 2, a: 3 }];
  assert.throws(() => joinTables(...twice), /a is registered twice/);
});
