// The browser's own time for a navigation, with nothing of ours in it:
// Debian's Chromium launched by playwright-core, one CDP session over its
// pipe, Page.navigate from the flow's login page to itself (a new
// document each time, as `bench/mcp.sh -mcp-tools N` navigates every
// round) until Page.loadEventFired. A navigate tool cannot answer sooner
// than this; mcp.sh prints what Playwright MCP's browser_navigate takes on
// the same page.
//
//   node bench/navigation-floor.mjs [rounds=24]   (bench/: npm ci first)
import { readFileSync } from "node:fs";
import http from "node:http";
import { chromium } from "playwright-core";

const rounds = Number(process.argv[2] ?? 24);
const login = readFileSync(new URL("./browserbench/flow-login.html", import.meta.url), "utf8");
const server = http.createServer((req, res) => {
  const body = req.url === "/flow/login" ? login : undefined;
  res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
  res.end(body ?? "");
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.BROWSERCTL_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  const times = [];
  for (let i = 0; i < rounds + 2; i++) {
    const loaded = new Promise((r) => cdp.once("Page.loadEventFired", r));
    const t0 = performance.now();
    await cdp.send("Page.navigate", { url: base + "/flow/login" });
    await loaded;
    if (i >= 2) times.push(performance.now() - t0); // two loads of warm-up

  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`Page.navigate to load of the login page, bare CDP, ${times.length} loads: median ${at(0.5).toFixed(1)} ms, min ${times[0].toFixed(1)}, p90 ${at(0.9).toFixed(1)}`);
} finally {
  await browser.close();
  server.close();
}
