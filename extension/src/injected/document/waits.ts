// waitFor text/selector in one document and the same-origin frame documents
// it shows: resolves once the condition (seen, or with gone not seen) holds,
// {timedOut} after ms, {cancelled} when cancelWait(id) is called,
// {badSelector} for a selector the page cannot parse. A MutationObserver on
// each document checks on every change (at most every 50 ms), a 100 ms
// timer catches what changes without a mutation (CSS, a same-origin frame's
// new document).

import { shadowRootsIn } from "../elements/registry";
import { isRendered, isVisible } from "../elements/visibility";

export interface WaitOutcome {
  ok?: boolean;
  timedOut?: boolean;
  cancelled?: boolean;
  badSelector?: string;
}

const waits = new Map<string, () => void>();

const norm = (s: string | null | undefined) => String(s || "").replace(/\s+/g, " ").trim();

/** This document and the same-origin frame documents it shows, nested too. */
function shownDocuments(): Document[] {
  const out: Document[] = [];
  const visit = (doc: Document, depth: number) => {
    out.push(doc);
    if (depth >= 16) return;
    for (const f of doc.querySelectorAll("iframe, frame")) {
      let d: Document | null = null;
      try {
        d = (f as HTMLIFrameElement).contentDocument;
      } catch {
        // cross-origin: a waiter of its own
      }
      if (d && isVisible(f)) visit(d, depth + 1);
    }
  };
  visit(document, 0);
  return out;
}

/** The text a shadow root shows: its rendered children's (a style's or a
 * hidden element's text is not shown). */
function shadowText(r: ShadowRoot): string {
  let t = "";
  for (const c of r.childNodes) {
    if (c.nodeType === 3) t += (c as Text).data;
    if (c.nodeType !== 1) continue;
    const el = c as HTMLElement;
    if (el.tagName === "STYLE" || el.tagName === "SCRIPT" || el.tagName === "TEMPLATE" || !isRendered(el)) continue;
    t += " " + el.innerText;
  }
  return t;
}

export function domWait(kind: "text" | "selector", arg: string, gone: boolean, ms: number, id: string): WaitOutcome | Promise<WaitOutcome> {
  const want = kind === "text" ? norm(arg) : arg;
  // A document's text and elements, its shadow roots' included (open ones,
  // closed ones handed over), as the snapshot shows them.
  const sees =
    kind === "text"
      ? (doc: Document) => norm((doc.body || doc.documentElement)?.innerText).includes(want) || shadowRootsIn(doc).some((r) => norm(shadowText(r)).includes(want))
      : (doc: Document) => {
          for (const root of [doc, ...shadowRootsIn(doc)]) for (const el of root.querySelectorAll(want)) if (isVisible(el)) return true;
          return false;
        };
  if (kind === "selector") {
    try {
      document.querySelector(want);
    } catch (e) {
      return { badSelector: String((e as Error)?.message || e) };
    }
  }
  const observed = new WeakSet<Document>();
  let mo: MutationObserver | null = null;
  // Checks every shown document; observes the ones it has not met yet. Gone
  // counts in parsed documents only: one still loading has not shown its
  // text yet, so not seeing it there says nothing.
  const ok = () => {
    let seen = false;
    let loading = false;
    for (const doc of shownDocuments()) {
      if (mo && !observed.has(doc)) {
        observed.add(doc);
        mo.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      if (doc.readyState === "loading") loading = true;
      if (!seen && sees(doc)) seen = true;
    }
    return gone ? !seen && !loading : seen;
  };
  if (ok()) return { ok: true };
  if (ms <= 0) return { timedOut: true };
  return new Promise((resolve) => {
    // A page that mutates all the time is checked at most every 50 ms.
    let queued = false;
    let last = 0;
    let done = false;
    const finish = (v: WaitOutcome) => {
      if (done) return;
      done = true;
      waits.delete(id);
      clearTimeout(timer);
      clearInterval(tick);
      mo!.disconnect();
      resolve(v);
    };
    const run = () => {
      queued = false;
      if (done) return;
      last = Date.now();
      if (ok()) finish({ ok: true });
    };
    mo = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      const due = last + 50 - Date.now();
      if (due <= 0) queueMicrotask(run);
      else setTimeout(run, due);
    });
    waits.set(id, () => finish({ cancelled: true }));
    const tick = setInterval(run, 100);
    const timer = setTimeout(() => finish({ timedOut: true }), ms);
    run();
  });
}

/** Ends the wait `id` (cancelled); true either way. */
export function cancelWait(id: string): boolean {
  waits.get(id)?.();
  return true;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const waitMethods = {
  domWait: (_: unknown, [kind, arg, gone, ms, id]: ["text" | "selector", string, boolean, number, string]) => domWait(kind, arg, gone, ms, id),
  cancelWait: (_: unknown, [id]: [string]) => cancelWait(id),
};
