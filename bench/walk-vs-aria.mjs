// The in-page work of browserctl's snapshot against Playwright's
// locator('body').ariaSnapshot(), interleaved run by run on the same page in
// the same Chromium, so machine load hits both alike. It measures only what
// runs in the page (browserctl's in-page script, extension/src/injected/,
// bundled as the extension bundles it and evaluated by Playwright), not the CLI, hub and extension around it:
// bench/browser.sh measures those end to end.
//
//   node bench/walk-vs-aria.mjs RUNS URL...   (prints a markdown table)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const { bundleInjected } = await import(join(here, "../extension/scripts/injected.mjs"));
const { source } = await bundleInjected(join(here, "../extension"));
// The script installs itself on the global; the walk is its "walk" method.
const walk = `(o) => { ${source}; return globalThis.__browserctlInjected.call("walk", null, [o], []); }`;

const [runsArg, ...urls] = process.argv.slice(2);
const runs = Number(runsArg) || 5;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  ],
});
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const pct = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] : NaN;
};
console.log("| page | walk full ms | walk -i ms | PW ms | walk full bytes | PW bytes | full/PW time | -i/PW time |");
console.log("|---|---|---|---|---|---|---|---|");
const fullR = [], interR = [], pwT = [], fullT = [], interT = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  for (const url of urls) {
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: "load", timeout: 30000 });
      const opts = (mode) => ({ mode, compact: false, depth: -1, maxName: 100, next: 1, owner: "bench", prefix: "e", root: 0, selector: "", viewport: false });
      const tf = [], ti = [], tp = [];
      let bytesFull = 0, bytesPw = 0;
      for (let i = 0; i < runs; i++) {
        let t0 = performance.now();
        const out = await page.evaluate(`(${walk})(${JSON.stringify(opts("full"))})`);
        tf.push(performance.now() - t0);
        bytesFull = JSON.parse(out).lines.join("\n").length;
        t0 = performance.now();
        await page.evaluate(`(${walk})(${JSON.stringify(opts("interactive"))})`);
        ti.push(performance.now() - t0);
        t0 = performance.now();
        const snap = await page.locator("body").ariaSnapshot();
        tp.push(performance.now() - t0);
        bytesPw = Buffer.byteLength(snap);
      }
      const [f, n, p] = [median(tf), median(ti), median(tp)];
      fullT.push(f), interT.push(n), pwT.push(p), fullR.push(f / p), interR.push(n / p);
      console.log(`| ${url.split("/").pop()} | ${f.toFixed(1)} | ${n.toFixed(1)} | ${p.toFixed(1)} | ${bytesFull} | ${bytesPw} | ${(f / p).toFixed(2)} | ${(n / p).toFixed(2)} |`);
    } catch (e) {
      console.log(`| ${url} | error: ${String((e && e.message) || e).split("\n")[0]} | | | | | | |`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`\nPer-page medians: walk full ${median(fullT).toFixed(1)} ms (p90 ${pct(fullT, 90).toFixed(1)}), walk -i ${median(interT).toFixed(1)} ms, Playwright ${median(pwT).toFixed(1)} ms (p90 ${pct(pwT, 90).toFixed(1)}); median of per-page ratios full/PW ${median(fullR).toFixed(2)} (p90 ${pct(fullR, 90).toFixed(2)}), -i/PW ${median(interR).toFixed(2)}.`);
