import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_SERVER, mergeConfig } from "./config";

test("storage wins over config.json, which wins over the default", () => {
  assert.deepEqual(mergeConfig({}, undefined), {
    server: DEFAULT_SERVER,
    token: "",
    handshake: "proof",
    source: { server: "default", token: "default" },
  });
  const file = { server: "ws://127.0.0.1:9300/ws/browser", token: "f" };
  assert.deepEqual(mergeConfig({}, file), { ...file, handshake: "proof", source: { server: "file", token: "file" } });
  assert.deepEqual(mergeConfig({ token: "s", server: "" }, file), {
    server: file.server,
    token: "s",
    handshake: "proof",
    source: { server: "file", token: "storage" },
  });
  // the seed's handshake only when asked for, by config.json or the popup
  assert.equal(mergeConfig({}, { ...file, handshake: "seed" }).handshake, "seed");
  assert.equal(mergeConfig({ handshake: "seed" }, file).handshake, "seed");
  assert.equal(mergeConfig({}, { ...file, handshake: "anything" }).handshake, "proof");
  assert.equal(mergeConfig({ server: " ws://h:1/ws/browser " }, file).server, "ws://h:1/ws/browser");
  assert.equal(mergeConfig({ server: 5 }, undefined).server, DEFAULT_SERVER);
});
