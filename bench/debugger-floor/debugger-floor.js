// The navigation floor through chrome.debugger, for bench/mcp.sh
// -mcp-tools: the same Page.navigate to Page.loadEventFired that the
// benchmark times over bare CDP, sent from an extension's service worker
// as browserctl's extension sends it, in a tab shown in a window of its
// own, with a chosen set of domains on beside Page (browserctl's logs keep
// Runtime, Log and Network on in every tab it drives). Nothing here runs
// by itself: the benchmark calls floorNavigate in this worker over CDP
// (Runtime.evaluate), once per round and set of domains.

let tabId; // the one tab, in a window of its own
const on = new Set(); // the domains on in it now, beside Page
let loaded; // resolves the current navigation's wait

chrome.debugger.onEvent.addListener((source, method) => {
  if (source.tabId === tabId && method === "Page.loadEventFired") loaded?.();
});

const send = (method, params = {}) => chrome.debugger.sendCommand({ tabId }, method, params);

async function tab() {
  if (tabId !== undefined) return;
  const win = await chrome.windows.create({ url: "about:blank" });
  tabId = win.tabs[0].id;
  await chrome.debugger.attach({ tabId }, "1.3");
  await send("Page.enable");
}

/** Milliseconds from Page.navigate to the new document's load event, with
 * these domains on beside Page (["Runtime", "Network"]), the others off. */
globalThis.floorNavigate = async (url, domains) => {
  await tab();
  for (const d of [...on]) if (!domains.includes(d)) (await send(`${d}.disable`), on.delete(d));
  for (const d of domains) if (!on.has(d)) (await send(`${d}.enable`), on.add(d));
  const load = new Promise((resolve) => (loaded = resolve));
  const start = performance.now();
  const r = await send("Page.navigate", { url });
  if (r.errorText) throw new Error(`Page.navigate ${url}: ${r.errorText}`);
  await load;
  loaded = undefined;
  return performance.now() - start;
};
