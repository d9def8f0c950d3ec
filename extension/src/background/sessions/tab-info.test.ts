import assert from "node:assert/strict";
import { test } from "node:test";
import { pickActive } from "./tab-info";

const tab = (id: number, active = false) => ({ id, active }) as chrome.tabs.Tab;
const session = (lastActiveTabId?: number) => ({ sessionId: "s1", name: "n", groupId: 3, lastActiveTabId });

test("the session's active tab: the active one, else the last activated, else the first", () => {
  assert.equal(pickActive(session(1), [tab(1), tab(2, true)])?.id, 2);
  assert.equal(pickActive(session(2), [tab(1), tab(2), tab(3)])?.id, 2);
  assert.equal(pickActive(session(9), [tab(4), tab(5)])?.id, 4);
  assert.equal(pickActive(session(), []), undefined);
});
