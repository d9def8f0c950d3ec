// Checks that src/ has no import cycles (scripts/cycles.mjs), then runs
// every src/**/*.test.ts with node's built-in test runner: each test file is
// bundled by esbuild into a temporary folder first (node 20 cannot run
// TypeScript itself).
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { injectedPlugin } from "./injected.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function findTests(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...findTests(p));
    else if (e.name.endsWith(".test.ts")) out.push(p);
  }
  return out.sort();
}

// No import cycles in src/ (scripts/cycles.mjs).
const cycles = spawnSync(process.execPath, [join(root, "scripts", "cycles.mjs")], { stdio: "inherit" });
if (cycles.status !== 0) {
  process.exitCode = cycles.status ?? 1;
  process.exit();
}

// `node scripts/test.mjs world dialogs`: only the test files whose path
// holds one of the words.
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const tests = findTests(join(root, "src")).filter((t) => only.length === 0 || only.some((w) => t.includes(w)));
if (tests.length === 0) {
  console.error(only.length ? `no src/**/*.test.ts matches ${only.join(", ")}` : "no src/**/*.test.ts found");
  process.exit(1);
}
const out = mkdtempSync(join(tmpdir(), "browserctl-ext-test-"));
try {
  await build({
    absWorkingDir: root,
    entryPoints: tests.map((t) => relative(root, t)),
    outdir: out,
    outbase: "src",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "inline",
    logLevel: "warning",
    plugins: [injectedPlugin(root)],
  });
  const files = tests.map((t) => join(out, relative(join(root, "src"), t)).replace(/\.ts$/, ".mjs"));
  const args = ["--enable-source-maps", "--test", ...(process.argv.includes("--verbose") ? ["--test-reporter=spec"] : []), ...files];
  const r = spawnSync(process.execPath, args, { stdio: "inherit" });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
