// Fails when the import graph of src/ has a cycle. Every relative import
// counts, `import type` too: a module's place in the layers does not depend
// on whether it needs a value or only a type from the other one.
// Run by `npm test`; `node scripts/cycles.mjs` alone prints the graph's size.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

function sources(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out.sort();
}

// import ... from "x", export ... from "x", import "x", import("x")
const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"']+)\1/g;

/** The relative imports of one file, resolved to files under src/. */
export function importsOf(file, text) {
  const out = new Set();
  // a line comment may quote an import
  const code = text.replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(SPEC)) {
    const spec = m[2];
    if (!spec.startsWith(".")) continue;
    const base = resolve(dirname(file), spec);
    const hit = [base, `${base}.ts`, join(base, "index.ts")].find((p) => p.endsWith(".ts") && existsSync(p));
    if (!hit) throw new Error(`${relative(root, file)}: cannot resolve ${JSON.stringify(spec)}`);
    out.add(hit);
  }
  return [...out];
}

/** The graph's cycles: each strongly connected component of two or more
 * files (or a file importing itself), as one path round it. */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const comps = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) comps.push(comp);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return comps.map((comp) => pathRound(graph, new Set(comp)));
}

// A shortest way from the component's first file back to itself.
function pathRound(graph, comp) {
  const start = [...comp].sort()[0];
  const prev = new Map();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!comp.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The check itself first: a known cycle is found, a chain is not one.
  const known = findCycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]));
  const chain = findCycles(new Map([["a", ["b"]], ["b", ["c"]], ["d", ["a", "c"]]]));
  if (known.length !== 1 || known[0].join(" ") !== "a b c a" || chain.length !== 0) {
    console.error(`cycles.mjs is broken: found ${JSON.stringify(known)} and ${JSON.stringify(chain)}`);
    process.exit(1);
  }
  const graph = new Map();
  let edges = 0;
  for (const f of sources(src)) {
    const deps = importsOf(f, readFileSync(f, "utf8"));
    graph.set(f, deps);
    edges += deps.length;
  }
  const cycles = findCycles(graph);
  if (cycles.length > 0) {
    for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(src, f)).join(" -> ")}`);
    console.error(`${cycles.length} import cycle(s) in src/`);
    process.exit(1);
  }
  console.log(`no import cycles: ${graph.size} files, ${edges} imports`);
}
