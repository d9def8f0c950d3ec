import assert from "node:assert/strict";
import { test } from "node:test";
import { installPermissionsFake } from "./permissions-fake";

test("an extension that starts with no record clears every kind it manages", async () => {
  const fake = installPermissionsFake({}, {});
  const p = await import("./permissions");
  await p.permissionsReady();
  assert.deepEqual(fake.calls.sort(), ["clear camera", "clear clipboard", "clear location", "clear microphone", "clear notifications"]);
  assert.deepEqual(fake.stored[p.APPLIED_KEY], {});
});
