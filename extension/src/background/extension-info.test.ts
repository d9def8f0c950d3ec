import assert from "node:assert/strict";
import { test } from "node:test";
import { extensionHandlers } from "./extension-info";
import { PROTOCOL_VERSION } from "./protocol.gen";

test("extension.info answers the protocol version the ws-client speaks", async () => {
  const h = extensionHandlers({ manifestVersion: () => "0.1.0", id: () => "abc", userAgent: () => "UA" });
  assert.deepEqual(await h["extension.info"]({}), {
    protocolVersion: PROTOCOL_VERSION,
    version: "0.1.0",
    id: "abc",
    userAgent: "UA",
  });
});
