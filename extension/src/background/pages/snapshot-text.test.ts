import assert from "node:assert/strict";
import { test } from "node:test";
import { axTreeToSnapshot, cleanName, mergeText, walkToSnapshot, type AXNode } from "./snapshot-text";

// A small tree in getFullAXTree's shape: nodes point at parents and children
// by id; ignored nodes stay in the list.
function tree(): AXNode[] {
  const n = (
    nodeId: string,
    role: string,
    name: string,
    childIds: string[] = [],
    extra: Partial<AXNode> = {},
  ): AXNode => ({ nodeId, ignored: false, role: { type: "role", value: role }, name: { type: "computedString", value: name }, childIds, ...extra });
  return [
    n("1", "RootWebArea", "Page", ["2", "3"]),
    n("2", "generic", "", ["4", "5", "6", "7"], { parentId: "1" }),
    n("4", "heading", "Title", ["41"], { parentId: "2", backendDOMNodeId: 40, properties: [{ name: "level", value: { type: "integer", value: 2 } }] }),
    n("41", "StaticText", "Title", [], { parentId: "4" }),
    n("5", "link", "Home", ["51"], { parentId: "2", backendDOMNodeId: 50 }),
    n("51", "StaticText", "Home", [], { parentId: "5" }),
    n("6", "paragraph", "", ["61", "62"], { parentId: "2" }),
    n("61", "StaticText", "Some", [], { parentId: "6" }),
    n("62", "StaticText", "text.", [], { parentId: "6" }),
    // an ignored wrapper: its children move up to its place
    n("7", "generic", "", ["8", "9", "10"], { parentId: "2", ignored: true }),
    n("8", "button", 'Say "hi"', [], {
      parentId: "7",
      backendDOMNodeId: 80,
      properties: [{ name: "disabled", value: { type: "boolean", value: true } }],
    }),
    n("9", "checkbox", "Remember me", [], {
      parentId: "7",
      backendDOMNodeId: 90,
      properties: [{ name: "checked", value: { type: "tristate", value: "true" } }],
    }),
    n("10", "textbox", "Email", ["101"], { parentId: "7", backendDOMNodeId: 100, value: { type: "string", value: "a@b.c" } }),
    n("101", "generic", "", ["102"], { parentId: "10" }),
    n("102", "StaticText", "a@b.c", [], { parentId: "101" }),
    n("3", "button", "x".repeat(150), [], { parentId: "1", backendDOMNodeId: 30 }),
  ];
}

test("full snapshot: roles, names, refs, attributes, indentation", () => {
  const s = axTreeToSnapshot(tree());
  assert.equal(
    s.text,
    [
      "- generic",
      '  - heading "Title" [ref=e1] [level=2]',
      '  - link "Home" [ref=e2]',
      "  - paragraph",
      "    - text: Some text.",
      '  - button "Say \\"hi\\"" [ref=e3] [disabled]',
      '  - checkbox "Remember me" [ref=e4] [checked]',
      '  - textbox "Email" [ref=e5] [value="a@b.c"]',
      `- button "${"x".repeat(99)}…" [ref=e6]`,
    ].join("\n"),
  );
  assert.deepEqual(
    s.refs.map((r) => [r.ref, r.role, r.backendNodeId]),
    [
      ["e1", "heading", 40],
      ["e2", "link", 50],
      ["e3", "button", 80],
      ["e4", "checkbox", 90],
      ["e5", "textbox", 100],
      ["e6", "button", 30],
    ],
  );
  assert.equal(s.refs[2]!.name, 'Say "hi"');
});

test("compact drops unnamed structural nodes and lifts their children", () => {
  const s = axTreeToSnapshot(tree(), { compact: true });
  assert.ok(s.text.startsWith('- heading "Title" [ref=e1] [level=2]\n- link "Home" [ref=e2]'), s.text);
  assert.ok(!s.text.includes("generic"));
});

