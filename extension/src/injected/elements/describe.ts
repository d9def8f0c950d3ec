// How an error names an element: role, short name, short CSS path.

import { roleOf } from "./accessible";

const norm = (s: string | null | undefined) => (s || "").replace(/\s+/g, " ").trim();
const clip = (s: string | null | undefined, n: number) => {
  const t = norm(s);
  return t.length > n ? t.slice(0, n - 1) + "\u2026" : t;
};

/** The element's role as its snapshot line says it ("generic" for none),
 * so an action's answer and the snapshot name it alike. */
export function shortRole(e: Element): string {
  return roleOf(e, true) || "generic";
}

export function shortName(e: Element): string {
  const a = e.getAttribute && e.getAttribute("aria-label");
  if (a) return clip(a, 60);
  const lb = e.getAttribute && e.getAttribute("aria-labelledby");
  if (lb) {
    const t = lb
      .split(/\s+/)
      .map((id) => {
        const x = e.ownerDocument.getElementById(id);
        return x ? x.textContent : "";
      })
      .join(" ");
    if (norm(t)) return clip(t, 60);
  }
  const f = e as HTMLInputElement;
  if (f.labels && f.labels.length) return clip(f.labels[0]!.textContent, 60);
  if (e.tagName === "INPUT" && ["button", "submit", "reset"].includes(f.type)) return clip(f.value, 60);
  if (e.tagName === "INPUT" || e.tagName === "TEXTAREA") return clip(e.getAttribute("placeholder") || e.getAttribute("title") || "", 60);
  if (e.tagName === "IMG") return clip(e.getAttribute("alt") || "", 60);
  return clip((e as HTMLElement).innerText || e.textContent || e.getAttribute("title") || "", 60);
}

function cssPath(e: Element): string {
  const parts: string[] = [];
  let n: Element | null = e;
  for (let i = 0; n && n.nodeType === 1 && i < 3; n = n.parentElement, i++) {
    let p = n.tagName.toLowerCase();
    if (n.id) {
      parts.unshift(p + "#" + n.id);
      break;
    }
    const cls = Array.from(n.classList).slice(0, 2);
    if (cls.length) p += "." + cls.join(".");
    parts.unshift(p);
  }
  return parts.join(" > ");
}

export function describe(e: Element): string {
  const n = shortName(e);
  return shortRole(e) + (n ? " " + JSON.stringify(n) : "") + " (" + cssPath(e) + ")";
}
