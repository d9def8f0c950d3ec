// Builds dist/: background.js (ES module service worker), popup.js, and the
// static files. Deterministic: no timestamps, no source maps, no config.json
// (that one is written by `browserctl extension install`), so CI can check
// `npm ci && npm run build && git diff --exit-code -- dist`.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { injectedPlugin } from "./injected.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  target: "chrome116",
  platform: "browser",
  charset: "utf8",
  legalComments: "none",
  logLevel: "warning",
};

// The in-page code (src/injected/) goes into background.js as one string.
await build({ ...common, entryPoints: ["src/background/background.ts"], outfile: join(dist, "background.js"), format: "esm", plugins: [injectedPlugin(root)] });
await build({ ...common, entryPoints: ["src/popup/popup.ts"], outfile: join(dist, "popup.js"), format: "esm" });

for (const f of readdirSync(join(root, "static")).sort()) {
  copyFileSync(join(root, "static", f), join(dist, f));
}
console.log(`built ${readdirSync(dist).sort().join(", ")} into dist/`);
