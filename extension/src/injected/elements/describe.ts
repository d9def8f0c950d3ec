// How an error names an element: role, short name, short CSS path.

const IMPLICIT: Record<string, string> = {
  A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", IMG: "img", H1: "heading", H2: "heading",
  H3: "heading", LABEL: "label", SUMMARY: "button", OPTION: "option",
};

const norm = (s: string | null | undefined) => (s || "").replace(/\s+/g, " ").trim();
const clip = (s: string | null | undefined, n: number) => {
  const t = norm(s);
  return t.length > n ? t.slice(0, n - 1) + "\u2026" : t;
};

export function shortRole(e: Element): string {
  const r = ((e.getAttribute && e.getAttribute("role")) || "").trim().split(/\s+/)[0];
  if (r) return r;
  if (e.tagName === "INPUT") {
    const t = (e as HTMLInputElement).type;
    return t === "checkbox" ? "checkbox" : t === "radio" ? "radio" : ["button", "submit", "reset", "image"].includes(t) ? "button" : t === "range" ? "slider" : "textbox";
  }
  if (e.tagName === "A" && !e.hasAttribute("href")) return "generic";
  return IMPLICIT[e.tagName] || "generic";
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
