import assert from "node:assert/strict";
import { test } from "node:test";
import { agentCallEnded, agentCallStarted, agentWindows, byAgent, personInputs } from "./person-input";

test("input made while an agent's call ran is the agent's; the rest is the person's", () => {
  const s = { running: 0, runningSince: 0, windows: [[1_000, 1_200] as [number, number]] };
  assert.equal(byAgent(s, 1_100), true, "during the call");
  assert.equal(byAgent(s, 1_400), true, "its input events landing just after");
  assert.equal(byAgent(s, 5_000), false, "long after: the person");
  assert.deepEqual(personInputs(s, [[1_050, "pointerdown"], [1_150, "input"]]), []);
  assert.deepEqual(personInputs(s, [[5_000, "pointerdown"], [6_000, "keydown"], [6_010, "input"]]), ["a click", "typing"]);
  const running = { running: 1, runningSince: 9_000, windows: [] };
  assert.equal(byAgent(running, 9_500), true, "a call still running");
  assert.equal(byAgent(running, 8_000), false);
});

test("an agent's first input stays the agent's after thousands of its calls", () => {
  const t0 = Date.now();
  agentCallStarted(7);
  agentCallEnded(7);
  for (let i = 0; i < 3000; i++) {
    agentCallStarted(7);
    agentCallEnded(7);
  }
  assert.equal(byAgent(agentWindows(7), t0), true);
  assert.ok(agentWindows(7).windows.length <= 1024, "the record stays bounded");
});
