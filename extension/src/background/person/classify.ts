// What a call would do, as the person is asked about it: which of the
// policy's kinds it is (submit, upload, download, navigate-offsite, eval,
// close) and the words for it ("click 'Pay now'"). An element action looks
// at its element in the page first (a button of type submit, a link and
// where it goes, a[download]); a key looks at where the focus is (Enter in
// a form's field submits it); a press at a point at what is there. What
// cannot be looked into (a cross-origin frame under a point) is taken to
// be what the policy asks about, so nothing slips past unasked.

import type { ConfirmKind, Method } from "../protocol.gen";
import { budgetOf } from "../pages/core/deadline";
import { send } from "../pages/core/debugger";
import { valueOf } from "../pages/core/injected";
import { failed } from "../pages/core/failed";
import { callInWorld } from "../pages/core/world";
import { withScheme } from "../pages/navigation/url-match";
import { releaseActionObjects } from "../pages/snapshot/refs";
import { resolveSpec, targetOf } from "../pages/targets/target";
import type { ActionFacts } from "../../injected/elements/action-facts";
import type { Params } from "../types";
import { hostOf, noteSite, offsite, policyOf } from "./policy";

export interface Classified {
  kinds: ConfirmKind[];
  /** "click 'Pay now'", "open https://other.example/" */
  action: string;
}

export interface ClassifyDeps {
  /** The tab a call of the session acts on (its tabId, else the active one). */
  tabOf(p: Params): Promise<number>;
}

type Classifier = (p: Params, tabId: () => Promise<number>, sessionId: string) => Promise<Classified>;

const q = (s: string) => `'${s.length > 60 ? s.slice(0, 59) + "…" : s}'`;

function named(f: ActionFacts | undefined, fallback: string): string {
  if (!f) return fallback;
  if (f.name) return q(f.name);
  return f.role && f.role !== "generic" ? `the ${f.role}` : fallback;
}

/** The kinds a press with these facts falls under. */
function pressKinds(f: ActionFacts | undefined, sessionId: string): ConfirmKind[] {
  if (!f) return [];
  if (f.opaqueFrame) return ["submit", "download", "navigate-offsite"];
  const k: ConfirmKind[] = [];
  if (f.submit) k.push("submit");
  if (f.download) k.push("download");
  if (f.href && offsite(sessionId, f.href)) k.push("navigate-offsite");
  return k;
}

async function elementFacts(tabId: number, p: Params): Promise<ActionFacts | undefined> {
  const spec = targetOf(p as { ref?: string; selector?: string });
  if (!spec) return undefined;
  // The action would wait for its element; so does this look (a missing
  // one fails here as the action would).
  const budget = budgetOf(p as { timeoutMs?: number });
  const t = await resolveSpec(tabId, spec, "visibleElseFirst", Math.max(0, budget - 1500));
  try {
    return await valueOf(tabId, { objectId: t.objectId }, "clickFacts", [], (why) => failed(`looking at ${t.label}: ${why}`, "page_error"));
  } finally {
    releaseActionObjects(tabId);
  }
}

async function pageFacts<N extends "keyFacts" | "pointFacts">(tabId: number, name: N, args: N extends "keyFacts" ? ["Enter" | " "] : [number, number]): Promise<ActionFacts> {
  const r = await callInWorld(tabId, name, args as never);
  return r.result.value as ActionFacts;
}

const click: Classifier = async (p, tab, sid) => {
  const f = await elementFacts(await tab(), p);
  const label = named(f, String(p["ref"] ?? p["selector"] ?? "it"));
  return { kinds: pressKinds(f, sid), action: f?.download ? `download from ${label}` : `click ${label}` };
};

/** The key a press (Enter, Control+Enter, Space) is, when it can submit. */
function pressedKey(key: string): "Enter" | " " | undefined {
  if (/(^|\+)(Enter|NumpadEnter)$/.test(key)) return "Enter";
  if (/(^|\+)Space$/.test(key) || key === " ") return " ";
  return undefined;
}

/** The key typed text holds that can submit: a newline (Enter), a space. */
function typedKey(text: string): "Enter" | " " | undefined {
  if (/[\n\r]/.test(text)) return "Enter";
  return text.includes(" ") ? " " : undefined;
}

const press: Classifier = async (p, tab, sid) => {
  const key = String(p["key"] ?? "");
  const k = pressedKey(key);
  if (!k) return { kinds: [], action: `press ${key}` };
  const f = await pageFacts(await tab(), "keyFacts", [k]);
  return { kinds: pressKinds(f, sid), action: `press ${key} in ${named(f, "the page")}` };
};

const typed: Classifier = async (p, tab, sid) => {
  const text = String(p["text"] ?? "");
  const k = typedKey(text);
  if (!k) return { kinds: [], action: "type" };
  const tabId = await tab();
  if (targetOf(p as { ref?: string; selector?: string })) {
    // type focuses its element first: what the key does there
    const f = await elementFacts(tabId, p);
    const field = f && f.role === "textbox";
    return { kinds: k === "Enter" && field ? ["submit"] : pressKinds(f, sid), action: `type into ${named(f, "the field")} and press ${k === " " ? "Space" : "Enter"}` };
  }
  const f = await pageFacts(tabId, "keyFacts", [k]);
  return { kinds: pressKinds(f, sid), action: `type into ${named(f, "the page")} and press ${k === " " ? "Space" : "Enter"}` };
};

