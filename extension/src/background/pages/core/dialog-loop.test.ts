// What counts as a dialog loop (dialogs.ts inDialogLoop), which pages.navigate
// answers by replacing the tab (sessions/replace-tab.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { inDialogLoop, LOOP_DIALOGS, LOOP_RECENT_MS, LOOP_WINDOW_MS, noteOpening } from "./dialogs";

test("one dialog, or a few far apart, is not a loop", () => {
  noteOpening(1, 1_000);
  assert.equal(inDialogLoop(1, 1_100), false, "one dialog");
  noteOpening(2, 0);
  noteOpening(2, LOOP_WINDOW_MS);
  noteOpening(2, 2 * LOOP_WINDOW_MS);
  assert.equal(inDialogLoop(2, 2 * LOOP_WINDOW_MS + 10), false, "three, a window apart each");
});

test("LOOP_DIALOGS dialogs within the window, the last one just now, are a loop", () => {
  for (let i = 0; i < LOOP_DIALOGS; i++) noteOpening(3, 10_000 + i * 100);
  const last = 10_000 + (LOOP_DIALOGS - 1) * 100;
  assert.equal(inDialogLoop(3, last + 50), true);
  // the loop stopped (nothing opened since, nothing held): not stuck any more
  assert.equal(inDialogLoop(3, last + LOOP_RECENT_MS + 1), false);
});
