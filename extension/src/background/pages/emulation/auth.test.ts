import assert from "node:assert/strict";
import { test } from "node:test";
import { challengeFits } from "./auth";

const creds = { username: "ann", password: "pw", origin: "http://127.0.0.1:8080" };

test("credentials answer only their origin's server challenges", () => {
  assert.ok(challengeFits(creds, { source: "Server", origin: "http://127.0.0.1:8080" }));
  assert.ok(!challengeFits(creds, { source: "Server", origin: "http://localhost:8080" }));
  assert.ok(!challengeFits(creds, { source: "Server", origin: "http://127.0.0.1:8081" }));
  assert.ok(!challengeFits(creds, { source: "Server", origin: "https://127.0.0.1:8080" }));
  assert.ok(!challengeFits(creds, { source: "Proxy", origin: "http://127.0.0.1:8080" }));
  assert.ok(!challengeFits(creds, undefined));
  assert.ok(!challengeFits({ username: "ann", password: "pw" }, { source: "Server", origin: "http://127.0.0.1:8080" }));
});
