import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_CATEGORIES, traceConfig } from "./trace";

test("categories with a - prefix are excluded, the others included", () => {
  assert.deepEqual(traceConfig(["-*", "devtools.timeline", "-v8", "loading"]), {
    includedCategories: ["devtools.timeline", "loading"],
    excludedCategories: ["*", "v8"],
  });
  const d = traceConfig(DEFAULT_CATEGORIES);
  assert.deepEqual(d.excludedCategories, ["*"]);
  assert.ok(d.includedCategories.includes("devtools.timeline"));
});