test("depth cuts the levels below it", () => {
  const s = axTreeToSnapshot(tree(), { depth: 0 });
  assert.equal(s.text, `- generic\n- button "${"x".repeat(99)}…" [ref=e1]`);
  const s1 = axTreeToSnapshot(tree(), { depth: 1 });
  assert.ok(s1.text.includes('  - link "Home" [ref=e2]'));
  assert.ok(!s1.text.includes("text: Some"));
});

test("interactive lists only actionable nodes, flat", () => {
  const s = axTreeToSnapshot(tree(), { interactive: true });
  assert.equal(
    s.text,
    [
      '- link "Home" [ref=e1]',
      '- button "Say \\"hi\\"" [ref=e2] [disabled]',
      '- checkbox "Remember me" [ref=e3] [checked]',
      '- textbox "Email" [ref=e4] [value="a@b.c"]',
      `- button "${"x".repeat(99)}…" [ref=e5]`,
    ].join("\n"),
  );
});

test("ignored nodes and nodes without a DOM node get no ref", () => {
  const nodes = tree();
  nodes.find((n) => n.nodeId === "5")!.ignored = true;
  delete nodes.find((n) => n.nodeId === "8")!.backendDOMNodeId;
  const s = axTreeToSnapshot(nodes, { interactive: true });
  assert.deepEqual(
    s.refs.map((r) => r.name),
    ["Remember me", "Email", "x".repeat(99) + "…"],
  );
});

test("an empty tree is an empty snapshot", () => {
  assert.deepEqual(axTreeToSnapshot([]), { text: "", refs: [] });
});

test("a deep tree does not overflow the stack", () => {
  const nodes: AXNode[] = [];
  for (let i = 0; i < 20000; i++) {
    nodes.push({
      nodeId: String(i),
      ignored: i % 2 === 1 && i !== 19999,
      role: { type: "role", value: i === 19999 ? "button" : "generic" },
      name: { type: "computedString", value: i === 19999 ? "deep" : "" },
      childIds: i < 19999 ? [String(i + 1)] : [],
      ...(i > 0 ? { parentId: String(i - 1) } : {}),
      backendDOMNodeId: i,
    });
  }
  const s = axTreeToSnapshot(nodes, { interactive: true });
  assert.equal(s.text, '- button "deep" [ref=e1]');
});

test("cleanName collapses whitespace and caps the length", () => {
  assert.equal(cleanName("  a \n\t b  "), "a b");
  assert.equal(cleanName(undefined), "");
  assert.equal(cleanName("abcdef", 4), "abc…");
});

test("mergeText joins neighbouring text lines of one level only", () => {
  assert.deepEqual(mergeText(["  - text: a", "  - text: b", "    - text: c", "- link"]), ["  - text: a b", "    - text: c", "- link"]);
});

test("walkToSnapshot numbers the walk's elements in order", () => {
  const s = walkToSnapshot([
    ["button", "Go", []],
    ["textbox", "Q", ['value="x"', "disabled"]],
  ]);
  assert.equal(s.text, '- button "Go" [ref=e1]\n- textbox "Q" [ref=e2] [value="x"] [disabled]');
  assert.deepEqual(s.refs, [
    { ref: "e1", role: "button", name: "Go", index: 0 },
    { ref: "e2", role: "textbox", name: "Q", index: 1 },
  ]);
});

test("firstRef continues the tab's numbering", () => {
  assert.deepEqual(
    axTreeToSnapshot(tree(), { interactive: true, firstRef: 7 }).refs.map((r) => r.ref),
    ["e7", "e8", "e9", "e10", "e11"],
  );
  assert.equal(walkToSnapshot([["link", "a", []]], [42]).text, '- link "a" [ref=e42]');
  const seen = new Map<number, number>([[50, 3]]);
  const s = axTreeToSnapshot(tree(), { interactive: true, refNumber: (id) => seen.get(id) ?? 100 + id });
  assert.deepEqual(
    s.refs.map((r) => r.ref),
    ["e3", "e180", "e190", "e200", "e130"],
  );
});
