// The in-page half of pages.vitals: reads the browser's own performance
// entries (PerformanceObserver with buffered: true) and reduces them the way
// the web-vitals library defines each metric. Self-contained: it is run as
// a string in the extension's isolated world, which shares the window's
// performance timeline.

export const VITALS_IN_PAGE = `(async () => {
  const describe = (n) => {
    if (n && n.nodeType !== 1) n = n.parentElement;
    if (!n) return "";
    let s = n.localName;
    if (n.id) s += "#" + n.id;
    for (const c of Array.from(n.classList).slice(0, 3)) s += "." + c;
    const src = n.currentSrc || (n.getAttribute && n.getAttribute("src"));
    if (src) s += "[src=" + JSON.stringify(String(src).slice(0, 200)) + "]";
    return s;
  };
  const collect = (type, extra) => new Promise((resolve) => {
    let got = [];
    let po;
    try {
      po = new PerformanceObserver((list) => { got = got.concat(list.getEntries()); });
      po.observe(Object.assign({ type, buffered: true }, extra || {}));
    } catch (e) {
      resolve([]);
      return;
    }
    setTimeout(() => { got = got.concat(po.takeRecords()); po.disconnect(); resolve(got); }, 60);
  });
  const [lcps, shifts, events, firsts, paints] = await Promise.all([
    collect("largest-contentful-paint"),
    collect("layout-shift"),
    collect("event", { durationThreshold: 16 }),
    collect("first-input"),
    collect("paint"),
  ]);
  const nav = performance.getEntriesByType("navigation")[0];
  const out = { url: location.href, ttfb: 0, fcp: null, lcp: null, cls: { value: 0, shifts: [] }, inp: null, navigation: null };
  if (nav) {
    const r = (x) => Math.round(x * 10) / 10;
    out.ttfb = r(Math.max(0, nav.responseStart - (nav.activationStart || 0)));
    out.navigation = {
      type: nav.type,
      redirect: r(nav.redirectEnd - nav.redirectStart),
      dns: r(nav.domainLookupEnd - nav.domainLookupStart),
      connect: r(nav.connectEnd - nav.connectStart),
      tls: r(nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0),
      request: r(nav.responseStart - nav.requestStart),
      response: r(nav.responseEnd - nav.responseStart),
      domInteractive: r(nav.domInteractive),
      domContentLoaded: r(nav.domContentLoadedEventEnd),
      load: r(nav.loadEventEnd),
      transferSize: nav.transferSize || 0,
    };
  }
  const fcp = paints.find((e) => e.name === "first-contentful-paint");
  if (fcp) out.fcp = Math.round(fcp.startTime * 10) / 10;
  const lcp = lcps[lcps.length - 1];
  if (lcp) out.lcp = { ms: Math.round(lcp.startTime * 10) / 10, element: describe(lcp.element), size: lcp.size, url: lcp.url || "" };
  // CLS: the largest session window (gaps under 1 s, at most 5 s long).
  let best = { value: 0, entries: [] };
  let cur = { value: 0, entries: [] };
  for (const e of shifts) {
    if (e.hadRecentInput) continue;
    const first = cur.entries[0];
    const last = cur.entries[cur.entries.length - 1];
    if (first && (e.startTime - last.startTime > 1000 || e.startTime - first.startTime > 5000)) cur = { value: 0, entries: [] };
    cur.value += e.value;
    cur.entries.push(e);
    if (cur.value > best.value) best = { value: cur.value, entries: cur.entries.slice() };
  }
  out.cls = {
    value: Math.round(best.value * 10000) / 10000,
    shifts: best.entries.map((e) => ({
      value: Math.round(e.value * 10000) / 10000,
      atMs: Math.round(e.startTime * 10) / 10,
      elements: (e.sources || []).map((s) => describe(s.node)).filter((s) => s),
    })),
  };
  // INP: the worst interaction (the 98th percentile past 50 of them).
  const byId = new Map();
  for (const e of events.concat(firsts)) {
    if (!e.interactionId) continue;
    const had = byId.get(e.interactionId);
    if (!had || e.duration > had.duration) byId.set(e.interactionId, e);
  }
  const worst = Array.from(byId.values()).sort((a, b) => b.duration - a.duration);
  if (worst.length) {
    const e = worst[Math.min(worst.length - 1, Math.floor(worst.length / 50))];
    out.inp = { ms: e.duration, event: e.name, target: describe(e.target), interactions: worst.length };
  }
  return out;
})()`;
