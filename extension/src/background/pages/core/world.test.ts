// world.ts against a fake chrome.debugger: the world a main-frame document
// announces is used without Page.createIsolatedWorld, and only for the
// document that announced it.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { FakeChrome } from "../../../testing/fake-chrome";
import "../cdp-events"; // the tab's listeners
import { ensureAttached, uninstall } from "./debugger";
import { WORLD_NAME } from "./injected";
import { announcedChildWorld, forgetChildWorld, isolatedContext } from "./world";

let fake: FakeChrome;
let made: number;

beforeEach(() => {
  fake = new FakeChrome({ strictAttach: true }).install();
  made = 0;
  fake.answers.set("Page.getFrameTree", () => ({ frameTree: { frame: { id: "MAIN" } } }));
  fake.answers.set("Page.createIsolatedWorld", () => ({ executionContextId: 900 + ++made }));
});

afterEach(() => {
  uninstall();
});

const navigated = (frameId: string, parentId?: string) =>
  fake.emit(1, "Page.frameNavigated", { frame: { id: frameId, parentId, loaderId: "L", url: "http://x/" } });
const announced = (id: number, frameId: string, name = WORLD_NAME, isDefault = false) =>
  fake.emit(1, "Runtime.executionContextCreated", {
    context: { id, name, auxData: { frameId, isDefault, type: isDefault ? "default" : "isolated" } },
  });
const worldsMade = () => fake.methods().filter((m) => m === "Page.createIsolatedWorld").length;

test("a new document's announced world is the tab's world: nothing is made", async () => {
  await ensureAttached(1);
  navigated("MAIN");
  announced(3, "MAIN", "", true); // the page's own world
  announced(4, "MAIN");
  assert.equal(await isolatedContext(1), 4);
  assert.equal(worldsMade(), 0);
  // the next document announces its own
  navigated("MAIN");
  announced(7, "MAIN");
  assert.equal(await isolatedContext(1), 7);
  assert.equal(worldsMade(), 0);
});

test("a child frame's world, another world's name and the page's own world are not taken", async () => {
  await ensureAttached(1);
  navigated("MAIN");
  announced(5, "CHILD");
  announced(6, "MAIN", "browserctl"); // an extension's content scripts, named after it
  announced(8, "MAIN", WORLD_NAME, true);
  assert.equal(await isolatedContext(1), 901);
  assert.equal(worldsMade(), 1);
});

test("a document that has not announced its world gets one made, never the last document's", async () => {
  await ensureAttached(1);
  navigated("MAIN");
  announced(4, "MAIN");
  assert.equal(await isolatedContext(1), 4);
  navigated("MAIN"); // the new document's world not announced (yet)
  assert.equal(await isolatedContext(1), 901);
  // announced before its document's frameNavigated: ids repeat across
  // processes, so it is not trusted
  announced(2, "MAIN");
  navigated("MAIN");
  assert.equal(await isolatedContext(1), 902);
});

test("a destroyed world or cleared contexts are made again", async () => {
  await ensureAttached(1);
  navigated("MAIN");
  announced(4, "MAIN");
  fake.emit(1, "Runtime.executionContextDestroyed", { executionContextId: 4 });
  assert.equal(await isolatedContext(1), 901);
  fake.emit(1, "Runtime.executionContextsCleared", {});
  assert.equal(await isolatedContext(1), 902);
});

test("a child frame of the tab's process is walked in the world it announced, until that world is gone", async () => {
  await ensureAttached(1);
  navigated("MAIN");
  navigated("CHILD", "MAIN");
  announced(5, "CHILD");
  assert.equal(announcedChildWorld(1, "CHILD"), 5);
  announced(6, "OTHER", "browserctl");
  assert.equal(announcedChildWorld(1, "OTHER"), undefined);
  fake.emit(1, "Runtime.executionContextDestroyed", { executionContextId: 5 });
  assert.equal(announcedChildWorld(1, "CHILD"), undefined);
  announced(9, "CHILD");
  forgetChildWorld(1, "CHILD", 8); // another context: kept
  assert.equal(announcedChildWorld(1, "CHILD"), 9);
  forgetChildWorld(1, "CHILD", 9);
  assert.equal(announcedChildWorld(1, "CHILD"), undefined);
  announced(10, "CHILD");
  fake.emit(1, "Runtime.executionContextsCleared", {});
  assert.equal(announcedChildWorld(1, "CHILD"), undefined);
});
