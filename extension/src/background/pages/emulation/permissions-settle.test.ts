import assert from "node:assert/strict";
import { test } from "node:test";
import { installPermissionsFake } from "./permissions-fake";

test("a restarted worker gives back what its record holds and no tab wants, as a session ends or a tab goes", async () => {
  const fake = installPermissionsFake({ "browserctl.permissions": { "camera\nhttps://old.example/*": "allow" } }, {});
  const p = await import("./permissions");
  await p.permissionsReady();
  assert.deepEqual(fake.calls, []);
  p.forgetPermissions(99); // a tab this worker never saw
  await p.permissionsReady();
  assert.deepEqual(fake.calls, ["clear camera"]);
  assert.deepEqual(fake.stored[p.APPLIED_KEY], {});

  fake.calls.length = 0;
  await p.settlePermissions();
  assert.deepEqual(fake.calls, [], "nothing set: nothing to give back");
});
