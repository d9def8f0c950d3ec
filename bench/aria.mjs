// Playwright's peer numbers for bench/browser.sh: for each URL, the time and
// size of locator('body').ariaSnapshot() in Debian's Chromium, same flags.
// Usage: node aria.mjs RUNS URL... ; prints one JSON object per URL.
import { chromium } from "playwright-core";

const [runsArg, ...urls] = process.argv.slice(2);
const runs = Number(runsArg) || 5;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
    // same as browserbench: fail every host but loopback at once
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  for (const url of urls) {
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: "load", timeout: 30000 });
      const times = [];
      let snap = "";
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        snap = await page.locator("body").ariaSnapshot();
        times.push(performance.now() - t0);
      }
      console.log(JSON.stringify({ url, times, bytes: Buffer.byteLength(snap), lines: snap.split("\n").length }));
    } catch (e) {
      console.log(JSON.stringify({ url, error: String(e && e.message || e) }));
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}
