import assert from "node:assert/strict";
import { test } from "node:test";
import { installPermissionsFake } from "./permissions-fake";

test("a restarted worker takes the record back; a session's end gives its grants back; the record follows", async () => {
  const fake = installPermissionsFake({ "browserctl.permissions": { "camera\nhttps://old.example/*": "allow" } }, { 1: "https://a.example/x" });
  const p = await import("./permissions");
  await p.permissionsReady();
  assert.deepEqual(fake.calls, [], "with a record nothing is cleared at start");

  await p.applyPermissions(1, { permissions: { microphone: "grant" } });
  assert.deepEqual(fake.calls, ["clear camera", "set microphone https://a.example/* allow"]);
  assert.deepEqual(fake.stored[p.APPLIED_KEY], { "microphone\nhttps://a.example/*": "allow" });

  fake.calls.length = 0;
  p.forgetPermissions(1);
  await p.permissionsReady();
  assert.deepEqual(fake.calls, ["clear microphone"]);
  assert.deepEqual(fake.stored[p.APPLIED_KEY], {});
});
