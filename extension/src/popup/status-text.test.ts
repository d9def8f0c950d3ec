import assert from "node:assert/strict";
import { test } from "node:test";
import type { Status } from "../background/connection/ws-client";
import { clock, describeStatus } from "./status-text";

const hub = "ws://127.0.0.1:9223/ws/browser";
const base: Status = { connected: false, server: hub, state: "connecting", lastError: "", protocolVersion: 1 };

test("connected: which hub, since when, both protocol versions", () => {
  const t = describeStatus({ ...base, connected: true, state: "connected", since: 1_000, hubVersion: 1 }, 5_000);
  assert.equal(t.headline, `Connected to ${hub} since ${clock(1_000)}.`);
  assert.equal(t.protocol, "Protocol 1 (hub 1)");
  assert.equal(t.tone, "ok");
});

test("no hub: says so, with the next try's time", () => {
  const t = describeStatus(
    { ...base, state: "disconnected", lastError: `cannot reach ${hub}`, retryAt: 64_000, retryInMs: 4_000 },
    60_000,
  );
  assert.equal(t.headline, `No hub at ${hub}.`);
  assert.match(t.detail, new RegExp(`Next try at ${clock(64_000)} \\(in 4 s\\)`));
  assert.equal(t.tone, "bad");
});

test("refused token: says wrong token", () => {
  const t = describeStatus({ ...base, state: "unauthorized", lastError: "unauthorized: bad token (4001)", retryAt: 2_000 }, 1_000);
  assert.equal(t.headline, `Refused: wrong token for ${hub}.`);
  assert.match(t.detail, /browserctl token --extension/);
});

test("a protocol mismatch is spelled out", () => {
  const t = describeStatus({ ...base, connected: true, state: "connected", hubVersion: 2 }, 0);
  assert.equal(t.protocol, "Protocol mismatch: extension 1, hub 2");
});

test("no worker, and a state this popup does not know", () => {
  assert.match(describeStatus(undefined, 0).headline, /not answering/);
  const t = describeStatus({ ...base, state: "someday" as Status["state"], lastError: "something new" }, 0);
  assert.equal(t.headline, `someday: ${hub}.`);
  assert.equal(t.detail, "something new");
});

test("replaced by a newer connection of this browser: says it stays off until Reconnect", () => {
  const t = describeStatus({ ...base, state: "replaced", lastError: "replaced by a newer connection" }, 0);
  assert.equal(t.headline, `Replaced: a newer connection of this browser took its place on ${hub}.`);
  assert.match(t.detail, /Reconnect/);
});

test("a hub that failed to prove itself: says so, and that nothing was sent", () => {
  const t = describeStatus({ ...base, state: "unauthorized", lastError: "the hub at ws://x failed to prove itself (its proof does not check); nothing was sent to it", retryAt: 2_000 }, 1_000);
  assert.equal(t.headline, `Refused: ${hub} failed to prove itself.`);
  assert.match(t.detail, /nothing was sent/);
});

test("a wss:// hub that cannot be reached: says Chromium must trust its certificate, with the hash", () => {
  const t = describeStatus(
    { connected: false, server: "wss://hub.lan:9443/ws/browser", state: "disconnected", lastError: "cannot reach wss://hub.lan:9443/ws/browser", protocolVersion: 1, certSpki: "abc=" },
    0,
  );
  assert.equal(t.headline, "No hub at wss://hub.lan:9443/ws/browser.");
  assert.match(t.detail, /--ignore-certificate-errors-spki-list=abc=/);
});
