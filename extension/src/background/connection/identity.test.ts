import assert from "node:assert/strict";
import { test } from "node:test";
import { IDENTITY_KEYS, mergeIdentity, newBrowserId, validBrowserId } from "./identity";

test("an id is made once: stored wins over fresh, config.json's over both", () => {
  const fresh = () => "bfresh";
  assert.deepEqual(mergeIdentity({}, undefined, "1.0", fresh), { identity: { id: "bfresh", version: "1.0" }, persist: "bfresh" });
  assert.deepEqual(mergeIdentity({ [IDENTITY_KEYS.id]: "bkept" }, undefined, "1.0", fresh), { identity: { id: "bkept", version: "1.0" }, persist: undefined });
  // a remote browser's id comes with its key, from extension install
  assert.equal(mergeIdentity({ [IDENTITY_KEYS.id]: "bkept" }, { browserId: "rgrid1" }, "1.0", fresh).identity.id, "rgrid1");
  // an id of the wrong form is not used
  assert.equal(mergeIdentity({ [IDENTITY_KEYS.id]: "B A D" }, { browserId: "../x" }, "1.0", fresh).identity.id, "bfresh");
});

test("the popup's name wins over config.json's; blank is none", () => {
  const fresh = () => "b1";
  assert.equal(mergeIdentity({}, { name: "grid-1", profile: "p" }, "1", fresh).identity.name, "grid-1");
  assert.equal(mergeIdentity({ [IDENTITY_KEYS.name]: "mine" }, { name: "grid-1" }, "1", fresh).identity.name, "mine");
  assert.equal(mergeIdentity({ [IDENTITY_KEYS.name]: "  " }, { name: "grid-1" }, "1", fresh).identity.name, "grid-1");
  assert.equal(mergeIdentity({}, undefined, "1", fresh).identity.name, undefined);
  assert.equal(mergeIdentity({}, { profile: "work" }, "1", fresh).identity.profile, "work");
});

test("fresh ids have the hub's form", () => {
  const a = newBrowserId();
  assert.ok(validBrowserId(a), a);
  assert.match(a, /^b[0-9a-z]{12}$/);
  assert.notEqual(a, newBrowserId());
});
