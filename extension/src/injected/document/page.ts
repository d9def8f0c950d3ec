// The document as a whole: where it is scrolled, whether it shows, where
// it is.

/** Scrolls the window by (dx, dy), instantly: [x, y, x before, y before,
 * viewport width, height]. */
export function scrollWindow(dx: number, dy: number): number[] {
  const x0 = scrollX;
  const y0 = scrollY;
  scrollBy({ left: dx, top: dy, behavior: "instant" });
  return [scrollX, scrollY, x0, y0, innerWidth, innerHeight];
}

export function scrollPosition(): number[] {
  return [scrollX, scrollY];
}

/** A short CSS name of an element: div#main, section.feed. */
function cssName(el: Element): string {
  const tag = el.tagName.toLowerCase();
  if (el.id) return `${tag}#${CSS.escape(el.id)}`;
  const cls = Array.from(el.classList, (c) => "." + CSS.escape(c)).slice(0, 2).join("");
  return tag + cls;
}

/**
 * The element a wheel at (x, y) scrolled when the window did not (a page
 * whose body holds still and whose main pane scrolls): the first
 * scrollable box from the element there up, through shadow roots, as
 * [scrollLeft, scrollTop, its CSS name]; null when there is none below
 * the document's own. The wheel's scroll reaches the page with a frame:
 * its position is read once the box says it scrolled, or after two
 * frames (a box at its end does not scroll), at most 100 ms.
 */
export async function scrollerAt(x: number, y: number): Promise<[number, number, string] | null> {
  let el: Element | null = document.elementFromPoint(x, y);
  while (el && el !== document.documentElement && el !== document.body) {
    const s = getComputedStyle(el);
    const scrolls = (room: number, overflow: string) => room > 0 && /^(auto|scroll|overlay)$/.test(overflow);
    if (scrolls(el.scrollHeight - el.clientHeight, s.overflowY) || scrolls(el.scrollWidth - el.clientWidth, s.overflowX)) {
      const box = el;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          box.removeEventListener("scroll", done);
          resolve();
        };
        box.addEventListener("scroll", done);
        requestAnimationFrame(() => requestAnimationFrame(done));
        setTimeout(done, 100); // a window the browser does not paint runs no frames
      });
      return [box.scrollLeft, box.scrollTop, cssName(box)];
    }
    el = el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host ?? null);
  }
  return null;
}

export function visibilityState(): DocumentVisibilityState {
  return document.visibilityState;
}

export function readyState(): DocumentReadyState {
  return document.readyState;
}

export function locationHref(): string {
  return location.href;
}

export function urlAndTitle(): { url: string; title: string } {
  return { url: location.href, title: document.title };
}

/** The document node (closed-roots.ts scans it for closed shadow roots). */
export function documentNode(): Document {
  return document;
}

/** The error code Chrome's error page shows (ERR_...); "" elsewhere. */
export function errorPageCode(): string {
  const t = (document.querySelector(".error-code")?.textContent ?? "").trim();
  return /^(net::)?ERR_[A-Z0-9_]+$/.test(t) ? t : "";
}

/** A console.timeStamp between two reads of Date.now(): the wall time of
 * the mark (a trace's clock is mapped onto the screencast's by it). */
export function clockMark(label: string): number {
  const a = Date.now();
  console.timeStamp(label);
  return (a + Date.now()) / 2;
}

/**
 * Whether this document may hold a closed shadow root, as the watch that
 * closed-roots.ts puts on every document notes it: false only when the note
 * (window[key], made by the watch at the document's start) is there, still
 * listening (it answers probe), and saw no closed root made.
 */
export function closedRootsNoted(key: string, probe: string): boolean {
  const st = (window as unknown as Record<string, { alive: boolean; closed: boolean } | undefined>)[key];
  if (!st) return true;
  st.alive = false;
  document.dispatchEvent(new Event(probe));
  return !st.alive || st.closed;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const pageMethods = {
  scrollWindow: (_: unknown, [dx, dy]: [number, number]) => scrollWindow(dx, dy),
  scrollPosition: () => scrollPosition(),
  scrollerAt: (_: unknown, [x, y]: [number, number]) => scrollerAt(x, y),
  visibilityState: () => visibilityState(),
  readyState: () => readyState(),
  locationHref: () => locationHref(),
  urlAndTitle: () => urlAndTitle(),
  documentNode: () => documentNode(),
  errorPageCode: () => errorPageCode(),
  clockMark: (_: unknown, [label]: [string]) => clockMark(label),
};
