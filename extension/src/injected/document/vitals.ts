// pages.vitals in the page: the browser's own performance entries
// (PerformanceObserver with buffered: true), reduced the way the web-vitals
// library defines each metric. The isolated world shares the window's
// performance timeline.

/* Entry types lib.dom lacks or types loosely. */
interface Shift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node?: Node | null }[];
}
interface Lcp extends PerformanceEntry {
  element?: Element | null;
  size: number;
  url?: string;
}
interface EventEntry extends PerformanceEntry {
  interactionId?: number;
  target?: Node | null;
}

function describe(node: Node | null | undefined): string {
  let n: Node | null | undefined = node;
  if (n && n.nodeType !== 1) n = n.parentElement;
  if (!n) return "";
  const e = n as Element;
  let s = e.localName;
  if (e.id) s += "#" + e.id;
  for (const c of Array.from(e.classList).slice(0, 3)) s += "." + c;
  const src = (e as HTMLImageElement).currentSrc || (e.getAttribute && e.getAttribute("src"));
  if (src) s += "[src=" + JSON.stringify(String(src).slice(0, 200)) + "]";
  return s;
}

function collect(type: string, extra?: Record<string, unknown>): Promise<PerformanceEntry[]> {
  return new Promise((resolve) => {
    let got: PerformanceEntry[] = [];
    let po: PerformanceObserver;
    try {
      po = new PerformanceObserver((list) => {
        got = got.concat(list.getEntries());
      });
      po.observe(Object.assign({ type, buffered: true }, extra || {}) as PerformanceObserverInit);
      // The buffered entries are in the observer's buffer at once; the
      // callback would only see them a task later, late on a busy page.
      got = got.concat(po.takeRecords());
    } catch {
      resolve([]);
      return;
    }
    setTimeout(() => {
      got = got.concat(po.takeRecords());
      po.disconnect();
      resolve(got);
    }, 30);
  });
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export async function readVitals(): Promise<object> {
  // Event timing entries are queued at the next paint after the input: give
  // the page two frames (at most 200 ms: a hidden tab has none).
  await Promise.race([
    new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    new Promise((r) => setTimeout(r, 200)),
  ]);
  const [lcps, shifts, events, firsts, paints] = await Promise.all([
    collect("largest-contentful-paint") as Promise<Lcp[]>,
    collect("layout-shift") as Promise<Shift[]>,
    collect("event", { durationThreshold: 16 }) as Promise<EventEntry[]>,
    collect("first-input") as Promise<EventEntry[]>,
    collect("paint"),
  ]);
  const nav = performance.getEntriesByType("navigation")[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  const out: Record<string, unknown> = { url: location.href, ttfb: 0, fcp: null, lcp: null, cls: { value: 0, shifts: [] }, inp: null, navigation: null };
  if (nav) {
    out["ttfb"] = r1(Math.max(0, nav.responseStart - (nav.activationStart || 0)));
    out["navigation"] = {
      type: nav.type,
      redirect: r1(nav.redirectEnd - nav.redirectStart),
      dns: r1(nav.domainLookupEnd - nav.domainLookupStart),
      connect: r1(nav.connectEnd - nav.connectStart),
      tls: r1(nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0),
      request: r1(nav.responseStart - nav.requestStart),
      response: r1(nav.responseEnd - nav.responseStart),
      domInteractive: r1(nav.domInteractive),
      domContentLoaded: r1(nav.domContentLoadedEventEnd),
      load: r1(nav.loadEventEnd),
      transferSize: nav.transferSize || 0,
    };
  }
  const fcp = paints.find((e) => e.name === "first-contentful-paint");
  if (fcp) out["fcp"] = r1(fcp.startTime);
  const lcp = lcps[lcps.length - 1];
  if (lcp) out["lcp"] = { ms: r1(lcp.startTime), element: describe(lcp.element), size: lcp.size, url: lcp.url || "" };
  // CLS: the largest session window (gaps under 1 s, at most 5 s long).
  let best: { value: number; entries: Shift[] } = { value: 0, entries: [] };
  let cur: { value: number; entries: Shift[] } = { value: 0, entries: [] };
  for (const e of shifts) {
    if (e.hadRecentInput) continue;
    const first = cur.entries[0];
    const last = cur.entries[cur.entries.length - 1];
    if (first && last && (e.startTime - last.startTime > 1000 || e.startTime - first.startTime > 5000)) cur = { value: 0, entries: [] };
    cur.value += e.value;
    cur.entries.push(e);
    if (cur.value > best.value) best = { value: cur.value, entries: cur.entries.slice() };
  }
  out["cls"] = {
    value: Math.round(best.value * 10000) / 10000,
    shifts: best.entries.map((e) => ({
      value: Math.round(e.value * 10000) / 10000,
      atMs: r1(e.startTime),
      elements: (e.sources || []).map((s) => describe(s.node)).filter((s) => s),
    })),
  };
  // INP: the worst interaction (the 98th percentile past 50 of them). Per
  // interaction: its longest event, and the element of any of its events
  // (a pointerdown's entry may have lost its target).
  const byId = new Map<number, { duration: number; name: string; target: string }>();
  for (const e of events.concat(firsts)) {
    if (!e.interactionId) continue;
    const had = byId.get(e.interactionId) || { duration: -1, name: "", target: "" };
    if (e.duration > had.duration) {
      had.duration = e.duration;
      had.name = e.name;
    }
    if (!had.target && e.target) had.target = describe(e.target);
    byId.set(e.interactionId, had);
  }
  const worst = Array.from(byId.values()).sort((a, b) => b.duration - a.duration);
  if (worst.length) {
    const e = worst[Math.min(worst.length - 1, Math.floor(worst.length / 50))]!;
    out["inp"] = { ms: e.duration, event: e.name, target: e.target, interactions: worst.length };
  }
  return out;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const vitalsMethods = {
  readVitals: () => readVitals(),
};
