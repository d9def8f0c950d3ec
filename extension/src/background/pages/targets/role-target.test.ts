import assert from "node:assert/strict";
import { test } from "node:test";
import { formatRoleTarget, isRoleTarget, parseRoleTarget, sameName } from "./role-target";

test("role targets: written and read back, names with quotes and backslashes", () => {
  for (const [role, name] of <[string, string][]>[
    ["button", "Sign in"],
    ["textbox", 'Say "hi"'],
    ["link", "a\\b [x]"],
    ["heading", ""],
  ]) {
    const t = formatRoleTarget(role, name);
    assert.ok(isRoleTarget(t));
    const back = parseRoleTarget(t);
    assert.equal(back.role, role);
    assert.equal(back.name, name === "" ? undefined : name);
  }
  assert.equal(formatRoleTarget("button", "Sign in"), 'role=button[name="Sign in"]');
});

test("role targets: malformed ones are refused, CSS is not one", () => {
  assert.throws(() => parseRoleTarget("role=button[name=Sign in]"), /not a role target/);
  assert.throws(() => parseRoleTarget("role="), /not a role target/);
  assert.throws(() => parseRoleTarget('role=button[name="x"'), /not a role target/);
  assert.equal(isRoleTarget("button[role=x]"), false);
  assert.equal(isRoleTarget("#role"), false);
});

test("role targets: names match ignoring case and runs of spaces, whole only", () => {
  assert.ok(sameName("  Sign\n in ", "sign in"));
  assert.ok(!sameName("Sign in now", "Sign in"));
});
