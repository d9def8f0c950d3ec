import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { ErrorCode, RpcError } from "../../types";
import { writeOriginStorage } from "../../../injected/document/storage";
import { pendingScript, validateState } from "./state";
import { canonicalLocale, validateNames, validateSettings, validTimezone } from "./validate";

function invalid(fn: () => unknown, word: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof RpcError && e.code === ErrorCode.invalidParams && word.test(e.message));
}

test("settings are checked member by member", () => {
  assert.deepEqual(validateSettings({ viewport: { width: 390, height: 664, deviceScaleFactor: 3, mobile: true } }), {
    viewport: { width: 390, height: 664, deviceScaleFactor: 3, mobile: true },
  });
  assert.deepEqual(validateSettings({ locale: "fr-fr", timezone: "Asia/Tokyo" }), { locale: "fr-FR", timezone: "Asia/Tokyo" });
  assert.deepEqual(validateSettings({ geolocation: { latitude: 1, longitude: 2 } }).geolocation, { latitude: 1, longitude: 2, accuracy: 10 });
  invalid(() => validateSettings({ viewport: { width: "wide", height: 1 } }), /viewport.width/);
  invalid(() => validateSettings({ viewport: { width: 1.5, height: 1 } }), /integers/);
  invalid(() => validateSettings({ timezone: "Mars/Phobos" }), /time zone/);
  invalid(() => validateSettings({ locale: "!!" }), /locale/);
  invalid(() => validateSettings({ media: { colorScheme: "purple" } }), /colorScheme/);
  invalid(() => validateSettings({ headers: { "Bad Name": "x" } }), /header name/);
  invalid(() => validateSettings({ headers: { X: "a\r\nInjected: 1" } }), /line breaks/);
  assert.deepEqual(validateSettings({ headers: { X: "1" }, headersOrigin: "HTTPS://API.example:443/v1" }), { headers: { X: "1" }, headersOrigin: "https://api.example" });
  invalid(() => validateSettings({ headers: { X: "1" }, headersOrigin: "file:///etc" }), /headersOrigin/);
  invalid(() => validateSettings({ headersOrigin: "https://a.example" }), /goes with headers/);
  assert.equal(validateSettings({ credentials: { username: "a", password: "b", origin: "http://h:81/x" } }).credentials?.origin, "http://h:81");
  invalid(() => validateSettings({ credentials: { username: "a", password: "b", origin: "javascript:1" } }), /credentials.origin/);
  invalid(() => validateSettings({ userAgent: "" }), /userAgent/);
  invalid(() => validateSettings({ permissions: { telepathy: "grant" } }), /permission/);
  invalid(() => validateSettings({ geolocation: { latitude: 91, longitude: 0 } }), /latitude/);
  invalid(() => validateSettings({ credentials: { username: "", password: "x" } }), /username/);
  invalid(() => validateSettings({ warp: 9 }), /unknown setting/);
  invalid(() => validateSettings([]), /object/);
});

test("time zones and locales come from the browser's ICU", () => {
  assert.ok(validTimezone("Europe/Berlin"));
  assert.ok(!validTimezone(""));
  assert.equal(canonicalLocale("DE-de"), "de-DE");
  assert.equal(canonicalLocale("x"), undefined);
});

test("reset names", () => {
  assert.ok(validateNames(undefined).includes("viewport"));
  assert.deepEqual(validateNames(["media", "locale"]), ["media", "locale"]);
  invalid(() => validateNames(["warp"]), /names\[0\]/);
});

test("a Playwright storageState is a state; anything else is -32602", () => {
  const st = validateState({
    cookies: [{ name: "a", value: "1", domain: ".x.com", expires: -1, httpOnly: true, secure: true, sameSite: "None" }],
    origins: [{ origin: "https://x.com", localStorage: [{ name: "k", value: "v" }] }],
  });
  assert.equal(st.cookies[0]!.path, "/");
  assert.deepEqual(st.origins[0]!.sessionStorage, []);
  invalid(() => validateState({ cookies: "x" }), /cookies/);
  invalid(() => validateState({ cookies: [{ value: "1", domain: "x" }] }), /name/);
  invalid(() => validateState({ cookies: [{ name: "a", value: "1", domain: "x", sameSite: "Sometimes" }] }), /sameSite/);
  invalid(() => validateState({ origins: [{ origin: "chrome://settings" }] }), /origin/);
  invalid(() => validateState({ origins: [{ origin: "https://x.com/path" }] }), /origin/);
});

function fakeStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
}

test("the storage writers write only in their origin, and the pending one only once", () => {
  const o = { origin: "https://x.com", localStorage: [{ name: "k", value: "v" }], sessionStorage: [{ name: "s", value: "w" }] };
  const page = (origin: string) => ({ location: { origin }, localStorage: fakeStorage(), sessionStorage: fakeStorage() });
  // The in-page writer (src/injected/storage.ts) reads the page's globals.
  const inPage = (pg: ReturnType<typeof page>) => {
    const g = globalThis as Record<string, unknown>;
    const saved = ["location", "localStorage", "sessionStorage"].map((k) => [k, Object.getOwnPropertyDescriptor(g, k)] as const);
    for (const [k, v] of Object.entries(pg)) Object.defineProperty(g, k, { value: v, configurable: true, writable: true });
    try {
      return writeOriginStorage(o.origin, o.localStorage, o.sessionStorage);
    } finally {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(g, k, d);
        else delete g[k];
      }
    }
  };
  const here = page("https://x.com");
  assert.equal(inPage(here), true);
  assert.equal(here.localStorage.data.get("k"), "v");
  assert.equal(here.sessionStorage.data.get("s"), "w");
  const elsewhere = page("https://y.com");
  assert.equal(inPage(elsewhere), false);
  assert.equal(elsewhere.localStorage.data.size, 0);

  const p = page("https://x.com");
  const sc = pendingScript("s9", o);
  runInNewContext(sc.source, p);
  assert.equal(p.localStorage.data.get("k"), "v");
  p.localStorage.data.set("k", "changed by the page");
  runInNewContext(sc.source, p); // a reload of the same tab
  assert.equal(p.localStorage.data.get("k"), "changed by the page");
});
