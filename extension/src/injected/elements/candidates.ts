// The targets the action recorder proposes for an element, most durable
// first: role=ROLE[name="NAME"] (unique by role and name), text="EXACT"
// (the only element with that text), a test id ([data-testid="..."],
// [data-test="..."]), an id that does not look generated (#login), then the
// shortest CSS path that finds it alone. Each is checked here with
// the matcher the command's target uses (targets.ts: querySelectorAll and
// the text= walk, the role= pass), so a line is only written with a target
// that found this very element when it was written. The role and name are
// the ones the snapshot prints (accessible.ts), so a recorded role= line
// names an element as `snapshot` shows it.

import { nameOf, roleOf, tidy } from "./accessible";
import { registryOrEmpty } from "./registry";
import { roleTargetFindsOnly, textTargets } from "./targets";

export type TargetKind = "role" | "text" | "testid" | "id" | "css";
export type Candidate = [kind: TargetKind, target: string];

/** Roles a role= target says too little about to find the element again. */
const VAGUE = new Set(["", "generic", "none", "presentation", "paragraph", "group", "list", "listitem", "row", "table", "main", "navigation"]);

const TEST_IDS = ["data-testid", "data-test"];

/** Table parts, which get no role from their tag here: Chrome calls the
 * cells of a table it takes for layout LayoutTableCell, a guess the page
 * cannot repeat once the element is gone. */
const TABLE_PARTS = new Set(["TABLE", "CAPTION", "THEAD", "TBODY", "TFOOT", "TR", "TD", "TH"]);

/** The role a recorded line gives el: the snapshot's ("" for none), but
 * none from a table part's tag; an option is an option. */
export function proposedRole(el: Element): string {
  if (el.hasAttribute("role")) return roleOf(el, true);
  if (TABLE_PARTS.has(el.tagName)) return "";
  if (el.tagName === "OPTION") return "option";
  return roleOf(el, true);
}

/** The accessible name a recorded line gives el in role, uncut, as the
 * snapshot computes it (white space folded, case kept). */
export function proposedName(el: Element, role = proposedRole(el)): string {
  return nameOf(el, role, Number.POSITIVE_INFINITY);
}

/** Whether an id looks made by a framework or a counter (it may differ on the next load). */
export function looksGenerated(id: string): boolean {
  return (
    /\d{3,}/.test(id) ||
    /:/.test(id) ||
    /^[_\d]/.test(id) ||
    /[0-9a-f]{8,}/i.test(id) ||
    /[a-z]\d[a-z]+\d|\d[a-z]+\d[a-z]/i.test(id) ||
    /^(ember|react|mui|radix|headlessui|rc|ng|vue|svelte|uid|auto|gen)[-_]?\w*\d/i.test(id)
  );
}

function quote(v: string): string {
  return '"' + v.replace(/["\\]/g, "\\$&").replace(/\n/g, "\\a ") + '"';
}

function uniqueIn(doc: Document, sel: string, el: Element): boolean {
  try {
    const all = doc.querySelectorAll(sel);
    return all.length === 1 && all[0] === el;
  } catch {
    return false;
  }
}

/** The element's own text as a text= target would read it; "" when too long or none. */
function ownText(el: Element): string {
  const t = tidy((el as HTMLElement).innerText ?? el.textContent ?? "");
  return t.length > 0 && t.length <= 80 && !t.includes("\n") ? t : "";
}

/** The step of a CSS path: the tag, and :nth-of-type when a sibling shares it. */
function stepOf(e: Element): string {
  let step = CSS.escape(e.localName);
  const p = e.parentElement;
  if (p) {
    const same = Array.from(p.children).filter((c) => c.localName === e.localName);
    if (same.length > 1) step += `:nth-of-type(${same.indexOf(e) + 1})`;
  }
  return step;
}

/** The shortest CSS selector that finds el alone in its document: a telling
 * attribute, else a path of steps up to a unique id that does not look
 * generated; "" when none does. */
export function cssPath(el: Element): string {
  const doc = el.ownerDocument;
  const tag = CSS.escape(el.localName);
  for (const a of ["name", "aria-label", "placeholder", "title", "alt", "type", "value", "href"]) {
    const v = el.getAttribute(a);
    if (v && v.length <= 100) {
      const sel = `${tag}[${a}=${quote(v)}]`;
      if (uniqueIn(doc, sel, el)) return sel;
    }
  }
  const steps: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e !== el && e.id && !looksGenerated(e.id) && doc.querySelectorAll("#" + CSS.escape(e.id)).length === 1) {
      steps.unshift("#" + CSS.escape(e.id));
      const sel = steps.join(" > ");
      return uniqueIn(doc, sel, el) ? sel : "";
    }
    steps.unshift(stepOf(e));
    const sel = steps.join(" > ");
    if (uniqueIn(doc, sel, el)) return sel;
  }
  return "";
}

/** The role= candidate of el when its role and name are telling and the
 * role target finds el alone (targets.ts roleTargetFindsOnly: the matcher
 * the command's role= uses, over the closed roots the document's registry
 * holds). */
export function roleCandidate(el: Element): string {
  const role = proposedRole(el);
  const name = proposedName(el, role);
  if (VAGUE.has(role) || !name || name.length > 120) return "";
  if (!roleTargetFindsOnly(el, registryOrEmpty(), role, name)) return "";
  return `role=${role}[name=${JSON.stringify(name)}]`;
}

/** Every target that finds el alone, most durable first. Only role= reaches
 * into shadow roots; the others are the document's own. */
export function candidatesFor(el: Element): Candidate[] {
  const out: Candidate[] = [];
  const role = roleCandidate(el);
  if (role) out.push(["role", role]);
  if (el.getRootNode() !== el.ownerDocument) return out;
  const doc = el.ownerDocument;
  const text = ownText(el);
  if (text) {
    const spec = JSON.stringify(text);
    const found = textTargets(spec);
    if (Array.isArray(found) && found.length === 1 && (found[0] === el || el.contains(found[0]!))) out.push(["text", "text=" + spec]);
  }
  for (const a of TEST_IDS) {
    const v = el.getAttribute(a);
    if (v) {
      const sel = `[${a}=${quote(v)}]`;
      if (uniqueIn(doc, sel, el)) {
        out.push(["testid", sel]);
        break;
      }
    }
  }
  if (el.id && !looksGenerated(el.id)) {
    const sel = "#" + CSS.escape(el.id);
    if (uniqueIn(doc, sel, el)) out.push(["id", sel]);
  }
  // A CSS path only where nothing else is left.
  if (out.length === 0) {
    const css = cssPath(el);
    if (css) out.push(["css", css]);
  }
  return out;
}