const mouse: Classifier = async (p, tab, sid) => {
  const action = String(p["action"] ?? "");
  if (action !== "click" && action !== "down") return { kinds: [], action: `mouse ${action}` };
  const x = Number(p["x"]);
  const y = Number(p["y"]);
  const f = await pageFacts(await tab(), "pointFacts", [x, y]);
  return { kinds: pressKinds(f, sid), action: `click at (${x}, ${y}) on ${named(f, "the page")}` };
};

const upload: Classifier = async (p) => {
  const files = Array.isArray(p["files"]) ? (p["files"] as unknown[]).map((f) => String(f).split(/[\\/]/).pop() ?? "") : [];
  const shown = files.slice(0, 3).join(", ") + (files.length > 3 ? ` and ${files.length - 3} more` : "");
  return { kinds: ["upload"], action: `upload ${shown || "files"}` };
};

const download: Classifier = async (p, tab, sid) => {
  const f = await elementFacts(await tab(), p);
  const kinds = new Set<ConfirmKind>(["download", ...pressKinds(f, sid)]);
  return { kinds: [...kinds], action: `download from ${named(f, String(p["ref"] ?? p["selector"] ?? "it"))}` };
};

function script(words: string, code: string): Classified {
  const one = code.replace(/\s+/g, " ").trim();
  return { kinds: ["eval"], action: `${words}: ${one.length > 80 ? one.slice(0, 79) + "…" : one}` };
}

const navigate =
  (words: string): Classifier =>
  async (p, tab, sid) => {
    const url = withScheme(String(p["url"] ?? ""));
    await firstSiteKnown(sid, tab);
    return { kinds: offsite(sid, url) ? ["navigate-offsite"] : [], action: `${words} ${url.length > 100 ? url.slice(0, 99) + "…" : url}` };
  };

/** back/forward: the history entry it would go to. */
const history =
  (delta: -1 | 1): Classifier =>
  async (_p, tab, sid) => {
    const tabId = await tab();
    await firstSiteKnown(sid, tab);
    const h = await send<{ currentIndex: number; entries: { url: string }[] }>(tabId, "Page.getNavigationHistory", {}).catch(() => undefined);
    const to = h?.entries[h.currentIndex + delta]?.url ?? "";
    return { kinds: to && offsite(sid, to) ? ["navigate-offsite"] : [], action: `go ${delta < 0 ? "back" : "forward"} to ${to || "the previous page"}` };
  };

/** A session that has shown no page yet takes its tab's URL as its first site. */
async function firstSiteKnown(sessionId: string, tab: () => Promise<number>): Promise<void> {
  if ((await policyOf(sessionId))?.firstSite) return;
  const t = await chrome.tabs.get(await tab()).catch(() => undefined);
  if (t?.url) noteSite(sessionId, t.url);
  await policyOf(sessionId);
}

const CLASSIFIERS: Partial<Record<Method, Classifier>> = {
  "pages.click": click,
  "pages.press": press,
  "pages.keyboardType": typed,
  "pages.type": typed,
  "pages.mouse": mouse,
  "pages.upload": upload,
  "pages.download": download,
  "pages.eval": async (p) => script("run JavaScript", String(p["expression"] ?? "")),
  "pages.waitFor": async (p) => (typeof p["fn"] === "string" && p["fn"] !== "" ? script("run JavaScript (wait --fn)", p["fn"]) : { kinds: [], action: "wait" }),
  "initScripts.add": async (p) => script("add a script every page of the session runs", String(p["source"] ?? "")),
  "pages.navigate": navigate("open"),
  "tabs.open": navigate("open a new tab at"),
  "pages.back": history(-1),
  "pages.forward": history(1),
  "tabs.close": async (p) => ({ kinds: ["close"], action: `close tab ${String(p["tabId"] ?? "")}` }),
  "sessions.close": async () => ({ kinds: ["close"], action: "close the session and its tabs" }),
};

/** The methods a policy may ask about. */
export const CONFIRMABLE = new Set(Object.keys(CLASSIFIERS));

/** What the call would do, and the host of the page it is asked on. */
export async function classify(method: string, p: Params, sessionId: string, deps: ClassifyDeps): Promise<Classified | undefined> {
  const c = CLASSIFIERS[method as Method];
  if (!c) return undefined;
  let tabId: number | undefined;
  const tab = async () => (tabId ??= await deps.tabOf(p));
  return c(p, tab, sessionId);
}

/** "shop.example" of the tab's page, for the sentence's "on ...". */
export async function pageHost(tabId: number): Promise<string> {
  const t = await chrome.tabs.get(tabId).catch(() => undefined);
  const u = t?.url ?? "";
  return hostOf(u) || (u.startsWith("about:") || u === "" ? "a blank page" : u.split(/[?#]/)[0]!.slice(0, 60));
}
