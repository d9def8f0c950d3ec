import assert from "node:assert/strict";
import { test } from "node:test";
import { isRoleTarget, parseRoleTarget } from "./role-target";

// As the page writes them (injected candidates.ts roleCandidate).
const formatRoleTarget = (role: string, name: string) => (name === "" ? `role=${role}` : `role=${role}[name=${JSON.stringify(name)}]`);

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
