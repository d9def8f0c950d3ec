// The injected script (src/injected/index.ts) bundled into one IIFE string,
// offered to the background's bundle as the module "virtual:injected"
// (SOURCE: the script, VERSION: a hash of it). Deterministic: the same
// sources give the same bytes, so CI's dist check holds.
import { build } from "esbuild";
import { createHash } from "node:crypto";

const PLACEHOLDER = "__browserctl_injected_version__";

export async function bundleInjected(root) {
  const r = await build({
    absWorkingDir: root,
    entryPoints: ["src/injected/index.ts"],
    bundle: true,
    write: false,
    format: "iife",
    target: "chrome116",
    platform: "browser",
    charset: "utf8",
    legalComments: "none",
    minifyWhitespace: true,
    minifySyntax: true,
    define: { INJECTED_VERSION: JSON.stringify(PLACEHOLDER) },
    logLevel: "warning",
  });
  const text = r.outputFiles[0].text.trim();
  const version = createHash("sha256").update(text).digest("hex").slice(0, 16);
  // Every use of the version: the install keeps a same-build script by it.
  return { source: text.replaceAll(PLACEHOLDER, version), version };
}

/** An esbuild plugin resolving "virtual:injected" to the bundle. */
export function injectedPlugin(root) {
  let bundled;
  return {
    name: "injected",
    setup(b) {
      b.onResolve({ filter: /^virtual:injected$/ }, () => ({ path: "injected", namespace: "injected" }));
      b.onLoad({ filter: /.*/, namespace: "injected" }, async () => {
        bundled ??= await bundleInjected(root);
        return {
          contents: `export const SOURCE = ${JSON.stringify(bundled.source)};\nexport const VERSION = ${JSON.stringify(bundled.version)};\n`,
          loader: "js",
        };
      });
    },
  };
}
