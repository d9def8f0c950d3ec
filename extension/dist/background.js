// src/background/connection/proof.ts
var PROOF_HUB_WS = "browserctl hub, /ws/browser";
var PROOF_HUB_CONTROL = "browserctl hub, control API";
var PROOF_EXTENSION = "browserctl extension";
var enc = new TextEncoder();
function hex(b) {
  return [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
}
function newNonce() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return hex(b.buffer);
}
function validNonce(s) {
  return typeof s === "string" && /^[0-9a-f]{32,64}$/i.test(s) && s.length % 2 === 0;
}
async function proof(secret, role, clientNonce, serverNonce, port) {
  const keyBytes = await crypto.subtle.digest("SHA-256", enc.encode(secret));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const parts = [];
  for (const p of [role, clientNonce, serverNonce, port]) {
    parts.push(...enc.encode(p), 0);
  }
  return hex(await crypto.subtle.sign("HMAC", key, new Uint8Array(parts)));
}
function sameProof(a, b) {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}
function portOf(url) {
  const u = new URL(url);
  return u.port || (u.protocol === "wss:" || u.protocol === "https:" ? "443" : "80");
}

// src/background/connection/identity.ts
var IDENTITY_KEYS = { id: "browserId", name: "browserName" };
var ID_RE = /^[a-z0-9_-]{1,64}$/;
var BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
function newBrowserId() {
  const r = crypto.getRandomValues(new Uint32Array(12));
  let id = "b";
  for (const v of r) id += BASE36[v % 36];
  return id;
}
function validBrowserId(v) {
  return typeof v === "string" && ID_RE.test(v);
}
function text(v, max) {
  if (typeof v !== "string") return void 0;
  const t = v.trim().slice(0, max);
  return t === "" ? void 0 : t;
}
function mergeIdentity(stored, file, version, fresh2) {
  let persist5;
  const fromFile = file?.browserId;
  const kept2 = stored[IDENTITY_KEYS.id];
  let id;
  if (validBrowserId(fromFile)) id = fromFile;
  else if (validBrowserId(kept2)) id = kept2;
  else id = persist5 = fresh2();
  const identity = { id, version };
  const name = text(stored[IDENTITY_KEYS.name], 64) ?? text(file?.name, 64);
  if (name) identity.name = name;
  const profile = text(file?.profile, 200);
  if (profile) identity.profile = profile;
  return { identity, persist: persist5 };
}
var loading = Promise.resolve();
function loadIdentity(file) {
  const next = loading.then(async () => {
    const stored = await chrome.storage.local.get([IDENTITY_KEYS.id, IDENTITY_KEYS.name]);
    const { identity, persist: persist5 } = mergeIdentity(stored, file, chrome.runtime.getManifest().version, newBrowserId);
    if (persist5) await chrome.storage.local.set({ [IDENTITY_KEYS.id]: persist5 });
    return identity;
  });
  loading = next.catch(() => void 0);
  return next;
}

// src/background/connection/config.ts
var DEFAULT_SERVER = "ws://127.0.0.1:9223/ws/browser";
var CONFIG_FILE = "config.json";
var STORAGE_KEYS = { server: "server", token: "token" };
function nonEmpty(v) {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : void 0;
}
function mergeConfig(stored, file) {
  const sServer = nonEmpty(stored[STORAGE_KEYS.server]);
  const sToken = nonEmpty(stored[STORAGE_KEYS.token]);
  const fServer = nonEmpty(file?.server);
  const fToken = nonEmpty(file?.token);
  const hs = nonEmpty(stored["handshake"]) ?? nonEmpty(file?.handshake);
  return {
    server: sServer ?? fServer ?? DEFAULT_SERVER,
    token: sToken ?? fToken ?? "",
    handshake: hs === "seed" ? "seed" : "proof",
    source: {
      server: sServer ? "storage" : fServer ? "file" : "default",
      token: sToken ? "storage" : fToken ? "file" : "default"
    }
  };
}
async function readFileConfig() {
  try {
    const res = await fetch(chrome.runtime.getURL(CONFIG_FILE), { cache: "no-store" });
    if (!res.ok) return void 0;
    const body = await res.json();
    if (typeof body !== "object" || body === null || Array.isArray(body)) return void 0;
    const o = body;
    const str3 = (v) => typeof v === "string" ? v : void 0;
    return {
      server: str3(o.server),
      token: str3(o.token),
      handshake: str3(o.handshake),
      browserId: str3(o.browserId),
      name: str3(o.name),
      profile: str3(o.profile),
      certSpki: str3(o.certSpki)
    };
  } catch {
    return void 0;
  }
}
async function loadConfig() {
  const stored = await chrome.storage.local.get([STORAGE_KEYS.server, STORAGE_KEYS.token, "handshake"]);
  const file = await readFileConfig();
  const cfg = { ...mergeConfig(stored, file), browser: await loadIdentity(file) };
  if (file?.certSpki) cfg.certSpki = file.certSpki;
  return cfg;
}

// src/join-tables.ts
function joinTables(...tables) {
  const out = {};
  for (const t of tables) {
    for (const [k, v] of Object.entries(t)) {
      if (Object.prototype.hasOwnProperty.call(out, k)) throw new Error(`${k} is registered twice`);
      out[k] = v;
    }
  }
  return out;
}

// src/background/protocol.gen.ts
var PROTOCOL_VERSION = 1;
var ErrorCode = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  unauthorized: 4001,
  extensionNotConnected: 4101,
  operationFailed: 4102,
  sessionRequired: 4103,
  tabNotFound: 4104,
  sessionNotFound: 4107,
  pageRefNotFound: 4109,
  pageOperationFailed: 4110
};
var DEFAULT_REASON = {
  "-32600": "bad_input",
  "-32601": "no_such_method",
  "-32602": "bad_input",
  "-32603": "failed",
  "4001": "failed",
  "4101": "failed",
  "4102": "failed",
  "4103": "no_session",
  "4104": "tab_closed",
  "4107": "no_session",
  "4109": "stale_ref",
  "4110": "browser_error"
};
var MOUSE_BUTTONS = ["left", "right", "middle"];
var SCROLL_DIRECTIONS = ["up", "down", "left", "right"];
var MOUSE_ACTIONS = ["move", "down", "up", "click", "wheel"];
var GET_WHATS = ["title", "url", "text", "value", "html", "box"];
var LOAD_STATES = ["load", "domcontentloaded", "networkidle"];
var ELEMENT_STATES = ["visible", "enabled", "checked"];
var STORAGE_KINDS = ["local", "session"];
var CONSOLE_LEVELS = ["debug", "log", "info", "warning", "error"];
var WAIT_UNTILS = ["load", "domcontentloaded", "networkidle", "none"];
var DIALOG_ACTIONS = ["status", "accept", "dismiss"];
var DIALOG_POLICIES = ["accept", "dismiss", "hold"];
var IMAGE_FORMATS = ["png", "jpeg", "webp"];
var CONFIRM_KINDS = ["submit", "upload", "download", "navigate-offsite", "eval", "close"];
var EMULATION_NAMES = ["viewport", "device", "touch", "userAgent", "media", "offline", "throttle", "geolocation", "permissions", "timezone", "locale", "headers", "headersOrigin", "credentials"];
var COLOR_SCHEMES = ["dark", "light", "no-preference"];
var REDUCED_MOTIONS = ["reduce", "no-preference"];
var PERMISSION_NAMES = ["geolocation", "notifications", "camera", "microphone", "clipboard"];
var PERMISSION_GRANTS = ["grant", "deny"];
var SESSION_METHODS = [
  "sessions.create",
  "sessions.attachCurrent",
  "sessions.list",
  "sessions.rename",
  "sessions.release",
  "sessions.close",
  "sessions.stop",
  "sessions.resume",
  "sessions.setPolicy",
  "sessions.setDialogPolicy"
];
var TAB_METHODS = [
  "tabs.open",
  "tabs.list",
  "tabs.userList",
  "tabs.attach",
  "tabs.active",
  "tabs.activate",
  "tabs.close"
];
var PAGE_METHODS = [
  "pages.snapshot",
  "pages.click",
  "pages.hover",
  "pages.fill",
  "pages.type",
  "pages.select",
  "pages.scrollIntoView",
  "pages.press",
  "pages.scroll",
  "pages.mouse",
  "pages.get",
  "pages.screenshot",
  "pages.wait",
  "pages.eval",
  "pages.check",
  "pages.focus",
  "pages.drag",
  "pages.keyboardType",
  "pages.is",
  "pages.getAttribute",
  "pages.count",
  "pages.getStyle",
  "pages.find",
  "pages.durableTarget",
  "pages.vitals",
  "pages.highlight",
  "pages.navigate",
  "pages.back",
  "pages.forward",
  "pages.reload",
  "pages.waitFor",
  "pages.dialog",
  "pages.upload",
  "pages.download",
  "pages.pdf",
  "pages.cookies",
  "pages.setCookie",
  "pages.clearCookies",
  "pages.storage",
  "pages.setStorage",
  "pages.clearStorage",
  "pages.handoff"
];
var EXTENSION_METHODS = [
  "extension.info",
  "extension.callTiming"
];
var LOG_METHODS = [
  "logs.console",
  "logs.errors",
  "logs.network",
  "logs.events"
];
var NETWORK_METHODS = [
  "network.block",
  "network.unblock",
  "network.fence",
  "network.waitResponse",
  "network.request",
  "network.route",
  "network.unroute",
  "network.routes",
  "network.harStart",
  "network.harStop",
  "network.webSockets",
  "network.webSocketFrames"
];
var DOWNLOAD_METHODS = [
  "downloads.list"
];
var RECORD_METHODS = [
  "record.start",
  "record.stop",
  "record.frames",
  "record.actionsStart",
  "record.actionsStop",
  "record.actionsLines"
];
var TRACE_METHODS = [
  "trace.start",
  "trace.stop",
  "trace.read",
  "trace.screenshots"
];
var EMULATION_METHODS = [
  "emulation.set",
  "emulation.show",
  "emulation.reset"
];
var STATE_METHODS = [
  "state.save",
  "state.load"
];
var INIT_SCRIPT_METHODS = [
  "initScripts.add",
  "initScripts.list",
  "initScripts.remove"
];
var METHODS = [...SESSION_METHODS, ...TAB_METHODS, ...PAGE_METHODS, ...EXTENSION_METHODS, ...LOG_METHODS, ...NETWORK_METHODS, ...DOWNLOAD_METHODS, ...RECORD_METHODS, ...TRACE_METHODS, ...EMULATION_METHODS, ...STATE_METHODS, ...INIT_SCRIPT_METHODS];
var PARAM_SHAPES = {
  "sessions.create": { name: "string", url: "string", browser: "string" },
  "sessions.attachCurrent": { name: "string", browser: "string" },
  "sessions.list": { browser: "string" },
  "sessions.rename": { sessionId: "string", name: "string" },
  "sessions.release": { sessionId: "string" },
  "sessions.close": { sessionId: "string" },
  "sessions.stop": { sessionId: "string" },
  "sessions.resume": { sessionId: "string" },
  "sessions.setPolicy": { sessionId: "string", confirm: "string[]", detachWhenIdleMs: "int" },
  "sessions.setDialogPolicy": { sessionId: "string", policy: "string" },
  "tabs.open": { sessionId: "string", url: "string", active: "boolean" },
  "tabs.list": { sessionId: "string" },
  "tabs.userList": { browser: "string" },
  "tabs.attach": { sessionId: "string", tabId: "int" },
  "tabs.active": { sessionId: "string" },
  "tabs.activate": { sessionId: "string", tabId: "int" },
  "tabs.close": { sessionId: "string", tabId: "int" },
  "pages.snapshot": { sessionId: "string", tabId: "int", timeoutMs: "int", interactive: "boolean", compact: "boolean", depth: "int", selector: "string", viewport: "boolean", maxChars: "int", offset: "int", diff: "boolean", settle: "boolean" },
  "pages.click": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", button: "string", clickCount: "int", force: "boolean" },
  "pages.hover": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", force: "boolean" },
  "pages.fill": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", value: "string" },
  "pages.type": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", text: "string" },
  "pages.select": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", values: "string[]" },
  "pages.scrollIntoView": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string" },
  "pages.press": { sessionId: "string", tabId: "int", timeoutMs: "int", key: "string" },
  "pages.scroll": { sessionId: "string", tabId: "int", timeoutMs: "int", direction: "string", amount: "int" },
  "pages.mouse": { sessionId: "string", tabId: "int", timeoutMs: "int", action: "string", x: "number", y: "number", button: "string", deltaX: "number", deltaY: "number" },
  "pages.get": { sessionId: "string", tabId: "int", timeoutMs: "int", what: "string", ref: "string", selector: "string" },
  "pages.screenshot": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", fullPage: "boolean", format: "string", quality: "int", maxWidth: "int", annotate: "boolean" },
  "pages.wait": { sessionId: "string", tabId: "int", timeoutMs: "int", ms: "int", state: "string", timeout: "int" },
  "pages.eval": { sessionId: "string", tabId: "int", timeoutMs: "int", expression: "string" },
  "pages.check": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", checked: "boolean", force: "boolean" },
  "pages.focus": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string" },
  "pages.drag": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", toRef: "string", toSelector: "string", force: "boolean" },
  "pages.keyboardType": { sessionId: "string", tabId: "int", timeoutMs: "int", text: "string" },
  "pages.is": { sessionId: "string", tabId: "int", timeoutMs: "int", state: "string", ref: "string", selector: "string" },
  "pages.getAttribute": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", name: "string" },
  "pages.count": { sessionId: "string", tabId: "int", timeoutMs: "int", selector: "string" },
  "pages.getStyle": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", name: "string" },
  "pages.find": { sessionId: "string", tabId: "int", timeoutMs: "int", role: "string", name: "string", text: "string", label: "string", exact: "boolean", limit: "int" },
  "pages.durableTarget": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string" },
  "pages.vitals": { sessionId: "string", tabId: "int", timeoutMs: "int", reload: "boolean" },
  "pages.highlight": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", durationMs: "int", clear: "boolean" },
  "pages.navigate": { sessionId: "string", tabId: "int", timeoutMs: "int", url: "string", waitUntil: "string", allowFile: "boolean", snapshot: "boolean" },
  "pages.back": { sessionId: "string", tabId: "int", timeoutMs: "int", waitUntil: "string" },
  "pages.forward": { sessionId: "string", tabId: "int", timeoutMs: "int", waitUntil: "string" },
  "pages.reload": { sessionId: "string", tabId: "int", timeoutMs: "int", waitUntil: "string" },
  "pages.waitFor": { sessionId: "string", tabId: "int", timeoutMs: "int", text: "string", selector: "string", url: "string", fn: "string", gone: "boolean" },
  "pages.dialog": { sessionId: "string", tabId: "int", timeoutMs: "int", action: "string", text: "string" },
  "pages.upload": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", files: "string[]" },
  "pages.download": { sessionId: "string", tabId: "int", timeoutMs: "int", ref: "string", selector: "string", timeout: "int" },
  "pages.pdf": { sessionId: "string", tabId: "int", timeoutMs: "int", landscape: "boolean", background: "boolean" },
  "pages.cookies": { sessionId: "string", tabId: "int", timeoutMs: "int", url: "string", anySite: "boolean" },
  "pages.setCookie": { sessionId: "string", tabId: "int", timeoutMs: "int", name: "string", value: "string", url: "string", domain: "string", path: "string", expires: "number", httpOnly: "boolean", secure: "boolean", anySite: "boolean" },
  "pages.clearCookies": { sessionId: "string", tabId: "int", timeoutMs: "int", url: "string", anySite: "boolean" },
  "pages.storage": { sessionId: "string", tabId: "int", timeoutMs: "int", kind: "string", key: "string" },
  "pages.setStorage": { sessionId: "string", tabId: "int", timeoutMs: "int", kind: "string", key: "string", value: "string" },
  "pages.clearStorage": { sessionId: "string", tabId: "int", timeoutMs: "int", kind: "string" },
  "pages.handoff": { sessionId: "string", tabId: "int", timeoutMs: "int", message: "string" },
  "extension.info": {},
  "extension.callTiming": { callId: "int" },
  "logs.console": { sessionId: "string", tabId: "int", timeoutMs: "int", after: "int", waitMs: "int", clear: "boolean", limit: "int", level: "string" },
  "logs.errors": { sessionId: "string", tabId: "int", timeoutMs: "int", after: "int", waitMs: "int", clear: "boolean", limit: "int" },
  "logs.network": { sessionId: "string", tabId: "int", timeoutMs: "int", after: "int", waitMs: "int", clear: "boolean", limit: "int", filter: "string", failed: "boolean" },
  "logs.events": { sessionId: "string", after: "int", waitMs: "int" },
  "network.block": { sessionId: "string", patterns: "string[]" },
  "network.unblock": { sessionId: "string", patterns: "string[]" },
  "network.fence": { sessionId: "string", origins: "string[]" },
  "network.waitResponse": { sessionId: "string", tabId: "int", timeoutMs: "int", pattern: "string", status: "int" },
  "network.request": { sessionId: "string", tabId: "int", timeoutMs: "int", id: "string" },
  "network.route": { sessionId: "string", pattern: "string", status: "int", body: "string", headers: "RouteHeader[]", contentType: "string", abort: "boolean", delayMs: "int" },
  "network.unroute": { sessionId: "string", pattern: "string", all: "boolean" },
  "network.routes": { sessionId: "string" },
  "network.harStart": { sessionId: "string" },
  "network.harStop": { sessionId: "string" },
  "network.webSockets": { sessionId: "string", tabId: "int", timeoutMs: "int" },
  "network.webSocketFrames": { sessionId: "string", tabId: "int", timeoutMs: "int", id: "string", after: "int", waitMs: "int" },
  "downloads.list": { sessionId: "string" },
  "record.start": { sessionId: "string", path: "string", quality: "int", maxWidth: "int" },
  "record.stop": { sessionId: "string" },
  "record.frames": { sessionId: "string", from: "int" },
  "record.actionsStart": { sessionId: "string", workDir: "string" },
  "record.actionsStop": { sessionId: "string" },
  "record.actionsLines": { sessionId: "string", after: "int", waitMs: "int" },
  "trace.start": { sessionId: "string", categories: "string[]", screenshots: "boolean" },
  "trace.stop": { sessionId: "string" },
  "trace.read": { sessionId: "string", stream: "string" },
  "trace.screenshots": { sessionId: "string", from: "int" },
  "emulation.set": { sessionId: "string", settings: "Emulation" },
  "emulation.show": { sessionId: "string" },
  "emulation.reset": { sessionId: "string", names: "string[]" },
  "state.save": { sessionId: "string" },
  "state.load": { sessionId: "string", state: "State" },
  "initScripts.add": { sessionId: "string", name: "string", source: "string" },
  "initScripts.list": { sessionId: "string" },
  "initScripts.remove": { sessionId: "string", id: "string" }
};
var OBJECT_SHAPES = {
  RouteHeader: { name: "string", value: "string" },
  Emulation: { viewport: "Viewport", device: "string", touch: "boolean", userAgent: "string", media: "Media", offline: "boolean", throttle: "Throttle", geolocation: "Geolocation", permissions: "map:string", timezone: "string", locale: "string", headers: "map:string", headersOrigin: "string", credentials: "Credentials" },
  Viewport: { width: "int", height: "int", deviceScaleFactor: "number", mobile: "boolean" },
  Media: { colorScheme: "string", reducedMotion: "string", print: "boolean" },
  Throttle: { latencyMs: "number", downloadKbps: "number", uploadKbps: "number" },
  Geolocation: { latitude: "number", longitude: "number", accuracy: "number" },
  Credentials: { username: "string", password: "string", origin: "string" },
  State: { cookies: "Cookie[]", origins: "OriginState[]" },
  Cookie: { name: "string", value: "string", domain: "string", path: "string", expires: "number", httpOnly: "boolean", secure: "boolean", sameSite: "string" },
  OriginState: { origin: "string", localStorage: "StorageEntry[]", sessionStorage: "StorageEntry[]" },
  StorageEntry: { name: "string", value: "string" }
};

// src/background/types.ts
var RpcError = class extends Error {
  constructor(code, message, reason) {
    super(message);
    this.code = code;
    this.name = "RpcError";
    this.reason = reason ?? defaultReason(code, message);
  }
  code;
  reason;
};
function defaultReason(code, message) {
  if (code === ErrorCode.operationFailed && /timed out|did not answer within/.test(message)) return "timeout";
  return DEFAULT_REASON[code] ?? "failed";
}

// src/background/params.ts
function invalid(name, what) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: "${name}" must be ${what}`);
}
function requireString(p, name) {
  const v = p[name];
  if (typeof v !== "string" || v === "") throw invalid(name, "a non-empty string");
  return v;
}
function requireText(p, name) {
  const v = p[name];
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}
function optionalString(p, name) {
  const v = p[name];
  if (v === void 0 || v === null) return void 0;
  if (typeof v !== "string") throw invalid(name, "a string");
  return v;
}
function requireNumber(p, name) {
  const v = p[name];
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}
function optionalNumber(p, name) {
  const v = p[name];
  if (v === void 0 || v === null) return void 0;
  if (typeof v !== "number" || !Number.isFinite(v)) throw invalid(name, "a number");
  return v;
}
function requireInt(p, name, min = Number.MIN_SAFE_INTEGER) {
  const v = p[name];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
    throw invalid(name, min === 0 ? "a non-negative integer" : "an integer");
  }
  return v;
}
function optionalInt(p, name, min = Number.MIN_SAFE_INTEGER) {
  const v = p[name];
  if (v === void 0 || v === null) return void 0;
  return requireInt(p, name, min);
}
function optionalBool(p, name) {
  const v = p[name];
  if (v === void 0 || v === null) return void 0;
  if (typeof v !== "boolean") throw invalid(name, "a boolean");
  return v;
}
function requireOneOf(p, name, allowed) {
  const v = p[name];
  if (typeof v !== "string" || !allowed.includes(v)) {
    throw invalid(name, `one of ${allowed.join(", ")}`);
  }
  return v;
}
function optionalOneOf(p, name, allowed) {
  const v = p[name];
  if (v === void 0 || v === null) return void 0;
  return requireOneOf(p, name, allowed);
}
function requireStringArray(p, name) {
  const v = p[name];
  if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === "string")) {
    throw invalid(name, "a non-empty array of strings");
  }
  return v;
}

// src/background/pages/core/deadline.ts
var DEFAULT_BUDGET_MS = 3e4;
var MAX_BUDGET_MS = 36e5;
function budgetOf(p) {
  const ms = optionalInt(p, "timeoutMs", 0);
  if (ms !== void 0 && ms > MAX_BUDGET_MS) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "timeoutMs" must be at most ${MAX_BUDGET_MS}`);
  }
  return ms ?? DEFAULT_BUDGET_MS;
}
function timedOut(ms, what) {
  return new RpcError(ErrorCode.operationFailed, `timed out after ${ms} ms waiting for ${what}`);
}
async function within(p, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(timedOut(ms, what)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
function waitMsOf(budgetMs) {
  const margin = Math.min(1500, Math.max(400, budgetMs * 0.15));
  return Math.max(0, budgetMs - margin);
}

// src/background/call-timing.ts
var TIMING_KEEP = 64;
var CALL = /* @__PURE__ */ Symbol("call timing");
var records = /* @__PURE__ */ new Map();
var onTab = /* @__PURE__ */ new Map();
function callStarted(id, method, params) {
  if (typeof id !== "number") return void 0;
  const rec = { callId: id, method, start: performance.now(), handlerMs: -1, cdp: /* @__PURE__ */ new Map(), waits: /* @__PURE__ */ new Map(), inFlight: 0, busySince: 0, cdpWallMs: 0 };
  records.set(id, rec);
  while (records.size > TIMING_KEEP) records.delete(records.keys().next().value);
  Object.defineProperty(params, CALL, { value: rec, enumerable: false, configurable: true });
  return rec;
}
function withParams(params, more) {
  const copy = { ...params, ...more };
  const rec = params[CALL];
  if (rec) Object.defineProperty(copy, CALL, { value: rec, enumerable: false, configurable: true });
  return copy;
}
function callEnded(rec) {
  if (!rec) return;
  rec.handlerMs = performance.now() - rec.start;
  if (rec.tabId !== void 0 && onTab.get(rec.tabId) === rec) onTab.delete(rec.tabId);
}
function timeCallOnTab(params, tabId) {
  const rec = params[CALL];
  if (!rec) return;
  rec.tabId = tabId;
  onTab.set(tabId, rec);
}
function cdpSent(tabId) {
  const rec = onTab.get(tabId);
  if (rec && rec.inFlight++ === 0) rec.busySince = performance.now();
}
function noteCdp(tabId, method, ms) {
  const rec = onTab.get(tabId);
  if (!rec) return;
  if (rec.inFlight > 0 && --rec.inFlight === 0) rec.cdpWallMs += performance.now() - rec.busySince;
  const t = rec.cdp.get(method) ?? { count: 0, ms: 0 };
  t.count++;
  t.ms += ms;
  rec.cdp.set(method, t);
}
function noteWait(tabId, what, ms) {
  const rec = onTab.get(tabId);
  if (!rec) return;
  const t = rec.waits.get(what) ?? { count: 0, ms: 0 };
  t.count++;
  t.ms += ms;
  rec.waits.set(what, t);
}
var round = (ms) => Math.round(ms * 1e3) / 1e3;
function callTiming(callId) {
  if (typeof callId !== "number" || !Number.isInteger(callId) || callId < 1) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "callId" must be an integer >= 1`);
  }
  const rec = records.get(callId);
  if (!rec) {
    throw new RpcError(ErrorCode.operationFailed, `no timing for call ${callId}: only the last ${TIMING_KEEP} calls are kept`);
  }
  return {
    callId,
    method: rec.method,
    handlerMs: round(rec.handlerMs >= 0 ? rec.handlerMs : performance.now() - rec.start),
    cdp: [...rec.cdp].map(([method, t]) => ({ method, count: t.count, ms: round(t.ms) })),
    cdpWallMs: round(rec.cdpWallMs),
    ...rec.waits.size > 0 ? { waits: [...rec.waits].map(([what, t]) => ({ for: what, count: t.count, ms: round(t.ms) })) } : {}
  };
}

// src/background/pages/core/failed.ts
function failed(msg, reason) {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${msg}`, reason);
}

// src/background/pages/core/wakeup.ts
var Wakeup = class {
  waiters = /* @__PURE__ */ new Set();
  /** Wakes every waiter now. */
  wake() {
    for (const w of [...this.waiters]) w();
  }
  /** Resolves on the next wake(), or after ms. */
  next(ms) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.add(done);
    });
  }
  /**
   * Resolves once cond() holds (checked now and on every wake), or when
   * ms have passed; answers whether it held.
   */
  async until(cond, ms) {
    const deadline = Date.now() + ms;
    for (; ; ) {
      if (cond()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.next(left);
    }
  }
};

// src/background/pages/core/debugger.ts
var PROTOCOL_VERSION2 = "1.3";
var COMMAND_TIMEOUT_MS = 3e4;
var callBudgets = /* @__PURE__ */ new Map();
function setCallBudget(tabId, ms) {
  if (ms === void 0) callBudgets.delete(tabId);
  else callBudgets.set(tabId, ms);
}
var DialogOpenError = class extends RpcError {
  constructor(dialog2) {
    super(ErrorCode.pageOperationFailed, dialogMessage(dialog2), "dialog_open");
    this.dialog = dialog2;
    this.name = "DialogOpenError";
  }
  dialog;
};
async function unlessDialog(p, otherwise) {
  try {
    return await p;
  } catch (e) {
    if (e instanceof DialogOpenError) throw e;
    return otherwise(e);
  }
}
function dialogMessage(d) {
  return `a JavaScript ${d.type || "dialog"} is open: ${JSON.stringify(d.message)}; dismiss it first`;
}
var NO_WIRING = { everySession: /* @__PURE__ */ new Map(), tabSession: /* @__PURE__ */ new Map(), onAttach: [], gates: [] };
var wireTab = () => NO_WIRING;
function setTabWiring(fn) {
  wireTab = fn;
}
var tabs = /* @__PURE__ */ new Map();
var forgetHooks = /* @__PURE__ */ new Set();
var sessionListeners = /* @__PURE__ */ new Set();
function listenSessions(fn) {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}
function run(handlers, tabId, p, method, sessionId) {
  for (const h of handlers ?? []) {
    try {
      h(tabId, p, method, sessionId);
    } catch {
    }
  }
}
var installed = false;
var onEvent = (source, method, params) => {
  const st = source.tabId === void 0 ? void 0 : tabs.get(source.tabId);
  if (!st) return;
  const tabId = source.tabId;
  const p = params ?? {};
  run(st.wiring.everySession.get(method), tabId, p, method, source.sessionId);
  for (const l of [...sessionListeners]) {
    try {
      l(tabId, source.sessionId, method, p);
    } catch {
    }
  }
  if (source.sessionId !== void 0) return;
  run(st.wiring.tabSession.get(method), tabId, p, method, void 0);
  for (const l of [...st.listeners]) {
    try {
      l(method, p);
    } catch {
    }
  }
};
function dialogOpening(tabId, p, answer3) {
  const st = tabs.get(tabId);
  if (!st) return;
  st.showing = ++st.opened;
  const d = { type: String(p["type"] ?? "dialog"), message: String(p["message"] ?? "") };
  if (typeof p["defaultPrompt"] === "string") d.defaultPrompt = p["defaultPrompt"];
  let answered3 = false;
  try {
    answered3 = answer3(tabId, d);
  } catch {
  }
  if (!answered3) hold(st, d);
}
function dialogClosed(tabId) {
  const st = tabs.get(tabId);
  if (!st) return;
  st.dialog = null;
  st.showing = 0;
}
function noteFrameNavigated(tabId, p) {
  const st = tabs.get(tabId);
  const frame = p["frame"];
  if (st && frame && !frame.parentId) {
    st.generation++;
    documents.wake();
    if (showsExtensionPage(frame.url)) void detach(tabId);
  }
}
var documents = new Wakeup();
function nextDocument(tabId, since2, ms) {
  return documents.until(() => generation(tabId) !== since2, ms);
}
var onDetach = (source) => {
  if (source.tabId !== void 0) forget(source.tabId);
};
var onRemoved = (tabId) => {
  forget(tabId);
};
function install() {
  if (installed) return;
  installed = true;
  chrome.debugger.onEvent.addListener(onEvent);
  chrome.debugger.onDetach.addListener(onDetach);
  chrome.tabs.onRemoved.addListener(onRemoved);
}
function onForget(fn) {
  forgetHooks.add(fn);
}
function forget(tabId) {
  const st = tabs.get(tabId);
  tabs.delete(tabId);
  if (st) {
    st.wiring = NO_WIRING;
    st.listeners.clear();
    st.dialogWaiters.clear();
  }
  for (const h of forgetHooks) h(tabId);
}
function cdpMessage(e) {
  const raw = e instanceof Error ? e.message : String(e);
  try {
    const parsed = JSON.parse(raw);
    if (parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
  }
  return raw;
}
function showsExtensionPage(url) {
  return (url ?? "").toLowerCase().startsWith("chrome-extension:");
}
function extensionPageRefused(url) {
  return failed(`the tab shows an extension's page (${url}), which browserctl does not drive`, "forbidden");
}
async function attach(tabId) {
  const target = { tabId };
  const shown3 = chrome.tabs.get(tabId).then(
    (t) => t.pendingUrl || t.url,
    () => void 0
  );
  try {
    await chrome.debugger.attach(target, PROTOCOL_VERSION2);
  } catch (e) {
    const msg = cdpMessage(e);
    if (!/already attached/i.test(msg)) throw failed(msg);
    try {
      await chrome.debugger.detach(target);
      await chrome.debugger.attach(target, PROTOCOL_VERSION2);
    } catch (e2) {
      throw failed(cdpMessage(e2));
    }
  }
  const url = await shown3;
  if (showsExtensionPage(url)) {
    await chrome.debugger.detach(target).catch(() => void 0);
    throw extensionPageRefused(url);
  }
}
var ENABLE_GRACE_MS = 3e3;
function unresponsive() {
  return failed(
    "the page does not answer: a JavaScript dialog may have been open before browserctl attached (dismiss it first), or a script keeps the page busy"
  );
}
function state(tabId) {
  install();
  let st = tabs.get(tabId);
  if (!st) {
    const fresh2 = {
      attaching: Promise.resolve(),
      enabled: Promise.resolve(),
      enableDone: false,
      hooked: Promise.resolve(),
      dialog: null,
      showing: 0,
      opened: 0,
      generation: 0,
      wiring: wireTab(tabId),
      listeners: /* @__PURE__ */ new Set(),
      dialogWaiters: /* @__PURE__ */ new Set()
    };
    fresh2.attaching = attach(tabId).catch((e) => {
      if (tabs.get(tabId) === fresh2) tabs.delete(tabId);
      throw e;
    });
    fresh2.enabled = fresh2.attaching.then(() => {
      const enabled = rawSend(tabId, "Page.enable", {}, COMMAND_TIMEOUT_MS);
      const raw = (method, params = {}) => rawSend(tabId, method, params, COMMAND_TIMEOUT_MS);
      const hooks = fresh2.wiring.onAttach.map((hk) => hk(tabId, raw).catch(() => void 0));
      fresh2.hooked = Promise.all(hooks).then(() => void 0);
      const gates2 = fresh2.wiring.gates.map((hk) => hk(tabId, raw).catch(() => void 0));
      return gates2.length === 0 ? enabled : Promise.all([enabled, ...gates2]);
    }).then(
      () => {
        fresh2.enableDone = true;
      },
      (e) => {
        if (tabs.get(tabId) === fresh2) void detach(tabId);
        throw e;
      }
    );
    fresh2.enabled.catch(() => {
    });
    tabs.set(tabId, fresh2);
    st = fresh2;
  }
  return st;
}
async function ensureAttached(tabId) {
  const st = state(tabId);
  await st.attaching;
  if (st.dialog) throw new DialogOpenError(st.dialog);
  if (!st.enableDone) {
    let timer;
    const grace = new Promise((r) => timer = setTimeout(() => r("late"), ENABLE_GRACE_MS));
    try {
      if (await Promise.race([st.enabled, grace]) === "late") throw unresponsive();
    } catch (e) {
      if (e instanceof RpcError) throw e;
      throw failed(cdpMessage(e));
    } finally {
      clearTimeout(timer);
    }
    if (st.dialog) throw new DialogOpenError(st.dialog);
  }
}
async function attachNow(tabId, waitMs) {
  const st = state(tabId);
  await st.attaching;
  let timer;
  const late = new Promise((r) => timer = setTimeout(r, waitMs));
  try {
    await Promise.race([st.hooked, late]);
  } finally {
    clearTimeout(timer);
  }
}
function isAttached(tabId) {
  return tabs.has(tabId);
}
function attachedTabs() {
  return [...tabs.keys()];
}
function openDialog(tabId) {
  return tabs.get(tabId)?.dialog ?? null;
}
function hold(st, d) {
  st.dialog = d;
  for (const w of [...st.dialogWaiters]) w(d);
}
function showingDialog(tabId) {
  return tabs.get(tabId)?.showing ?? 0;
}
function holdDialog(tabId, d, which) {
  const st = tabs.get(tabId);
  if (!st) return;
  if (which !== void 0 && (which === 0 || st.showing !== which)) return;
  hold(st, d);
}
function clearDialog(tabId) {
  const st = tabs.get(tabId);
  if (st) st.dialog = null;
}
async function sendDuringDialog(tabId, method, params = {}) {
  await state(tabId).attaching;
  return await rawSend(tabId, method, params, COMMAND_TIMEOUT_MS);
}
function sendToFrame(tabId, sessionId, method, params = {}) {
  if (!tabs.has(tabId)) return Promise.reject(failed("the debugger was detached from the tab"));
  return rawSend(tabId, method, params, COMMAND_TIMEOUT_MS, sessionId);
}
function generation(tabId) {
  return tabs.get(tabId)?.generation ?? -1;
}
function listen(tabId, fn) {
  const st = tabs.get(tabId);
  if (!st) return () => {
  };
  st.listeners.add(fn);
  return () => st.listeners.delete(fn);
}
function rawSend(tabId, method, params, timeoutMs, sessionId) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new RpcError(ErrorCode.operationFailed, `timed out after ${timeoutMs} ms waiting for ${method} to answer`));
    }, timeoutMs);
    const target = sessionId === void 0 ? { tabId } : { tabId, sessionId };
    const sent = performance.now();
    cdpSent(tabId);
    chrome.debugger.sendCommand(target, method, params).then(
      (r) => {
        clearTimeout(timer);
        noteCdp(tabId, method, performance.now() - sent);
        resolve(r);
      },
      (e) => {
        clearTimeout(timer);
        noteCdp(tabId, method, performance.now() - sent);
        reject(failed(cdpMessage(e)));
      }
    );
  });
}
async function send(tabId, method, params = {}, timeoutMs) {
  return sendIn(tabId, sessionRoute?.(tabId, params), method, params, timeoutMs);
}
var sessionRoute;
function setSessionRoute(fn) {
  sessionRoute = fn;
}
async function sendIn(tabId, sessionId, method, params = {}, timeoutMs) {
  try {
    return await sendOnce(tabId, sessionId, method, params, timeoutMs);
  } catch (e) {
    if (!(e instanceof RpcError) || !NOT_ATTACHED.test(e.message) || sessionId !== void 0) throw e;
    if (tabs.has(tabId)) forget(tabId);
    return sendOnce(tabId, sessionId, method, params, timeoutMs);
  }
}
var NOT_ATTACHED = /Debugger is not attached to the tab/i;
async function sendOnce(tabId, sessionId, method, params, timeoutMs) {
  const ms = timeoutMs ?? callBudgets.get(tabId) ?? COMMAND_TIMEOUT_MS;
  await ensureAttached(tabId);
  return await untilDialog(tabId, (dialogOpened2) => Promise.race([rawSend(tabId, method, params, ms, sessionId), dialogOpened2]));
}
async function untilDialog(tabId, wait2) {
  const st = tabs.get(tabId);
  if (!st) throw failed("the debugger was detached from the tab");
  let waiter;
  const dialogOpened2 = new Promise((_, reject) => {
    waiter = (d) => reject(new DialogOpenError(d));
    st.dialogWaiters.add(waiter);
  });
  dialogOpened2.catch(() => {
  });
  try {
    return await wait2(dialogOpened2);
  } finally {
    if (waiter) st.dialogWaiters.delete(waiter);
  }
}
async function sendInOrder(tabId, commands) {
  let answered3 = 0;
  const once = async () => {
    await ensureAttached(tabId);
    const timeoutMs = callBudgets.get(tabId) ?? COMMAND_TIMEOUT_MS;
    await untilDialog(tabId, async (dialogOpened2) => {
      const answers = commands.map(([method, params]) => rawSend(tabId, method, params, timeoutMs));
      for (const a of answers) a.catch(() => {
      });
      for (const a of answers) {
        await Promise.race([a, dialogOpened2]);
        answered3++;
      }
    });
  };
  try {
    await once();
  } catch (e) {
    if (answered3 > 0 || !(e instanceof RpcError) || !NOT_ATTACHED.test(e.message)) throw e;
    if (tabs.has(tabId)) forget(tabId);
    await once();
  }
}
async function detach(tabId) {
  const had = tabs.has(tabId);
  forget(tabId);
  if (!had) return;
  try {
    await chrome.debugger.detach({ tabId });
  } catch {
  }
}
function sendQuiet(tabId, method, params = {}) {
  if (!tabs.has(tabId)) return;
  send(tabId, method, params, 5e3).catch(() => {
  });
}

// injected:injected
var SOURCE = '"use strict";(()=>{var reg;function registryFor(owner,next){return(!reg||reg.owner!==owner)&&(reg=newRegistry(owner,next)),next-1>reg.max&&(reg.max=next-1),reg}function newRegistry(owner,next){return{owner,map:new WeakMap,byNum:new Map,max:next-1,closed:new WeakMap,checked:new WeakSet,pending:[],scanned:-1}}function registryOrEmpty(){return reg??newRegistry("",1)}function numberOf(r,el){let n=r.map.get(el);return n===void 0&&(n=++r.max,r.map.set(el,n),r.byNum.set(n,new WeakRef(el))),n}function refElement(n){let el=reg?.byNum.get(n)?.deref();return!el||!el.isConnected||!el.ownerDocument.defaultView?null:el}function registerElement(el,owner,next){return numberOf(registryFor(owner,next),el)}function shadowOf(el){return el.shadowRoot||reg?.closed.get(el)||null}function shadowRootsIn(root){let out=[],visit=(r,depth)=>{if(!(depth>32))for(let el of r.querySelectorAll("*")){let sr=shadowOf(el);sr&&(out.push(sr),visit(sr,depth+1))}};return visit(root,0),out}function closedRootOf(el){return reg?.closed.get(el)}function pendingHosts(){return reg?reg.pending.slice():[]}function adoptClosedRoots(hosts,roots){if(!reg)return 0;let found=0;return hosts.forEach((host,i)=>{host.matches(":defined")&&reg.checked.add(host);let root=roots[i];root&&(reg.closed.set(host,root),found++)}),found}function keepScannedRoots(pairs){if(!reg)return 0;let found=0;for(let i=0;i+1<pairs.length;i+=2){let host=pairs[i],root=pairs[i+1];!host||!root||(reg.closed.get(host)!==root&&found++,reg.closed.set(host,root),reg.checked.add(host))}return reg.scanned=document.getElementsByTagName("*").length,found}var registryMethods={refElement:(_,[n])=>refElement(n),register:(el,[owner,next])=>registerElement(el,owner,next),pendingHosts:()=>pendingHosts(),adoptClosedRoots:(hosts,_,roots)=>adoptClosedRoots(hosts,roots),keepScannedRoots:(_,__,pairs)=>keepScannedRoots(pairs)};var VIS={visibilityProperty:!0};function isRendered(el){return el.checkVisibility(VIS)}function hasOwnBox(el){let r=el.getBoundingClientRect();return r.width>0&&r.height>0}function boxHolder(el){if(hasOwnBox(el))return el;for(let d of el.querySelectorAll("*"))if(hasOwnBox(d))return d;return null}function hasBox(el){return boxHolder(el)!==null}function isVisible(el){return isRendered(el)&&hasBox(el)}function shownLabel(el){let labels=el.labels;if(labels){for(let l of labels)if(isRendered(l)&&hasOwnBox(l))return l}return null}var INTERACTIVE=new Set(["button","checkbox","combobox","link","listbox","menuitem","menuitemcheckbox","menuitemradio","option","radio","scrollbar","searchbox","slider","spinbutton","switch","tab","textbox","treeitem","gridcell"]),SKIP=new Set(["SCRIPT","STYLE","TEMPLATE","NOSCRIPT","HEAD","META","LINK","TITLE"]),FROM_CONTENT=new Set(["button","checkbox","link","menuitem","menuitemcheckbox","menuitemradio","option","radio","switch","tab","treeitem","gridcell","heading"]),NO_NAME_TAGS=new Set(["ARTICLE","FIGURE","NAV","MAIN","ASIDE","DIALOG","AUDIO","VIDEO","FORM"]),NO_NAME_ROLES=new Set(["alert","alertdialog","application","article","banner","complementary","contentinfo","dialog","document","feed","figure","form","grid","listbox","log","main","marquee","math","menu","menubar","navigation","region","search","status","tablist","tabpanel","timer","toolbar","tree","treegrid"]),WEAK=new Set(["none","presentation","generic"]),LEAF=new Set(["button","link","textbox","searchbox","combobox","listbox","slider","spinbutton","checkbox","radio","switch","img","separator","option","menuitem","tab","heading"]),STRUCTURAL=new Set(["group","rowgroup","paragraph","blockquote","figure","section","generic","none"]),INLINE=new Set(["A","ABBR","B","BDI","BDO","CITE","CODE","DATA","DEL","DFN","EM","FONT","I","INS","KBD","LABEL","MARK","Q","S","SAMP","SMALL","SPAN","STRONG","SUB","SUP","TIME","U","VAR"]),LANDMARK_SCOPE="ARTICLE,ASIDE,MAIN,NAV,SECTION";function tidy(s){return(s??"").replace(/\\s+/g," ").trim()}function clean(s,maxName){let t=tidy(s);return t.length>maxName&&(t=t.slice(0,maxName-1)+"…"),t}var quote=s=>`"${s.replace(/\\\\/g,"\\\\\\\\").replace(/"/g,\'\\\\"\')}"`;function implicitRole(el,full){switch(el.tagName){case"A":case"AREA":return el.hasAttribute("href")?"link":"";case"BUTTON":return"button";case"SUMMARY":return el.parentElement?.tagName==="DETAILS"?"button":"";case"TEXTAREA":return"textbox";case"SELECT":{let s=el;return s.multiple||s.size>1?"listbox":"combobox"}case"INPUT":{let i=el;switch(i.type){case"hidden":return"";case"button":case"submit":case"reset":case"image":case"file":case"color":return"button";case"checkbox":return"checkbox";case"radio":return"radio";case"range":return"slider";case"number":return"spinbutton";case"search":return i.hasAttribute("list")?"combobox":"searchbox";default:return i.hasAttribute("list")?"combobox":"textbox"}}}let h=el;if(h.isContentEditable&&!(h.parentElement&&h.parentElement.isContentEditable))return"textbox";if(!full)return"";switch(el.tagName){case"H1":case"H2":case"H3":case"H4":case"H5":case"H6":return"heading";case"UL":case"OL":case"MENU":return"list";case"LI":return"listitem";case"NAV":return"navigation";case"MAIN":return"main";case"ASIDE":return"complementary";case"HEADER":return el.parentElement?.closest(LANDMARK_SCOPE)?"":"banner";case"FOOTER":return el.parentElement?.closest(LANDMARK_SCOPE)?"":"contentinfo";case"FORM":return"form";case"SECTION":return el.hasAttribute("aria-label")||el.hasAttribute("aria-labelledby")?"region":"";case"ARTICLE":return"article";case"TABLE":return"table";case"TR":return"row";case"TD":return"cell";case"TH":return el.closest("thead")||el.scope==="col"?"columnheader":"rowheader";case"IMG":return el.getAttribute("alt")===""?"":"img";case"svg":return el.getAttribute("aria-label")||el.querySelector(":scope > title")?"img":"";case"P":return"paragraph";case"BLOCKQUOTE":return"blockquote";case"DIALOG":return"dialog";case"FIGURE":return"figure";case"FIELDSET":case"DETAILS":return"group";case"HR":return"separator";case"IFRAME":case"FRAME":return"iframe"}return""}function roleOf(el,full){let explicit=(el.getAttribute("role")||"").trim().split(/\\s+/)[0]??"",role=implicitRole(el,full);return explicit&&(INTERACTIVE.has(explicit)||role&&!WEAK.has(explicit)||full&&!role&&!WEAK.has(explicit))&&(role=explicit),WEAK.has(role)&&(role=""),role}function textOf(ids,root){let parts=[];for(let id of ids.split(/\\s+/)){let t=id&&root.getElementById(id);t&&parts.push(t.textContent||"")}return parts.join(" ")}function contentText(node,out,depth,self){for(let c=node.firstChild;c;c=c.nextSibling){if(c.nodeType===3){let data=c.data;data.trim()!==""?out.push(data):c.previousSibling&&c.nextSibling&&out.push(" ");continue}if(c.nodeType!==1)continue;let e=c,tag=e.tagName;if(SKIP.has(tag)||tag==="IFRAME")continue;if(tag==="WBR"||tag==="BR"){out.push(" ");continue}if(e.getAttribute("aria-hidden")==="true"||NO_NAME_TAGS.has(tag))continue;let r=e.getAttribute("role");if(r&&NO_NAME_ROLES.has(r.trim().split(/\\s+/)[0]??"")||!isRendered(e))continue;let al=e.getAttribute("aria-label");if(al&&al.trim()){out.push(" ",al," ");continue}if(tag==="IMG"||tag==="AREA"||tag==="INPUT"&&e.type==="image"){let alt=e.getAttribute("alt")??e.getAttribute("title");alt&&out.push(" ",alt," ");continue}if(tag==="svg"||tag==="SVG"){let t=e.querySelector("title");t&&out.push(" ",t.textContent||""," ");continue}if(tag==="INPUT"||tag==="TEXTAREA"||tag==="SELECT"){let t=e.type;e!==self&&t!=="checkbox"&&t!=="radio"&&t!=="hidden"&&t!=="file"&&out.push(" ",e.value||""," ");continue}if(depth>40)continue;let block=!INLINE.has(tag);block&&out.push(" "),contentText(shadowOf(e)||e,out,depth+1,self),block&&out.push(" ")}}function fromContent(el,maxName,self){let out=[];contentText(shadowOf(el)||el,out,0,self);let raw=out.join("");return raw===""?void 0:clean(raw,maxName)}function nameOf(el,role,maxName){let lb=el.getAttribute("aria-labelledby");if(lb){let n=clean(textOf(lb,el.getRootNode()),maxName);if(n)return n}let al=clean(el.getAttribute("aria-label"),maxName);if(al)return al;let tag=el.tagName;if(tag==="INPUT"||tag==="TEXTAREA"||tag==="SELECT"){let f=el;if(tag==="INPUT"&&(f.type==="button"||f.type==="submit"||f.type==="reset"))return clean(f.value,maxName)||(f.type==="submit"?"Submit":f.type==="reset"?"Reset":"");if(tag==="INPUT"&&f.type==="image")return clean(f.alt,maxName)||clean(f.title,maxName)||"Submit";let labels=f.labels;return labels&&labels.length?clean(Array.from(labels,l=>fromContent(l,maxName,el)??"").join(" "),maxName):clean(el.getAttribute("title"),maxName)||clean(el.getAttribute("placeholder"),maxName)}if(tag==="AREA"||tag==="IMG")return clean(el.getAttribute("alt"),maxName)||clean(el.getAttribute("title"),maxName);if(tag==="svg")return clean(el.querySelector(":scope > title")?.textContent,maxName);if(tag==="IFRAME"||tag==="FRAME")return clean(el.getAttribute("title"),maxName)||clean(el.getAttribute("name"),maxName);if(tag==="TABLE"){let cap=el.caption;if(cap)return clean(cap.textContent,maxName)}if(tag==="FIELDSET"){let lg=el.querySelector(":scope > legend");if(lg)return clean(lg.textContent,maxName)}return FROM_CONTENT.has(role)?fromContent(el,maxName,null)??clean(el.getAttribute("title"),maxName):clean(el.getAttribute("title"),maxName)||clean(el.getAttribute("aria-placeholder"),maxName)}function stateOf(el,role,maxName){let out=[],tag=el.tagName;if(tag==="INPUT"&&(role==="checkbox"||role==="radio")){let i=el;i.indeterminate?out.push("checked=mixed"):i.checked&&out.push("checked")}else{let ac=el.getAttribute("aria-checked");ac==="true"?out.push("checked"):ac==="mixed"&&out.push("checked=mixed")}if((el.disabled===!0||el.getAttribute("aria-disabled")==="true")&&out.push("disabled"),(el.getAttribute("aria-expanded")==="true"||tag==="DETAILS"&&el.open)&&out.push("expanded"),el.getAttribute("aria-selected")==="true"&&out.push("selected"),el.getAttribute("aria-pressed")==="true"&&out.push("pressed"),role==="heading"){let al=Number(el.getAttribute("aria-level")),lv=al>0?al:/^H[1-6]$/.test(tag)?Number(tag[1]):2;out.push(`level=${lv}`)}if(role==="textbox"||role==="searchbox"||role==="combobox"||role==="spinbutton"||role==="slider"){let v="";if(tag==="INPUT"||tag==="TEXTAREA"){let i=el;v=i.type==="password"?i.value?"••••":"":i.value}else if(tag==="SELECT"){let s=el;v=s.selectedIndex>=0?s.options[s.selectedIndex]?.text??"":""}else role==="textbox"&&(v=el.textContent||"");v=clean(v,maxName),v&&out.push(`value=${quote(v)}`)}return tag==="SELECT"?out.push(...choicesOf(el,maxName)):tag==="INPUT"&&el.type==="color"&&out.push(`value=${quote(el.value)}`),out}var SHOWN_OPTIONS=10;function choicesOf(s,maxName){let list=texts=>texts.slice(0,SHOWN_OPTIONS).map(t=>quote(clean(t,maxName))).join(",")+(texts.length>SHOWN_OPTIONS?` +${texts.length-SHOWN_OPTIONS} more`:""),options=Array.from(s.options),out=[];if(s.multiple){let chosen=options.filter(o=>o.selected).map(o=>o.text);chosen.length>0&&out.push(`selected=${list(chosen)}`)}return options.length>0&&out.push(`options=${list(options.map(o=>o.text))}`),out}function norm(s){return(s||"").replace(/\\s+/g," ").trim().toLowerCase()}function parseTextSpec(spec){let want=spec,exact=!1;if(/^".*"$/.test(spec))try{want=JSON.parse(spec),exact=!0}catch{return"invalid:text="+spec+" is not a JSON string"}return want=norm(want),want?{want,exact}:"invalid:text= needs some text"}function textMatches(have,want,exact){let h=norm(have);return exact?h===want:h.includes(want)}function scrollWindow(dx,dy){let x0=scrollX,y0=scrollY;return scrollBy({left:dx,top:dy,behavior:"instant"}),[scrollX,scrollY,x0,y0,innerWidth,innerHeight]}function scrollPosition(){return[scrollX,scrollY]}function cssName(el){let tag=el.tagName.toLowerCase();if(el.id)return`${tag}#${CSS.escape(el.id)}`;let cls=Array.from(el.classList,c=>"."+CSS.escape(c)).slice(0,2).join("");return tag+cls}async function scrollerAt(x,y){let el=document.elementFromPoint(x,y);for(;el&&el!==document.documentElement&&el!==document.body;){let s=getComputedStyle(el),scrolls=(room,overflow)=>room>0&&/^(auto|scroll|overlay)$/.test(overflow);if(scrolls(el.scrollHeight-el.clientHeight,s.overflowY)||scrolls(el.scrollWidth-el.clientWidth,s.overflowX)){let box=el;return await new Promise(resolve=>{let done=()=>{box.removeEventListener("scroll",done),resolve()};box.addEventListener("scroll",done),requestAnimationFrame(()=>requestAnimationFrame(done)),setTimeout(done,100)}),[box.scrollLeft,box.scrollTop,cssName(box)]}el=el.parentElement??el.parentNode?.host??null}return null}function visibilityState(){return document.visibilityState}function readyState(){return document.readyState}function locationHref(){return location.href}function urlAndTitle(){return{url:location.href,title:document.title}}function documentNode(){return document}function errorPageCode(){let t=(document.querySelector(".error-code")?.textContent??"").trim();return/^(net::)?ERR_[A-Z0-9_]+$/.test(t)?t:""}function clockMark(label){let a=Date.now();return console.timeStamp(label),(a+Date.now())/2}function closedRootsNoted(key,probe){let st2=window[key];return st2?(st2.alive=!1,document.dispatchEvent(new Event(probe)),!st2.alive||st2.closed):!0}var pageMethods={scrollWindow:(_,[dx,dy])=>scrollWindow(dx,dy),scrollPosition:()=>scrollPosition(),scrollerAt:(_,[x,y])=>scrollerAt(x,y),visibilityState:()=>visibilityState(),readyState:()=>readyState(),locationHref:()=>locationHref(),urlAndTitle:()=>urlAndTitle(),documentNode:()=>documentNode(),errorPageCode:()=>errorPageCode(),clockMark:(_,[label])=>clockMark(label)};var log,INPUT_BINDING="__browserctlPersonInput";function startInputRecorder(){if(log||typeof window>"u")return;let l=[];log=l;let told=new Map,held=new Map,tell=(kind,at)=>{let b=globalThis[INPUT_BINDING];if(typeof b=="function"){told.set(kind,Date.now());try{b(JSON.stringify([at,kind]))}catch{}}},note=ev=>{if(!ev.isTrusted)return;let now=Date.now();l.push([now,ev.type]),l.length>200&&l.splice(0,l.length-200);let kind=ev.type==="pointerdown"?"a click":"typing",since=now-(told.get(kind)??0);if(since>=1e3){tell(kind,now);return}held.has(kind)||setTimeout(()=>{let at=held.get(kind);held.delete(kind),at!==void 0&&tell(kind,at)},1e3-since),held.set(kind,now)};for(let type of["pointerdown","keydown","input"])window.addEventListener(type,note,!0)}function inputSince(since){return(log??[]).filter(e=>e[0]>=since)}var personInputMethods={startInputRecorder:()=>startInputRecorder(),inputSince:(_,[since])=>inputSince(since)};async function walkTree(o){o.recordInput&&startInputRecorder();let R=registryFor(o.owner,o.next),w=new Walk(o,R);R.pending=[];let{root,error}=startOf(o,R);return root&&!error&&await w.from(root,!!(o.root||o.selector)),JSON.stringify(resultOf(o,R,w,error))}function startOf(o,R){let root=document.body||document.documentElement,error;if(o.root)root=R.byNum.get(o.root)?.deref()??null,(!root||!root.isConnected)&&(error=`the ref ${o.prefix}${o.root} is not in the page any more (take a new snapshot)`);else if(o.selector)try{root=document.querySelector(o.selector)??inShadowRoots(o.selector),root||(error=`no element matches the selector ${JSON.stringify(o.selector)}`)}catch(e){error=`invalid selector ${JSON.stringify(o.selector)}: ${e.message}`}return{root,error}}function inShadowRoots(sel){let hosts=[document];for(let i=0;i<hosts.length;i++){let all=hosts[i].querySelectorAll("*");for(let j=0;j<all.length;j++){let sr=shadowOf(all[j]);if(!sr)continue;let hit=sr.querySelector(sel);if(hit)return hit;hosts.push(sr)}}return null}function resultOf(o,R,w,error){let out={url:location.href,title:document.title,lines:w.lines,refs:w.refs,...closedRootsToFind(R,o),next:R.max+1};return w.cut&&(out.cut=w.cut),error&&(out.error=error),out}function shownState(el){if(!SKIP.has(el.tagName)&&!(el.getAttribute("aria-hidden")==="true"||el.hasAttribute("inert"))&&!(el.tagName==="INPUT"&&el.type==="hidden"))return isRendered(el)?!0:el.checkVisibility()?!1:getComputedStyle(el).display==="contents"?!0:void 0}function childrenOf(n,R){if(n.nodeType===1){let el=n;if(el.tagName==="SLOT"){let a=el.assignedNodes();if(a.length)return a}else{let sr=shadowOf(el);if(sr)return sr.childNodes;el.localName.includes("-")&&!R.checked.has(el)&&R.pending.push(el)}}return n.childNodes}function closedRootsToFind(R,o){let elements=document.getElementsByTagName("*").length,scan=elements<=o.maxScanElements&&(R.scanned??-1)!==elements,out={hosts:R.pending.length,scan};return scan&&o.closedWatch&&(out.closedNoted=closedRootsNoted(...o.closedWatch)),out}function turn(){return new Promise(r=>{let ch=new MessageChannel;ch.port1.onmessage=()=>{ch.port1.close(),r()},ch.port2.postMessage(0)})}var SLICE_MS=15,Walk=class{constructor(o,R){this.o=o;this.R=R;this.full=o.mode==="full",this.maxDepth=o.depth<0?1/0:o.depth,this.stopAt=performance.now()+(o.deadline-Date.now()),this.sliceStart=performance.now()}o;R;lines=[];refs=[];cut;full;maxDepth;stopAt;sliceStart;visited=0;vw=window.innerWidth;vh=window.innerHeight;text=[];textLevel=0;textParent="";async from(root,subtree){if(subtree)await this.visit(root,0,"",!0);else{let kids=childrenOf(root,this.R);for(let i=0;i<kids.length;i++){let k=kids[i];k.nodeType===3?this.addText(k.data,0,""):k.nodeType===1&&await this.visit(k,0,"",!0)}}this.flush()}async tick(){if(this.lines.length>=this.o.maxLines&&(this.cut="lines"),this.cut||(++this.visited&255)!==0)return;let now=performance.now();now>=this.stopAt?this.cut="time":now-this.sliceStart>=SLICE_MS&&(await turn(),this.sliceStart=performance.now())}flush(){if(!this.text.length)return;let t=this.text.join("").replace(/\\s+/g," ").trim();this.text=[],!(!t||this.textLevel>this.maxDepth)&&(this.textParent&&this.textParent.includes(t)||this.lines.push(`${"  ".repeat(this.textLevel)}- text: ${t}`))}addText(s,level,parentName){this.text.length&&this.textLevel!==level&&this.flush(),this.textLevel=level,this.textParent=parentName,this.text.push(s)}emit(el,role,name,level,attrs,withRef){this.flush();let s=`${"  ".repeat(level)}- ${role}`;if(name&&(s+=` ${quote(name)}`),withRef){let n=numberOf(this.R,el);s+=` [ref=${this.o.prefix}${n}]`,this.refs.push([n,role,name])}for(let a of attrs)s+=` [${a}]`;this.lines.push(s)}frameLine(el,level){let name=this.nameOf(el,"iframe");this.emit(el,"iframe",name,level,[],!0),this.lines.push(`${"  ".repeat(level+1)}\\0F${numberOf(this.R,el)}`)}outside(el){let r=el.getBoundingClientRect();return r.width===0&&r.height===0?!1:r.bottom<=0||r.right<=0||r.top>=this.vh||r.left>=this.vw}roleOf(el){return roleOf(el,this.full)}nameOf(el,role){return nameOf(el,role,this.o.maxName)}stateOf(el,role){return stateOf(el,role,this.o.maxName)}async visit(el,level,parentName,visible2){if(await this.tick(),this.cut)return;let tag=el.tagName,shown=shownState(el);if(shown===void 0||this.o.viewport&&shown&&this.outside(el))return;let role=shown?this.roleOf(el):"";if(tag==="IFRAME"||tag==="FRAME"){shown&&level<=this.maxDepth&&this.frameLine(el,this.full?level:0);return}if(!this.full){role&&(hasBox(el)||shownLabel(el))&&this.emit(el,role,this.nameOf(el,role),0,this.stateOf(el,role),!0);for(let c=childrenOf(el,this.R),i=0;i<c.length;i++){let k=c[i];k.nodeType===1&&await this.visit(k,0,"",shown)}return}let childLevel=level,childParent=parentName;if(role){let name=this.nameOf(el,role);if(!(this.o.compact&&STRUCTURAL.has(role)&&!name)){if(level>this.maxDepth)return;let interactive=INTERACTIVE.has(role)||role!==implicitRole(el,this.full)&&INTERACTIVE.has(implicitRole(el,this.full));if(this.emit(el,role,name,level,this.stateOf(el,role),interactive||!!name),childLevel=level+1,childParent=name,LEAF.has(role)){if(el.querySelector("a[href],button,input,select,textarea,iframe,[role=button],[role=link]"))for(let c=childrenOf(el,this.R),i=0;i<c.length;i++){let k=c[i];k.nodeType===1&&await this.visitInner(k,childLevel)}return}}}else!INLINE.has(tag)&&this.text.length&&this.text.push(" ");let kids=childrenOf(el,this.R);for(let i=0;i<kids.length;i++){let k=kids[i];if(k.nodeType===3)visible2&&shown&&this.addText(k.data,childLevel,childParent);else if(k.nodeType===1){let ke=k;if(ke.tagName==="BR"||ke.tagName==="WBR"){this.text.length&&this.text.push(" ");continue}await this.visit(ke,childLevel,childParent,shown)}}role?this.flush():!INLINE.has(tag)&&this.text.length&&this.text.push(" ")}async visitInner(el,level){if(await this.tick(),this.cut||SKIP.has(el.tagName)||el.getAttribute("aria-hidden")==="true"||!isRendered(el))return;let role=this.roleOf(el);if(el.tagName==="IFRAME"){this.frameLine(el,level);return}if(!(role&&INTERACTIVE.has(role)&&(this.emit(el,role,this.nameOf(el,role),level,this.stateOf(el,role),!0),LEAF.has(role))))for(let c=childrenOf(el,this.R),i=0;i<c.length;i++){let k=c[i];k.nodeType===1&&await this.visitInner(k,level)}}},walkMethods={walk:(_,[o])=>walkTree(o)};var SKIP2=new Set(["SCRIPT","STYLE","TEMPLATE","NOSCRIPT","HEAD","TITLE"]);function textTargets(spec){let t=parseTextSpec(spec);if(typeof t=="string")return t;let out=[],visit=el=>{let text="",inner=!1,sr=shadowOf(el);for(let c=sr?sr.firstChild??el.firstChild:el.firstChild;c;c=c.nextSibling??(sr&&c.parentNode===sr?el.firstChild:null))if(c.nodeType===3)text+=c.data;else if(c.nodeType===1&&!SKIP2.has(c.tagName)){let[s,m]=visit(c);text+=" "+s+" ",m&&(inner=!0)}return inner?[text,!0]:textMatches(text,t.want,t.exact)?(out.push(el),[text,!0]):[text,!1]};return document.body&&visit(document.body),out}function matchesOf(sel){if(sel.startsWith("text="))return textTargets(sel.slice(5).trim());try{return document.querySelectorAll(sel)}catch(e){return"invalid:"+e.message}}function shadowMatchesOf(sel){if(sel.startsWith("text="))return[];let out=[];for(let r of shadowRootsIn(document))out.push(...r.querySelectorAll(sel));return out}function firstMatch(sel,pick){let light=matchesOf(sel);if(typeof light=="string")return light;for(let i=0;i<light.length;i++)if(isVisible(light[i]))return light[i];let all=[...Array.from(light),...shadowMatchesOf(sel)];for(let i=light.length;i<all.length;i++)if(isVisible(all[i]))return all[i];return pick==="visibleElseFirst"&&all.length>0?all[0]:all.length===0?"none":"hidden:"+all.length}async function onTarget(key,fn){let el;return"num"in key?el=refElement(key.num)??"stale":"role"in key?el=await roleTargetHere(key.role):el=firstMatch(key.sel,key.pick),typeof el=="string"?{miss:el}:{hit:await fn(el)}}function count(sel){try{return document.querySelectorAll(sel).length+shadowMatchesOf(sel).length}catch(e){return"invalid:"+e.message}}function findElements(kind,wantRaw,exact,limit){let want=(wantRaw||"").replace(/\\s+/g," ").trim().toLowerCase(),matches=s=>textMatches(s,want,exact),out=[];if(kind==="text"){let textOf3=el=>{let sr=shadowOf(el);return sr?sr.textContent+" "+el.textContent:el.textContent??""},aboveShadow=new Set;for(let r of shadowRootsIn(document))for(let n=r.host;n&&!aboveShadow.has(n);)aboveShadow.add(n),n=n.parentElement??(n.getRootNode().host||null);let visit=el=>{if(out.length>=limit||SKIP2.has(el.tagName)||!aboveShadow.has(el)&&!textMatches(textOf3(el),want,!1))return!1;let inner=!1,sr=shadowOf(el);if(sr)for(let c=sr.firstElementChild;c;c=c.nextElementSibling)visit(c)&&(inner=!0);for(let c=el.firstElementChild;c;c=c.nextElementSibling)visit(c)&&(inner=!0);return inner?!0:matches(textOf3(el))?(isVisible(el)&&out.push(el),!0):!1};return document.body&&visit(document.body),out}let found=new Set,textOf2=(ids,root)=>ids.split(/\\s+/).map(id=>{let t=id&&root.getElementById(id);return t?t.textContent:""}).join(" ");for(let root of[document,...shadowRootsIn(document)]){for(let l of root.querySelectorAll("label"))l.control&&matches(l.textContent)&&found.add(l.control);for(let el of root.querySelectorAll("[aria-label]"))matches(el.getAttribute("aria-label"))&&found.add(el);for(let el of root.querySelectorAll("[aria-labelledby]"))matches(textOf2(el.getAttribute("aria-labelledby")??"",root))&&found.add(el)}let all=Array.from(found).filter(isVisible);return all.sort((a,b)=>a.compareDocumentPosition(b)&Node.DOCUMENT_POSITION_FOLLOWING?-1:1),all.slice(0,limit)}var MAX_FIND_NAME=1e4;function*roleElements(R,role,want,exact,limit){R.pending=[];let found=[],stack=document.body?[document.body]:[];for(let n=1;stack.length>0&&found.length<limit;n++){(n&255)===0&&(yield);let el=stack.pop(),shown=shownState(el);if(shown===void 0)continue;if(shown&&roleOf(el,!0)===role){let name=nameOf(el,role,MAX_FIND_NAME);(want===void 0||textMatches(name,want,exact))&&found.push([el,name])}if(el.tagName==="IFRAME"||el.tagName==="FRAME")continue;let kids=childrenOf(el,R);for(let i=kids.length-1;i>=0;i--)kids[i].nodeType===1&&stack.push(kids[i])}return found}function untilDone(pass){for(;;){let r=pass.next();if(r.done)return r.value}}async function sliced(pass){let since=performance.now();for(;;){let r=pass.next();if(r.done)return r.value;performance.now()-since>=SLICE_MS&&(await turn(),since=performance.now())}}async function findByRole(q){let R=registryFor(q.owner,q.next),want=q.name==null?void 0:norm(q.name);return{found:(await sliced(roleElements(R,q.role,want,q.exact,q.limit))).map(([el,name])=>[numberOf(R,el),q.role,name]),...closedRootsToFind(R,q)}}function findByText(q){let R=registryFor(q.owner,q.next);return findElements(q.kind,q.want,q.exact,q.limit).map(el=>{let role=roleOf(el,!0)||"generic",name=nameOf(el,role,MAX_FIND_NAME)||tidy(el.innerText||el.textContent||"").slice(0,MAX_FIND_NAME);return[numberOf(R,el),role,name]})}async function roleTarget(q){let R=registryFor(q.owner,1);return{first:(await sliced(roleElements(R,q.role,q.name===void 0?void 0:norm(q.name),!0,1)))[0]?.[0]??null,...closedRootsToFind(R,q)}}async function roleTargetHere(q){let r=await roleTarget(q);return r.hosts>0||r.scan&&r.closedNoted!==!1?"closed":r.first??"none"}function roleTargetFindsOnly(el,R,role,name){if(el.ownerDocument!==document)return!1;let found=untilDone(roleElements(R,role,norm(name),!0,2));return found.length===1&&found[0][0]===el}var targetMethods={firstMatch:(_,[sel,pick])=>firstMatch(sel,pick),count:(_,[sel])=>count(sel),findByText:(_,[q])=>findByText(q),findByRole:(_,[q])=>findByRole(q),roleTarget:(_,[q])=>roleTarget(q)};var VAGUE=new Set(["","generic","none","presentation","paragraph","group","list","listitem","row","table","main","navigation"]),TEST_IDS=["data-testid","data-test"],TABLE_PARTS=new Set(["TABLE","CAPTION","THEAD","TBODY","TFOOT","TR","TD","TH"]);function proposedRole(el){return el.hasAttribute("role")?roleOf(el,!0):TABLE_PARTS.has(el.tagName)?"":el.tagName==="OPTION"?"option":roleOf(el,!0)}function proposedName(el,role=proposedRole(el)){return nameOf(el,role,Number.POSITIVE_INFINITY)}function looksGenerated(id){return/\\d{3,}/.test(id)||/:/.test(id)||/^[_\\d]/.test(id)||/[0-9a-f]{8,}/i.test(id)||/[a-z]\\d[a-z]+\\d|\\d[a-z]+\\d[a-z]/i.test(id)||/^(ember|react|mui|radix|headlessui|rc|ng|vue|svelte|uid|auto|gen)[-_]?\\w*\\d/i.test(id)}function quote2(v){return\'"\'+v.replace(/["\\\\]/g,"\\\\$&").replace(/\\n/g,"\\\\a ")+\'"\'}function uniqueIn(doc,sel,el){try{let all=doc.querySelectorAll(sel);return all.length===1&&all[0]===el}catch{return!1}}function ownText(el){let t=tidy(el.innerText??el.textContent??"");return t.length>0&&t.length<=80&&!t.includes(`\n`)?t:""}function stepOf(e){let step=CSS.escape(e.localName),p=e.parentElement;if(p){let same2=Array.from(p.children).filter(c=>c.localName===e.localName);same2.length>1&&(step+=`:nth-of-type(${same2.indexOf(e)+1})`)}return step}function cssPath(el){let doc=el.ownerDocument,tag=CSS.escape(el.localName);for(let a of["name","aria-label","placeholder","title","alt","type","value","href"]){let v=el.getAttribute(a);if(v&&v.length<=100){let sel=`${tag}[${a}=${quote2(v)}]`;if(uniqueIn(doc,sel,el))return sel}}let steps=[];for(let e=el;e;e=e.parentElement){if(e!==el&&e.id&&!looksGenerated(e.id)&&doc.querySelectorAll("#"+CSS.escape(e.id)).length===1){steps.unshift("#"+CSS.escape(e.id));let sel2=steps.join(" > ");return uniqueIn(doc,sel2,el)?sel2:""}steps.unshift(stepOf(e));let sel=steps.join(" > ");if(uniqueIn(doc,sel,el))return sel}return""}function roleCandidate(el){let role=proposedRole(el),name=proposedName(el,role);return VAGUE.has(role)||!name||name.length>120||!roleTargetFindsOnly(el,registryOrEmpty(),role,name)?"":`role=${role}[name=${JSON.stringify(name)}]`}function candidatesFor(el){let out=[],role=roleCandidate(el);if(role&&out.push(["role",role]),el.getRootNode()!==el.ownerDocument)return out;let doc=el.ownerDocument,text=ownText(el);if(text){let spec=JSON.stringify(text),found=textTargets(spec);Array.isArray(found)&&found.length===1&&(found[0]===el||el.contains(found[0]))&&out.push(["text","text="+spec])}for(let a of TEST_IDS){let v=el.getAttribute(a);if(v){let sel=`[${a}=${quote2(v)}]`;if(uniqueIn(doc,sel,el)){out.push(["testid",sel]);break}}}if(el.id&&!looksGenerated(el.id)){let sel="#"+CSS.escape(el.id);uniqueIn(doc,sel,el)&&out.push(["id",sel])}if(out.length===0){let css=cssPath(el);css&&out.push(["css",css])}return out}var ACTIONS_BINDING="__browserctlActions";var badge;function fromBadge(ev){return badge!==void 0&&ev.composedPath().includes(badge.host)}function isBadge(n){return badge!==void 0&&n===badge.host}function make(onStop){let host=document.createElement("browserctl-recording");host.style.cssText="all:initial;position:fixed;z-index:2147483647;bottom:12px;right:12px;display:block";let root=host.attachShadow({mode:"closed"}),box=document.createElement("div");box.style.cssText="font:12px/1.3 system-ui,sans-serif;background:#fff;color:#222;border:1px solid #c62828;border-radius:14px;padding:4px 6px 4px 10px;display:flex;gap:8px;align-items:center;box-shadow:0 2px 8px rgba(0,0,0,.2)";let dot=document.createElement("span");dot.style.cssText="width:8px;height:8px;border-radius:50%;background:#c62828;display:inline-block";let count2=document.createElement("span");count2.textContent="browserctl is recording";let stop=document.createElement("button");return stop.type="button",stop.textContent="Stop",stop.title="Stop recording your actions (the lines so far are kept)",stop.style.cssText="font:inherit;padding:1px 10px;cursor:pointer;border-radius:10px;border:1px solid #999;background:#f5f5f5",box.append(dot,count2,stop),root.append(box),stop.addEventListener("click",ev=>{ev.isTrusted&&(count2.textContent="recording stopped",stop.disabled=!0,onStop())}),{host,count:count2}}function showBadge(lines,onStop){if(window!==window.top||(badge??=make(onStop),lines!==void 0&&(badge.count.textContent=`browserctl is recording · ${lines} line${lines===1?"":"s"}`),badge.host.isConnected))return;let parent=document.body??document.documentElement;parent?parent.append(badge.host):document.addEventListener("DOMContentLoaded",()=>badge&&!badge.host.isConnected&&(document.body??document.documentElement)?.append(badge.host),{once:!0})}function removeBadge(){badge?.host.remove(),badge=void 0}var NOT_TEXT=new Set(["checkbox","radio","file","button","submit","reset","image","hidden","range","color"]),SET_BY_CHANGE=new Set(["range","color"]),CLICKABLE="a[href],button,input,select,textarea,label,summary,option,[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=treeitem],[role=gridcell],[onclick]",BROWSER_KEYS=new Set(["F5","Control+r","Control+Shift+r","Meta+r","Meta+Shift+r","Alt+ArrowLeft","Alt+ArrowRight","Meta+[","Meta+]","Control+w","Control+t","Control+n","Control+l","Meta+w","Meta+t","Meta+l","F6","F11","F12"]),EDITING=new Set(["Backspace","Delete","ArrowLeft","ArrowRight","ArrowUp","ArrowDown","Home","End","PageUp","PageDown","Insert"]),EDITING_SHORTCUTS=new Set(["a","c","v","x","z","y","Backspace","Delete","ArrowLeft","ArrowRight","Home","End"]),ACTIVATING=new Set(["Enter","Space"]),KEY_CLICK_MS=100,KEEP_HANDLES=32,KEEP_STEPS=64,st={on:!1,seq:0,pending:new Map,handles:new Map,nextHandle:1,recent:[],events:0,ms:0,remove:[],stopped:!1,pressedAt:-1e9,appeared:void 0,watcher:void 0,draft:void 0};function binding(){let b=globalThis[ACTIONS_BINDING];return typeof b=="function"?b:void 0}function handleOf(el){let id=st.nextHandle++;return st.handles.set(id,el),st.handles.size>KEEP_HANDLES&&st.handles.delete(st.handles.keys().next().value),id}var APPEAR_MS=15e3,APPEAR_MAX=80;function watchAppearing(){st.appeared=void 0,st.watcher?.disconnect();let mo=new MutationObserver(records=>{for(let r of records)for(let n of r.addedNodes){let host=n.nodeType===Node.TEXT_NODE?n.parentElement:n;if(!host||!(host instanceof HTMLElement)||isBadge(host)||!host.checkVisibility())continue;let text=tidy((n.nodeType===Node.TEXT_NODE?n.textContent:host.innerText)?.split(`\n`).find(l=>l.trim()!=="")??"");if(text&&text.length<=APPEAR_MAX){st.appeared=text,mo.disconnect();return}}});mo.observe(document.documentElement,{childList:!0,subtree:!0}),st.watcher=mo,setTimeout(()=>mo.disconnect(),APPEAR_MS)}function emit(step,collect2){let s={...step,seq:++st.seq,doc:performance.timeOrigin,url:location.href,top:window===window.top};if(st.appeared!==void 0&&(s.appeared=st.appeared),step.kind!=="fill"?watchAppearing():st.appeared=void 0,st.recent.push(s),st.recent.length>KEEP_STEPS&&st.recent.shift(),collect2){collect2.push(s);return}try{binding()?.(JSON.stringify(s))}catch{}}function elementStep(kind,el,t,more={}){return{kind,t,el:handleOf(el),targets:candidatesFor(el),field:fieldName(el),...more}}function fieldName(el){return tidy(proposedName(el)||el.getAttribute("name")||el.id||el.localName).slice(0,60)}function origin(ev){for(let n of ev.composedPath())if(n instanceof Element)return n;return null}function textField(el){if(!el)return null;if(el.tagName==="INPUT")return NOT_TEXT.has(el.type)?null:el;if(el.tagName==="TEXTAREA")return el;let h=el;if(h.isContentEditable){let host=h;for(;host.parentElement?.isContentEditable;)host=host.parentElement;return host}return null}function valueOf(f){return f.tagName==="INPUT"||f.tagName==="TEXTAREA"?f.value:f.innerText}function clickTarget(ev){let depth=0;for(let n of ev.composedPath())if(n instanceof Element){if(n.matches(CLICKABLE))return n;if(++depth>8)break}return origin(ev)}function clickSaidElsewhere(el){let control=el.tagName==="LABEL"?el.control??null:el;if(!control)return!1;if(textField(control))return!0;let tag=control.tagName;if(tag==="SELECT"||tag==="OPTION"||tag==="IFRAME"||tag==="FRAME")return!0;if(tag==="INPUT"){let type=control.type;return type==="checkbox"||type==="radio"||type==="file"||SET_BY_CHANGE.has(type)}return!1}function keyName(ev){if(["Control","Shift","Alt","Meta","AltGraph","CapsLock","Dead","Unidentified","Process"].includes(ev.key))return"";let k=ev.key===" "?"Space":ev.key,mods=[];return ev.ctrlKey&&mods.push("Control"),ev.altKey&&mods.push("Alt"),ev.metaKey&&mods.push("Meta"),ev.shiftKey&&(k.length>1||mods.length>0)&&mods.push("Shift"),k.length===1&&mods.length>0&&(k=k.toLowerCase()),[...mods,k].join("+")}function fillStep(f,t){let secret=f.tagName==="INPUT"&&f.type==="password"?"password":void 0;return elementStep("fill",f,t,{value:valueOf(f),...secret?{secret}:{}})}function flush(f,collect2){let t=st.pending.get(f);t!==void 0&&(st.pending.delete(f),st.draft?.el===f&&(st.draft=void 0),f.isConnected&&emit(fillStep(f,t),collect2))}function sendDraft(f,t){st.draft?.el!==f&&(st.draft={el:f,step:fillStep(f,t)});try{let d={...st.draft.step,t,value:valueOf(f),seq:st.seq+1,doc:performance.timeOrigin,url:location.href,top:window===window.top,draft:!0};binding()?.(JSON.stringify(d))}catch{}}function flushAll(collect2){for(let f of[...st.pending.keys()])flush(f,collect2)}function onClick(ev){if(ev.button!==0||ev.detail===0&&performance.now()-st.pressedAt<KEY_CLICK_MS)return;let el=clickTarget(ev);!el||clickSaidElsewhere(el)||ev.detail>1||emit(elementStep("click",el,Date.now()))}function onDblClick(ev){let el=clickTarget(ev);if(!el||clickSaidElsewhere(el))return;let last=st.recent.at(-1),first=last&&last.kind==="click"&&last.el!==void 0&&st.handles.get(last.el)===el?last.seq:void 0;emit(elementStep("dblclick",el,Date.now(),first!==void 0?{replaces:first}:{}))}function onInput(ev){let f=textField(origin(ev));if(!f)return;let t=Date.now();st.pending.set(f,t),sendDraft(f,t)}function onChange(ev){let el=origin(ev);if(!el)return;let f=textField(el);if(f){flush(f);return}let t=Date.now();if(el.tagName==="INPUT"){let inp=el;inp.type==="checkbox"?emit(elementStep(inp.checked?"check":"uncheck",el,t)):inp.type==="radio"&&inp.checked?emit(elementStep("check",el,t)):inp.type==="file"?emit(elementStep("upload",el,t,{values:Array.from(inp.files??[]).map(f2=>f2.name)})):SET_BY_CHANGE.has(inp.type)&&emit(elementStep("fill",el,t,{value:inp.value}));return}if(el.tagName==="SELECT"){let s=el,opts=Array.from(s.selectedOptions),unique=o=>o.value!==""&&Array.from(s.options).filter(x=>x.value===o.value).length===1;emit(elementStep("select",el,t,{values:opts.map(o=>unique(o)?o.value:tidy(o.label||o.text))}))}}function onFocusOut(ev){let f=textField(origin(ev));f&&flush(f)}function onKeyDown(ev){let key=keyName(ev);if(!key||BROWSER_KEYS.has(key))return;let el=origin(ev),f=textField(el),mods=ev.ctrlKey||ev.metaKey||ev.altKey,isChar=ev.key.length===1;if(f){if(isChar&&!mods||EDITING.has(key)||mods&&EDITING_SHORTCUTS.has(ev.key))return;if(key==="Tab"||key==="Shift+Tab"){flush(f);return}if(key==="Enter"&&f.tagName!=="INPUT")return;flush(f),emit({kind:"press",t:Date.now(),key}),st.pressedAt=performance.now();return}el&&(el.tagName==="SELECT"||el.tagName==="OPTION")&&!mods&&(isChar||EDITING.has(key)||key==="Enter"||key==="Space"||key==="Tab"||key==="Shift+Tab")||el&&el.tagName==="INPUT"&&SET_BY_CHANGE.has(el.type)&&!mods&&EDITING.has(key)||ACTIVATING.has(key)&&el&&el!==document.body&&el!==document.documentElement&&el.matches(CLICKABLE)||(emit({kind:"press",t:Date.now(),key}),st.pressedAt=performance.now())}function onPageHide(){flushAll()}function listen(type,fn){let timed=ev=>{if(!ev.isTrusted||fromBadge(ev))return;let start=performance.now();try{fn(ev)}catch{}st.events++,st.ms+=performance.now()-start};window.addEventListener(type,timed,!0),st.remove.push(()=>window.removeEventListener(type,timed,!0))}function personStop(){try{binding()?.(JSON.stringify({control:"stop"}))}catch{}}function startActions(){st.stopped=!1;try{showBadge(void 0,personStop)}catch{}return st.on?!1:(st.on=!0,listen("click",onClick),listen("dblclick",onDblClick),listen("input",onInput),listen("change",onChange),listen("focusout",onFocusOut),listen("keydown",onKeyDown),listen("pagehide",onPageHide),!0)}function stopActions(){let out=[];st.on&&flushAll(out);for(let r of st.remove.splice(0))r();return st.on=!1,st.stopped=!0,st.watcher?.disconnect(),removeBadge(),st.pending.clear(),st.draft=void 0,st.handles.clear(),out}function autoStartActions(){!st.stopped&&binding()&&startActions()}function actionElement(id){return st.handles.get(id)??null}function actionsAfter(seq){return st.recent.filter(s=>s.seq>seq)}function actionStats(){return{on:st.on,events:st.events,ms:st.ms,steps:st.seq}}var actionMethods={startActions:()=>startActions(),stopActions:()=>stopActions(),actionElement:(_,[id])=>actionElement(id),actionDocument:(_,[id])=>actionElement(id)?.ownerDocument??null,actionFile:(_,[id,i])=>actionElement(id)?.files?.[i]??null,actionsAfter:(_,[seq])=>actionsAfter(seq),actionStats:()=>actionStats(),actionsBadge:(_,[lines])=>{st.on&&showBadge(lines,personStop)}};function joinTables(...tables){let out={};for(let t of tables)for(let[k,v]of Object.entries(t)){if(Object.prototype.hasOwnProperty.call(out,k))throw new Error(`${k} is registered twice`);out[k]=v}return out}var bar;function button(text,colors,answer,b){let el=document.createElement("button");return el.type="button",el.textContent=text,el.setAttribute("data-answer",answer),el.style.cssText=`font:inherit;font-weight:600;padding:5px 16px;margin-left:8px;border-radius:6px;cursor:pointer;${colors}`,el.addEventListener("click",ev=>{ev.isTrusted&&(ev.stopPropagation(),b.answer=answer,b.host.remove())}),el}function makeBar(id,text){let host=document.createElement("browserctl-approval");host.setAttribute("data-browserctl-approval",id);for(let[k,v]of Object.entries({all:"initial",position:"fixed","z-index":"2147483647",top:"8px",left:"50%",transform:"translateX(-50%)",display:"block",visibility:"visible",opacity:"1","pointer-events":"auto"}))host.style.setProperty(k,v,"important");let root=host.attachShadow({mode:"closed"}),box=document.createElement("div");box.style.cssText="font:14px/1.4 system-ui,sans-serif;background:#fff8e1;color:#222;border:2px solid #d93025;border-radius:8px;padding:10px 12px;max-width:640px;box-shadow:0 4px 16px rgba(0,0,0,.3);display:flex;align-items:center;gap:4px";let head=document.createElement("span");head.style.cssText="font-weight:600;margin-right:6px;white-space:nowrap",head.textContent="browserctl:";let msg=document.createElement("span");msg.style.cssText="white-space:pre-wrap;flex:1",msg.textContent=text;let b={id,host};return box.append(head,msg,button("Allow","background:#1a73e8;color:#fff;border:1px solid #1a73e8","allow",b),button("Deny","background:#fff;color:#d93025;border:1px solid #d93025","deny",b)),root.append(box),b}function showApproval(id,text){return bar&&bar.id!==id&&removeApproval(),bar??=makeBar(id,text),bar.answer?bar.answer:(bar.host.isConnected||(document.body??document.documentElement).append(bar.host),"shown")}function removeApproval(){bar&&(bar.host.remove(),bar=void 0)}var approvalMethods={showApproval:(_,[id,text])=>showApproval(id,text),removeApproval:()=>removeApproval()};var state;function showHandoff(message){let s=state;if(s?.done)return"done";if(!s){let host=document.createElement("browserctl-handoff");host.setAttribute("data-browserctl-handoff",""),host.style.cssText="all:initial;position:fixed;z-index:2147483647;top:16px;right:16px;display:block";let root=host.attachShadow({mode:"closed"}),box=document.createElement("div");box.style.cssText="font:14px/1.4 system-ui,sans-serif;background:#fff8e1;color:#222;border:2px solid #d93025;border-radius:8px;padding:12px 14px;max-width:360px;box-shadow:0 4px 16px rgba(0,0,0,.25)";let head=document.createElement("div");head.style.cssText="font-weight:600;margin-bottom:6px",head.textContent="browserctl: the agent hands over to you";let text=document.createElement("div");text.style.cssText="white-space:pre-wrap;margin-bottom:10px",text.textContent=message;let done=document.createElement("button");done.type="button",done.textContent="Done",done.style.cssText="font:inherit;padding:4px 18px;cursor:pointer",box.append(head,text,done),root.append(box);let st2={host,done:!1};done.addEventListener("click",ev=>{ev.isTrusted&&(st2.done=!0,host.remove())}),s=state=st2}return s.host.isConnected||(document.body??document.documentElement).append(s.host),"shown"}function removeHandoff(){state&&(state.host.remove(),state=void 0)}var handoffMethods={showHandoff:(_,[message])=>showHandoff(message),removeHandoff:()=>removeHandoff()};function storageOp(kind,op,key,value){let s=kind==="session"?window.sessionStorage:window.localStorage;if(op==="get"){if(key!=null)return{key,value:s.getItem(key),origin:location.origin};let entries={};for(let i=0;i<s.length;i++){let k=s.key(i);entries[k]=s.getItem(k)}return{entries,origin:location.origin}}if(op==="set")return s.setItem(key,value),{ok:!0,origin:location.origin};let n=s.length;return s.clear(),{cleared:n,origin:location.origin}}var dump=s=>{let out=[];for(let i=0;i<s.length;i++){let k=s.key(i);out.push({name:k,value:s.getItem(k)??""})}return out};function readOriginStorage(){try{return{origin:location.origin,localStorage:dump(localStorage),sessionStorage:dump(sessionStorage)}}catch{return null}}function writeOriginStorage(origin2,local,session){if(location.origin!==origin2)return!1;for(let e of local)localStorage.setItem(e.name,e.value);for(let e of session)sessionStorage.setItem(e.name,e.value);return!0}var storageMethods={storage:(_,[kind,op,key,value])=>storageOp(kind,op,key,value),readOriginStorage:()=>readOriginStorage(),writeOriginStorage:(_,[origin2,local,session])=>writeOriginStorage(origin2,local,session)};function describe(node){let n=node;if(n&&n.nodeType!==1&&(n=n.parentElement),!n)return"";let e=n,s=e.localName;e.id&&(s+="#"+e.id);for(let c of Array.from(e.classList).slice(0,3))s+="."+c;let src=e.currentSrc||e.getAttribute&&e.getAttribute("src");return src&&(s+="[src="+JSON.stringify(String(src).slice(0,200))+"]"),s}function collect(type,extra){return new Promise(resolve=>{let got=[],po;try{po=new PerformanceObserver(list=>{got=got.concat(list.getEntries())}),po.observe(Object.assign({type,buffered:!0},extra||{})),got=got.concat(po.takeRecords())}catch{resolve([]);return}setTimeout(()=>{got=got.concat(po.takeRecords()),po.disconnect(),resolve(got)},30)})}var r1=x=>Math.round(x*10)/10;async function readVitals(){await Promise.race([new Promise(r=>requestAnimationFrame(()=>requestAnimationFrame(r))),new Promise(r=>setTimeout(r,200))]);let[lcps,shifts,events,firsts,paints]=await Promise.all([collect("largest-contentful-paint"),collect("layout-shift"),collect("event",{durationThreshold:16}),collect("first-input"),collect("paint")]),nav=performance.getEntriesByType("navigation")[0],out={url:location.href,ttfb:0,fcp:null,lcp:null,cls:{value:0,shifts:[]},inp:null,navigation:null};nav&&(out.ttfb=r1(Math.max(0,nav.responseStart-(nav.activationStart||0))),out.navigation={type:nav.type,redirect:r1(nav.redirectEnd-nav.redirectStart),dns:r1(nav.domainLookupEnd-nav.domainLookupStart),connect:r1(nav.connectEnd-nav.connectStart),tls:r1(nav.secureConnectionStart>0?nav.connectEnd-nav.secureConnectionStart:0),request:r1(nav.responseStart-nav.requestStart),response:r1(nav.responseEnd-nav.responseStart),domInteractive:r1(nav.domInteractive),domContentLoaded:r1(nav.domContentLoadedEventEnd),load:r1(nav.loadEventEnd),transferSize:nav.transferSize||0});let fcp=paints.find(e=>e.name==="first-contentful-paint");fcp&&(out.fcp=r1(fcp.startTime));let lcp=lcps[lcps.length-1];lcp&&(out.lcp={ms:r1(lcp.startTime),element:describe(lcp.element),size:lcp.size,url:lcp.url||""});let best={value:0,entries:[]},cur={value:0,entries:[]};for(let e of shifts){if(e.hadRecentInput)continue;let first=cur.entries[0],last=cur.entries[cur.entries.length-1];first&&last&&(e.startTime-last.startTime>1e3||e.startTime-first.startTime>5e3)&&(cur={value:0,entries:[]}),cur.value+=e.value,cur.entries.push(e),cur.value>best.value&&(best={value:cur.value,entries:cur.entries.slice()})}out.cls={value:Math.round(best.value*1e4)/1e4,shifts:best.entries.map(e=>({value:Math.round(e.value*1e4)/1e4,atMs:r1(e.startTime),elements:(e.sources||[]).map(s=>describe(s.node)).filter(s=>s)}))};let byId=new Map;for(let e of events.concat(firsts)){if(!e.interactionId)continue;let had2=byId.get(e.interactionId)||{duration:-1,name:"",target:""};e.duration>had2.duration&&(had2.duration=e.duration,had2.name=e.name),!had2.target&&e.target&&(had2.target=describe(e.target)),byId.set(e.interactionId,had2)}let worst=Array.from(byId.values()).sort((a,b)=>b.duration-a.duration);if(worst.length){let e=worst[Math.min(worst.length-1,Math.floor(worst.length/50))];out.inp={ms:e.duration,event:e.name,target:e.target,interactions:worst.length}}return out}var vitalsMethods={readVitals:()=>readVitals()};var waits=new Map,norm2=s=>String(s||"").replace(/\\s+/g," ").trim();function shownDocuments(){let out=[],visit=(doc,depth)=>{if(out.push(doc),!(depth>=16))for(let f of doc.querySelectorAll("iframe, frame")){let d=null;try{d=f.contentDocument}catch{}d&&isVisible(f)&&visit(d,depth+1)}};return visit(document,0),out}function shadowText(r){let t="";for(let c of r.childNodes){if(c.nodeType===3&&(t+=c.data),c.nodeType!==1)continue;let el=c;el.tagName==="STYLE"||el.tagName==="SCRIPT"||el.tagName==="TEMPLATE"||!isRendered(el)||(t+=" "+el.innerText)}return t}function domWait(kind,arg,gone,ms,id){let want=kind==="text"?norm2(arg):arg,sees=kind==="text"?doc=>norm2((doc.body||doc.documentElement)?.innerText).includes(want)||shadowRootsIn(doc).some(r=>norm2(shadowText(r)).includes(want)):doc=>{for(let root of[doc,...shadowRootsIn(doc)])for(let el of root.querySelectorAll(want))if(isVisible(el))return!0;return!1};if(kind==="selector")try{document.querySelector(want)}catch(e){return{badSelector:String(e?.message||e)}}let observed=new WeakSet,mo=null,ok=()=>{let seen=!1,loading=!1;for(let doc of shownDocuments())mo&&!observed.has(doc)&&(observed.add(doc),mo.observe(doc,{subtree:!0,childList:!0,attributes:!0,characterData:!0})),doc.readyState==="loading"&&(loading=!0),!seen&&sees(doc)&&(seen=!0);return gone?!seen&&!loading:seen};return ok()?{ok:!0}:ms<=0?{timedOut:!0}:new Promise(resolve=>{let queued=!1,last=0,done=!1,finish=v=>{done||(done=!0,waits.delete(id),clearTimeout(timer),clearInterval(tick),mo.disconnect(),resolve(v))},run=()=>{queued=!1,!done&&(last=Date.now(),ok()&&finish({ok:!0}))};mo=new MutationObserver(()=>{if(queued)return;queued=!0;let due=last+50-Date.now();due<=0?queueMicrotask(run):setTimeout(run,due)}),waits.set(id,()=>finish({cancelled:!0}));let tick=setInterval(run,100),timer=setTimeout(()=>finish({timedOut:!0}),ms);run()})}function cancelWait(id){return waits.get(id)?.(),!0}var waitMethods={domWait:(_,[kind,arg,gone,ms,id])=>domWait(kind,arg,gone,ms,id),cancelWait:(_,[id])=>cancelWait(id)};var norm3=s=>(s||"").replace(/\\s+/g," ").trim(),clip=(s,n)=>{let t=norm3(s);return t.length>n?t.slice(0,n-1)+"…":t};function shortRole(e){return roleOf(e,!0)||"generic"}function shortName(e){let a=e.getAttribute&&e.getAttribute("aria-label");if(a)return clip(a,60);let lb=e.getAttribute&&e.getAttribute("aria-labelledby");if(lb){let t=lb.split(/\\s+/).map(id=>{let x=e.ownerDocument.getElementById(id);return x?x.textContent:""}).join(" ");if(norm3(t))return clip(t,60)}let f=e;return f.labels&&f.labels.length?clip(f.labels[0].textContent,60):e.tagName==="INPUT"&&["button","submit","reset"].includes(f.type)?clip(f.value,60):e.tagName==="INPUT"||e.tagName==="TEXTAREA"?clip(e.getAttribute("placeholder")||e.getAttribute("title")||"",60):e.tagName==="IMG"?clip(e.getAttribute("alt")||"",60):clip(e.innerText||e.textContent||e.getAttribute("title")||"",60)}function cssPath2(e){let parts=[],n=e;for(let i=0;n&&n.nodeType===1&&i<3;n=n.parentElement,i++){let p=n.tagName.toLowerCase();if(n.id){parts.unshift(p+"#"+n.id);break}let cls=Array.from(n.classList).slice(0,2);cls.length&&(p+="."+cls.join(".")),parts.unshift(p)}return parts.join(" > ")}function describe2(e){let n=shortName(e);return shortRole(e)+(n?" "+JSON.stringify(n):"")+" ("+cssPath2(e)+")"}var ACTIVE="button, input, a[href], area[href], summary, label";function closestComposed(el,sel){let n=el;for(;n;){let hit=n.closest(sel);if(hit)return hit;let root=n.getRootNode();n=root instanceof ShadowRoot?root.host:null}return null}function isSubmitControl(e){return e instanceof HTMLButtonElement?e.type==="submit":e instanceof HTMLInputElement?e.type==="submit"||e.type==="image":!1}function facts(e,submit){let link=e.closest("a[href], area[href]");return{role:shortRole(e),name:shortName(e),submit,href:link?link.href:"",download:!!link&&link.hasAttribute("download"),opaqueFrame:!1}}function clickFacts(el){let active=closestComposed(el,ACTIVE)??el;return active instanceof HTMLLabelElement&&active.control&&(active=active.control),facts(active,isSubmitControl(active))}var TEXT_FIELDS=new Set(["text","search","email","url","tel","password","number","date","datetime-local","month","time","week"]);function keyFacts(key){let a=document.activeElement;for(;a&&a.shadowRoot&&a.shadowRoot.activeElement;)a=a.shadowRoot.activeElement;for(;a instanceof HTMLIFrameElement;){let inner=null;try{inner=a.contentDocument?.activeElement??null}catch{inner=null}if(!inner)return{role:"iframe",name:shortName(a),submit:!1,href:"",download:!1,opaqueFrame:!0};a=inner}if(!a||a===document.body)return{role:"document",name:"",submit:!1,href:"",download:!1,opaqueFrame:!1};let submitBtn=isSubmitControl(a),field=a instanceof HTMLInputElement&&TEXT_FIELDS.has(a.type)&&!!a.form,f=facts(a,submitBtn||key==="Enter"&&field);return key!=="Enter"&&(f.href=""),f}function pointFacts(x,y){let doc=document,px=x,py=y;for(let i=0;i<16;i++){let el=doc.elementFromPoint(px,py);if(!el)return{role:"none",name:"",submit:!1,href:"",download:!1,opaqueFrame:!1};if(el.shadowRoot&&el.shadowRoot!==doc){doc=el.shadowRoot;continue}if(el instanceof HTMLIFrameElement){let inner=null;try{inner=el.contentDocument}catch{inner=null}if(!inner)return{role:"iframe",name:shortName(el),submit:!1,href:"",download:!1,opaqueFrame:!0};let r=el.getBoundingClientRect();px-=r.left+el.clientLeft,py-=r.top+el.clientTop,doc=inner;continue}return clickFacts(el)}return{role:"none",name:"",submit:!1,href:"",download:!1,opaqueFrame:!0}}var actionFactsMethods={clickFacts:el=>clickFacts(el),keyFacts:(_,[key])=>keyFacts(key),pointFacts:(_,[x,y])=>pointFacts(x,y)};function isDisabled(e){if(e.matches(":disabled"))return!0;for(let n=e;n;n=n.parentElement)if(n.getAttribute("aria-disabled")==="true")return!0;return!1}var rectOf=e=>{let r=e.getBoundingClientRect();return[r.left,r.top,r.width,r.height]},same=(a,b)=>a[0]===b[0]&&a[1]===b[1]&&a[2]===b[2]&&a[3]===b[3],ALIGN=["center","end","start","nearest"];function toParent(w,px,py){let fe;try{fe=w.frameElement}catch{fe=null}return fe?{fe,...inHolder(fe,px,py)}:null}function inHolder(fe,px,py){let fr=fe.getBoundingClientRect(),cs=fe.ownerDocument.defaultView.getComputedStyle(fe),h=fe,sx=h.offsetWidth?fr.width/h.offsetWidth:1,sy=h.offsetHeight?fr.height/h.offsetHeight:1;return{x:fr.left+(fe.clientLeft+parseFloat(cs.paddingLeft)+px)*sx,y:fr.top+(fe.clientTop+parseFloat(cs.paddingTop)+py)*sy}}var rootOf=h=>h.shadowRoot||closedRootOf(h)||null;function deepest(root,px,py){let hit=root.elementFromPoint(px,py);for(;hit&&rootOf(hit);){let inner=rootOf(hit).elementFromPoint(px,py);if(!inner||inner===hit)break;hit=inner}return hit}function ownerHit(fe,lx,ly){let win=fe.ownerDocument.defaultView;if(!win)return"";let{x,y}=inHolder(fe,lx,ly),over=deepest(fe.ownerDocument,x,y);if(over!==fe)return over?describe2(over):"nothing (outside the page)";for(let w=win;w!==w.top;w=w.parent){let up=toParent(w,x,y);if(!up)break;x=up.x,y=up.y;let o=deepest(up.fe.ownerDocument,x,y);if(o!==up.fe)return o?describe2(o):"nothing (outside the page)"}return""}var guard,GUARDED={click:["pointerdown","mousedown","pointerup","mouseup","click","dblclick","auxclick","contextmenu"],check:["pointerdown","mousedown","pointerup","mouseup","click"],drag:["pointerdown","mousedown","pointerup","mouseup","click"],hover:["pointermove","mousemove","pointerover","mouseover"],drop:[]};function pressedOn(hit,el,b){for(let n=hit;n;n=n.parentNode||n.host||null)if(n===el||n===b||n.tagName==="LABEL"&&n.control===el)return!0;return!1}async function actionCheck(el,o){if(!el.isConnected||!el.ownerDocument.defaultView)return{state:"detached"};let pressed=boxToPress(el);if("state"in pressed)return pressed;let answer=await checkPress(el,pressed.box,pressed.via,o);if(answer.state!=="covered"||pressed.via!==0)return answer;let label=shownLabel(el);if(!label)return answer;let viaLabel=await checkPress(el,label,1,o);return viaLabel.state==="covered"?answer:viaLabel}async function checkPress(el,b,via,o){if(o.enabled&&isDisabled(el))return{state:"not_enabled"};scrollForPress(b,o.scroll);let r=o.force?rectOf(b):await stillRect(b);if(!r)return{state:"not_stable"};let win=el.ownerDocument.defaultView,at=pressPoint(r,win);if(!at)return{state:"covered",top:"",detail:"its box is outside its frame\'s viewport after scrolling"};let vv=win.visualViewport,topViewport=win===win.top&&(!vv||vv.scale===1&&vv.offsetLeft===0&&vv.offsetTop===0),answer={state:"ok",x:at.x,y:at.y,bx:r[0],by:r[1],via,topViewport,role:shortRole(el),name:shortName(el)};if(o.force)return answer;let covered=coveredAt(el,b,at.x,at.y);return covered||(armGuard(el,b,win,el.ownerDocument,o.kind),answer)}function boxToPress(el){let shown=e=>isRendered(e)&&hasOwnBox(e);if(shown(el))return{box:el,via:0};let label=shownLabel(el);if(label)return{box:label,via:1};if(isRendered(el)){for(let d of el.querySelectorAll("*"))if(shown(d))return{box:d,via:2}}return{state:"not_visible",detail:hasOwnBox(el)?"it is hidden (visibility, display or content-visibility)":"it has no size (zero width or height, or display:none)"}}function scrollForPress(b,scroll){let win=b.ownerDocument.defaultView,inView=r=>r[0]>=0&&r[1]>=0&&r[0]+r[2]<=win.innerWidth&&r[1]+r[3]<=win.innerHeight,framesInView=()=>{let r=rectOf(b),px=r[0]+r[2]/2,py=r[1]+r[3]/2;for(let w=win;w!==w.top;w=w.parent){let up=toParent(w,px,py);if(!up)return!0;if(up.x<0||up.y<0||up.x>w.parent.innerWidth||up.y>w.parent.innerHeight)return!1;px=up.x,py=up.y}return!0};if(scroll===1&&(!inView(rectOf(b))||!framesInView()))b.scrollIntoView({block:"center",inline:"center",behavior:"instant"});else if(scroll>=2){let a=ALIGN[(scroll-2)%ALIGN.length];b.scrollIntoView({block:a,inline:a,behavior:"instant"})}}function nextFrame(doc){let win=doc.defaultView;return new Promise(res=>{let done=!1,fin=()=>{done||(done=!0,res())};doc.hidden||win.requestAnimationFrame(fin),setTimeout(fin,doc.hidden?16:50)})}async function stillRect(b){let doc=b.ownerDocument;if(!doc.getAnimations().some(a=>{let t=a.playState==="running"&&a.effect?a.effect.target:null;return!!t&&(t===b||t.contains(b)||b.contains(t))}))return rectOf(b);await nextFrame(doc);let r12=rectOf(b);await nextFrame(doc);let r2=rectOf(b);return same(r12,r2)?r2:null}function pressPoint(r,win){let x0=Math.max(r[0],0),y0=Math.max(r[1],0),x1=Math.min(r[0]+r[2],win.innerWidth),y1=Math.min(r[1]+r[3],win.innerHeight);return x1-x0<1||y1-y0<1?null:{x:(x0+x1)/2,y:(y0+y1)/2}}function coveredAt(el,b,x,y){let hit=deepest(el.ownerDocument,x,y);if(!hit||!pressedOn(hit,el,b))return{state:"covered",top:hit?describe2(hit):"nothing (outside the page)"};let fx=x,fy=y;for(let w=el.ownerDocument.defaultView;w!==w.top;w=w.parent){let up=toParent(w,fx,fy);if(!up)break;fx=up.x,fy=up.y;let over=deepest(up.fe.ownerDocument,fx,fy);if(over!==up.fe)return{state:"covered",top:over?describe2(over):"nothing (outside the page)",detail:"over its frame"}}}function armGuard(el,b,win,doc,kind){guard?.disarm();let events=GUARDED[kind]??[];if(!events.length)return;let within=hit=>pressedOn(hit,el,b),g={seen:0,stray:"",disarm:()=>{for(let t of events)win.removeEventListener(t,listener,!0);guard===g&&(guard=void 0)}},listener=ev=>{if(!ev.isTrusted)return;let t=ev.composedPath()[0]||ev.target,me=ev;if(t&&t.nodeType===1&&closedRootOf(t)&&typeof me.clientX=="number"&&(t=deepest(doc,me.clientX,me.clientY)||t),t&&t.nodeType===1&&within(t)){g.seen++;return}g.stray||(g.stray=t&&t.nodeType===1?describe2(t):"nothing"),ev.preventDefault(),ev.stopImmediatePropagation()};for(let t of events)win.addEventListener(t,listener,!0);guard=g,setTimeout(()=>g.disarm(),1e4)}function guardVerdict(keep){let g=guard;return g?(keep||g.disarm(),{seen:g.seen,stray:g.stray}):{seen:-1,stray:""}}function guardDisarm(){guard?.disarm()}function visible(el){return isVisible(el)}var actionabilityMethods={actionCheck:(el,[o])=>actionCheck(el,o),guardVerdict:(_,[keep])=>guardVerdict(keep),guardDisarm:()=>guardDisarm(),ownerHit:(fe,[lx,ly])=>ownerHit(fe,lx,ly),isVisible:el=>visible(el),isEnabled:el=>!isDisabled(el)};function durableSelector(el){let esc=s=>CSS.escape(s),quote3=v=>\'"\'+v.replace(/["\\\\]/g,"\\\\$&").replace(/\\n/g,"\\\\a ")+\'"\',unique=sel=>{try{let all=document.querySelectorAll(sel);return all.length===1&&all[0]===el}catch{return!1}};if(!el.isConnected||el.getRootNode()!==document)return"";if(el.id&&unique("#"+esc(el.id)))return"#"+esc(el.id);let tag=el.localName;for(let a of["data-testid","data-test","data-qa","name","aria-label","placeholder","title","alt","href","for","type","value"]){let v=el.getAttribute(a);if(v){let sel=tag+"["+a+"="+quote3(v)+"]";if(unique(sel))return sel}}let steps=[];for(let e=el;e;e=e.parentElement){if(e!==el&&e.id&&document.querySelectorAll("#"+esc(e.id)).length===1){steps.unshift("#"+esc(e.id));break}let step=e.localName,p=e.parentElement;if(p){let sameTag=Array.from(p.children).filter(c=>c.localName===e.localName);sameTag.length>1&&(step+=":nth-of-type("+(sameTag.indexOf(e)+1)+")")}steps.unshift(step)}let path=steps.join(" > ");return unique(path)?path:""}function frameSelector(el){let tag=el.localName;if(tag!=="iframe"&&tag!=="frame")return"";let doc=el.ownerDocument,quote3=v=>\'"\'+v.replace(/["\\\\]/g,"\\\\$&").replace(/\\n/g,"\\\\a ")+\'"\',alone=sel=>{try{let all=doc.querySelectorAll(sel);return all.length===1&&all[0]===el}catch{return!1}};for(let a of["name","title"]){let v=el.getAttribute(a),sel=tag+"["+a+"="+quote3(v??"")+"]";if(v&&v.length<=100&&alone(sel))return sel}if(el.id&&!looksGenerated(el.id)&&alone("#"+CSS.escape(el.id)))return"#"+CSS.escape(el.id);let src=el.getAttribute("src");if(src){let path="";try{path=new URL(src,doc.baseURI).pathname}catch{path=""}let sel=tag+"[src*="+quote3(path)+"]";if(path.length>1&&path.length<=200&&alone(sel))return sel}return cssPath(el)||durableSelector(el)}function durableTarget(el){let role=proposedRole(el),name=proposedName(el,role);return{target:roleCandidate(el)||durableSelector(el),role,name}}var durableMethods={durableTarget:el=>durableTarget(el),frameSelector:el=>frameSelector(el),documentOf:el=>el.ownerDocument};var NOT_TEXT2=["checkbox","radio","file","button","submit","reset","image","hidden"];function controlOf(target){let l=target;return target.tagName==="LABEL"&&l.control?l.control:target}var VALUE_FORMS={number:"a number such as 42 or -1.5",date:"yyyy-mm-dd, such as 2024-12-31",time:"hh:mm or hh:mm:ss, such as 09:30","datetime-local":"yyyy-mm-ddThh:mm, such as 2024-12-31T09:30",month:"yyyy-mm, such as 2024-12",week:"yyyy-Www, such as 2024-W52"};function heldAsGiven(f,value){if(f.type==="range"){if(value.trim()!==""&&Number(f.value)===Number(value))return"";let min=f.min||"0",max=f.max||"100",step=f.step&&f.step!=="any"?` in steps of ${f.step}`:"";return`a number from ${min} to ${max}${step}`}return f.type==="color"?f.value===value.trim().toLowerCase()?"":"a colour written #rrggbb, such as #1e90ff":""}function fill(target,value){let el=controlOf(target),tag=el.tagName,f=el;if(tag==="INPUT"&&NOT_TEXT2.includes(f.type))return"an input of type "+f.type+" cannot be filled";if(tag==="INPUT"||tag==="TEXTAREA"){if(f.disabled)return"the field is disabled";if(f.readOnly)return"the field is read-only";let before=f.value;f.focus();let proto=tag==="INPUT"?HTMLInputElement.prototype:HTMLTextAreaElement.prototype,setter=Object.getOwnPropertyDescriptor(proto,"value").set;setter.call(el,value);let filled=f.value,takes=tag==="INPUT"?heldAsGiven(f,value):"";if(takes!=="")return setter.call(el,before),`an input of type ${f.type} cannot hold ${JSON.stringify(value)} (it takes ${takes})`;if(filled===""&&value.trim()!==""){setter.call(el,before);let form=VALUE_FORMS[f.type];return`an input of type ${f.type} cannot hold ${JSON.stringify(value)}`+(form?` (it takes ${form})`:"")}el.dispatchEvent(new Event("input",{bubbles:!0,composed:!0})),el.dispatchEvent(new Event("change",{bubbles:!0}));let now=f.value;return now!==filled&&filled!==before&&(now===before||now==="")?`the page set the field back to ${JSON.stringify(now)}`:""}let h=el;if(h.isContentEditable){h.focus();let before=h.innerText,doc=el.ownerDocument,sel=doc.getSelection(),range=doc.createRange();range.selectNodeContents(el),sel.removeAllRanges(),sel.addRange(range),value===""?doc.execCommand("delete"):doc.execCommand("insertText",!1,value)||(el.textContent=value,el.dispatchEvent(new InputEvent("input",{bubbles:!0,composed:!0,data:value,inputType:"insertText"})));let now=h.innerText;return tidy(now)!==tidy(value)&&tidy(before)!==tidy(value)&&(now===before||tidy(now)==="")?`the page set the editable element back to ${JSON.stringify(tidy(now).slice(0,80))}`:""}return"a "+tag.toLowerCase()+" element cannot be filled (not an input, textarea or contenteditable)"}function optionList(opts){if(opts.length===0)return"the select has no options";let shown=opts.slice(0,20).map(o=>{let label=tidy(o.label);return o.value===label?JSON.stringify(label):`${JSON.stringify(label)} (${JSON.stringify(o.value)})`}),more=opts.length>shown.length?`, and ${opts.length-shown.length} more`:"";return`it has ${shown.join(", ")}${more}`}function select(target,values){let el=controlOf(target);if(el.tagName!=="SELECT"){let role=shortRole(el),how=role==="listbox"||role==="combobox"?`: it is a ${role} of ARIA options; click the option instead (click \'role=option[name=${JSON.stringify(values[0]??"")}]\')`:"";return{error:"a "+el.tagName.toLowerCase()+" element is not a select"+how}}if(el.disabled)return{error:"the select is disabled"};let opts=Array.from(el.options),picked=[];for(let v of values){let o=opts.find(x=>x.value===v);if(o||(o=opts.find(x=>tidy(x.label)===tidy(v)||tidy(x.text)===tidy(v))),!o)return{error:"no option has the value or label "+JSON.stringify(v)+": "+optionList(opts)};if(o.disabled)return{error:"the option "+JSON.stringify(v)+" is disabled"};picked.push(o)}if(!el.multiple&&picked.length>1)return{error:"the select takes one value, not "+picked.length};el.focus();for(let o of opts)o.selected=picked.includes(o);el.dispatchEvent(new Event("input",{bubbles:!0,composed:!0})),el.dispatchEvent(new Event("change",{bubbles:!0}));let lost=picked.filter(o=>!o.selected);if(lost.length>0){let now=Array.from(el.selectedOptions,o=>JSON.stringify(tidy(o.label))),asked=lost.map(o=>JSON.stringify(tidy(o.label)));return{error:`the page set the selection back: ${now.join(", ")||"nothing"} selected, not ${asked.join(", ")}`}}return{selected:Array.from(el.selectedOptions,o=>o.value)}}function focus(el){el.focus();let a=el.ownerDocument.activeElement;return a===el||el.contains(a)}function focusForTyping(target){let el=controlOf(target);if(el.ownerDocument.activeElement===el)return!0;if(el.focus(),(el.tagName==="INPUT"||el.tagName==="TEXTAREA")&&typeof el.value=="string")try{el.setSelectionRange(el.value.length,el.value.length)}catch{if(el.value!=="")return el.ownerDocument.activeElement===el?"end":!1}else if(el.isContentEditable){let sel=el.ownerDocument.getSelection(),range=el.ownerDocument.createRange();range.selectNodeContents(el),range.collapse(!1),sel?.removeAllRanges(),sel?.addRange(range)}return el.ownerDocument.activeElement===el||el.contains(el.ownerDocument.activeElement)}var typing,isTextField=el=>el.tagName==="INPUT"||el.tagName==="TEXTAREA",typedText=el=>isTextField(el)?el.value:el.textContent??"";function forgetTyping(){typing?.stop(),typing=void 0}function watchTyping(target){forgetTyping();let el=controlOf(target);if(!isTextField(el)){if(!el.isContentEditable)return;for(;el.parentElement?.isContentEditable;)el=el.parentElement}let field=el,t={field,before:typedText(field),inputs:0,stop:()=>field.removeEventListener("input",heard,!0)};function heard(){t.inputs++}field.addEventListener("input",heard,!0),typing=t}function typingOutcome(){let t=typing;if(typing=void 0,!t)return"";t.stop();let f=t.field;return t.inputs>0||typedText(f)!==t.before||!f.isConnected?"":isTextField(f)?f.readOnly?"the field is read-only":f.maxLength>=0&&f.value.length>=f.maxLength?`the field is full (it holds at most ${f.maxLength} characters)`:f.tagName==="INPUT"&&VALUE_FORMS[f.type]?`an input of type ${f.type} took none of the keys (it takes ${VALUE_FORMS[f.type]})`:"the page kept the keys from the field: it still shows "+JSON.stringify(f.value):"the page kept the keys from the editable element: its text is as it was"}var KEYLESS_INPUTS=new Set([...NOT_TEXT2,"range","color"]);function focusedElement(doc){let a=doc.activeElement;for(let depth=0;a&&depth<32;depth++){let inner=shadowOf(a)?.activeElement;if(inner){a=inner;continue}if(a.tagName==="IFRAME"||a.tagName==="FRAME"){let d=a.contentDocument;if(!d)return"unseen";a=d.activeElement;continue}if(a.tagName.includes("-")&&!a.shadowRoot)return"unseen";break}return a}function keyboardTarget(doc){forgetTyping();let a=focusedElement(doc);if(a==="unseen")return"";let own=a?.ownerDocument??doc;if(own.designMode==="on")return"";if(!a||a===own.body||a===own.documentElement)return own.body?.isContentEditable?"":"nothing on the page has focus";let what=`${shortRole(a)}${shortName(a)?" "+JSON.stringify(shortName(a)):""}`,field=a;return a.tagName==="INPUT"||a.tagName==="TEXTAREA"?a.tagName==="INPUT"&&KEYLESS_INPUTS.has(field.type)?`the focus is on ${what}, which takes no typed text`:field.readOnly||field.disabled?`the focus is on ${what}, which is read-only`:(watchTyping(a),""):a.isContentEditable?(watchTyping(a),""):a.tagName==="SELECT"||["textbox","searchbox","combobox","spinbutton"].includes(shortRole(a))?"":`the focus is on ${what}, which takes no typed text`}function named(target){let el=controlOf(target);return{role:shortRole(el),name:shortName(el)}}var formMethods={fill:(el,[value])=>fill(el,value)||named(el),select:(el,[values])=>{let r=select(el,values);return r.error?r:{...r,...named(el)}},focus:el=>focus(el),focusForTyping:el=>{let focused=focusForTyping(el);return focused?(watchTyping(el),focused==="end"?{...named(el),caret:"start"}:named(el)):!1},keyboardTarget:()=>keyboardTarget(document),typingOutcome:()=>typingOutcome()};var BAD_PARAM="\\0browserctl:bad-param",BadParam=class extends Error{};function badParam(message){return new BadParam(message)}function refusal(e){if(e instanceof BadParam)return{[BAD_PARAM]:e.message};throw e}function pageText(){let textOf2=(doc,depth)=>{let out=(doc.body||doc.documentElement)?.innerText??"";if(depth>8)return out;for(let f of doc.querySelectorAll("iframe, frame")){let d=null;try{d=f.contentDocument}catch{}if(!d||!f.getClientRects().length)continue;let t=textOf2(d,depth+1),title=f.title;t.trim()&&(out+=`\n\n[frame`+(title?" "+JSON.stringify(title):"")+`]\n`+t)}return out};return textOf2(document,0)}function documentPart(what){switch(what){case"title":return document.title;case"url":return location.href;case"text":return pageText();case"html":return document.documentElement.outerHTML}}function boxOf(el){let r=el.getBoundingClientRect();return{x:r.x,y:r.y,width:r.width,height:r.height}}function elementPart(el,what){switch(what){case"text":{let h=el;return typeof h.innerText=="string"?h.innerText:el.textContent??""}case"html":return el.outerHTML;case"box":return boxOf(el);case"value":{let l=el;if(el.tagName==="LABEL"&&l.control)return l.control.value;let v=el.value;return"value"in el&&typeof v=="string"?v:el.isContentEditable?el.innerText:{error:"it has no value (not a form field)"}}}}function elementText(el){return(el.innerText||el.textContent||"").slice(0,1e3)}function attribute(el,name){return{value:el.getAttribute(name)}}function computedStyle(el,name){if(!name.startsWith("--")&&!CSS.supports(name,"inherit"))throw badParam(`"name": ${JSON.stringify(name)} is not a CSS property this browser knows`);return{value:getComputedStyle(el).getPropertyValue(name).trim()}}function checkState(target){let l=target,el=target.tagName==="LABEL"&&l.control?l.control:target,i=el;if(el.tagName==="INPUT"&&(i.type==="checkbox"||i.type==="radio"))return{kind:i.type,checked:i.checked,disabled:i.disabled};let role=(el.getAttribute("role")||"").trim();return["checkbox","radio","switch","menuitemcheckbox","menuitemradio"].includes(role)?{kind:role,checked:el.getAttribute("aria-checked")==="true",disabled:el.getAttribute("aria-disabled")==="true"}:{error:"a "+el.tagName.toLowerCase()+(role?" with role "+role:"")+" element is not a checkbox or radio"}}function fileInputKind(el){return!(el instanceof HTMLInputElement)||el.type!=="file"?"not-file:"+(el.tagName||"").toLowerCase():el.disabled?"disabled":el.multiple?"multiple":"single"}function fileInputOf(el){let c=(el instanceof HTMLLabelElement?el:el.closest("label"))?.control;return c instanceof HTMLInputElement&&c.type==="file"?c:el}function inFrame(el){let w=el.ownerDocument.defaultView;return!!w&&w!==w.top}function descendantWithBox(el){for(let d of el.querySelectorAll("*")){let r=d.getBoundingClientRect();if(r.width>=1&&r.height>=1)return d}return null}function documentElementOf(el){return el.ownerDocument.documentElement}function documentOrigin(el){let r=el.ownerDocument.documentElement.getBoundingClientRect();return[r.left,r.top]}function documentIdentity(){return[location.href,String(performance.timeOrigin)]}function ownerShown(start){let el=start;for(let hops=0;el&&hops<16;hops++){let r=el.getBoundingClientRect();if(r.width<=0&&r.height<=0)return!1;let cs=el.ownerDocument.defaultView.getComputedStyle(el);if(cs.visibility==="hidden"||cs.display==="none")return!1;try{el=el.ownerDocument.defaultView.frameElement}catch{el=null}}return!0}var readMethods={documentPart:(_,[what])=>documentPart(what),elementPart:(el,[what])=>elementPart(el,what),elementText:el=>elementText(el),attribute:(el,[name])=>attribute(el,name),computedStyle:(el,[name])=>computedStyle(el,name),checkState:el=>checkState(el),box:el=>boxOf(el),fileInputKind:el=>fileInputKind(el),fileInputOf:el=>fileInputOf(el),inFrame:el=>inFrame(el),descendantWithBox:el=>descendantWithBox(el),documentElement:el=>documentElementOf(el),documentOrigin:el=>documentOrigin(el),documentIdentity:()=>documentIdentity(),ownerShown:el=>ownerShown(el)};var joined=joinTables(walkMethods,registryMethods,targetMethods,durableMethods,actionabilityMethods,readMethods,formMethods,waitMethods,pageMethods,storageMethods,personInputMethods,handoffMethods,approvalMethods,actionFactsMethods,vitalsMethods,actionMethods),methods={...joined,onTarget:(_,[key,name,args])=>onTarget(key,el=>methods[name](el,args))};var GLOBAL_KEY="__browserctlInjected",api=Object.freeze({v:"38bc767a5e1862c4",call(name,self,args,objects){if(!Object.prototype.hasOwnProperty.call(methods,name))throw new Error(`no in-page method ${name}`);let fn=methods[name];try{let out=fn(self,Array.isArray(args)?args:[],objects);return out instanceof Promise?out.catch(refusal):out}catch(e){return refusal(e)}}}),had=globalThis[GLOBAL_KEY];(!had||had.v!=="38bc767a5e1862c4")&&(Object.defineProperty(globalThis,GLOBAL_KEY,{value:api,configurable:!0,enumerable:!1,writable:!1}),startInputRecorder(),autoStartActions());})();';
var VERSION = "38bc767a5e1862c4";

// src/injected/refusal.ts
var BAD_PARAM = "\0browserctl:bad-param";

// src/background/pages/core/injected.ts
var NOT_INSTALLED = "\0browserctl:not-installed";
var CALL2 = `function (n, a, ...o) { const m = globalThis.__browserctlInjected; return m && m.v === ${JSON.stringify(VERSION)} ? m.call(n, this, a, o) : ${JSON.stringify(NOT_INSTALLED)}; }`;
var INSTALL_AND_CALL = `function (n, a, ...o) { (function () {
${SOURCE}
})(); return globalThis.__browserctlInjected.call(n, this, a, o); }`;
var INSTALL = `function () { (function () {
${SOURCE}
})(); return true; }`;
var WORLD_NAME = "browserctl:injected";
async function installOnNewDocuments(_tabId, send3) {
  await send3("Page.addScriptToEvaluateOnNewDocument", { source: SOURCE, worldName: WORLD_NAME, runImmediately: true });
}
var givenOnAttach = /* @__PURE__ */ new Set();
function installInNewFrame(tabId, params) {
  const info = params["targetInfo"];
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe") return;
  const key = `${tabId}:${child}`;
  givenOnAttach.add(key);
  sendToFrame(tabId, child, "Page.addScriptToEvaluateOnNewDocument", { source: SOURCE, worldName: WORLD_NAME, runImmediately: true }).catch(() => {
    givenOnAttach.delete(key);
  });
}
function forgetFrameSession(tabId, params) {
  givenOnAttach.delete(`${tabId}:${String(params["sessionId"] ?? "")}`);
}
var installed2 = /* @__PURE__ */ new Set();
var installing = /* @__PURE__ */ new Map();
var MAX_KNOWN = 4096;
onForget((tabId) => {
  for (const k of installed2) if (k.startsWith(`${tabId}:`)) installed2.delete(k);
  for (const k of givenOnAttach) if (k.startsWith(`${tabId}:`)) givenOnAttach.delete(k);
});
function sendTo(tabId, where, method, params, timeoutMs) {
  const target = "objectId" in where ? { objectId: where.objectId } : { executionContextId: where.contextId };
  const p = { ...target, ...params };
  return "session" in where ? sendIn(tabId, where.session, method, p, timeoutMs) : send(tabId, method, p, timeoutMs);
}
async function installInto(tabId, where, key, timeoutMs) {
  let install2 = installing.get(key);
  if (!install2) {
    install2 = sendTo(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: INSTALL, returnByValue: true }, timeoutMs);
    installing.set(key, install2);
    const done = () => {
      if (installing.get(key) === install2) installing.delete(key);
    };
    install2.then(done, done);
  }
  await install2.catch(() => {
  });
}
async function callInjected(tabId, where, name, args, opts = {}) {
  const params = {
    arguments: [{ value: name }, { value: args }, ...opts.objects ?? []],
    returnByValue: opts.returnByValue ?? true,
    awaitPromise: true,
    ...opts.objectGroup !== void 0 ? { objectGroup: opts.objectGroup } : {},
    ...opts.userGesture ? { userGesture: true } : {}
  };
  const key = "contextId" in where ? `${tabId}:${where.session ?? ""}:${where.contextId}` : void 0;
  const call = () => sendTo(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: CALL2, ...params }, opts.timeoutMs);
  const shouldHave = where.session === void 0 || givenOnAttach.has(`${tabId}:${where.session}`);
  let r;
  if (key === void 0 || installed2.has(key) || shouldHave || opts.install === false) {
    r = await call();
    if (opts.install === false && !r.exceptionDetails && r.result.value === NOT_INSTALLED) return { result: { type: "undefined" } };
  } else {
    await installInto(tabId, where, key, opts.timeoutMs);
    r = await call();
  }
  if (!r.exceptionDetails && r.result.value === NOT_INSTALLED) {
    r = await sendTo(tabId, where, "Runtime.callFunctionOn", { functionDeclaration: INSTALL_AND_CALL, ...params }, opts.timeoutMs);
  }
  if (key !== void 0 && where.session !== void 0 && !installed2.has(key) && !r.exceptionDetails) {
    if (installed2.size >= MAX_KNOWN) installed2.clear();
    installed2.add(key);
  }
  return r;
}
async function valueOf(tabId, where, name, args, fail, opts = {}) {
  const r = await callInjected(tabId, where, name, args, opts);
  if (r.exceptionDetails) throw fail(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception");
  const v = r.result.value;
  if (typeof v === "object" && v !== null && BAD_PARAM in v) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: ${String(v[BAD_PARAM])}`);
  }
  return v;
}

// src/injected/document/person-input.ts
var INPUT_BINDING = "__browserctlPersonInput";

// src/background/pages/core/world.ts
var worlds = /* @__PURE__ */ new Map();
onForget((tabId) => {
  worlds.delete(tabId);
  childWorlds.delete(tabId);
  mainFrames.delete(tabId);
  making.delete(tabId);
});
var mainFrames = /* @__PURE__ */ new Map();
var making = /* @__PURE__ */ new Map();
function mainFrameOf(tabId) {
  return mainFrames.get(tabId);
}
function mainFrameNavigated(tabId, p) {
  const frame = p["frame"];
  if (frame && !frame.parentId && typeof frame.id === "string") mainFrames.set(tabId, frame.id);
}
function worldAnnounced(tabId, p) {
  const c = p["context"];
  const frameId = c?.auxData?.frameId;
  if (!c || c.name !== WORLD_NAME || typeof c.id !== "number" || c.auxData?.isDefault || typeof frameId !== "string") return;
  const main = mainFrames.get(tabId);
  if (main === void 0) return;
  if (frameId === main) {
    worlds.set(tabId, { generation: generation(tabId), contextId: c.id, frameId: main });
    return;
  }
  let m = childWorlds.get(tabId);
  if (!m) childWorlds.set(tabId, m = /* @__PURE__ */ new Map());
  m.set(frameId, c.id);
}
var childWorlds = /* @__PURE__ */ new Map();
function announcedChildWorld(tabId, frameId) {
  return childWorlds.get(tabId)?.get(frameId);
}
function forgetChildWorld(tabId, frameId, contextId) {
  const m = childWorlds.get(tabId);
  if (m?.get(frameId) === contextId) m.delete(frameId);
}
function worldContextDestroyed(tabId, p) {
  const id = p["executionContextId"];
  if (worlds.get(tabId)?.contextId === id) dropContext(tabId);
  const m = childWorlds.get(tabId);
  if (m) {
    for (const [frameId, contextId] of m) if (contextId === id) m.delete(frameId);
  }
}
function worldContextsCleared(tabId) {
  if (worlds.has(tabId)) dropContext(tabId);
  childWorlds.delete(tabId);
}
async function isolatedContext(tabId) {
  await ensureAttached(tabId);
  const gen = generation(tabId);
  const w = worlds.get(tabId);
  if (w && w.generation === gen) return w.contextId;
  const m = making.get(tabId);
  if (m && m.generation === gen) return m.made;
  const made = makeWorld(tabId, gen);
  making.set(tabId, { generation: gen, made });
  try {
    return await made;
  } finally {
    if (making.get(tabId)?.made === made) making.delete(tabId);
  }
}
async function makeWorld(tabId, gen) {
  const make = async (frameId) => (await send(tabId, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME })).executionContextId;
  let contextId;
  const known = mainFrames.get(tabId);
  if (known) contextId = await unlessDialog(make(known), () => void 0);
  if (contextId === void 0) {
    const tree = await send(tabId, "Page.getFrameTree");
    mainFrames.set(tabId, tree.frameTree.frame.id);
    contextId = await make(tree.frameTree.frame.id);
  }
  if (!((worlds.get(tabId)?.generation ?? -1) > gen)) worlds.set(tabId, { generation: gen, contextId });
  return contextId;
}
function dropContext(tabId) {
  making.delete(tabId);
  const w = worlds.get(tabId);
  if (w) worlds.set(tabId, { generation: Number.NaN, contextId: 0, frameId: w.frameId });
}
async function callInWorld(tabId, name, args, opts = {}) {
  const call = async () => callInjected(tabId, { contextId: await isolatedContext(tabId) }, name, args, opts);
  return unlessDialog(call(), (e) => {
    if (!(e instanceof RpcError) || !/context/i.test(e.message)) throw e;
    dropContext(tabId);
    return call();
  });
}

// src/background/pages/core/person-input.ts
var REF_ACTIONS = /* @__PURE__ */ new Set([
  "pages.click",
  "pages.hover",
  "pages.fill",
  "pages.type",
  "pages.select",
  "pages.check",
  "pages.focus",
  "pages.drag",
  "pages.scrollIntoView"
]);
var SLACK_MS = 300;
var KEEP_WINDOWS = 1024;
var tabs2 = /* @__PURE__ */ new Map();
onForget((tabId) => tabs2.delete(tabId));
function stateOf(tabId) {
  let s = tabs2.get(tabId);
  if (!s) {
    s = { snapshotAt: 0, running: 0, runningSince: 0, windows: [] };
    tabs2.set(tabId, s);
  }
  return s;
}
function agentWindows(tabId) {
  return stateOf(tabId);
}
function agentCallStarted(tabId) {
  const s = stateOf(tabId);
  if (s.running++ === 0) s.runningSince = Date.now();
}
function agentCallEnded(tabId) {
  const s = stateOf(tabId);
  if (s.running === 0) return;
  if (--s.running === 0) {
    s.windows.push([s.runningSince, Date.now()]);
    while (s.windows.length > 0 && s.windows[0][1] + SLACK_MS < s.snapshotAt) s.windows.shift();
    if (s.windows.length > KEEP_WINDOWS) {
      const [a] = s.windows.shift();
      s.windows[0][0] = a;
    }
  }
}
function agentInputAt(tabId, t) {
  const s = tabs2.get(tabId);
  return !!s && byAgent(s, t);
}
function byAgent(s, t, slack = SLACK_MS) {
  if (s.running > 0 && t >= s.runningSince - slack) return true;
  return s.windows.some(([a, b]) => t >= a - slack && t <= b + slack);
}
function personInputs(s, events2) {
  const kinds = /* @__PURE__ */ new Set();
  for (const [t, type2] of events2) if (!byAgent(s, t)) kinds.add(type2 === "keydown" || type2 === "input" ? "typing" : "a click");
  return [...kinds];
}
var startedIn = /* @__PURE__ */ new Map();
onForget((tabId) => startedIn.delete(tabId));
function recorderStartedIn(tabId, contextId) {
  startedIn.set(tabId, contextId);
}
async function startRecorder(tabId) {
  try {
    const contextId = await isolatedContext(tabId);
    await callInjected(tabId, { contextId }, "startInputRecorder", []);
    return contextId;
  } catch {
    return void 0;
  }
}
async function snapshotTaken(tabId, started) {
  stateOf(tabId).snapshotAt = Date.now();
  try {
    const contextId = await isolatedContext(tabId);
    if (startedIn.get(tabId) === contextId) return;
    if (started && await started === contextId) return;
    await callInjected(tabId, { contextId }, "startInputRecorder", []);
  } catch {
    dropContext(tabId);
  }
}
async function checkPersonInput(tabId) {
  const s = tabs2.get(tabId);
  if (!s || s.snapshotAt === 0) return;
  let events2 = [];
  try {
    const contextId = await isolatedContext(tabId);
    const r = await callInjected(tabId, { contextId }, "inputSince", [s.snapshotAt]);
    if (Array.isArray(r.result?.value)) events2 = r.result.value;
  } catch {
    dropContext(tabId);
    return;
  }
  const kinds = personInputs(s, events2);
  if (kinds.length === 0) return;
  throw new RpcError(
    ErrorCode.pageRefNotFound,
    `the page changed: the person at the browser made ${kinds.join(" and ")} in this tab since your last snapshot; take a new snapshot before acting on its refs`
  );
}
async function addInputBinding(_tabId, send3) {
  await send3("Runtime.addBinding", { name: INPUT_BINDING, executionContextName: WORLD_NAME });
}
function inputBindingCall(p) {
  if (p["name"] !== INPUT_BINDING || typeof p["payload"] !== "string") return void 0;
  try {
    const v = JSON.parse(p["payload"]);
    if (Array.isArray(v) && typeof v[0] === "number" && (v[1] === "a click" || v[1] === "typing")) return [v[0], v[1]];
  } catch {
  }
  return void 0;
}

// src/background/event-stream.ts
var EVENTS_LIMIT = 2e3;
var MAX_WAIT_MS = 3e4;
var events = [];
var seq = 0;
var waiters = /* @__PURE__ */ new Set();
function emitEvent(type2, sessionId, more = {}) {
  if (!sessionId) return;
  const text2 = more.text !== void 0 && more.text.length > 500 ? more.text.slice(0, 500) + "…" : more.text;
  events.push({ seq: ++seq, time: Date.now(), type: type2, sessionId, ...more, ...text2 !== void 0 ? { text: text2 } : {} });
  if (events.length > EVENTS_LIMIT) events.splice(0, events.length - EVENTS_LIMIT);
  const woken = [...waiters];
  waiters.clear();
  for (const w of woken) w();
}
function since(sessionId, after) {
  return events.filter((e) => e.seq > after && (!sessionId || e.sessionId === sessionId));
}
async function pollEvents(p) {
  const after = optionalNumber(p, "after") ?? 0;
  const waitMs = optionalNumber(p, "waitMs") ?? 0;
  if (after < 0 || waitMs < 0 || waitMs > MAX_WAIT_MS) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "after" must be >= 0 and "waitMs" between 0 and ${MAX_WAIT_MS}`);
  }
  const sessionId = optionalString(p, "sessionId") ?? "";
  let got = since(sessionId, after);
  if (got.length === 0 && waitMs > 0) {
    await new Promise((resolve) => {
      const deadline = Date.now() + waitMs;
      const check3 = () => {
        got = since(sessionId, after);
        if (got.length > 0 || Date.now() >= deadline) {
          clearTimeout(timer);
          waiters.delete(check3);
          resolve();
        } else {
          waiters.add(check3);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check3);
        resolve();
      }, waitMs);
      waiters.add(check3);
    });
    got = since(sessionId, after);
  }
  return { events: got, next: got.length > 0 ? got[got.length - 1].seq : Math.max(after, 0) };
}

// src/background/pages/handoff.ts
var pending = /* @__PURE__ */ new Map();
var finished = new Wakeup();
function pendingHandoffs() {
  return [...pending.values()].map(({ tabId, message, title, since: since2 }) => ({ tabId, message, title, since: since2 }));
}
function finishHandoff(tabId) {
  const h = pending.get(tabId);
  if (!h) return false;
  h.done = true;
  finished.wake();
  return true;
}
var POLL_MS = 200;
var MARK = "⏸ needs you: ";
async function handoff(tabId, p) {
  const message = requireString(p, "message");
  if (message.trim() === "") throw new RpcError(ErrorCode.invalidParams, 'invalid params: "message" must not be empty');
  if (pending.has(tabId)) throw new RpcError(ErrorCode.operationFailed, `a handoff already waits on tab ${tabId}`);
  const budget = budgetOf(p);
  const start = Date.now();
  await ensureAttached(tabId);
  const tab = await chrome.tabs.get(tabId);
  await chrome.tabs.update(tabId, { active: true });
  if (tab.windowId !== void 0) await chrome.windows.update(tab.windowId, { focused: true }).catch(() => void 0);
  const restore2 = await markGroup(tab.groupId);
  const h = { tabId, message, title: tab.title ?? "", since: start, done: false };
  pending.set(tabId, h);
  try {
    while (!h.done && Date.now() - start < budget) {
      const pressed = await showAndRead(tabId, message).catch(() => false);
      if (pressed) h.done = true;
      if (h.done) break;
      if (!await chrome.tabs.get(tabId).catch(() => void 0)) break;
      await finished.next(POLL_MS);
    }
  } finally {
    pending.delete(tabId);
    await removeOverlay(tabId).catch(() => void 0);
    await restore2();
  }
  const now = await chrome.tabs.get(tabId).catch(() => void 0);
  if (h.done) emitEvent("handoff_done", typeof p.sessionId === "string" ? p.sessionId : "", { tabId, url: now?.url ?? tab.url ?? "" });
  return { done: h.done, url: now?.url ?? tab.url ?? "", title: now?.title ?? "", tabId, waitedMs: Date.now() - start };
}
async function markGroup(groupId, mark2 = MARK) {
  if (groupId === void 0 || groupId < 0) return async () => void 0;
  const g = await chrome.tabGroups.get(groupId).catch(() => void 0);
  if (!g) return async () => void 0;
  const title = g.title ?? "";
  const color = g.color;
  await chrome.tabGroups.update(groupId, { title: mark2 + title, color: "red", collapsed: false }).catch(() => void 0);
  return async () => {
    const now = await chrome.tabGroups.get(groupId).catch(() => void 0);
    if (!now) return;
    const t = (now.title ?? "").startsWith(mark2) ? (now.title ?? "").slice(mark2.length) : now.title ?? title;
    await chrome.tabGroups.update(groupId, { title: t, color }).catch(() => void 0);
  };
}
async function showAndRead(tabId, message) {
  let contextId;
  try {
    contextId = await isolatedContext(tabId);
  } catch {
    return false;
  }
  const r = await callInjected(tabId, { contextId }, "showHandoff", [message]).catch((e) => {
    dropContext(tabId);
    throw e;
  });
  return r.result?.value === "done";
}
async function removeOverlay(tabId) {
  const contextId = await isolatedContext(tabId);
  await callInjected(tabId, { contextId }, "removeHandoff", []);
}
var handoffHandlers = {
  "pages.handoff": handoff
};

// src/background/sessions/stop.ts
var STORAGE_KEY = "stoppedSessions";
var TIMES_KEY = "stoppedSessionTimes";
var stopped = /* @__PURE__ */ new Set();
var times = /* @__PURE__ */ new Map();
var loaded;
var inFlight = /* @__PURE__ */ new Map();
function load() {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return Promise.resolve();
  loaded ??= chrome.storage.session.get([STORAGE_KEY, TIMES_KEY]).then((v) => {
    const ids = v?.[STORAGE_KEY];
    if (Array.isArray(ids)) {
      for (const id of ids) if (typeof id === "string") stopped.add(id);
    }
    const t = v?.[TIMES_KEY];
    for (const [id, x] of Object.entries(t ?? {})) if (!times.has(id)) times.set(id, x);
  }).catch(() => void 0);
  return loaded;
}
async function persist() {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return;
  await chrome.storage.session.set({ [STORAGE_KEY]: [...stopped], [TIMES_KEY]: Object.fromEntries(times) });
}
async function stopTimes(sessionId) {
  await load();
  return times.get(sessionId) ?? {};
}
function stoppedError(sessionId) {
  return new RpcError(
    ErrorCode.operationFailed,
    `session ${sessionId} was stopped by the person at the browser: nothing runs in it until they press Resume in the extension's popup (or run \`browserctl session resume ${sessionId}\`)`,
    "stopped_by_person"
  );
}
async function isStopped(sessionId) {
  await load();
  return stopped.has(sessionId);
}
function stoppedNow(sessionId) {
  return stopped.has(sessionId);
}
var STILL_RUN = /* @__PURE__ */ new Set(["sessions.stop", "sessions.resume", "sessions.list", "network.fence", "logs.events"]);
async function runUnlessStopped(method, sessionId, call) {
  if (!sessionId || STILL_RUN.has(method)) return call();
  if (await isStopped(sessionId)) throw stoppedError(sessionId);
  let fail;
  const stoppedMidway = new Promise((_, reject) => {
    fail = reject;
  });
  let set = inFlight.get(sessionId);
  if (!set) inFlight.set(sessionId, set = /* @__PURE__ */ new Set());
  set.add(fail);
  try {
    return await Promise.race([call(), stoppedMidway]);
  } finally {
    set.delete(fail);
    if (set.size === 0) inFlight.delete(sessionId);
  }
}
async function stop(sessionId) {
  await load();
  stopped.add(sessionId);
  times.set(sessionId, { ...times.get(sessionId), stoppedAt: Date.now() });
  await persist();
  for (const fail of inFlight.get(sessionId) ?? []) fail(stoppedError(sessionId));
}
async function resume(sessionId) {
  await load();
  stopped.delete(sessionId);
  times.set(sessionId, { resumedAt: Date.now() });
  await persist();
}
async function forgetStopped(sessionId) {
  await load();
  const had = times.delete(sessionId);
  if (stopped.delete(sessionId) || had) await persist();
}

// src/background/person/approvals.ts
var pending2 = /* @__PURE__ */ new Map();
var answered = new Wakeup();
var POLL_MS2 = 150;
var MARK2 = "⏸ asks you: ";
var nextId = 1;
function pendingApprovals() {
  return [...pending2.values()].map(({ id, sessionId, tabId, text: text2, since: since2 }) => ({ id, sessionId, tabId, text: text2, since: since2 }));
}
function approvalPending(sessionId) {
  for (const a of pending2.values()) if (a.sessionId === sessionId) return true;
  return false;
}
function answerApproval(id, allow) {
  const a = pending2.get(id);
  if (!a || a.answer) return false;
  a.answer = allow ? "allow" : "deny";
  answered.wake();
  return true;
}
function badge() {
  if (typeof chrome === "undefined" || !chrome.action?.setBadgeText) return;
  const n = pending2.size;
  void chrome.action.setBadgeText({ text: n > 0 ? String(n) : "" }).catch(() => void 0);
  if (n > 0) void chrome.action.setBadgeBackgroundColor({ color: "#d93025" }).catch(() => void 0);
}
async function showAndRead2(tabId, id, text2) {
  let contextId;
  try {
    await ensureAttached(tabId);
    contextId = await isolatedContext(tabId);
  } catch {
    return void 0;
  }
  try {
    const r = await callInjected(tabId, { contextId }, "showApproval", [id, text2]);
    const v = r.result?.value;
    return v === "allow" || v === "deny" ? v : void 0;
  } catch {
    dropContext(tabId);
    return void 0;
  }
}
async function removeBar(tabId) {
  const contextId = await isolatedContext(tabId);
  await callInjected(tabId, { contextId }, "removeApproval", []);
}
async function askPerson(sessionId, tabId, text2, deadline) {
  const id = `a${nextId++}-${Date.now().toString(36)}`;
  const a = { id, sessionId, tabId, text: text2, since: Date.now() };
  const tab = await chrome.tabs.get(tabId).catch(() => void 0);
  pending2.set(id, a);
  badge();
  emitEvent("approval_asked", sessionId, { tabId, url: tab?.url ?? "", text: text2 });
  const restore2 = await markGroup(tab?.groupId, MARK2);
  agentCallStarted(tabId);
  let outcome = "timeout";
  try {
    while (Date.now() < deadline) {
      if (stoppedNow(sessionId)) {
        outcome = "stopped";
        break;
      }
      const inPage2 = await showAndRead2(tabId, id, text2);
      if (inPage2 && !a.answer) a.answer = inPage2;
      if (a.answer) {
        outcome = a.answer;
        break;
      }
      if (!await chrome.tabs.get(tabId).catch(() => void 0)) {
        outcome = "tab_closed";
        break;
      }
      await answered.next(Math.min(POLL_MS2, Math.max(0, deadline - Date.now())));
    }
  } finally {
    pending2.delete(id);
    badge();
    agentCallEnded(tabId);
    await removeBar(tabId).catch(() => void 0);
    await restore2();
  }
  const words = { allow: "allowed", deny: "denied", timeout: "no answer in time", stopped: "the session was stopped", tab_closed: "the tab was closed" };
  emitEvent("approval_answered", sessionId, { tabId, text: `${words[outcome]}: ${text2}` });
  switch (outcome) {
    case "allow":
      return;
    case "deny":
      throw new RpcError(ErrorCode.operationFailed, `the person at the browser denied it: ${text2}; nothing was done`, "denied");
    case "stopped":
      throw stoppedError(sessionId);
    case "tab_closed":
      throw new RpcError(ErrorCode.tabNotFound, `tab ${tabId} was closed while the person was asked: ${text2}; nothing was done`, "tab_closed");
    default:
      throw new RpcError(
        ErrorCode.operationFailed,
        `nobody answered in time: ${text2} (the session asks the person first: session policy --confirm); nothing was done`,
        "approval_timeout"
      );
  }
}

// src/background/person/call-context.ts
var contexts = /* @__PURE__ */ new WeakMap();
function clip(v, n) {
  return typeof v === "string" && v !== "" ? v.slice(0, n) : void 0;
}
function takeCaller(params) {
  if (!Object.hasOwn(params, "caller")) return void 0;
  const raw = params["caller"];
  delete params["caller"];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return void 0;
  const r = raw;
  const kind = clip(r["kind"], 40);
  if (!kind) return void 0;
  const c = { kind };
  const name = clip(r["name"], 100);
  if (name) c.name = name;
  if (typeof r["pid"] === "number" && Number.isSafeInteger(r["pid"]) && r["pid"] > 0) c.pid = r["pid"];
  if (typeof r["timeoutMs"] === "number" && Number.isFinite(r["timeoutMs"]) && r["timeoutMs"] > 0) c.timeoutMs = r["timeoutMs"];
  return c;
}
function beginCall(params, caller) {
  const ctx = { started: Date.now(), ...caller ? { caller } : {} };
  contexts.set(params, ctx);
  return ctx;
}
function contextOf(params) {
  return contexts.get(params);
}
function noteCallTab(params, tabId) {
  const ctx = contexts.get(params);
  if (ctx) ctx.tabId = tabId;
}
function callerText(c) {
  if (!c) return "a caller";
  return c.name ? `${c.kind} ${c.name}` : c.kind;
}

// src/background/pages/navigation/url-match.ts
function globToRegExp(glob) {
  let re = "^";
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        re += ".*";
        while (glob[i + 1] === "*") i++;
      } else {
        re += "[^/]*";
      }
    } else if (c === "{") {
      depth++;
      re += "(?:";
    } else if (c === "}" && depth > 0) {
      depth--;
      re += ")";
    } else if (c === "," && depth > 0) {
      re += "|";
    } else {
      re += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    }
  }
  while (depth-- > 0) re += ")";
  return new RegExp(re + "$");
}
function urlMatches(url, pattern) {
  if (url.includes(pattern)) return true;
  if (!/[*{]/.test(pattern)) return false;
  try {
    return globToRegExp(pattern).test(url);
  } catch {
    return false;
  }
}
var KEEP_SCHEMES = /^(about|data|file|javascript|blob|chrome|chrome-extension|view-source|mailto):/i;
function withScheme(raw) {
  const u = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u) || KEEP_SCHEMES.test(u)) return u;
  return "https://" + u;
}

// src/background/pages/snapshot/refs.ts
var byTab = /* @__PURE__ */ new Map();
var ACTION_GROUP = "browserctl-action";
var contextSessions = /* @__PURE__ */ new Map();
onForget((tabId) => {
  byTab.delete(tabId);
  contextSessions.delete(tabId);
});
function contextPrefix(objectId) {
  const i = objectId.lastIndexOf(".");
  return i > 0 ? objectId.slice(0, i) : objectId;
}
setSessionRoute((tabId, params) => {
  const id = params.objectId;
  if (typeof id !== "string") return void 0;
  return contextSessions.get(tabId)?.get(contextPrefix(id));
});
function objectSession(tabId, objectId) {
  return contextSessions.get(tabId)?.get(contextPrefix(objectId));
}
function rememberSession(tabId, objectId, session) {
  if (session === void 0) return;
  let m = contextSessions.get(tabId);
  if (!m) contextSessions.set(tabId, m = /* @__PURE__ */ new Map());
  m.set(contextPrefix(objectId), session);
}
function keepInSession(tabId, objectId, session) {
  rememberSession(tabId, objectId, session);
  if (session !== void 0) touched(tabId).add(session);
}
function touchSession(tabId, session) {
  if (session !== void 0) touched(tabId).add(session);
}
function refNotFound(ref) {
  return new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${ref} (take a new snapshot)`);
}
function tabRefs(tabId, gen) {
  let tr = byTab.get(tabId);
  if (!tr) {
    tr = { next: 1, generation: gen, entries: /* @__PURE__ */ new Map() };
    byTab.set(tabId, tr);
  } else if (tr.generation !== gen) {
    tr.generation = gen;
    tr.entries = /* @__PURE__ */ new Map();
  }
  return tr;
}
function nextRefNumber(tabId) {
  return byTab.get(tabId)?.next ?? 1;
}
function forgetRefs(tabId) {
  byTab.delete(tabId);
}
function refPlace(tabId, ref) {
  const tr = byTab.get(tabId);
  const entry = tr?.entries.get(ref);
  if (!tr || !entry || tr.generation !== generation(tabId)) throw refNotFound(ref);
  const t = entry.target;
  return t.session === void 0 ? { contextId: t.contextId, num: t.num } : { contextId: t.contextId, session: t.session, num: t.num };
}
async function resolveRef(tabId, ref) {
  const tr = byTab.get(tabId);
  const entry = tr?.entries.get(ref);
  if (!tr || !entry || tr.generation !== generation(tabId)) throw refNotFound(ref);
  const t = entry.target;
  const resolve = async () => {
    const r = await callInjected(tabId, { contextId: t.contextId, session: t.session }, "refElement", [t.num], {
      returnByValue: false,
      objectGroup: ACTION_GROUP
    });
    if (r.exceptionDetails || !r.result.objectId) throw refNotFound(ref);
    rememberSession(tabId, r.result.objectId, t.session);
    if (t.session !== void 0) touched(tabId).add(t.session);
    return r.result.objectId;
  };
  return unlessDialog(resolve(), (e) => {
    if (e instanceof RpcError && e.code === ErrorCode.pageRefNotFound) throw e;
    throw refNotFound(ref);
  });
}
var touchedSessions = /* @__PURE__ */ new Map();
function touched(tabId) {
  let s = touchedSessions.get(tabId);
  if (!s) touchedSessions.set(tabId, s = /* @__PURE__ */ new Set());
  return s;
}
function releaseActionObjects(tabId) {
  sendQuiet(tabId, "Runtime.releaseObjectGroup", { objectGroup: ACTION_GROUP });
  const sessions = touchedSessions.get(tabId);
  touchedSessions.delete(tabId);
  if (!sessions || !isAttached(tabId)) return;
  for (const s of sessions) {
    sendIn(tabId, s, "Runtime.releaseObjectGroup", { objectGroup: ACTION_GROUP }, 5e3).catch(() => {
    });
  }
}
function setTreeRefs(tabId, gen, entries2, nextMain) {
  const tr = tabRefs(tabId, gen);
  for (const e of entries2) tr.entries.set(e.ref, e);
  if (nextMain > tr.next) tr.next = nextMain;
}

// src/background/pages/snapshot/closed-roots.ts
var groups = 0;
var newGroup = () => `browserctl-hosts-${++groups}`;
async function withObject(tabId, session, contextId, name, body) {
  const group = newGroup();
  const run2 = async () => {
    const r = await callInjected(tabId, { contextId, session }, name, [], { returnByValue: false, objectGroup: group });
    const objectId = r.result.objectId;
    return objectId ? await body(objectId, group) : 0;
  };
  try {
    return await unlessDialog(run2(), () => 0);
  } finally {
    sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: group }).catch(() => {
    });
  }
}
async function resolveIn(tabId, session, contextId, group, backendNodeId) {
  const r = await sendIn(tabId, session, "DOM.resolveNode", {
    backendNodeId,
    executionContextId: contextId,
    objectGroup: group
  });
  return r.object.objectId;
}
var count = (r) => typeof r.result.value === "number" ? r.result.value : 0;
async function withClosedRoots(tabId, session, contextId, once) {
  let res = await once(CLOSED_WATCH);
  if (res.scan && res.closedNoted !== false && await scanClosedRoots(tabId, session, contextId) > 0) {
    res = await once(void 0);
  }
  for (let round5 = 0; round5 < 4 && res.hosts > 0; round5++) {
    if (await adoptClosedRoots(tabId, session, contextId) === 0) break;
    res = await once(void 0);
  }
  return res;
}
async function adoptClosedRoots(tabId, session, contextId) {
  return withObject(tabId, session, contextId, "pendingHosts", async (arrayId, group) => {
    const props = await sendIn(tabId, session, "Runtime.getProperties", { objectId: arrayId, ownProperties: true });
    const hosts = props.result.filter((p) => /^\d+$/.test(p.name)).sort((a, b) => Number(a.name) - Number(b.name));
    const roots = await Promise.all(
      hosts.map(async (h) => {
        const id = h.value?.objectId;
        if (!id) return void 0;
        const d = await sendIn(
          tabId,
          session,
          "DOM.describeNode",
          { objectId: id, depth: 1, pierce: true }
        );
        const closed = d.node.shadowRoots?.find((r) => r.shadowRootType === "closed");
        return closed ? resolveIn(tabId, session, contextId, group, closed.backendNodeId) : void 0;
      })
    );
    return count(
      await callInjected(tabId, { objectId: arrayId, session }, "adoptClosedRoots", [], {
        objects: roots.map((objectId) => objectId ? { objectId } : { value: null })
      })
    );
  });
}
async function scanClosedRoots(tabId, session, contextId) {
  return withObject(tabId, session, contextId, "documentNode", async (docId, group) => {
    const d = await sendIn(tabId, session, "DOM.describeNode", { objectId: docId, depth: -1, pierce: true });
    const pairs = [];
    const stack = [d.node];
    while (stack.length) {
      const n = stack.pop();
      for (const r of n.shadowRoots ?? []) {
        if (r.shadowRootType === "closed") pairs.push([n.backendNodeId, r.backendNodeId]);
        stack.push(r);
      }
      for (const c of n.children ?? []) stack.push(c);
    }
    const args = await Promise.all(
      pairs.flat().map(async (id) => {
        const objectId = await resolveIn(tabId, session, contextId, group, id);
        return objectId ? { objectId } : { value: null };
      })
    );
    return count(
      await callInjected(tabId, { objectId: docId, session }, "keepScannedRoots", [], { objects: args })
    );
  });
}
var RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
var CLOSED_EVENT = `browserctl-closed-${RUN}`;
var PROBE_EVENT = `browserctl-probe-${RUN}`;
var WATCH_KEY = `__browserctlClosedWatch_${RUN}`;
var MAIN_WORLD = `(() => {
  const proto = Element.prototype, orig = proto.attachShadow;
  if (typeof orig !== "function") return;
  const apply = Reflect.apply, dispatch = EventTarget.prototype.dispatchEvent, Ev = Event;
  const modeOf = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, "mode").get;
  const ownerOf = Object.getOwnPropertyDescriptor(Node.prototype, "ownerDocument").get;
  const doc = document, name = ${JSON.stringify(CLOSED_EVENT)};
  proto.attachShadow = new Proxy(orig, {
    apply(target, self, args) {
      const root = apply(target, self, args);
      try {
        if (apply(modeOf, root, []) === "closed") {
          apply(dispatch, doc, [new Ev(name)]);
          const own = apply(ownerOf, self, []);
          if (own && own !== doc) apply(dispatch, own, [new Ev(name)]);
        }
      } catch (e) {}
      return root;
    },
  });
})()`;
var WALK_WORLD = `(() => {
  const st = { closed: false, alive: false };
  Object.defineProperty(window, ${JSON.stringify(WATCH_KEY)}, { value: st });
  document.addEventListener(${JSON.stringify(CLOSED_EVENT)}, () => { st.closed = true; }, true);
  document.addEventListener(${JSON.stringify(PROBE_EVENT)}, () => { st.alive = true; }, true);
})()`;
var WATCH_SCRIPTS = [{ source: MAIN_WORLD }, { source: WALK_WORLD, worldName: WORLD_NAME }];
async function watchClosedRoots(_tabId, send3) {
  for (const sc of WATCH_SCRIPTS) await send3("Page.addScriptToEvaluateOnNewDocument", sc);
}
function watchClosedRootsInNewFrame(tabId, params) {
  const info = params["targetInfo"];
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe") return;
  for (const sc of WATCH_SCRIPTS) sendToFrame(tabId, child, "Page.addScriptToEvaluateOnNewDocument", sc).catch(() => void 0);
}
var CLOSED_WATCH = [WATCH_KEY, PROBE_EVENT];

// src/background/pages/core/frames.ts
var byTab2 = /* @__PURE__ */ new Map();
var attached = new Wakeup();
onForget((tabId) => {
  byTab2.delete(tabId);
});
var AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };
function frameSessionAttached(tabId, params, _method, sessionId) {
  const tf = byTab2.get(tabId);
  if (!tf) return;
  const info = params["targetInfo"];
  const child = String(params["sessionId"] ?? "");
  if (!child || info?.type !== "iframe" || !info.targetId) return;
  const cs = { sessionId: child, frameId: info.targetId, parent: sessionId, ready: Promise.resolve() };
  sendToFrame(tabId, child, "Page.enable").catch(() => void 0);
  cs.ready = sendToFrame(tabId, child, "Target.setAutoAttach", AUTO_ATTACH).then(
    () => void 0,
    () => void 0
  );
  tf.children.set(child, cs);
  attached.wake();
}
function frameSessionDetached(tabId, params) {
  byTab2.get(tabId)?.children.delete(String(params["sessionId"] ?? ""));
}
async function followFrames(tabId) {
  await startFollowing(tabId);
  const tf = byTab2.get(tabId);
  if (tf) await settled(tf);
}
function startFollowing(tabId) {
  let tf = byTab2.get(tabId);
  if (!tf) {
    const fresh2 = { started: Promise.resolve(), children: /* @__PURE__ */ new Map() };
    fresh2.started = sendIn(tabId, void 0, "Target.setAutoAttach", AUTO_ATTACH).then(
      () => void 0,
      (e) => {
        if (byTab2.get(tabId) === fresh2) byTab2.delete(tabId);
        throw e;
      }
    );
    byTab2.set(tabId, fresh2);
    tf = fresh2;
  }
  return tf.started;
}
async function settled(tf) {
  for (let i = 0; i < 8; i++) {
    const pending4 = [...tf.children.values()];
    await Promise.all(pending4.map((c) => c.ready));
    if (tf.children.size === pending4.length) return;
  }
}
function sessionOfFrame(tabId, frameId) {
  const tf = byTab2.get(tabId);
  if (!tf) return void 0;
  for (const c of tf.children.values()) if (c.frameId === frameId) return c.sessionId;
  return void 0;
}
async function sessionOfFrameSoon(tabId, frameId, ms) {
  let session;
  await attached.until(() => (session = sessionOfFrame(tabId, frameId)) !== void 0, ms);
  return session;
}
function childSessions(tabId) {
  const tf = byTab2.get(tabId);
  if (!tf) return [];
  return [...tf.children.values()].map((c) => ({ sessionId: c.sessionId, frameId: c.frameId, parent: c.parent }));
}
function frameHop(tabId, sessionId) {
  const cs = byTab2.get(tabId)?.children.get(sessionId);
  return cs ? { sessionId, frameId: cs.frameId, parent: cs.parent } : void 0;
}
function sessionChain(tabId, sessionId) {
  const out = [];
  for (let s = sessionId; s !== void 0 && out.length < 16; ) {
    const hop = frameHop(tabId, s);
    if (!hop) break;
    out.push(hop);
    s = hop.parent;
  }
  return out;
}
function parentFrame(node, frameId) {
  for (const c of node.childFrames ?? []) {
    if (c.frame.id === frameId) return node.frame.id;
    const found = parentFrame(c, frameId);
    if (found) return found;
  }
  return void 0;
}
async function frameOwnerElement(tabId, parent, frameId, group) {
  return (await frameOwner(tabId, parent, frameId, group)).objectId;
}
async function frameOwner(tabId, parent, frameId, group) {
  const [owner, tree] = await Promise.all([
    sendIn(tabId, parent, "DOM.getFrameOwner", { frameId }),
    sendIn(tabId, parent, "Page.getFrameTree")
  ]);
  const holder = parentFrame(tree.frameTree, frameId) ?? tree.frameTree.frame.id;
  const w = await sendIn(tabId, parent, "Page.createIsolatedWorld", { frameId: holder, worldName: WORLD_NAME });
  const node = await sendIn(tabId, parent, "DOM.resolveNode", {
    backendNodeId: owner.backendNodeId,
    executionContextId: w.executionContextId,
    objectGroup: group
  });
  return { objectId: node.object.objectId, holder, tree: tree.frameTree };
}

// src/background/pages/snapshot/ref-counters.ts
var STORAGE_KEY2 = "browserctl.refCounters";
var loaded2;
var current = {};
function load2() {
  if (!loaded2) {
    loaded2 = chrome.storage.session.get(STORAGE_KEY2).then(
      (got) => {
        const v = got[STORAGE_KEY2];
        current = v && typeof v === "object" ? { ...v, ...current } : current;
        return current;
      },
      () => current
      // no storage: counters live as long as the worker
    );
    chrome.tabs.onRemoved.addListener((tabId) => {
      if (!(String(tabId) in current)) return;
      delete current[String(tabId)];
      void chrome.storage.session.set({ [STORAGE_KEY2]: current }).catch(() => {
      });
    });
  }
  return loaded2;
}
async function savedCounters(tabId) {
  const all2 = await load2();
  return all2[String(tabId)] ?? { next: 1, nextKey: 1 };
}
function saveCounters(tabId, c) {
  const prev = current[String(tabId)];
  if (prev && prev.next >= c.next && prev.nextKey >= c.nextKey) return;
  current[String(tabId)] = { next: Math.max(c.next, prev?.next ?? 1), nextKey: Math.max(c.nextKey, prev?.nextKey ?? 1) };
  void chrome.storage.session.set({ [STORAGE_KEY2]: current }).catch(() => {
  });
}

// src/background/pages/core/page-requests.ts
var ACTIONS = /* @__PURE__ */ new Set([
  ...REF_ACTIONS,
  "pages.dialog",
  "pages.eval",
  "pages.keyboardType",
  "pages.mouse",
  "pages.press",
  "pages.scroll",
  "pages.upload"
]);
var READS = /* @__PURE__ */ new Set(["pages.snapshot", "pages.find"]);
var tabs3 = /* @__PURE__ */ new Map();
var MAX_IN_FLIGHT = 256;
var requestsChanged = new Wakeup();
onForget((tabId) => tabs3.delete(tabId));
function stateOf2(tabId) {
  let t = tabs3.get(tabId);
  if (!t) tabs3.set(tabId, t = { inFlight: /* @__PURE__ */ new Map() });
  return t;
}
function pageCallStarted(tabId, method) {
  if (READS.has(method)) return;
  stateOf2(tabId).actionAt = ACTIONS.has(method) ? Date.now() : void 0;
}
function pageRequestEvent(tabId, p, method) {
  const id = typeof p["requestId"] === "string" ? p["requestId"] : "";
  if (!id) return;
  if (method === "Network.requestWillBeSent") {
    if (p["type"] !== "XHR" && p["type"] !== "Fetch") return;
    const t = stateOf2(tabId);
    if (!t.inFlight.has(id)) t.inFlight.set(id, Date.now());
    if (t.inFlight.size > MAX_IN_FLIGHT) t.inFlight.delete(t.inFlight.keys().next().value);
  } else {
    if (!tabs3.get(tabId)?.inFlight.delete(id)) return;
  }
  requestsChanged.wake();
}
function lastActionAt(tabId) {
  return tabs3.get(tabId)?.actionAt;
}
function requestsInFlightSince(tabId, since2) {
  let n = 0;
  for (const at of tabs3.get(tabId)?.inFlight.values() ?? []) if (at >= since2) n++;
  return n;
}

// src/background/pages/snapshot/settle.ts
var REQUEST_GRACE_MS = 2e3;
var LOAD_GRACE_MS = 3e4;
var tabs4 = /* @__PURE__ */ new Map();
var changed = new Wakeup();
function busyOf(tabId) {
  let b = tabs4.get(tabId);
  if (!b) {
    b = { frames: /* @__PURE__ */ new Map() };
    tabs4.set(tabId, b);
  }
  return b;
}
onForget((tabId) => tabs4.delete(tabId));
function frameLoadEvent(tabId, params, method) {
  const frameId = typeof params["frameId"] === "string" ? params["frameId"] : "";
  if (!frameId) return;
  switch (method) {
    case "Page.frameRequestedNavigation":
      if (!busyOf(tabId).frames.get(frameId)?.loading) busyOf(tabId).frames.set(frameId, { since: Date.now(), loading: false });
      break;
    case "Page.frameStartedLoading":
      busyOf(tabId).frames.set(frameId, { since: Date.now(), loading: true });
      break;
    case "Page.frameStoppedLoading":
    case "Page.frameDetached":
      tabs4.get(tabId)?.frames.delete(frameId);
      break;
  }
  changed.wake();
}
function busyFrames(tabId, now = Date.now()) {
  const b = tabs4.get(tabId);
  if (!b) return 0;
  for (const [id, f] of b.frames) if (now - f.since > (f.loading ? LOAD_GRACE_MS : REQUEST_GRACE_MS)) b.frames.delete(id);
  return b.frames.size;
}
var REQUESTS_WAIT_MS = 1e3;
async function settle(tabId, ms) {
  const start = Date.now();
  const deadline = start + ms;
  while (busyFrames(tabId) > 0 && Date.now() < deadline) {
    await changed.next(Math.min(deadline, nextGraceEnd(tabId)) - Date.now());
  }
  const since2 = lastActionAt(tabId);
  if (since2 !== void 0) {
    await callInWorld(tabId, "readyState", []).catch(() => void 0);
    const end2 = Math.min(deadline, Date.now() + REQUESTS_WAIT_MS);
    while (requestsInFlightSince(tabId, since2) > 0 && Date.now() < end2) await requestsChanged.next(end2 - Date.now());
  }
  return Date.now() - start;
}
function nextGraceEnd(tabId) {
  let end2 = Infinity;
  for (const f of tabs4.get(tabId)?.frames.values() ?? []) end2 = Math.min(end2, f.since + (f.loading ? LOAD_GRACE_MS : REQUEST_GRACE_MS) + 1);
  return end2;
}

// src/background/pages/snapshot/snapshot-size.ts
var FRAME_MARK_RE = /^(\s*)\u0000F(\d+)$/;
var REF_IN_LINE = /\[ref=([^\]]+)\]/;
function fitToChars(lines, max, keep2 = 2, offset = 0) {
  const total = lines.reduce((n2, l) => n2 + l.length + 1, 0) - 1;
  if (total <= max) return { lines: [...lines], dropped: 0 };
  const note = (dropped, refs, next) => `# ${dropped} more lines and ${refs} refs not shown: --offset ${next} for the rest (or -s REF|SELECTOR, --viewport)`;
  const refsFrom = new Array(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--) refsFrom[i] = refsFrom[i + 1] + (REF_IN_LINE.test(lines[i]) ? 1 : 0);
  const nextOf = (n2) => offset + Math.max(0, n2 - keep2);
  let used = 0;
  let n = 0;
  for (; n < lines.length; n++) {
    const add2 = lines[n].length + 1;
    const tail = note(lines.length - n - 1, refsFrom[n + 1], nextOf(n + 1)).length;
    if (n >= keep2 && used + add2 + tail > max) break;
    used += add2;
  }
  const out = lines.slice(0, n);
  out.push(note(lines.length - n, refsFrom[n], nextOf(n)));
  return { lines: out, dropped: lines.length - n };
}
function fromOffset(body, offset) {
  if (offset <= 0) return [...body];
  if (offset >= body.length) return [`# offset ${offset} is past the end: the snapshot has ${body.length} lines`];
  return body.slice(offset);
}
function editScript(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const A = a.slice(start, endA);
  const B = b.slice(start, endB);
  const N = A.length;
  const M = B.length;
  const ops = [];
  for (let i = 0; i < start; i++) ops.push({ kind: "same", line: a[i] });
  const max = N + M;
  const maxD = Math.max(64, Math.floor(4e6 / (2 * max + 2)));
  const v = new Int32Array(2 * max + 2);
  const trace = [];
  let found = max === 0;
  for (let d = 0; d <= max && !found; d++) {
    if (d > maxD) return [...ops, ...multisetScript(A, B), ...a.slice(endA).map((line) => ({ kind: "same", line }))];
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x2;
      if (k === -d || k !== d && v[max + k - 1] < v[max + k + 1]) x2 = v[max + k + 1];
      else x2 = v[max + k - 1] + 1;
      let y2 = x2 - k;
      while (x2 < N && y2 < M && A[x2] === B[y2]) {
        x2++;
        y2++;
      }
      v[max + k] = x2;
      if (x2 >= N && y2 >= M) {
        found = true;
        break;
      }
    }
  }
  const mid = [];
  let x = N;
  let y = M;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d];
    const k = x - y;
    let prevK;
    if (k === -d || k !== d && vd[max + k - 1] < vd[max + k + 1]) prevK = k + 1;
    else prevK = k - 1;
    const prevX = vd[max + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      mid.push({ kind: "same", line: A[x - 1] });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) mid.push({ kind: "add", line: B[y - 1] });
      else mid.push({ kind: "del", line: A[x - 1] });
    }
    x = prevX;
    y = prevY;
  }
  mid.reverse();
  ops.push(...mid);
  for (let i = endA; i < a.length; i++) ops.push({ kind: "same", line: a[i] });
  return ops;
}
function multisetScript(A, B) {
  const count3 = /* @__PURE__ */ new Map();
  for (const l of A) count3.set(l, (count3.get(l) ?? 0) + 1);
  const ops = [];
  for (const l of B) {
    const c = count3.get(l) ?? 0;
    if (c > 0) count3.set(l, c - 1);
    else ops.push({ kind: "add", line: l });
  }
  for (const l of A) {
    const c = count3.get(l) ?? 0;
    if (c > 0) {
      count3.set(l, c - 1);
      ops.push({ kind: "del", line: l });
    }
  }
  return ops;
}
function diffLines(prev, cur) {
  const ops = editScript(prev, cur);
  const removedByRef = /* @__PURE__ */ new Map();
  const addedRefs = /* @__PURE__ */ new Set();
  ops.forEach((op, i) => {
    const r = REF_IN_LINE.exec(op.line)?.[1];
    if (!r) return;
    if (op.kind === "del") removedByRef.set(r, i);
    if (op.kind === "add") addedRefs.add(r);
  });
  const out = [];
  for (const op of ops) {
    if (op.kind === "same") continue;
    const r = REF_IN_LINE.exec(op.line)?.[1];
    const changed3 = r !== void 0 && removedByRef.has(r) && addedRefs.has(r);
    if (op.kind === "del") {
      if (!changed3) out.push(`- ${op.line}`);
    } else {
      out.push(`${changed3 ? "~" : "+"} ${op.line}`);
    }
  }
  return out;
}

// src/background/pages/snapshot/snapshot.ts
var MAX_NAME = 100;
var SNAPSHOT_BUDGET_MS = 3e3;
var MAX_WALK_LINES = 2e4;
var MAX_SCAN_ELEMENTS = 2e4;
var OWNER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
var tabs5 = /* @__PURE__ */ new Map();
onForget((tabId) => {
  tabs5.delete(tabId);
});
function tabState(tabId) {
  let st = tabs5.get(tabId);
  if (!st) tabs5.set(tabId, st = { worlds: /* @__PURE__ */ new Map(), nextKey: 1, owners: /* @__PURE__ */ new Map(), previous: /* @__PURE__ */ new Map() });
  return st;
}
function snapshotFailed(msg) {
  return failed(`snapshot: ${msg}`);
}
function contextGone(e) {
  return e instanceof RpcError && /context|frame|session|target/i.test(e.message);
}
async function childWorld(tabId, st, f) {
  const w = st.worlds.get(f.frameId);
  if (w && w.session === f.session) return w;
  const announced = f.session === void 0 ? announcedChildWorld(tabId, f.frameId) : void 0;
  const contextId = announced ?? (await sendIn(tabId, f.session, "Page.createIsolatedWorld", {
    frameId: f.frameId,
    worldName: WORLD_NAME
  })).executionContextId;
  const fresh2 = { session: f.session, contextId, key: st.nextKey++ };
  st.worlds.set(f.frameId, fresh2);
  return fresh2;
}
function runWalk(tabId, w, o) {
  return withClosedRoots(tabId, w.session, w.contextId, (closedWatch) => walkOnce(tabId, w, { ...o, closedWatch }));
}
async function walkOnce(tabId, w, o) {
  const r = await callInjected(tabId, { contextId: w.contextId, session: w.session }, "walk", [o]);
  if (r.exceptionDetails || typeof r.result.value !== "string") {
    const d = r.exceptionDetails;
    throw snapshotFailed(d ? d.exception?.description ?? d.text ?? "exception" : "the page walk returned nothing");
  }
  return JSON.parse(r.result.value);
}
async function walkMain(tabId, o) {
  const attempt = async () => {
    const world = { contextId: await isolatedContext(tabId), key: 0 };
    const res = await runWalk(tabId, world, { ...o, recordInput: true });
    recorderStartedIn(tabId, world.contextId);
    return { world, res };
  };
  return unlessDialog(attempt(), (e) => {
    if (!contextGone(e)) throw e;
    dropContext(tabId);
    return attempt();
  });
}
var FRAME_ATTACH_WAIT_MS = 2e3;
async function walkChild(tabId, st, f, o) {
  const attempt = async () => {
    const world = await childWorld(tabId, st, f);
    return { world, res: await runWalk(tabId, world, { ...o, prefix: `f${world.key}e`, next: 1 }) };
  };
  return unlessDialog(attempt(), () => {
    const gone = st.worlds.get(f.frameId);
    if (gone) forgetChildWorld(tabId, f.frameId, gone.contextId);
    st.worlds.delete(f.frameId);
    return unlessDialog(attempt(), () => void 0);
  });
}
var frameGroups = 0;
async function iframeFrameId(tabId, st, w, num2) {
  const k = `${w.key}:${w.contextId}:${num2}`;
  const known = st.owners.get(k);
  if (known) return known;
  const group = `browserctl-frames-${++frameGroups}`;
  const lookUp = async () => {
    const r = await callInjected(tabId, { contextId: w.contextId, session: w.session }, "refElement", [num2], {
      returnByValue: false,
      objectGroup: group
    });
    if (!r.result.objectId) return void 0;
    const d = await sendIn(
      tabId,
      w.session,
      "DOM.describeNode",
      { objectId: r.result.objectId }
    );
    const id = d.node.frameId ?? d.node.contentDocument?.frameId;
    if (id) st.owners.set(k, id);
    return id;
  };
  try {
    return await unlessDialog(lookUp(), () => void 0);
  } finally {
    sendIn(tabId, w.session, "Runtime.releaseObjectGroup", { objectGroup: group }).catch(() => {
    });
  }
}
var REF_RE = /^(?:f(\d+))?e(\d+)$/;
var SETTLE_MAX_MS = 1e4;
function optionsKey(o, root) {
  return JSON.stringify([o.mode, o.compact, o.depth, root, o.viewport]);
}
async function snapshot(tabId, p) {
  const interactive = optionalBool(p, "interactive") ?? false;
  const compact = optionalBool(p, "compact") ?? false;
  const depth = optionalInt(p, "depth", 0);
  const selector = optionalString(p, "selector") ?? "";
  const viewport2 = optionalBool(p, "viewport") ?? false;
  const maxChars = optionalInt(p, "maxChars", 200);
  const offset = optionalInt(p, "offset", 0) ?? 0;
  const diff = optionalBool(p, "diff") ?? false;
  const settleFirst = optionalBool(p, "settle") ?? false;
  await ensureAttached(tabId);
  if (settleFirst) await settle(tabId, Math.min(budgetOf(p) / 2, SETTLE_MAX_MS));
  const gen = generation(tabId);
  const st = tabState(tabId);
  const saved = await savedCounters(tabId);
  if (saved.nextKey > st.nextKey) st.nextKey = saved.nextKey;
  const base = {
    mode: interactive ? "interactive" : "full",
    compact,
    depth: depth ?? -1,
    maxName: MAX_NAME,
    next: Math.max(nextRefNumber(tabId), saved.next),
    owner: OWNER,
    prefix: "e",
    root: 0,
    selector: "",
    viewport: viewport2,
    // Within the caller's --timeout too, with time left to answer.
    deadline: Date.now() + Math.max(200, Math.min(SNAPSHOT_BUDGET_MS, budgetOf(p) - 1e3)),
    maxLines: MAX_WALK_LINES,
    maxScanElements: MAX_SCAN_ELEMENTS
  };
  const { main, top } = await topWalk(tabId, st, base, selector);
  const { out, entries: entries2, cut } = await spliceFrames(tabId, st, base, top);
  const url = main?.res.url ?? top.res.url;
  const title = main?.res.title ?? top.res.title;
  recordRefs(tabId, gen, st, entries2, main);
  return sized(st, base, selector, out, entries2, cut, { url, title, tabId, diff, offset, maxChars });
}
async function topWalk(tabId, st, base, selector) {
  const m = REF_RE.exec(selector);
  const rootKey = m ? Number(m[1] ?? 0) : 0;
  const rootNum = m ? Number(m[2]) : 0;
  let rootFrame;
  if (m && rootKey) {
    for (const [frameId, w] of st.worlds) if (w.key === rootKey) rootFrame = { frameId, session: w.session };
    if (!rootFrame) throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
  }
  const [main] = await Promise.all([
    rootFrame ? Promise.resolve(void 0) : walkMain(tabId, { ...base, root: m ? rootNum : 0, selector: m ? "" : selector }),
    unlessDialog(followFrames(tabId), () => void 0)
  ]);
  let top = main ?? (rootFrame ? await walkChild(tabId, st, rootFrame, { ...base, root: rootNum }) : void 0);
  if (!m && selector && main?.res.error?.startsWith(NO_MATCH)) {
    top = await selectorInFrames(tabId, st, base, selector) ?? main;
  }
  if (!top || m && top.res.error || rootFrame && top.world.key !== rootKey) {
    throw new RpcError(ErrorCode.pageRefNotFound, `page ref not found: ${selector} (take a new snapshot)`);
  }
  if (top.res.error) throw snapshotFailed(top.res.error);
  return { main, top };
}
async function spliceFrames(tabId, st, base, top) {
  const interactive = base.mode === "interactive";
  const entries2 = [];
  let cut;
  const build = async (w, indent, depthLeft) => {
    cut ??= w.res.cut;
    const prefix = w.world.key ? `f${w.world.key}e` : "e";
    for (const [num2, role, name] of w.res.refs) {
      entries2.push({
        ref: prefix + num2,
        role,
        name,
        target: { kind: "tree", session: w.world.session, contextId: w.world.contextId, num: num2, main: w.world.key === 0 }
      });
    }
    const marks = [];
    w.res.lines.forEach((l, at) => {
      const mm = FRAME_MARK_RE.exec(l);
      if (mm) marks.push({ at, num: Number(mm[2]), indent: mm[1] });
    });
    const parts = await Promise.all(
      marks.map(async (mk) => {
        if (depthLeft <= 0) return [];
        if (!interactive && base.depth >= 0 && (indent.length + mk.indent.length) / 2 > base.depth) return [];
        const frameId = await iframeFrameId(tabId, st, w.world, mk.num);
        if (!frameId) return [];
        const level = (indent.length + mk.indent.length) / 2;
        if (!interactive && base.depth >= 0 && level > base.depth) return [];
        const o = interactive || base.depth < 0 ? base : { ...base, depth: base.depth - level };
        const child = await walkFrame(tabId, st, w, frameId, o);
        if (!child) return [];
        return build(child, indent + mk.indent, depthLeft - 1);
      })
    );
    const out2 = [];
    let next = 0;
    w.res.lines.forEach((l, at) => {
      const mk = marks[next];
      if (!mk || mk.at !== at) {
        out2.push(indent + l);
        return;
      }
      const lines = parts[next++];
      if (lines.length === 0 && interactive) dropEmptyFrame(out2);
      out2.push(...lines);
    });
    return out2;
  };
  const out = await build(top, "", 16);
  return { out, entries: entries2, cut };
}
async function walkFrame(tabId, st, w, frameId, o) {
  const own = sessionOfFrame(tabId, frameId);
  let child = await walkChild(tabId, st, { frameId, session: own ?? w.world.session }, o);
  if ((!child || child.res.error) && own === void 0) {
    const later = await sessionOfFrameSoon(tabId, frameId, FRAME_ATTACH_WAIT_MS);
    if (later) child = await walkChild(tabId, st, { frameId, session: later }, o);
  }
  if (!child || child.res.error) return void 0;
  return child;
}
function recordRefs(tabId, gen, st, entries2, main) {
  let nextMain = 0;
  for (const e of entries2) {
    const mm = REF_RE.exec(e.ref);
    if (mm && !mm[1]) nextMain = Math.max(nextMain, Number(mm[2]) + 1);
  }
  setTreeRefs(tabId, gen, entries2, Math.max(nextMain, main?.res.next ?? 0));
  saveCounters(tabId, { next: nextRefNumber(tabId), nextKey: st.nextKey });
}
function sized(st, base, selector, out, entries2, cut, z) {
  const { url, title, tabId, diff, offset, maxChars } = z;
  const printed = new Set(out.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
  const inText = entries2.filter((e) => printed.has(`[ref=${e.ref}]`));
  const key = optionsKey(base, selector);
  const prev = st.previous.get(key);
  st.previous.set(key, out);
  const header2 = [`title: ${title.replace(/\s+/g, " ").trim()}`, `url: ${url}`];
  let body = out;
  let shown3 = inText;
  if (diff) {
    body = prev ? diffLines(prev, out) : out;
    if (prev && body.length === 0) body = ["(nothing changed since the previous snapshot)"];
    const refsIn = new Set(body.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
    shown3 = inText.filter((e) => refsIn.has(`[ref=${e.ref}]`));
  }
  if (offset > 0) body = fromOffset(body, offset);
  if (cut) body = [...body, cutNote(cut)];
  let lines = [...header2, ...body];
  if (offset > 0 || maxChars !== void 0) {
    const fit = maxChars !== void 0 ? fitToChars(lines, maxChars, 2, offset) : { lines, dropped: 0 };
    if (fit.dropped > 0 || offset > 0) {
      lines = fit.lines;
      const refsIn = new Set(lines.join("\n").match(/\[ref=[^\]]+\]/g) ?? []);
      shown3 = shown3.filter((e) => refsIn.has(`[ref=${e.ref}]`));
    }
  }
  const refs = {};
  for (const e of shown3) refs[e.ref] = { ref: e.ref, role: e.role, name: e.name };
  const result3 = { snapshot: lines.join("\n"), refs, url, title, tabId };
  if (cut) result3.cut = true;
  return result3;
}
function cutNote(why2) {
  const what = why2 === "time" ? `it took longer than ${SNAPSHOT_BUDGET_MS / 1e3} s` : `it passed ${MAX_WALK_LINES} lines`;
  return `(cut: the page is too large, ${what}; above is its first part: narrow it with -s REF, --viewport or -d N)`;
}
var NO_MATCH = "no element matches the selector";
async function selectorInFrames(tabId, st, base, selector) {
  const look = { ...base, mode: "interactive", depth: -1, viewport: false };
  const search = async (w, depthLeft) => {
    for (const l of w.res.lines) {
      const mk = FRAME_MARK_RE.exec(l);
      if (!mk) continue;
      const frameId = await iframeFrameId(tabId, st, w.world, Number(mk[2]));
      if (!frameId) continue;
      const f = { frameId, session: sessionOfFrame(tabId, frameId) ?? w.world.session };
      const hit = await walkChild(tabId, st, f, { ...base, selector });
      if (!hit) continue;
      if (!hit.res.error) return hit;
      if (depthLeft <= 0 || !hit.res.error.startsWith(NO_MATCH)) continue;
      const inner = await walkChild(tabId, st, f, look);
      if (!inner || inner.res.error) continue;
      const found = await search(inner, depthLeft - 1);
      if (found) return found;
    }
    return void 0;
  };
  const main = await walkMain(tabId, look);
  if (main.res.error) return void 0;
  return search(main, 16);
}
function dropEmptyFrame(out) {
  const last = out[out.length - 1];
  if (last !== void 0 && /^\s*- iframe\b/.test(last)) out.pop();
}
var snapshotHandlers = {
  "pages.snapshot": snapshot
};

// src/background/pages/targets/role-target.ts
var ROLE_WAIT_MS = 5e3;
var ROLE_POLL_MS = 100;
var ROLE_FORM = /^role=([A-Za-z][\w-]*)(?:\[name=("(?:[^"\\]|\\.)*")\])?$/;
function isRoleTarget(selector) {
  return selector.startsWith("role=");
}
function parseRoleTarget(selector) {
  const m = ROLE_FORM.exec(selector.trim());
  if (!m) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: ${JSON.stringify(selector)} is not a role target (role=ROLE or role=ROLE[name="NAME"])`
    );
  }
  const role = m[1];
  if (m[2] === void 0) return { role };
  let name;
  try {
    name = JSON.parse(m[2]);
  } catch {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: the name in ${JSON.stringify(selector)} is not a JSON string`);
  }
  return { role, name };
}
function roleQuery(t, closedWatch) {
  return { role: t.role, owner: OWNER, maxScanElements: MAX_SCAN_ELEMENTS, closedWatch, ...t.name !== void 0 ? { name: t.name } : {} };
}
async function roleElement(tabId, place, t) {
  let first;
  await withClosedRoots(tabId, place.session, place.contextId, async (closedWatch) => {
    const r = await callInjected(tabId, place, "roleTarget", [roleQuery(t, closedWatch)], {
      returnByValue: false,
      objectGroup: ACTION_GROUP
    });
    if (r.exceptionDetails || !r.result.objectId) {
      const d = r.exceptionDetails;
      throw failed(`role target: ${d?.exception?.description ?? d?.text ?? "no answer"}`);
    }
    const props = await sendIn(tabId, place.session, "Runtime.getProperties", { objectId: r.result.objectId, ownProperties: true });
    const member = (name) => props.result.find((x) => x.name === name)?.value;
    first = member("first")?.objectId;
    const noted = member("closedNoted")?.value;
    return { hosts: Number(member("hosts")?.value ?? 0), scan: member("scan")?.value === true, ...typeof noted === "boolean" ? { closedNoted: noted } : {} };
  });
  return first;
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function resolveRoleTarget(tabId, selector, waitMs = ROLE_WAIT_MS) {
  const t = parseRoleTarget(selector);
  const deadline = Date.now() + waitMs;
  for (; ; ) {
    const found = await unlessDialog(
      (async () => roleElement(tabId, { contextId: await isolatedContext(tabId) }, t))(),
      (e) => {
        if (!(e instanceof RpcError) || Date.now() >= deadline) throw e;
        if (/context/i.test(e.message)) dropContext(tabId);
        return void 0;
      }
    );
    if (found) return found;
    if (Date.now() >= deadline) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: no element matches ${selector}`, "not_found");
    }
    await sleep(ROLE_POLL_MS);
  }
}

// src/background/pages/targets/frame-target.ts
var PREFIX = "frame=";
function isFrameTarget(selector) {
  return selector.trimStart().startsWith(PREFIX);
}
function invalid2(selector, why2) {
  return new RpcError(
    ErrorCode.invalidParams,
    `invalid params: ${JSON.stringify(selector)} is not a frame target (frame=FRAME >> TARGET, FRAME a CSS selector): ${why2}`
  );
}
function jsonStringEnd(s) {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') return i + 1;
  }
  return -1;
}
function separatorAt(s) {
  let quote = "";
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "(") depth++;
    else if ((c === "]" || c === ")") && depth > 0) depth--;
    else if (depth === 0 && c === ">" && s[i + 1] === ">") return i;
  }
  return -1;
}
function frameStep(whole, s) {
  let frame;
  let after;
  if (s.startsWith('"')) {
    const end2 = jsonStringEnd(s);
    if (end2 < 0) throw invalid2(whole, "the frame's quoted selector does not end");
    try {
      frame = JSON.parse(s.slice(0, end2));
    } catch {
      throw invalid2(whole, `the frame's selector ${s.slice(0, end2)} is not a JSON string`);
    }
    after = s.slice(end2).trimStart();
    if (!after.startsWith(">>")) throw invalid2(whole, "the frame's selector must be followed by >> and a target");
  } else {
    const at = separatorAt(s);
    if (at < 0) throw invalid2(whole, "no >> and target after the frame's selector");
    frame = s.slice(0, at);
    after = s.slice(at);
  }
  frame = frame.trim();
  if (!frame) throw invalid2(whole, "the frame's selector is empty");
  if (/^(role|text)=/.test(frame)) throw invalid2(whole, `a frame is named by a CSS selector, not ${frame.slice(0, 5)}`);
  return { frame, rest: after.slice(2).trim() };
}
function parseFrameTarget(selector) {
  if (!isFrameTarget(selector)) return void 0;
  const frames = [];
  let rest = selector.trim();
  while (rest.startsWith(PREFIX)) {
    if (frames.length >= 16) throw invalid2(selector, "more than 16 frames");
    const step = frameStep(selector, rest.slice(PREFIX.length));
    frames.push(step.frame);
    rest = step.rest;
  }
  if (!rest) throw invalid2(selector, "no target after the last >>");
  return { frames, inner: rest };
}
function formatFrameSelector(css) {
  const probe = css + " >> x";
  const bare = css === css.trim() && !css.startsWith('"') && !/^(role|text)=/.test(css) && separatorAt(probe) === css.length + 1;
  return bare ? css : JSON.stringify(css);
}
function formatFrameTarget(frames, inner) {
  return [...frames.map((f) => PREFIX + formatFrameSelector(f)), inner].join(" >> ");
}
function framesLabel(frames) {
  return frames.map((f) => PREFIX + JSON.stringify(f)).join(" >> ");
}

// src/background/pages/targets/frame-scope.ts
async function resolveInFrames(tabId, ft, pick, errorOf) {
  if (isRoleTarget(ft.inner)) parseRoleTarget(ft.inner);
  await followFrames(tabId);
  let place = { contextId: await isolatedContext(tabId) };
  let frame;
  for (let i = 0; i < ft.frames.length; i++) {
    const above = frame;
    const enter = () => enterFrame(tabId, place, ft.frames[i], framesLabel(ft.frames.slice(0, i + 1)));
    frame = above ? await inFrame(tabId, above, enter) : await enter();
    place = frame;
  }
  const inside = frame;
  const where = `in ${framesLabel(ft.frames)}`;
  if (isRoleTarget(ft.inner)) return inFrame(tabId, inside, () => roleIn(tabId, inside, ft.inner, where));
  const r = await inFrame(tabId, inside, () => callInjected(tabId, inside, "firstMatch", [ft.inner, pick], { returnByValue: false, objectGroup: ACTION_GROUP }));
  touchSession(tabId, inside.session);
  if (r.exceptionDetails) throw failed(`${ft.inner} ${where}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  if (r.result.objectId && r.result.subtype === "node") {
    keepInSession(tabId, r.result.objectId, inside.session);
    return r.result.objectId;
  }
  throw errorOf(typeof r.result.value === "string" ? r.result.value : "none");
}
async function enterFrame(tabId, parent, sel, label) {
  const r = await callInjected(tabId, parent, "firstMatch", [sel, "visibleElseFirst"], { returnByValue: false, objectGroup: ACTION_GROUP });
  touchSession(tabId, parent.session);
  if (r.exceptionDetails) throw failed(`${label}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  const objectId = r.result.objectId;
  if (!objectId || r.result.subtype !== "node") {
    const why2 = typeof r.result.value === "string" ? r.result.value : "none";
    if (why2.startsWith("invalid:")) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "selector" ${label}: not a valid CSS selector (${why2.slice(8)})`);
    }
    throw failed(`no frame matches ${label}`, "not_found");
  }
  const d = await sendIn(tabId, parent.session, "DOM.describeNode", { objectId });
  const tag = (d.node.nodeName ?? "").toLowerCase();
  if (tag !== "iframe" && tag !== "frame") throw failed(`${label} matches a <${tag}>, not an <iframe> or <frame>`, "bad_input");
  const frameId = d.node.frameId;
  if (!frameId) throw failed(`the frame of ${label} has no document yet`, "not_found");
  const session = sessionOfFrame(tabId, frameId) ?? parent.session;
  const contextId = await frameWorld(tabId, session, frameId, label);
  return session === void 0 ? { contextId, frameId } : { session, contextId, frameId };
}
var madeWorlds = /* @__PURE__ */ new Map();
onForget((tabId) => madeWorlds.delete(tabId));
var worldKey = (session, frameId) => `${session ?? ""}|${frameId}`;
async function frameWorld(tabId, session, frameId, label) {
  const announced = session === void 0 ? announcedChildWorld(tabId, frameId) : void 0;
  if (announced !== void 0) return announced;
  const kept2 = madeWorlds.get(tabId)?.get(worldKey(session, frameId));
  if (kept2 !== void 0) return kept2;
  const made = sendIn(tabId, session, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME });
  const contextId = await unlessDialog(
    made.then((w) => w.executionContextId),
    () => {
      throw failed(`the frame of ${label} has no document yet`, "not_found");
    }
  );
  let m = madeWorlds.get(tabId);
  if (!m) madeWorlds.set(tabId, m = /* @__PURE__ */ new Map());
  m.set(worldKey(session, frameId), contextId);
  return contextId;
}
async function inFrame(tabId, place, call) {
  return unlessDialog(call(), (e) => {
    if (e instanceof RpcError && /context/i.test(e.message)) {
      const m = madeWorlds.get(tabId);
      if (m?.get(worldKey(place.session, place.frameId)) === place.contextId) m.delete(worldKey(place.session, place.frameId));
      if (place.session === void 0) forgetChildWorld(tabId, place.frameId, place.contextId);
    }
    throw e;
  });
}
async function roleIn(tabId, place, selector, where) {
  const objectId = await roleElement(tabId, place, parseRoleTarget(selector));
  touchSession(tabId, place.session);
  if (objectId) {
    keepInSession(tabId, objectId, place.session);
    return objectId;
  }
  throw failed(`no element matches ${selector} ${where}`, "not_found");
}

// src/background/pages/targets/target.ts
var DEFAULT_KEYS = { ref: "ref", selector: "selector" };
function invalid3(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function targetOf(p, keys = DEFAULT_KEYS) {
  const ref = p[keys.ref];
  const selector = p[keys.selector];
  const has = (v) => v !== void 0 && v !== null && v !== "";
  if (has(ref) && typeof ref !== "string") throw invalid3(`"${keys.ref}" must be a non-empty string`);
  if (has(selector) && typeof selector !== "string") throw invalid3(`"${keys.selector}" must be a non-empty string`);
  if (has(ref) && has(selector)) throw invalid3(`give "${keys.ref}" or "${keys.selector}", not both`);
  if (has(ref)) return { ref };
  if (has(selector)) return { selector };
  return void 0;
}
function requireTarget(p, keys = DEFAULT_KEYS) {
  const t = targetOf(p, keys);
  if (!t) throw invalid3(`"${keys.ref}" must be a non-empty string (or give "${keys.selector}", a CSS selector)`);
  return t;
}
function labelOf(t) {
  return "ref" in t ? t.ref : JSON.stringify(t.selector);
}
async function resolveSpec(tabId, t, pick = "visible", waitMs) {
  if ("ref" in t) return { objectId: await resolveRef(tabId, t.ref), label: t.ref };
  const label = JSON.stringify(t.selector);
  if (waitMs === void 0 && parseFrameTarget(t.selector)) waitMs = ROLE_WAIT_MS;
  if (waitMs === void 0) return { objectId: await resolveSelector(tabId, t.selector, pick), label };
  const deadline = Date.now() + waitMs;
  for (let i = 0; ; i++) {
    const objectId = await unlessDialog(resolveSelectorOnce(tabId, t.selector, pick), (e) => {
      const waitable = e instanceof RpcError && (e.reason === "not_found" || e.reason === "not_visible" || /context/i.test(e.message));
      if (!waitable || Date.now() >= deadline) throw e;
      return void 0;
    });
    if (objectId !== void 0) return { objectId, label };
    await new Promise((r) => setTimeout(r, Math.min(TARGET_POLL_MS[Math.min(i, TARGET_POLL_MS.length - 1)], Math.max(0, deadline - Date.now()))));
  }
}
var TARGET_POLL_MS = [20, 50, 100, 100, 200];
async function resolveSelector(tabId, selector, pick = "visible") {
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector);
  return resolveSelectorOnce(tabId, selector, pick);
}
async function resolveSelectorOnce(tabId, selector, pick = "visible") {
  const framed = parseFrameTarget(selector);
  if (framed) return resolveInFrames(tabId, framed, pick, (why3) => selectorError(selector, why3));
  if (isRoleTarget(selector)) return resolveRoleTarget(tabId, selector, 0);
  const r = await callInWorld(tabId, "firstMatch", [selector, pick], { returnByValue: false, objectGroup: ACTION_GROUP });
  if (r.exceptionDetails) {
    throw failed(`selector ${JSON.stringify(selector)}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "bad_input");
  }
  if (r.result.objectId && r.result.subtype === "node") return r.result.objectId;
  const why2 = typeof r.result.value === "string" ? r.result.value : "none";
  throw selectorError(selector, why2);
}
function selectorError(selector, why2) {
  if (why2.startsWith("invalid:text=")) return invalid3(`"selector" ${why2.slice(8)}`);
  if (why2.startsWith("invalid:")) {
    return invalid3(`"selector" is not a valid CSS selector: ${JSON.stringify(selector)} (${why2.slice(8)})`);
  }
  if (why2.startsWith("hidden:")) {
    const n = why2.slice(7);
    return failed(`no visible element matches the selector ${JSON.stringify(selector)} (${n} match${n === "1" ? "" : "es"}, none visible)`, "not_visible");
  }
  return failed(`no element matches the selector ${JSON.stringify(selector)}`, "not_found");
}

// src/background/pages/files/storage.ts
async function pageURL(tabId) {
  const r = await callInWorld(tabId, "locationHref", []);
  return String(r.result.value ?? "");
}
function httpURL(u, name) {
  if (!/^https?:\/\//i.test(u)) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "${name}" must be an http(s) URL, got ${JSON.stringify(u)}`);
  }
  return u;
}
async function sessionHosts(tabId) {
  const tab = await chrome.tabs.get(tabId);
  const tabs6 = tab.groupId !== void 0 && tab.groupId >= 0 ? await chrome.tabs.query({ groupId: tab.groupId }) : [tab];
  const hosts = /* @__PURE__ */ new Set();
  for (const t of tabs6) {
    for (const u of [t.url, t.pendingUrl]) {
      try {
        const url = new URL(u ?? "");
        if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.hostname.toLowerCase());
      } catch {
      }
    }
  }
  return [...hosts];
}
function withinHosts(host, hosts) {
  const h = host.toLowerCase().replace(/^\./, "");
  return hosts.some((s) => h === s || s.endsWith("." + h) || h.endsWith("." + s));
}
async function requireSessionSite(tabId, anySite, what, host) {
  if (anySite) return;
  const hosts = await sessionHosts(tabId);
  if (withinHosts(host, hosts)) return;
  throw new RpcError(
    ErrorCode.invalidParams,
    `${what} ${JSON.stringify(host)} is not a site of this session's tabs (${hosts.join(", ") || "none"}): pass anySite (--any-site) to reach another site's cookies`,
    "forbidden"
  );
}
async function cookiesFor(tabId, p) {
  const given = optionalString(p, "url") || void 0;
  if (given) await requireSessionSite(tabId, optionalBool(p, "anySite") ?? false, "the url's host", new URL(httpURL(given, "url")).hostname);
  const url = given ? httpURL(given, "url") : await pageURL(tabId);
  if (!/^https?:/i.test(url)) return { url, cookies: [] };
  const r = await send(tabId, "Network.getCookies", { urls: [url] });
  return { url, cookies: r.cookies };
}
async function cookies(tabId, p) {
  const { url, cookies: list2 } = await cookiesFor(tabId, p);
  return {
    url,
    cookies: list2.map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      expires: c.expires,
      httpOnly: c.httpOnly,
      secure: c.secure,
      sameSite: c.sameSite ?? ""
    }))
  };
}
var COOKIE_BYTES = 4096;
function cookieRefusal(name, value) {
  const control = /[\u0000-\u0008\u000a-\u001f\u007f]/;
  if (/[;=]/.test(name) || control.test(name)) return "a cookie's name cannot hold ';', '=' or a control character";
  if (value.includes(";") || control.test(value)) return "a cookie's value cannot hold ';' or a control character";
  const bytes = new TextEncoder().encode(name + value).length;
  if (bytes > COOKIE_BYTES) return `its name and value are ${bytes} bytes, more than the ${COOKIE_BYTES} a browser keeps`;
  return "";
}
async function setCookie(tabId, p) {
  const name = requireString(p, "name");
  const value = requireText(p, "value");
  const refusal = cookieRefusal(name, value);
  if (refusal) throw failed(`the browser would refuse the cookie ${JSON.stringify(name.slice(0, 60))}: ${refusal}`, "bad_input");
  const given = optionalString(p, "url") || void 0;
  const domain = optionalString(p, "domain") || void 0;
  const path = optionalString(p, "path") || void 0;
  const expires = optionalNumber(p, "expires");
  const httpOnly = optionalBool(p, "httpOnly") ?? false;
  const secure = optionalBool(p, "secure") ?? false;
  if (expires !== void 0 && expires > 0 && expires * 1e3 <= Date.now()) {
    throw failed(
      `the cookie ${JSON.stringify(name)} would expire at ${new Date(expires * 1e3).toISOString()}, in the past: the browser drops it at once (to remove a cookie: cookies clear)`,
      "bad_input"
    );
  }
  let url = given ? httpURL(given, "url") : "";
  const anySite = optionalBool(p, "anySite") ?? false;
  if (url) await requireSessionSite(tabId, anySite, "the url's host", new URL(url).hostname);
  if (domain) await requireSessionSite(tabId, anySite, "the domain", domain);
  if (!url && !domain) {
    url = await pageURL(tabId);
    if (!/^https?:/i.test(url)) throw failed(`the page (${url}) has no http(s) origin for a cookie: give --url or --domain`);
  }
  const r = await send(tabId, "Network.setCookie", {
    name,
    value,
    ...url ? { url } : {},
    ...domain ? { domain } : {},
    ...path ? { path } : {},
    ...expires !== void 0 ? { expires } : {},
    httpOnly,
    secure
  });
  if (r.success === false) throw failed(`the browser refused the cookie ${JSON.stringify(name)} (a Secure cookie needs https, a domain must match the URL)`);
  return { ok: true, url };
}
async function clearCookies(tabId, p) {
  const { url, cookies: list2 } = await cookiesFor(tabId, p);
  for (const c of list2) {
    await send(tabId, "Network.deleteCookies", { name: c.name, domain: c.domain, path: c.path });
  }
  return { url, deleted: list2.length };
}
async function runStorage(tabId, args) {
  const r = await callInWorld(tabId, "storage", args);
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    throw failed(`storage is not available here: ${(d.exception?.description ?? d.text ?? "exception").split("\n")[0]}`);
  }
  return r.result.value;
}
async function storage(tabId, p) {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  const key = optionalString(p, "key");
  return await runStorage(tabId, [kind, "get", key ?? null, null]);
}
async function setStorage(tabId, p) {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  const key = requireText(p, "key");
  const value = requireText(p, "value");
  return await runStorage(tabId, [kind, "set", key, value]);
}
async function clearStorage(tabId, p) {
  const kind = requireOneOf(p, "kind", STORAGE_KINDS);
  return await runStorage(tabId, [kind, "clear", null, null]);
}
async function pdf(tabId, p) {
  const landscape = optionalBool(p, "landscape") ?? false;
  const printBackground = optionalBool(p, "background") ?? true;
  try {
    const r = await send(tabId, "Page.printToPDF", { landscape, printBackground }, 6e4);
    return { data: r.data, format: "pdf" };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw failed(`the browser cannot print this page to PDF (${msg.replace(/^page operation failed: /, "")}); headless Chromium can`);
  }
}
var storageHandlers = {
  "pages.pdf": pdf,
  "pages.cookies": cookies,
  "pages.setCookie": setCookie,
  "pages.clearCookies": clearCookies,
  "pages.storage": storage,
  "pages.setStorage": setStorage,
  "pages.clearStorage": clearStorage
};

// src/background/person/policy.ts
var STORAGE_KEY3 = "browserctl.policies";
var policies = /* @__PURE__ */ new Map();
var loaded3;
var changeHooks = /* @__PURE__ */ new Set();
function hasStorage() {
  return typeof chrome !== "undefined" && !!chrome.storage?.session;
}
function loadPolicies() {
  if (!hasStorage()) return Promise.resolve();
  loaded3 ??= chrome.storage.session.get(STORAGE_KEY3).then((v) => {
    const all2 = v?.[STORAGE_KEY3];
    for (const [id, p] of Object.entries(all2 ?? {})) {
      if (policies.has(id)) continue;
      const confirm = (Array.isArray(p.confirm) ? p.confirm : []).filter((k) => CONFIRM_KINDS.includes(k));
      policies.set(id, {
        confirm,
        detachWhenIdleMs: typeof p.detachWhenIdleMs === "number" ? p.detachWhenIdleMs : 0,
        ...typeof p.firstSite === "string" ? { firstSite: p.firstSite } : {}
      });
    }
  }).catch(() => void 0);
  return loaded3;
}
var saving = Promise.resolve();
function persist2() {
  if (!hasStorage()) return Promise.resolve();
  const snapshot3 = Object.fromEntries(policies);
  saving = saving.then(() => chrome.storage.session.set({ [STORAGE_KEY3]: snapshot3 })).catch(() => void 0);
  return saving;
}
async function policyOf(sessionId) {
  await loadPolicies();
  return policies.get(sessionId);
}
function policyNow(sessionId) {
  return policies.get(sessionId);
}
function anyConfirm() {
  for (const p of policies.values()) if (p.confirm.length > 0) return true;
  return false;
}
function onPolicyChange(fn) {
  changeHooks.add(fn);
}
async function setPolicy(sessionId, patch) {
  await loadPolicies();
  const p = { ...policies.get(sessionId) ?? { confirm: [], detachWhenIdleMs: 0 } };
  if (patch.confirm) p.confirm = [...new Set(patch.confirm)];
  if (patch.detachWhenIdleMs !== void 0) p.detachWhenIdleMs = patch.detachWhenIdleMs;
  policies.set(sessionId, p);
  await persist2();
  for (const h of changeHooks) h(sessionId, p);
  return p;
}
function hostOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname.toLowerCase() : "";
  } catch {
    return "";
  }
}
function noteSite(sessionId, url) {
  if (!sessionId) return;
  const host = hostOf(url);
  if (!host) return;
  void loadPolicies().then(() => {
    const p = policies.get(sessionId);
    if (p?.firstSite) return;
    policies.set(sessionId, { ...p ?? { confirm: [], detachWhenIdleMs: 0 }, firstSite: host });
    void persist2();
  });
}
function offsite(sessionId, url) {
  const host = hostOf(url);
  if (!host) return false;
  const first = policies.get(sessionId)?.firstSite;
  if (!first) return false;
  return !withinHosts(host, [first]);
}
async function forgetPolicy(sessionId) {
  await loadPolicies();
  if (policies.delete(sessionId)) await persist2();
}

// src/background/person/classify.ts
var q = (s) => `'${s.length > 60 ? s.slice(0, 59) + "…" : s}'`;
function named(f, fallback) {
  if (!f) return fallback;
  if (f.name) return q(f.name);
  return f.role && f.role !== "generic" ? `the ${f.role}` : fallback;
}
function pressKinds(f, sessionId) {
  if (!f) return [];
  if (f.opaqueFrame) return ["submit", "download", "navigate-offsite"];
  const k = [];
  if (f.submit) k.push("submit");
  if (f.download) k.push("download");
  if (f.href && offsite(sessionId, f.href)) k.push("navigate-offsite");
  return k;
}
async function elementFacts(tabId, p) {
  const spec = targetOf(p);
  if (!spec) return void 0;
  const budget = budgetOf(p);
  const t = await resolveSpec(tabId, spec, "visibleElseFirst", Math.max(0, budget - 1500));
  try {
    return await valueOf(tabId, { objectId: t.objectId }, "clickFacts", [], (why2) => failed(`looking at ${t.label}: ${why2}`, "page_error"));
  } finally {
    releaseActionObjects(tabId);
  }
}
async function pageFacts(tabId, name, args) {
  const r = await callInWorld(tabId, name, args);
  return r.result.value;
}
var click = async (p, tab, sid) => {
  const f = await elementFacts(await tab(), p);
  const label = named(f, String(p["ref"] ?? p["selector"] ?? "it"));
  return { kinds: pressKinds(f, sid), action: f?.download ? `download from ${label}` : `click ${label}` };
};
function pressedKey(key) {
  if (/(^|\+)(Enter|NumpadEnter)$/.test(key)) return "Enter";
  if (/(^|\+)Space$/.test(key) || key === " ") return " ";
  return void 0;
}
function typedKey(text2) {
  if (/[\n\r]/.test(text2)) return "Enter";
  return text2.includes(" ") ? " " : void 0;
}
var press = async (p, tab, sid) => {
  const key = String(p["key"] ?? "");
  const k = pressedKey(key);
  if (!k) return { kinds: [], action: `press ${key}` };
  const f = await pageFacts(await tab(), "keyFacts", [k]);
  return { kinds: pressKinds(f, sid), action: `press ${key} in ${named(f, "the page")}` };
};
var typed = async (p, tab, sid) => {
  const text2 = String(p["text"] ?? "");
  const k = typedKey(text2);
  if (!k) return { kinds: [], action: "type" };
  const tabId = await tab();
  if (targetOf(p)) {
    const f2 = await elementFacts(tabId, p);
    const field2 = f2 && f2.role === "textbox";
    return { kinds: k === "Enter" && field2 ? ["submit"] : pressKinds(f2, sid), action: `type into ${named(f2, "the field")} and press ${k === " " ? "Space" : "Enter"}` };
  }
  const f = await pageFacts(tabId, "keyFacts", [k]);
  return { kinds: pressKinds(f, sid), action: `type into ${named(f, "the page")} and press ${k === " " ? "Space" : "Enter"}` };
};
var mouse = async (p, tab, sid) => {
  const action = String(p["action"] ?? "");
  if (action !== "click" && action !== "down") return { kinds: [], action: `mouse ${action}` };
  const x = Number(p["x"]);
  const y = Number(p["y"]);
  const f = await pageFacts(await tab(), "pointFacts", [x, y]);
  return { kinds: pressKinds(f, sid), action: `click at (${x}, ${y}) on ${named(f, "the page")}` };
};
var upload = async (p) => {
  const files = Array.isArray(p["files"]) ? p["files"].map((f) => String(f).split(/[\\/]/).pop() ?? "") : [];
  const shown3 = files.slice(0, 3).join(", ") + (files.length > 3 ? ` and ${files.length - 3} more` : "");
  return { kinds: ["upload"], action: `upload ${shown3 || "files"}` };
};
var download = async (p, tab, sid) => {
  const f = await elementFacts(await tab(), p);
  const kinds = /* @__PURE__ */ new Set(["download", ...pressKinds(f, sid)]);
  return { kinds: [...kinds], action: `download from ${named(f, String(p["ref"] ?? p["selector"] ?? "it"))}` };
};
function script(words, code) {
  const one = code.replace(/\s+/g, " ").trim();
  return { kinds: ["eval"], action: `${words}: ${one.length > 80 ? one.slice(0, 79) + "…" : one}` };
}
var navigate = (words) => async (p, tab, sid) => {
  const url = withScheme(String(p["url"] ?? ""));
  await firstSiteKnown(sid, tab);
  return { kinds: offsite(sid, url) ? ["navigate-offsite"] : [], action: `${words} ${url.length > 100 ? url.slice(0, 99) + "…" : url}` };
};
var history = (delta) => async (_p, tab, sid) => {
  const tabId = await tab();
  await firstSiteKnown(sid, tab);
  const h = await send(tabId, "Page.getNavigationHistory", {}).catch(() => void 0);
  const to = h?.entries[h.currentIndex + delta]?.url ?? "";
  return { kinds: to && offsite(sid, to) ? ["navigate-offsite"] : [], action: `go ${delta < 0 ? "back" : "forward"} to ${to || "the previous page"}` };
};
async function firstSiteKnown(sessionId, tab) {
  if ((await policyOf(sessionId))?.firstSite) return;
  const t = await chrome.tabs.get(await tab()).catch(() => void 0);
  if (t?.url) noteSite(sessionId, t.url);
  await policyOf(sessionId);
}
var CLASSIFIERS = {
  "pages.click": click,
  "pages.press": press,
  "pages.keyboardType": typed,
  "pages.type": typed,
  "pages.mouse": mouse,
  "pages.upload": upload,
  "pages.download": download,
  "pages.eval": async (p) => script("run JavaScript", String(p["expression"] ?? "")),
  "pages.waitFor": async (p) => typeof p["fn"] === "string" && p["fn"] !== "" ? script("run JavaScript (wait --fn)", p["fn"]) : { kinds: [], action: "wait" },
  "initScripts.add": async (p) => script("add a script every page of the session runs", String(p["source"] ?? "")),
  "pages.navigate": navigate("open"),
  "tabs.open": navigate("open a new tab at"),
  "pages.back": history(-1),
  "pages.forward": history(1),
  "tabs.close": async (p) => ({ kinds: ["close"], action: `close tab ${String(p["tabId"] ?? "")}` }),
  "sessions.close": async () => ({ kinds: ["close"], action: "close the session and its tabs" })
};
var CONFIRMABLE = new Set(Object.keys(CLASSIFIERS));
async function classify(method, p, sessionId, deps) {
  const c = CLASSIFIERS[method];
  if (!c) return void 0;
  let tabId;
  const tab = async () => tabId ??= await deps.tabOf(p);
  return c(p, tab, sessionId);
}
async function pageHost(tabId) {
  const t = await chrome.tabs.get(tabId).catch(() => void 0);
  const u = t?.url ?? "";
  return hostOf(u) || (u.startsWith("about:") || u === "" ? "a blank page" : u.split(/[?#]/)[0].slice(0, 60));
}

// src/background/person/gate.ts
var INPUT = /* @__PURE__ */ new Set([
  ...REF_ACTIONS,
  "pages.press",
  "pages.mouse",
  "pages.keyboardType",
  "pages.scroll",
  "pages.eval",
  "pages.waitFor",
  "pages.download",
  "pages.upload",
  "pages.dialog"
]);
function budgetOfCall(p) {
  const own = p["timeoutMs"];
  if (typeof own === "number" && own > 0) return own;
  return contextOf(p)?.caller?.timeoutMs ?? DEFAULT_BUDGET_MS;
}
async function gate(method, p, deps) {
  const sid = typeof p["sessionId"] === "string" ? p["sessionId"] : "";
  if (!sid) return;
  if (INPUT.has(method) && approvalPending(sid)) {
    throw new RpcError(ErrorCode.operationFailed, `session ${sid} waits for the person to allow or deny another action: no input reaches its tabs until they answer`, "approval_pending");
  }
  if (!CONFIRMABLE.has(method)) return;
  await loadPolicies();
  if (!anyConfirm()) return;
  const policy = await policyOf(sid);
  if (!policy || policy.confirm.length === 0) return;
  const started = contextOf(p)?.started ?? Date.now();
  const c = await classify(method, p, sid, deps);
  const asked = c?.kinds.filter((k) => policy.confirm.includes(k)) ?? [];
  if (!c || asked.length === 0) return;
  const tabId = await deps.tabOf(p);
  const text2 = `${callerText(contextOf(p)?.caller)} wants to ${c.action} on ${await pageHost(tabId)}`;
  await askPerson(sid, tabId, text2, started + waitMsOf(budgetOfCall(p)));
}
function withApproval(table2, deps) {
  const out = {};
  for (const [m, h] of Object.entries(table2)) {
    out[m] = CONFIRMABLE.has(m) || INPUT.has(m) ? async (p) => (await gate(m, p, deps), h(p)) : h;
  }
  return out;
}

// src/background/extension-info.ts
var chromeInfoDeps = {
  manifestVersion: () => chrome.runtime.getManifest().version,
  id: () => chrome.runtime.id,
  userAgent: () => typeof navigator === "undefined" ? "" : navigator.userAgent
};
function extensionHandlers(deps = chromeInfoDeps) {
  return {
    "extension.info": async () => ({
      protocolVersion: PROTOCOL_VERSION,
      version: deps.manifestVersion(),
      id: deps.id(),
      userAgent: deps.userAgent()
    }),
    "extension.callTiming": async (p) => callTiming(p.callId)
  };
}

// src/background/sessions/active-tab-cache.ts
var ActiveTabCache = class {
  gen = 0;
  entries = /* @__PURE__ */ new Map();
  /** The generation to pass to set() once the lookup it starts is done. */
  begin() {
    return this.gen;
  }
  invalidate() {
    this.gen++;
    this.entries.clear();
  }
  get(s) {
    const e = this.entries.get(s.sessionId);
    if (!e) return void 0;
    if (e.gen !== this.gen || e.groupId !== s.groupId || e.lastActiveTabId !== s.lastActiveTabId) {
      this.entries.delete(s.sessionId);
      return void 0;
    }
    return e.tabId;
  }
  /** Remembers a lookup started at gen; dropped when anything changed since. */
  set(s, tabId, gen) {
    if (gen !== this.gen) return;
    this.entries.set(s.sessionId, { tabId, gen, groupId: s.groupId, lastActiveTabId: s.lastActiveTabId });
  }
  /** Follows the browser's tab and group events; returns the unsubscribe. */
  watch() {
    const bump = () => this.invalidate();
    const onUpdated = (_id, change) => {
      if (change.groupId !== void 0 || change.pinned !== void 0 || change.discarded !== void 0) bump();
    };
    const plain = [
      chrome.tabs.onCreated,
      chrome.tabs.onRemoved,
      chrome.tabs.onActivated,
      chrome.tabs.onMoved,
      chrome.tabs.onAttached,
      chrome.tabs.onDetached,
      chrome.tabs.onReplaced,
      chrome.tabGroups.onCreated,
      chrome.tabGroups.onRemoved,
      chrome.tabGroups.onMoved
    ];
    for (const ev of plain) ev.addListener(bump);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => {
      for (const ev of plain) ev.removeListener(bump);
      chrome.tabs.onUpdated.removeListener(onUpdated);
    };
  }
};

// src/background/sessions/session-store.ts
var STORAGE_KEY4 = "browserctl.sessions";
var SESSION_REQUIRED_MESSAGE = "session required: pass sessionId (browserctl session create / attach-current / use)";
var ID_CHARS = 5;
var BASE362 = "0123456789abcdefghijklmnopqrstuvwxyz";
function randomSessionId() {
  const r = crypto.getRandomValues(new Uint32Array(ID_CHARS));
  let id = "s";
  for (const v of r) id += BASE362[v % 36];
  return id;
}
var removedHooks = /* @__PURE__ */ new Set();
function onSessionRemoved(fn) {
  removedHooks.add(fn);
}
function ended(sessionId, gone) {
  for (const h of removedHooks) h(sessionId, gone);
}
var SessionStore = class {
  /** drawId makes candidate ids (tests pass their own). */
  constructor(drawId = randomSessionId) {
    this.drawId = drawId;
  }
  drawId;
  sessions = /* @__PURE__ */ new Map();
  next = 1;
  loaded;
  disposers = [];
  /** Each session's active tab between calls (pages.*, tabs.active). */
  activeTabs = new ActiveTabCache();
  /** Loads once; every handler awaits it before touching sessions. */
  ready() {
    this.loaded ??= this.load();
    return this.loaded;
  }
  async load() {
    const got = await chrome.storage.session.get(STORAGE_KEY4);
    const p = got[STORAGE_KEY4];
    if (!p) return;
    this.next = typeof p.next === "number" && p.next > 0 ? p.next : 1;
    let dropped = false;
    for (const s of p.sessions ?? []) {
      try {
        await chrome.tabGroups.get(s.groupId);
        this.sessions.set(s.sessionId, s);
      } catch {
        dropped = true;
        ended(s.sessionId, true);
      }
    }
    if (dropped) await this.save();
  }
  async save() {
    const p = { next: this.next, sessions: [...this.sessions.values()] };
    await chrome.storage.session.set({ [STORAGE_KEY4]: p });
  }
  /** Follows the browser: a removed group ends its session, a renamed one renames it, activation is tracked. */
  watch() {
    const onGroupRemoved = (g) => {
      void this.ready().then(() => this.removeByGroup(g.id));
    };
    const onGroupUpdated = (g) => {
      void this.ready().then(async () => {
        const s = this.byGroup(g.id);
        if (s && g.title && g.title !== s.name) {
          s.name = g.title;
          await this.save();
        }
      });
    };
    const onActivated = (info) => {
      void this.ready().then(async () => {
        const tab = await chrome.tabs.get(info.tabId).catch(() => void 0);
        const s = tab ? this.byGroup(tab.groupId) : void 0;
        if (s && s.lastActiveTabId !== info.tabId) {
          s.lastActiveTabId = info.tabId;
          await this.save();
        }
      });
    };
    chrome.tabGroups.onRemoved.addListener(onGroupRemoved);
    chrome.tabGroups.onUpdated.addListener(onGroupUpdated);
    chrome.tabs.onActivated.addListener(onActivated);
    const dispose = () => {
      chrome.tabGroups.onRemoved.removeListener(onGroupRemoved);
      chrome.tabGroups.onUpdated.removeListener(onGroupUpdated);
      chrome.tabs.onActivated.removeListener(onActivated);
    };
    const disposeCache = this.activeTabs.watch();
    this.disposers.push(dispose, disposeCache);
    return () => {
      dispose();
      disposeCache();
    };
  }
  close() {
    for (const d of this.disposers.splice(0)) d();
  }
  list() {
    return [...this.sessions.values()];
  }
  byGroup(groupId) {
    if (groupId === void 0 || groupId < 0) return void 0;
    for (const s of this.sessions.values()) if (s.groupId === groupId) return s;
    return void 0;
  }
  /** The next session number, for default names "browserctl N" and group colours (not ids). */
  peekNumber() {
    return this.next;
  }
  /** A random id no live session has (drawn again on a collision). */
  freshId() {
    for (; ; ) {
      const id = this.drawId();
      if (!this.sessions.has(id)) return id;
    }
  }
  async add(name, groupId, activeTabId2) {
    const n = this.next++;
    const s = { sessionId: this.freshId(), name: name ?? `browserctl ${n}`, groupId };
    if (activeTabId2 !== void 0) s.lastActiveTabId = activeTabId2;
    this.sessions.set(s.sessionId, s);
    await this.save();
    return s;
  }
  async update(s) {
    if (this.sessions.get(s.sessionId) === s) await this.save();
  }
  /** Forgets a session; gone: its group went from the browser (not a call's close or release). */
  async remove(sessionId, gone = false) {
    if (!this.sessions.delete(sessionId)) return;
    ended(sessionId, gone);
    await this.save();
  }
  async removeByGroup(groupId) {
    const s = this.byGroup(groupId);
    if (s) await this.remove(s.sessionId, true);
  }
  /** The session named by params.sessionId: 4103 when absent, 4107 when unknown. */
  async require(p) {
    const s = await this.lookup(p);
    await this.checkGroup(s);
    return s;
  }
  /**
   * require() without asking Chrome whether the group still exists: for
   * callers that learn it from a tab of the group anyway (a tab whose groupId
   * is the session's proves the group), and call checkGroup() when they find
   * none.
   */
  async lookup(p) {
    await this.ready();
    const id = p.sessionId;
    if (id === void 0 || id === null || id === "") {
      throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
    }
    if (typeof id !== "string") {
      throw new RpcError(ErrorCode.invalidParams, 'invalid params: "sessionId" must be a string');
    }
    const s = this.sessions.get(id);
    if (!s) throw new RpcError(ErrorCode.sessionNotFound, `session not found: ${id}`);
    return s;
  }
  /** 4107 (and the session forgotten) when the session's tab group is gone. */
  async checkGroup(s) {
    try {
      await chrome.tabGroups.get(s.groupId);
    } catch {
      await this.remove(s.sessionId, true);
      throw new RpcError(ErrorCode.sessionNotFound, `session not found: ${s.sessionId} (its tab group is gone)`);
    }
  }
};

// src/background/sessions/tab-info.ts
function toWireTab(t, store3) {
  return {
    tabId: t.id ?? -1,
    windowId: t.windowId,
    url: t.url || t.pendingUrl || "",
    title: t.title ?? "",
    active: t.active,
    groupId: t.groupId,
    sessionId: store3.byGroup(t.groupId)?.sessionId ?? ""
  };
}
async function getTab(tabId) {
  try {
    return await chrome.tabs.get(tabId);
  } catch {
    throw new RpcError(ErrorCode.tabNotFound, `tab not found: ${tabId}`);
  }
}
async function getSessionTab(s, tabId) {
  const t = await getTab(tabId);
  if (t.groupId !== s.groupId) {
    throw new RpcError(ErrorCode.tabNotFound, `tab ${tabId} is not in session ${s.sessionId}`);
  }
  return t;
}
async function groupTabs(s) {
  const tabs6 = await chrome.tabs.query({ groupId: s.groupId });
  return tabs6.sort((a, b) => a.index - b.index);
}
function pickActive(s, tabs6) {
  return tabs6.find((t) => t.active) ?? tabs6.find((t) => t.id === s.lastActiveTabId) ?? tabs6[0];
}
async function toWireSession(s) {
  const tabs6 = await groupTabs(s);
  return {
    sessionId: s.sessionId,
    name: s.name,
    groupId: s.groupId,
    tabIds: tabs6.map((t) => t.id).filter((id) => id !== void 0),
    activeTabId: pickActive(s, tabs6)?.id ?? null
  };
}
async function userActiveTab() {
  const [t] = await chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: "normal" });
  if (t) return t;
  const [any] = await chrome.tabs.query({ active: true, windowType: "normal" });
  if (any) return any;
  throw new RpcError(ErrorCode.tabNotFound, "no active tab in any normal window");
}

// src/background/pages/core/tab-settling.ts
var pending3 = /* @__PURE__ */ new Map();
onForget((tabId) => {
  pending3.delete(tabId);
});
function settling(tabId, work) {
  let set = pending3.get(tabId);
  if (!set) pending3.set(tabId, set = /* @__PURE__ */ new Set());
  const done = work.then(
    () => void 0,
    () => void 0
  );
  set.add(done);
  void done.then(() => {
    set.delete(done);
    if (set.size === 0 && pending3.get(tabId) === set) pending3.delete(tabId);
  });
}
async function settled2(tabId, ms) {
  const deadline = Date.now() + ms;
  for (; ; ) {
    const set = pending3.get(tabId);
    const left = deadline - Date.now();
    if (!set || set.size === 0 || left <= 0) return;
    let timer;
    await Promise.race([Promise.all(set), new Promise((resolve) => timer = setTimeout(resolve, left))]);
    clearTimeout(timer);
  }
}

// src/background/pages/network/network-detail.ts
var DETAIL_LIMIT = 1500;
var POST_DATA_INLINE = 64 * 1024;
var BODY_CAP = 10 * 1024 * 1024;
var DetailStore = class {
  constructor(limit = DETAIL_LIMIT) {
    this.limit = limit;
  }
  limit;
  byId = /* @__PURE__ */ new Map();
  /** The current hop of each CDP requestId. */
  current = /* @__PURE__ */ new Map();
  get size() {
    return this.byId.size;
  }
  get(id) {
    return this.byId.get(id);
  }
  /** Network.requestWillBeSent: a new hop with short id `id`. */
  start(id, requestId, ts, p) {
    const prev = this.current.get(requestId);
    if (prev && p["redirectResponse"]) {
      prev.redirected = true;
      this.response(requestId, ts, p["redirectResponse"]);
    }
    const req = p["request"] ?? {};
    const postData = typeof req.postData === "string" && req.postData.length <= POST_DATA_INLINE ? req.postData : void 0;
    const d = {
      id,
      requestId,
      redirected: false,
      requestHeaders: headerObject(req.headers),
      ...postData !== void 0 ? { postData } : {},
      hasPostData: req.hasPostData === true || typeof req.postData === "string",
      responseHeaders: {},
      ts,
      ttfbMs: -1,
      received: 0
    };
    this.byId.set(id, d);
    this.current.set(requestId, d);
    while (this.byId.size > this.limit) {
      const oldest = this.byId.keys().next().value;
      const o = this.byId.get(oldest);
      this.byId.delete(oldest);
      if (this.current.get(o.requestId) === o) this.current.delete(o.requestId);
    }
  }
  /** Network.responseReceived (or a redirect's response): headers and time to first byte. */
  response(requestId, ts, r) {
    const d = this.current.get(requestId);
    if (!d) return;
    d.responseHeaders = headerObject(r["headers"]);
    const t = r["timing"];
    if (t && typeof t.requestTime === "number" && typeof t.receiveHeadersEnd === "number" && t.requestTime > 0) {
      d.ttfbMs = Math.max(0, Math.round((t.requestTime - d.ts) * 1e3 + t.receiveHeadersEnd));
    } else if (ts > 0) {
      d.ttfbMs = Math.max(0, Math.round((ts - d.ts) * 1e3));
    }
  }
  /** Network.requestWillBeSentExtraInfo / responseReceivedExtraInfo: the headers as sent on the wire. */
  extraHeaders(requestId, which, headers2) {
    const d = this.current.get(requestId);
    if (!d) return;
    const h = headerObject(headers2);
    if (which === "request") d.requestHeaders = { ...d.requestHeaders, ...h };
    else d.responseHeaders = { ...d.responseHeaders, ...h };
  }
  dataReceived(requestId, bytes) {
    const d = this.current.get(requestId);
    if (d) d.received += bytes;
  }
};
function headerObject(h) {
  const out = {};
  if (h && typeof h === "object") {
    for (const [k, v] of Object.entries(h)) out[k] = String(v);
  }
  return out;
}
function utf8Length(s) {
  return new TextEncoder().encode(s).length;
}
function base64Length(b64) {
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor(b64.length * 3 / 4) - pad);
}
async function requestDetail(line, d, send3, attached2) {
  const out = {
    id: d.id,
    method: line.method,
    url: line.url,
    status: line.status,
    statusText: line.statusText,
    type: line.type,
    mimeType: line.mimeType,
    failure: line.failure,
    requestHeaders: d.requestHeaders,
    requestBody: null,
    requestBodySize: 0,
    responseHeaders: d.responseHeaders,
    responseBody: null,
    base64Encoded: false,
    responseBodySize: d.received,
    timing: { start: line.started, ttfbMs: d.ttfbMs, totalMs: line.durationMs }
  };
  if (d.postData !== void 0) {
    out.requestBody = d.postData;
    out.requestBodySize = utf8Length(d.postData);
  } else if (d.hasPostData) {
    if (!attached2) {
      out.requestBodyNote = "not available: the tab's debugger is detached";
    } else {
      try {
        const r = await send3("Network.getRequestPostData", { requestId: d.requestId });
        out.requestBody = r.postData ?? "";
        out.requestBodySize = utf8Length(out.requestBody);
      } catch (e) {
        out.requestBodyNote = `gone from the browser's buffer (${errText(e)})`;
      }
    }
  }
  if (d.redirected) {
    out.responseBodyNote = "a redirect: no body";
  } else if (line.durationMs < 0) {
    out.responseBodyNote = "not finished yet";
  } else if (line.failure !== "") {
    out.responseBodyNote = `the request failed: ${line.failure}`;
  } else if (d.received > BODY_CAP) {
    out.responseBodyNote = `over the ${BODY_CAP} byte cap (${d.received} bytes): not fetched`;
  } else if (!attached2) {
    out.responseBodyNote = "not available: the tab's debugger is detached";
  } else {
    try {
      const r = await send3("Network.getResponseBody", { requestId: d.requestId });
      const body = r.body ?? "";
      out.base64Encoded = r.base64Encoded === true;
      out.responseBody = body;
      out.responseBodySize = out.base64Encoded ? base64Length(body) : utf8Length(body);
    } catch (e) {
      out.responseBodyNote = `gone from the browser's buffer (${errText(e)})`;
    }
  }
  return out;
}
function errText(e) {
  const m = e instanceof Error ? e.message : String(e);
  try {
    const j = JSON.parse(m);
    if (j.message) return j.message;
  } catch {
  }
  return m;
}

// src/background/pages/logs/observe.ts
var CONSOLE_LIMIT = 1e3;
var ERRORS_LIMIT = 200;
var NETWORK_LIMIT = 1e3;
var INFLIGHT_LIMIT = 500;
var Ring = class {
  constructor(limit, nextSeq3) {
    this.limit = limit;
    this.nextSeq = nextSeq3;
  }
  limit;
  nextSeq;
  items = [];
  dropped = 0;
  waiters = /* @__PURE__ */ new Set();
  push(e) {
    const full = { ...e, seq: this.nextSeq() };
    this.items.push(full);
    if (this.items.length > this.limit) {
      this.items.splice(0, this.items.length - this.limit);
      this.dropped++;
    }
    for (const w of [...this.waiters]) w();
    return full;
  }
  after(seq4) {
    let i = this.items.length;
    while (i > 0 && this.items[i - 1].seq > seq4) i--;
    return this.items.slice(i);
  }
  clear() {
    this.items = [];
  }
  /** Resolves on the next push, or after ms; returns the unsubscribe-safe promise. */
  waitNext(ms) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
  wakeAll() {
    for (const w of [...this.waiters]) w();
  }
};
var seqCounter = 0;
var nextSeq = () => ++seqCounter;
var requestCounter = 0;
var byTab3 = /* @__PURE__ */ new Map();
function tabLogs(tabId) {
  let l = byTab3.get(tabId);
  if (!l) {
    l = {
      console: new Ring(CONSOLE_LIMIT, nextSeq),
      errors: new Ring(ERRORS_LIMIT, nextSeq),
      network: new Ring(NETWORK_LIMIT, nextSeq),
      inflight: /* @__PURE__ */ new Map(),
      details: new DetailStore()
    };
    byTab3.set(tabId, l);
  }
  return l;
}
var blockBySession = /* @__PURE__ */ new Map();
var sessionOfTab = /* @__PURE__ */ new Map();
function noteTabSession(tabId, sessionId) {
  if (sessionId) sessionOfTab.set(tabId, sessionId);
}
function tabSession(tabId) {
  return sessionOfTab.get(tabId) ?? "";
}
function blockedPatterns(sessionId) {
  return [...blockBySession.get(sessionId) ?? []].sort();
}
function setBlocked(sessionId, add2, remove) {
  const set = blockBySession.get(sessionId) ?? /* @__PURE__ */ new Set();
  for (const p of add2) set.add(p);
  for (const p of remove) set.delete(p);
  if (set.size === 0) blockBySession.delete(sessionId);
  else blockBySession.set(sessionId, set);
  return blockedPatterns(sessionId);
}
function fetchPattern(p) {
  if (/[*?]/.test(p)) return p;
  return `*${p.replace(/\\/g, "\\\\")}*`;
}
var wantsAuth = () => false;
function setAuthWanted(fn) {
  wantsAuth = fn;
}
var headerRule = () => void 0;
function setHeaderRule(fn) {
  headerRule = fn;
}
function onOrigin(rule, url) {
  try {
    return new URL(url).origin === rule.origin;
  } catch {
    return false;
  }
}
function withHeaders(rule, request) {
  const ours = new Set(Object.keys(rule.headers).map((n) => n.toLowerCase()));
  const out = [];
  const had = request && typeof request === "object" ? request : {};
  for (const [name, value] of Object.entries(had)) {
    if (!ours.has(name.toLowerCase())) out.push({ name, value: String(value) });
  }
  for (const [name, value] of Object.entries(rule.headers)) out.push({ name, value });
  return out;
}
var router = { ready: async () => void 0, patterns: () => [], paused: () => false };
function setFetchRouter(r) {
  router = r;
}
function patternRegExp(p) {
  let re = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\" && i + 1 < p.length) re += p[++i].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "s");
}
function matchesPattern(url, p) {
  return patternRegExp(fetchPattern(p)).test(url);
}
function isBlocked(tabId, url) {
  return blockedPatterns(tabSession(tabId)).some((p) => patternRegExp(fetchPattern(p)).test(url));
}
var fence = { ready: async () => void 0, fenced: () => false, allows: () => true };
function setFenceCheck(f) {
  fence = f;
}
async function applyBlockingToTabs(sessionId, tabIds) {
  const skipped = [];
  for (const tabId of tabIds) {
    noteTabSession(tabId, sessionId);
    try {
      await ensureAttached(tabId);
      await applyBlocking(tabId, (method, params = {}) => chrome.debugger.sendCommand({ tabId }, method, params));
    } catch {
      skipped.push(tabId);
    }
  }
  return skipped;
}
async function applyBlocking(tabId, send3) {
  await router.ready();
  await fence.ready();
  const hdr = headerRule(tabId);
  const patterns = [
    .../* @__PURE__ */ new Set([
      ...[...blockedPatterns(tabSession(tabId)), ...router.patterns(tabId)].map(fetchPattern),
      ...hdr ? [`${hdr.origin}/*`] : []
    ])
  ];
  if (fence.fenced(tabId)) {
    await send3("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }], handleAuthRequests: wantsAuth(tabId) });
    return;
  }
  const auth = wantsAuth(tabId);
  if (patterns.length === 0 && !auth) {
    await send3("Fetch.disable");
    return;
  }
  if (auth) {
    await send3("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }], handleAuthRequests: true });
    return;
  }
  await send3("Fetch.enable", { patterns: patterns.map((urlPattern2) => ({ urlPattern: urlPattern2, requestStage: "Request" })) });
}
var CONSOLE_LEVELS2 = {
  debug: "debug",
  info: "info",
  warning: "warning",
  error: "error",
  assert: "error",
  trace: "log"
};
function previewText(p) {
  const props = p.properties ?? [];
  const more = p.overflow ? ", …" : "";
  const val = (x) => x.type === "string" ? JSON.stringify(x.value ?? "") : x.value ?? x.type;
  if (p.subtype === "array") return `[${props.map(val).join(", ")}${more}]`;
  const body = `{${props.map((x) => `${x.name}: ${val(x)}`).join(", ")}${more}}`;
  return p.description && p.description !== "Object" ? `${p.description} ${body}` : body;
}
function argText(a) {
  if (a.type === "string") return String(a.value);
  if (a.type === "object" && a.subtype !== "null" && a.subtype !== "error" && a.preview) return previewText(a.preview);
  if (a.unserializableValue !== void 0) return a.unserializableValue;
  if (a.type === "undefined") return "undefined";
  if (a.value !== void 0) {
    try {
      return JSON.stringify(a.value);
    } catch {
      return String(a.value);
    }
  }
  return a.description ?? a.type ?? "";
}
function firstFrame(st) {
  const frames = st?.callFrames;
  return frames?.[0] ?? {};
}
function onConsoleAPI(logs, p) {
  const args = p["args"] ?? [];
  const type2 = String(p["type"] ?? "log");
  const f = firstFrame(p["stackTrace"]);
  logs.console.push({
    level: CONSOLE_LEVELS2[type2] ?? "log",
    text: args.map(argText).join(" "),
    source: "console-api",
    url: f.url ?? "",
    line: (f.lineNumber ?? -1) + 1,
    column: (f.columnNumber ?? -1) + 1,
    time: typeof p["timestamp"] === "number" ? Math.round(p["timestamp"]) : Date.now()
  });
}
function onLogEntry(logs, p) {
  const e = p["entry"] ?? {};
  const level = String(e["level"] ?? "info");
  logs.console.push({
    level: level === "verbose" ? "debug" : level,
    text: String(e["text"] ?? ""),
    source: String(e["source"] ?? "other"),
    url: String(e["url"] ?? ""),
    line: typeof e["lineNumber"] === "number" ? e["lineNumber"] + 1 : 0,
    column: 0,
    time: typeof e["timestamp"] === "number" ? Math.round(e["timestamp"]) : Date.now()
  });
}
function onException(logs, p) {
  const d = p["exceptionDetails"] ?? {};
  const ex = d["exception"] ?? {};
  const head = String(d["text"] ?? "Uncaught");
  const desc = ex.description ?? (ex.value !== void 0 ? argText(ex) : "");
  const rejection = /in promise/i.test(head);
  const f = firstFrame(d["stackTrace"]);
  logs.errors.push({
    kind: rejection ? "rejection" : "exception",
    text: desc ? `${head} ${desc.split("\n")[0]}` : head,
    stack: desc,
    url: String(d["url"] ?? f.url ?? ""),
    line: (typeof d["lineNumber"] === "number" ? d["lineNumber"] : f.lineNumber ?? -1) + 1,
    column: (typeof d["columnNumber"] === "number" ? d["columnNumber"] : f.columnNumber ?? -1) + 1,
    time: typeof p["timestamp"] === "number" ? Math.round(p["timestamp"]) : Date.now()
  });
}
function finish(logs, id, ts, patch) {
  const f = logs.inflight.get(id);
  if (!f) return;
  logs.inflight.delete(id);
  logs.network.push({ ...f.entry, ...patch, durationMs: Math.max(0, Math.round((ts - f.ts) * 1e3)) });
}
function onNetwork(logs, method, p) {
  const id = String(p["requestId"] ?? "");
  const ts = typeof p["timestamp"] === "number" ? p["timestamp"] : 0;
  switch (method) {
    case "Network.requestWillBeSent": {
      const redirect = p["redirectResponse"];
      if (redirect) {
        finish(logs, id, ts, {
          status: redirect.status ?? 0,
          statusText: redirect.statusText ?? "",
          mimeType: redirect.mimeType ?? "",
          size: redirect.encodedDataLength ?? 0
        });
      }
      const req = p["request"] ?? {};
      const shortId = String(++requestCounter);
      logs.details.start(shortId, id, ts, p);
      if (logs.inflight.size >= INFLIGHT_LIMIT) {
        const oldest = logs.inflight.keys().next().value;
        if (oldest !== void 0) logs.inflight.delete(oldest);
      }
      logs.inflight.set(id, {
        ts,
        entry: {
          id: shortId,
          requestId: id,
          method: req.method ?? "GET",
          url: (req.url ?? "") + (req.urlFragment ?? ""),
          type: String(p["type"] ?? "Other"),
          status: 0,
          statusText: "",
          mimeType: "",
          failure: "",
          blocked: false,
          size: 0,
          started: typeof p["wallTime"] === "number" ? Math.round(p["wallTime"] * 1e3) : Date.now(),
          durationMs: -1
        }
      });
      return;
    }
    case "Network.responseReceived": {
      const f = logs.inflight.get(id);
      const r = p["response"] ?? {};
      logs.details.response(id, ts, p["response"] ?? {});
      if (f) {
        f.entry.status = r.status ?? 0;
        f.entry.statusText = r.statusText ?? "";
        f.entry.mimeType = r.mimeType ?? "";
        if (typeof p["type"] === "string") f.entry.type = p["type"];
      }
      return;
    }
    case "Network.requestWillBeSentExtraInfo":
      logs.details.extraHeaders(id, "request", p["headers"]);
      return;
    case "Network.responseReceivedExtraInfo":
      logs.details.extraHeaders(id, "response", p["headers"]);
      return;
    case "Network.dataReceived":
      logs.details.dataReceived(id, typeof p["dataLength"] === "number" ? p["dataLength"] : 0);
      return;
    case "Network.loadingFinished":
      finish(logs, id, ts, { size: typeof p["encodedDataLength"] === "number" ? p["encodedDataLength"] : 0 });
      return;
    case "Network.loadingFailed": {
      const reason = String(p["blockedReason"] ?? "");
      const text2 = String(p["errorText"] ?? "failed");
      finish(logs, id, ts, {
        failure: text2,
        blocked: reason !== "" || /BLOCKED_BY_CLIENT/.test(text2),
        ...typeof p["type"] === "string" ? { type: p["type"] } : {}
      });
      return;
    }
  }
}
function consoleCalled(tabId, p) {
  onConsoleAPI(tabLogs(tabId), p);
}
function logEntryAdded(tabId, p) {
  onLogEntry(tabLogs(tabId), p);
}
function exceptionThrown(tabId, p) {
  onException(tabLogs(tabId), p);
}
function networkEvent(tabId, p, method) {
  onNetwork(tabLogs(tabId), method, p);
}
function requestPaused(tabId, p) {
  const url = String(p["request"]?.url ?? "");
  if (!fence.allows(tabId, url)) {
    void blockSend(tabId, "Fetch.failRequest", { requestId: p["requestId"], errorReason: "BlockedByClient" });
    return;
  }
  if (router.paused(tabId, p)) return;
  if (isBlocked(tabId, url)) {
    void blockSend(tabId, "Fetch.failRequest", { requestId: p["requestId"], errorReason: "BlockedByClient" });
  } else {
    const hdr = headerRule(tabId);
    const request = p["request"];
    const headers2 = hdr && onOrigin(hdr, url) ? { headers: withHeaders(hdr, request?.headers) } : {};
    void blockSend(tabId, "Fetch.continueRequest", { requestId: p["requestId"], ...headers2 });
  }
}
function blockSend(tabId, method, params) {
  return chrome.debugger.sendCommand({ tabId }, method, params).catch(() => void 0);
}
async function enableLogs(tabId, send3) {
  tabLogs(tabId);
  await Promise.all([
    send3("Runtime.enable"),
    send3("Log.enable"),
    send3("Network.enable"),
    applyBlocking(tabId, send3).catch(() => void 0)
  ]);
}
onForget((tabId) => {
  const l = byTab3.get(tabId);
  if (l) {
    l.console.wakeAll();
    l.errors.wakeAll();
    l.network.wakeAll();
  }
  Promise.resolve().then(() => chrome.tabs.get(tabId)).then(
    () => void 0,
    () => dropTab(tabId)
  );
});
function dropTab(tabId) {
  byTab3.delete(tabId);
  sessionOfTab.delete(tabId);
}

// src/background/pages/emulation/auth.ts
var byTab4 = /* @__PURE__ */ new Map();
var answered2 = /* @__PURE__ */ new Set();
setAuthWanted((tabId) => byTab4.has(tabId));
onForget((tabId) => {
  byTab4.delete(tabId);
});
function challengeFits(creds, challenge) {
  const c = challenge ?? {};
  if (c.source === "Proxy" || typeof c.origin !== "string" || !creds.origin) return false;
  try {
    return new URL(c.origin).origin === creds.origin;
  } catch {
    return false;
  }
}
function authRequired(tabId, p) {
  const requestId = String(p["requestId"] ?? "");
  const held2 = byTab4.get(tabId);
  const creds = held2 && challengeFits(held2, p["authChallenge"]) ? held2 : void 0;
  const key = `${tabId}:${requestId}`;
  const response = creds && !answered2.has(key) ? { response: "ProvideCredentials", username: creds.username, password: creds.password } : { response: "CancelAuth" };
  if (creds) answered2.add(key);
  if (answered2.size > 1e3) answered2.clear();
  void chrome.debugger.sendCommand({ tabId }, "Fetch.continueWithAuth", { requestId, authChallengeResponse: response }).catch(() => void 0);
}
async function setCredentialsWanted(tabId, creds, send3) {
  const had = byTab4.has(tabId);
  if (creds) byTab4.set(tabId, creds);
  else byTab4.delete(tabId);
  if (had || creds) await applyBlocking(tabId, send3);
}

// src/background/pages/emulation/headers.ts
var byTab5 = /* @__PURE__ */ new Map();
setHeaderRule((tabId) => byTab5.get(tabId));
onForget((tabId) => {
  byTab5.delete(tabId);
});
async function setHeadersWanted(tabId, headers2, origin, send3) {
  await send3("Network.setExtraHTTPHeaders", { headers: {} });
  const had = byTab5.has(tabId);
  if (headers2 && origin && Object.keys(headers2).length > 0) byTab5.set(tabId, { origin, headers: headers2 });
  else byTab5.delete(tabId);
  if (had || byTab5.has(tabId)) await applyBlocking(tabId, send3);
}

// src/background/pages/emulation/permissions.ts
var KINDS = {
  geolocation: "location",
  notifications: "notifications",
  camera: "camera",
  microphone: "microphone",
  clipboard: "clipboard"
};
var byTab6 = /* @__PURE__ */ new Map();
var applied = /* @__PURE__ */ new Map();
var APPLIED_KEY = "browserctl.permissions";
async function record(also = /* @__PURE__ */ new Map()) {
  const all2 = Object.fromEntries([...applied, ...also]);
  await chrome.storage.session.set({ [APPLIED_KEY]: all2 });
}
async function restore() {
  const got = await chrome.storage.session.get(APPLIED_KEY).catch(() => ({}));
  const rec = got[APPLIED_KEY];
  if (rec && typeof rec === "object") {
    for (const [key, value] of Object.entries(rec)) {
      if (typeof value === "string") applied.set(key, value);
    }
    return;
  }
  for (const kind of new Set(Object.values(KINDS))) await setting(kind).clear({ scope: "regular" }).catch(() => void 0);
  await record().catch(() => void 0);
}
var queue = typeof chrome !== "undefined" && chrome.storage?.session ? restore().catch(() => void 0) : Promise.resolve();
function wanted(s) {
  const out = {};
  if (s.geolocation) out["geolocation"] = "grant";
  return { ...out, ...s.permissions ?? {} };
}
function originOf(url) {
  if (!url) return void 0;
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return void 0;
    return u.origin;
  } catch {
    return void 0;
  }
}
function setting(kind) {
  return chrome.contentSettings[kind];
}
function reconcile() {
  const run2 = async () => {
    const desired = /* @__PURE__ */ new Map();
    for (const { origin, want } of byTab6.values()) {
      for (const [name, g] of Object.entries(want)) {
        const kind = KINDS[name];
        if (kind) desired.set(`${kind}
${origin}/*`, g === "grant" ? "allow" : "block");
      }
    }
    const kinds = /* @__PURE__ */ new Set();
    for (const key of applied.keys()) if (!desired.has(key)) kinds.add(key.split("\n")[0]);
    const changes = kinds.size > 0 || [...desired].some(([key, value]) => applied.get(key) !== value);
    if (!changes) return;
    await record(desired);
    for (const kind of kinds) {
      await setting(kind).clear({ scope: "regular" });
      for (const key of [...applied.keys()]) if (key.startsWith(`${kind}
`)) applied.delete(key);
    }
    for (const [key, value] of desired) {
      if (applied.get(key) === value) continue;
      const [kind, primaryPattern] = key.split("\n");
      await setting(kind).set({ primaryPattern, setting: value, scope: "regular" });
      applied.set(key, value);
    }
    await record();
  };
  const next = queue.then(run2, run2);
  queue = next.catch(() => void 0);
  return next;
}
function forgetPermissions(tabId) {
  if (byTab6.delete(tabId) || applied.size > 0) void reconcile().catch(() => void 0);
}
function settlePermissions() {
  return reconcile();
}
async function applyPermissions(tabId, s, url) {
  const want = wanted(s);
  const t = url === void 0 ? await chrome.tabs.get(tabId).catch(() => void 0) : void 0;
  const origin = originOf(url ?? t?.url ?? t?.pendingUrl);
  if (origin && Object.keys(want).length > 0) byTab6.set(tabId, { origin, want });
  else byTab6.delete(tabId);
  await reconcile();
}

// src/background/pages/emulation/settings.ts
var STORAGE_KEY5 = "browserctl.emulation";
var bySession = /* @__PURE__ */ new Map();
var unapplied = /* @__PURE__ */ new Map();
var loaded4;
function ready() {
  loaded4 ??= chrome.storage.session.get(STORAGE_KEY5).then(
    (got) => {
      const all2 = got[STORAGE_KEY5] ?? {};
      for (const [id, s] of Object.entries(all2)) if (!bySession.has(id)) bySession.set(id, s);
    },
    () => void 0
  );
  return loaded4;
}
function settingsOf(sessionId) {
  return bySession.get(sessionId) ?? { settings: {}, scripts: [], nextScript: 1 };
}
function peek(sessionId) {
  return bySession.get(sessionId);
}
function isEmpty(s) {
  return Object.keys(s.settings).length === 0 && s.scripts.length === 0;
}
async function store(sessionId, s) {
  if (isEmpty(s)) bySession.delete(sessionId);
  else bySession.set(sessionId, s);
  await chrome.storage.session.set({ [STORAGE_KEY5]: Object.fromEntries(bySession) }).catch(() => void 0);
}
function noteUnapplied(tabId, setting2, error) {
  let m = unapplied.get(tabId);
  if (error === void 0) {
    m?.delete(setting2);
    if (m && m.size === 0) unapplied.delete(tabId);
    return;
  }
  if (!m) unapplied.set(tabId, m = /* @__PURE__ */ new Map());
  m.set(setting2, error);
}
function forgetTab(tabId) {
  unapplied.delete(tabId);
}
function unappliedOf(tabIds) {
  const out = [];
  for (const tabId of tabIds) {
    for (const [setting2, error] of unapplied.get(tabId) ?? []) out.push({ tabId, setting: setting2, error });
  }
  return out;
}

// src/background/pages/emulation/apply.ts
async function clearViewport(send3) {
  await send3("Emulation.setDeviceMetricsOverride", { width: 0, height: 0, deviceScaleFactor: 0, mobile: false });
  await send3("Emulation.clearDeviceMetricsOverride");
}
var kbps = (k) => k > 0 ? k * 1e3 / 8 : -1;
var UNITS = [
  {
    names: ["viewport"],
    apply: (s, send3) => s.viewport ? send3("Emulation.setDeviceMetricsOverride", {
      width: s.viewport.width,
      height: s.viewport.height,
      deviceScaleFactor: s.viewport.deviceScaleFactor ?? 0,
      mobile: s.viewport.mobile ?? false,
      screenWidth: s.viewport.width,
      screenHeight: s.viewport.height
    }) : clearViewport(send3)
  },
  {
    names: ["touch"],
    apply: (s, send3) => send3("Emulation.setTouchEmulationEnabled", s.touch ? { enabled: true, maxTouchPoints: 5 } : { enabled: false })
  },
  {
    // An empty userAgent keeps the browser's; acceptLanguage is what
    // navigator.language and the Accept-Language header say.
    names: ["userAgent", "locale"],
    apply: async (s, send3) => {
      await send3("Emulation.setUserAgentOverride", { userAgent: s.userAgent ?? "", acceptLanguage: s.locale ?? "" });
      await send3("Emulation.setLocaleOverride", s.locale ? { locale: s.locale } : {});
    }
  },
  {
    names: ["media"],
    apply: (s, send3) => send3("Emulation.setEmulatedMedia", {
      media: s.media?.print ? "print" : "",
      features: [
        { name: "prefers-color-scheme", value: s.media?.colorScheme ?? "" },
        { name: "prefers-reduced-motion", value: s.media?.reducedMotion ?? "" }
      ]
    })
  },
  {
    names: ["offline", "throttle"],
    apply: (s, send3) => send3("Network.emulateNetworkConditions", {
      offline: s.offline ?? false,
      latency: s.throttle?.latencyMs ?? 0,
      downloadThroughput: s.throttle ? kbps(s.throttle.downloadKbps) : -1,
      uploadThroughput: s.throttle ? kbps(s.throttle.uploadKbps) : -1
    })
  },
  {
    names: ["geolocation"],
    apply: (s, send3) => s.geolocation ? send3("Emulation.setGeolocationOverride", {
      latitude: s.geolocation.latitude,
      longitude: s.geolocation.longitude,
      accuracy: s.geolocation.accuracy ?? 10
    }) : send3("Emulation.clearGeolocationOverride")
  },
  {
    // geolocation grants its own permission: the page gets the position
    // without a prompt.
    names: ["permissions", "geolocation"],
    apply: (s, _send, tabId) => applyPermissions(tabId, s)
  },
  {
    names: ["timezone"],
    apply: (s, send3) => send3("Emulation.setTimezoneOverride", { timezoneId: s.timezone ?? "" })
  },
  {
    // Only to their origin: through Fetch, not Network.setExtraHTTPHeaders.
    names: ["headers", "headersOrigin"],
    apply: (s, send3, tabId) => setHeadersWanted(tabId, s.headers, s.headersOrigin, send3)
  },
  {
    names: ["credentials"],
    apply: (s, send3, tabId) => setCredentialsWanted(tabId, s.credentials, send3)
  }
];
async function applyTo(tabId, s, names, send3) {
  const units = UNITS.filter((u) => u.names.some((n) => names.includes(n)));
  await Promise.all(
    units.map(async (u) => {
      let err;
      try {
        await u.apply(s, send3, tabId);
      } catch (e) {
        err = cdpMessage(e);
      }
      for (const n of u.names) if (names.includes(n)) noteUnapplied(tabId, n, err);
    })
  );
}
function setNames(s) {
  return Object.keys(s).filter((k) => s[k] !== void 0);
}

// src/background/pages/emulation/init-scripts.ts
var added = /* @__PURE__ */ new Map();
var scriptsOfTab = () => [];
function setScriptsOfTab(fn) {
  scriptsOfTab = fn;
}
onForget((tabId) => {
  added.delete(tabId);
});
function slot(tabId, session) {
  let t = added.get(tabId);
  if (!t) added.set(tabId, t = /* @__PURE__ */ new Map());
  let s = t.get(session);
  if (!s) t.set(session, s = /* @__PURE__ */ new Map());
  return s;
}
async function addScript(tabId, sc, send3, runImmediately) {
  const r = await send3("Page.addScriptToEvaluateOnNewDocument", {
    source: sc.source,
    runImmediately
  });
  slot(tabId, "").set(sc.id, r.identifier);
  const children = [...added.get(tabId)?.keys() ?? []].filter((k) => k !== "");
  await Promise.all(children.map((child) => addToChild(tabId, child, sc, runImmediately)));
}
var inChild = (tabId, child, method, params) => sendIn(tabId, child, method, params);
var inNewFrame = (tabId, child, method, params) => sendToFrame(tabId, child, method, params);
async function addToChild(tabId, child, sc, runImmediately, send3 = inChild) {
  const s = slot(tabId, child);
  if (s.has(sc.id)) return;
  const r = await send3(tabId, child, "Page.addScriptToEvaluateOnNewDocument", {
    source: sc.source,
    runImmediately
  });
  s.set(sc.id, r.identifier);
}
async function removeScript(tabId, id) {
  const t = added.get(tabId);
  if (!t) return;
  await Promise.all(
    [...t].map(async ([child, s]) => {
      const identifier = s.get(id);
      if (identifier === void 0) return;
      s.delete(id);
      await sendIn(tabId, child === "" ? void 0 : child, "Page.removeScriptToEvaluateOnNewDocument", { identifier });
    })
  );
}
var gates = [];
function setNewFrameGates(g) {
  gates = g;
}
function scriptsForNewFrame(tabId, params) {
  const info = params["targetInfo"];
  const child = String(params["sessionId"] ?? "");
  if (!child) return;
  const paused = params["waitingForDebugger"] === true;
  const scripts = info?.type === "iframe" ? scriptsOfTab(tabId) : [];
  if (info?.type === "iframe") slot(tabId, child);
  void (async () => {
    try {
      await Promise.all(scripts.map((sc) => addToChild(tabId, child, sc, true, inNewFrame).catch(() => void 0)));
      const frameId = info?.type === "iframe" ? info.targetId : void 0;
      if (frameId) await Promise.all(gates.map((g) => g(tabId, child, frameId, paused).catch(() => void 0)));
    } finally {
      if (paused) await inNewFrame(tabId, child, "Runtime.runIfWaitingForDebugger").catch(() => void 0);
    }
  })().catch(() => void 0);
}
function dropFrameScripts(tabId, params) {
  added.get(tabId)?.delete(String(params["sessionId"] ?? ""));
}

// src/background/pages/emulation/state.ts
function bad(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
async function saveState(tabIds) {
  const cookies2 = /* @__PURE__ */ new Map();
  const origins = /* @__PURE__ */ new Map();
  for (const tabId of tabIds) {
    const t = await chrome.tabs.get(tabId).catch(() => void 0);
    if (!originOf(t?.url)) continue;
    const r = await send(tabId, "Network.getCookies", {});
    for (const c of r.cookies) {
      const ck = {
        name: c.name,
        value: c.value,
        domain: c.domain,
        path: c.path,
        expires: c.session ? -1 : c.expires,
        httpOnly: c.httpOnly,
        secure: c.secure,
        sameSite: c.sameSite ?? "Lax"
      };
      cookies2.set(`${c.domain}
${c.path}
${c.name}`, ck);
    }
    const s = await callInWorld(tabId, "readOriginStorage", []);
    const o = s.result.value;
    if (o && o.origin && o.origin !== "null" && !origins.has(o.origin)) origins.set(o.origin, o);
  }
  return { cookies: [...cookies2.values()], origins: [...origins.values()] };
}
function entries(v, where) {
  if (v === void 0 || v === null) return [];
  if (!Array.isArray(v)) throw bad(`${where} must be an array of {name, value}`);
  return v.map((e, i) => {
    const o = e;
    if (!o || typeof o["name"] !== "string" || typeof o["value"] !== "string") throw bad(`${where}[${i}] must be {name: string, value: string}`);
    return { name: o["name"], value: o["value"] };
  });
}
var SAME_SITE = ["Strict", "Lax", "None"];
function validateState(raw) {
  const st = raw;
  if (!st || typeof st !== "object" || Array.isArray(st)) throw bad(`"state" must be an object with cookies and origins`);
  const cs = st["cookies"] ?? [];
  const os = st["origins"] ?? [];
  if (!Array.isArray(cs)) throw bad("state.cookies must be an array");
  if (!Array.isArray(os)) throw bad("state.origins must be an array");
  const cookies2 = cs.map((c, i) => {
    const o = c;
    const where = `state.cookies[${i}]`;
    if (!o || typeof o !== "object") throw bad(`${where} must be an object`);
    for (const k of ["name", "value", "domain"]) if (typeof o[k] !== "string") throw bad(`${where}.${k} must be a string`);
    if (o["name"] === "" || o["domain"] === "") throw bad(`${where} needs a name and a domain`);
    const sameSite = o["sameSite"] === void 0 ? "Lax" : String(o["sameSite"]);
    if (!SAME_SITE.includes(sameSite)) throw bad(`${where}.sameSite must be Strict, Lax or None`);
    const expires = o["expires"] === void 0 ? -1 : o["expires"];
    if (typeof expires !== "number" || !Number.isFinite(expires)) throw bad(`${where}.expires must be a number (-1: a session cookie)`);
    return {
      name: o["name"],
      value: o["value"],
      domain: o["domain"],
      path: typeof o["path"] === "string" && o["path"] !== "" ? o["path"] : "/",
      expires,
      httpOnly: o["httpOnly"] === true,
      secure: o["secure"] === true,
      sameSite
    };
  });
  const origins = os.map((x, i) => {
    const o = x;
    const where = `state.origins[${i}]`;
    if (!o || typeof o !== "object" || typeof o["origin"] !== "string") throw bad(`${where}.origin must be a string`);
    const origin = originOf(o["origin"]);
    if (!origin || origin !== o["origin"].replace(/\/$/, "")) throw bad(`${where}.origin must be an http(s) origin, got ${JSON.stringify(o["origin"])}`);
    return { origin, localStorage: entries(o["localStorage"], `${where}.localStorage`), sessionStorage: entries(o["sessionStorage"], `${where}.sessionStorage`) };
  });
  return { cookies: cookies2, origins };
}
async function loadState(tabIds, st) {
  if (tabIds.length === 0) throw new RpcError(ErrorCode.tabNotFound, "the session has no tab to load the state through");
  if (st.cookies.length > 0) {
    const cookies2 = st.cookies.map((c) => {
      const out = { ...c };
      if (c.expires < 0) delete out["expires"];
      return out;
    });
    try {
      await send(tabIds[0], "Network.setCookies", { cookies: cookies2 });
    } catch (e) {
      throw bad(`the browser refused the cookies: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const shown3 = /* @__PURE__ */ new Map();
  for (const tabId of tabIds) {
    const t = await chrome.tabs.get(tabId).catch(() => void 0);
    const o = originOf(t?.url);
    if (o && !shown3.has(o)) shown3.set(o, tabId);
  }
  const written = [];
  const pending4 = [];
  for (const o of st.origins) {
    const tabId = shown3.get(o.origin);
    if (tabId === void 0) {
      pending4.push(o);
      continue;
    }
    const r = await callInWorld(tabId, "writeOriginStorage", [o.origin, o.localStorage, o.sessionStorage ?? []]);
    if (r.exceptionDetails || r.result.value !== true) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: could not write the storage of ${o.origin} in tab ${tabId}`);
    }
    written.push(o.origin);
  }
  return { result: { cookies: st.cookies.length, origins: written, pending: pending4.map((o) => o.origin) }, pending: pending4 };
}
function pendingScript(id, o) {
  const marker = JSON.stringify(`browserctl.state.${id}`);
  const data = JSON.stringify({ origin: o.origin, local: o.localStorage, session: o.sessionStorage ?? [] });
  return {
    id,
    name: `state for ${o.origin}`,
    source: `(() => { const d = ${data}; try { if (location.origin !== d.origin || sessionStorage.getItem(${marker})) return;
  sessionStorage.setItem(${marker}, "1");
  for (const e of d.local) localStorage.setItem(e.name, e.value);
  for (const e of d.session) sessionStorage.setItem(e.name, e.value); } catch (e) {} })()`
  };
}

// src/background/pages/emulation/validate.ts
function bad2(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function num(o, key, where, opts = {}) {
  const v = o[key];
  if (v === void 0 || v === null) {
    if (opts.optional) return void 0;
    throw bad2(`${where}.${key} is required`);
  }
  if (typeof v !== "number" || !Number.isFinite(v)) throw bad2(`${where}.${key} must be a number`);
  if (opts.min !== void 0 && v < opts.min) throw bad2(`${where}.${key} must be at least ${opts.min}, got ${v}`);
  if (opts.max !== void 0 && v > opts.max) throw bad2(`${where}.${key} must be at most ${opts.max}, got ${v}`);
  return v;
}
function httpOrigin(v, where) {
  let u;
  try {
    u = new URL(v);
  } catch {
    throw bad2(`${where} must be an http(s) origin such as https://example.com, got ${JSON.stringify(v)}`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw bad2(`${where} must be an http(s) origin such as https://example.com, got ${JSON.stringify(v)}`);
  }
  return u.origin;
}
function str(v, where) {
  if (typeof v !== "string") throw bad2(`${where} must be a string`);
  return v;
}
function oneOf(v, values, where) {
  if (typeof v !== "string" || !values.includes(v)) {
    throw bad2(`${where} must be one of ${values.join(", ")}, got ${JSON.stringify(v)}`);
  }
  return v;
}
var HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
var HEADER_VALUE = /^[^\r\n\0]*$/;
function validTimezone(zone) {
  if (zone === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
function canonicalLocale(tag) {
  if (tag === "") return void 0;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return void 0;
  }
}
function validateSettings(raw) {
  if (!isObject(raw)) throw bad2(`"settings" must be an object`);
  const out = {};
  for (const key of Object.keys(raw)) {
    if (!EMULATION_NAMES.includes(key)) throw bad2(`unknown setting ${JSON.stringify(key)}`);
  }
  const v = raw;
  if (v["viewport"] !== void 0) {
    const vp = v["viewport"];
    if (!isObject(vp)) throw bad2("viewport must be an object");
    const width = num(vp, "width", "viewport", { min: 1, max: 1e7 });
    const height = num(vp, "height", "viewport", { min: 1, max: 1e7 });
    if (!Number.isInteger(width) || !Number.isInteger(height)) throw bad2("viewport width and height must be integers");
    const dsf = num(vp, "deviceScaleFactor", "viewport", { min: 0, max: 10, optional: true });
    if (vp["mobile"] !== void 0 && typeof vp["mobile"] !== "boolean") throw bad2("viewport.mobile must be a boolean");
    out.viewport = { width, height, deviceScaleFactor: dsf ?? 0, mobile: vp["mobile"] === true };
  }
  if (v["device"] !== void 0) out.device = str(v["device"], "device");
  for (const k of ["touch", "offline"]) {
    if (v[k] !== void 0) {
      if (typeof v[k] !== "boolean") throw bad2(`${k} must be a boolean`);
      out[k] = v[k];
    }
  }
  if (v["userAgent"] !== void 0) {
    const ua = str(v["userAgent"], "userAgent");
    if (ua === "" || !HEADER_VALUE.test(ua)) throw bad2("userAgent must be a non-empty string without line breaks");
    out.userAgent = ua;
  }
  if (v["media"] !== void 0) {
    const m = v["media"];
    if (!isObject(m)) throw bad2("media must be an object");
    out.media = {};
    if (m["colorScheme"] !== void 0) out.media.colorScheme = oneOf(m["colorScheme"], COLOR_SCHEMES, "media.colorScheme");
    if (m["reducedMotion"] !== void 0) out.media.reducedMotion = oneOf(m["reducedMotion"], REDUCED_MOTIONS, "media.reducedMotion");
    if (m["print"] !== void 0) {
      if (typeof m["print"] !== "boolean") throw bad2("media.print must be a boolean");
      out.media.print = m["print"];
    }
  }
  if (v["throttle"] !== void 0) {
    const t = v["throttle"];
    if (!isObject(t)) throw bad2("throttle must be an object");
    out.throttle = {
      latencyMs: num(t, "latencyMs", "throttle", { min: 0 }),
      downloadKbps: num(t, "downloadKbps", "throttle", { min: 0 }),
      uploadKbps: num(t, "uploadKbps", "throttle", { min: 0 })
    };
  }
  if (v["geolocation"] !== void 0) {
    const g = v["geolocation"];
    if (!isObject(g)) throw bad2("geolocation must be an object");
    out.geolocation = {
      latitude: num(g, "latitude", "geolocation", { min: -90, max: 90 }),
      longitude: num(g, "longitude", "geolocation", { min: -180, max: 180 }),
      accuracy: num(g, "accuracy", "geolocation", { min: 0, optional: true }) ?? 10
    };
  }
  if (v["permissions"] !== void 0) {
    const p = v["permissions"];
    if (!isObject(p)) throw bad2("permissions must be an object");
    out.permissions = {};
    for (const [name, grant] of Object.entries(p)) {
      oneOf(name, PERMISSION_NAMES, "a permission name");
      out.permissions[name] = oneOf(grant, PERMISSION_GRANTS, `permissions.${name}`);
    }
  }
  if (v["timezone"] !== void 0) {
    const z = str(v["timezone"], "timezone");
    if (!validTimezone(z)) throw bad2(`unknown time zone ${JSON.stringify(z)} (an IANA name such as Europe/Berlin)`);
    out.timezone = z;
  }
  if (v["locale"] !== void 0) {
    const l = str(v["locale"], "locale");
    const c = canonicalLocale(l);
    if (!c) throw bad2(`malformed locale ${JSON.stringify(l)} (a BCP 47 tag such as fr-FR)`);
    out.locale = c;
  }
  if (v["headers"] !== void 0) {
    const h = v["headers"];
    if (!isObject(h)) throw bad2("headers must be an object of strings");
    out.headers = {};
    for (const [name, value] of Object.entries(h)) {
      if (!HEADER_NAME.test(name)) throw bad2(`header name ${JSON.stringify(name)} is not a valid token`);
      if (typeof value !== "string" || !HEADER_VALUE.test(value)) throw bad2(`header ${name} must be a string without line breaks`);
      out.headers[name] = value;
    }
  }
  if (v["headersOrigin"] !== void 0) {
    if (v["headers"] === void 0) throw bad2("headersOrigin goes with headers (set headers --origin)");
    out.headersOrigin = httpOrigin(str(v["headersOrigin"], "headersOrigin"), "headersOrigin");
  }
  if (v["credentials"] !== void 0) {
    const c = v["credentials"];
    if (!isObject(c)) throw bad2("credentials must be an object");
    out.credentials = { username: str(c["username"], "credentials.username"), password: str(c["password"], "credentials.password") };
    if (out.credentials.username === "") throw bad2("credentials.username must not be empty");
    if (c["origin"] !== void 0) out.credentials.origin = httpOrigin(str(c["origin"], "credentials.origin"), "credentials.origin");
  }
  return out;
}
function validateNames(raw) {
  if (raw === void 0 || raw === null) return [...EMULATION_NAMES];
  if (!Array.isArray(raw)) throw bad2(`"names" must be an array of strings`);
  return raw.map((n, i) => oneOf(n, EMULATION_NAMES, `names[${i}]`));
}

// src/background/pages/emulation/handlers.ts
var sessionOfTab2 = /* @__PURE__ */ new Map();
onForget((tabId) => {
  forgetTab(tabId);
  forgetPermissions(tabId);
});
onSessionRemoved(() => {
  void settlePermissions().catch(() => void 0);
});
setScriptsOfTab((tabId) => peek(sessionOfTab2.get(tabId) ?? "")?.scripts ?? []);
var tabSend = (tabId) => (method, params = {}) => send(tabId, method, params);
var DEVICE_PARTS = ["viewport", "touch", "userAgent"];
var wired;
async function sessionOf(store3, tabId) {
  const t = await chrome.tabs.get(tabId).catch(() => void 0);
  await store3.ready();
  const s = t ? store3.byGroup(t.groupId) : void 0;
  if (s) {
    sessionOfTab2.set(tabId, s.sessionId);
    noteTabSession(tabId, s.sessionId);
  } else sessionOfTab2.delete(tabId);
  return s;
}
async function applySessionSettings(tabId, raw) {
  if (!wired) return;
  await ready();
  const s = await sessionOf(wired, tabId);
  const ss = s ? peek(s.sessionId) : void 0;
  if (!ss) return;
  await applyTo(tabId, ss.settings, setNames(ss.settings), raw);
  for (const sc of ss.scripts) {
    try {
      await addScript(tabId, sc, raw, true);
      noteUnapplied(tabId, `init script ${sc.id}`, void 0);
    } catch (e) {
      noteUnapplied(tabId, `init script ${sc.id}`, cdpMessage(e));
    }
  }
  if (ss.scripts.length > 0) void followFrames(tabId).catch(() => void 0);
}
async function retune(store3, tabId) {
  await ready();
  const before = sessionOfTab2.get(tabId);
  const s = await sessionOf(store3, tabId);
  const now = s ? peek(s.sessionId) : void 0;
  if (!isAttached(tabId)) {
    if (now) await ensureAttached(tabId).catch(() => void 0);
    return;
  }
  if (before === s?.sessionId) return;
  const had = before ? peek(before) : void 0;
  if (!had && !now) return;
  await applyTo(tabId, now?.settings ?? {}, EMULATION_NAMES, tabSend(tabId)).catch(() => void 0);
  for (const sc of had?.scripts ?? []) await removeScript(tabId, sc.id).catch(() => void 0);
  for (const sc of now?.scripts ?? []) await addScript(tabId, sc, tabSend(tabId), false).catch(() => void 0);
}
function wire(store3) {
  if (wired) return;
  wired = store3;
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.groupId !== void 0) void retune(store3, tabId).catch(() => void 0);
  });
  chrome.tabs.onCreated.addListener((tab) => {
    if (tab.id !== void 0 && tab.groupId >= 0) void retune(store3, tab.id).catch(() => void 0);
  });
}
function permissionsOnNavigation(tabId, p) {
  if (!wired) return;
  const frame = p["frame"];
  if (!frame || frame.parentId) return;
  const ss = peek(sessionOfTab2.get(tabId) ?? "");
  if (!ss || Object.keys(wanted(ss.settings)).length === 0) return;
  settling(
    tabId,
    applyPermissions(tabId, ss.settings, frame.url).then(
      () => noteUnapplied(tabId, "permissions", void 0),
      (e) => noteUnapplied(tabId, "permissions", cdpMessage(e))
    )
  );
}
async function tabIdsOf(s) {
  return (await groupTabs(s)).map((t) => t.id).filter((id) => id !== void 0);
}
async function applySession(s, e, names) {
  const tabIds = await tabIdsOf(s);
  await Promise.all(
    tabIds.map(async (tabId) => {
      sessionOfTab2.set(tabId, s.sessionId);
      noteTabSession(tabId, s.sessionId);
      if (!isAttached(tabId)) {
        try {
          await ensureAttached(tabId);
        } catch (err) {
          for (const n of names) noteUnapplied(tabId, n, cdpMessage(err));
          return;
        }
      }
      await applyTo(tabId, e, names, tabSend(tabId));
    })
  );
  return tabIds;
}
async function result(s, tabIds) {
  const ss = settingsOf(s.sessionId);
  const shown3 = ss.settings.credentials ? { ...ss.settings, credentials: { ...ss.settings.credentials, password: "********" } } : ss.settings;
  return { settings: shown3, unapplied: unappliedOf(tabIds ?? await tabIdsOf(s)), scripts: ss.scripts };
}
async function scriptsResult(s, tabIds) {
  const ss = settingsOf(s.sessionId);
  const ids = tabIds ?? await tabIdsOf(s);
  return { scripts: ss.scripts, unapplied: unappliedOf(ids).filter((u) => u.setting.startsWith("init script")) };
}
async function addScripts(s, scripts) {
  const tabIds = await tabIdsOf(s);
  await Promise.all(
    tabIds.map(async (tabId) => {
      sessionOfTab2.set(tabId, s.sessionId);
      const fresh2 = !isAttached(tabId);
      for (const sc of scripts) {
        const what = `init script ${sc.id}`;
        try {
          if (fresh2) await ensureAttached(tabId);
          else await addScript(tabId, sc, tabSend(tabId), false);
          noteUnapplied(tabId, what, void 0);
        } catch (e) {
          noteUnapplied(tabId, what, cdpMessage(e));
        }
      }
      void followFrames(tabId).catch(() => void 0);
    })
  );
  return tabIds;
}
async function tabOrigin(s, what, fix) {
  const t = pickActive(s, await groupTabs(s));
  const url = t?.pendingUrl || t?.url || "";
  try {
    const u = new URL(url);
    if (u.protocol === "http:" || u.protocol === "https:") return u.origin;
  } catch {
  }
  throw new RpcError(
    ErrorCode.invalidParams,
    `invalid params: ${what} and the session's tab shows ${url || "nothing"}, which has none: give one (${fix})`,
    "bad_input"
  );
}
var locks = /* @__PURE__ */ new Map();
function serialized(sessionId, fn) {
  const prev = locks.get(sessionId) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const tail = next.catch(() => void 0);
  locks.set(sessionId, tail);
  void tail.then(() => {
    if (locks.get(sessionId) === tail) locks.delete(sessionId);
  });
  return next;
}
function emulationHandlers({ store: store3 }) {
  wire(store3);
  const session = async (p) => {
    const s = await store3.lookup(p);
    await ready();
    return s;
  };
  const changing = (fn) => async (p) => {
    const s = await session(p);
    return serialized(s.sessionId, () => fn(s, p));
  };
  return {
    "emulation.set": changing(async (s, p) => {
      const patch = validateSettings(p.settings);
      if (patch.credentials && patch.credentials.origin === void 0) {
        patch.credentials.origin = await tabOrigin(s, "credentials have no origin", "set credentials --origin https://host");
      }
      if (patch.headers && patch.headersOrigin === void 0) {
        patch.headersOrigin = await tabOrigin(s, "headers have no origin", "set headers --origin https://host");
      }
      const names = setNames(patch);
      if (names.length === 0) throw new RpcError(ErrorCode.invalidParams, `invalid params: "settings" names nothing to set`);
      const cur = settingsOf(s.sessionId);
      const next = { ...cur.settings, ...patch };
      if (patch.permissions) next.permissions = { ...cur.settings.permissions, ...patch.permissions };
      if (patch.device === void 0 && names.some((n) => DEVICE_PARTS.includes(n))) delete next.device;
      await store(s.sessionId, { ...cur, settings: next });
      return result(s, await applySession(s, next, names));
    }),
    "emulation.show": async (p) => result(await session(p)),
    "emulation.reset": changing(async (s, p) => {
      const names = validateNames(p.names);
      const cur = settingsOf(s.sessionId);
      const next = { ...cur.settings };
      for (const n of names) delete next[n];
      if (names.includes("headers")) delete next.headersOrigin;
      await store(s.sessionId, { ...cur, settings: next });
      return result(s, await applySession(s, next, names));
    }),
    "state.save": async (p) => saveState(await tabIdsOf(await session(p))),
    "state.load": changing(async (s, p) => {
      const st = validateState(p.state);
      const { result: r, pending: pending4 } = await loadState(await tabIdsOf(s), st);
      if (pending4.length > 0) {
        const cur = settingsOf(s.sessionId);
        let n = cur.nextScript;
        const scripts = pending4.map((o) => pendingScript(`s${n++}`, o));
        await store(s.sessionId, { ...cur, scripts: [...cur.scripts, ...scripts], nextScript: n });
        await addScripts(s, scripts);
      }
      return r;
    }),
    "initScripts.add": changing(async (s, p) => {
      const source = requireString(p, "source");
      if (source.trim() === "") throw new RpcError(ErrorCode.invalidParams, `invalid params: "source" must not be empty`);
      const cur = settingsOf(s.sessionId);
      const sc = { id: `s${cur.nextScript}`, name: optionalString(p, "name") || "--code", source };
      await store(s.sessionId, { ...cur, scripts: [...cur.scripts, sc], nextScript: cur.nextScript + 1 });
      return scriptsResult(s, await addScripts(s, [sc]));
    }),
    "initScripts.list": async (p) => scriptsResult(await session(p)),
    "initScripts.remove": changing(async (s, p) => {
      const id = requireString(p, "id");
      const cur = settingsOf(s.sessionId);
      if (!cur.scripts.some((sc) => sc.id === id)) {
        const have = cur.scripts.map((sc) => sc.id).join(", ") || "none";
        throw new RpcError(ErrorCode.invalidParams, `invalid params: no init script ${JSON.stringify(id)} in the session (it has ${have})`);
      }
      await store(s.sessionId, { ...cur, scripts: cur.scripts.filter((sc) => sc.id !== id) });
      const tabIds = await tabIdsOf(s);
      await Promise.all(
        tabIds.map(async (tabId) => {
          noteUnapplied(tabId, `init script ${id}`, void 0);
          await removeScript(tabId, id).catch(() => void 0);
        })
      );
      return scriptsResult(s, tabIds);
    })
  };
}

// src/background/pages/core/foreground.ts
var VISIBLE_WAIT_MS = 2e3;
var POLL_MS3 = 20;
var sleep2 = (ms) => new Promise((r) => setTimeout(r, ms));
async function visible(tabId) {
  const r = await callInWorld(tabId, "visibilityState", [], { timeoutMs: VISIBLE_WAIT_MS });
  return r.result.value === "visible";
}
function tabNow(tabId) {
  return chrome.tabs.get(tabId).catch(() => void 0);
}
async function ensureForeground(tabId, asked) {
  const tab = await (asked ?? tabNow(tabId));
  if (!tab) return;
  if (tab.active) return;
  await chrome.tabs.update(tabId, { active: true });
  const deadline = Date.now() + VISIBLE_WAIT_MS;
  for (; ; ) {
    const shown3 = await unlessDialog(visible(tabId), () => null);
    if (shown3 !== false) return;
    if (Date.now() >= deadline) return;
    await sleep2(POLL_MS3);
  }
}

// src/background/pages/evidence/screencast-share.ts
var users = /* @__PURE__ */ new Map();
function screencastLead(tabId) {
  const u = users.get(tabId);
  if (!u) return void 0;
  if (u.has("record")) return "record";
  return u.has("trace") ? "trace" : void 0;
}
function claimScreencast(tabId, who, params) {
  let u = users.get(tabId);
  if (!u) users.set(tabId, u = /* @__PURE__ */ new Map());
  u.set(who, params);
}
function releaseScreencast(tabId, who) {
  const u = users.get(tabId);
  if (!u?.delete(who)) return;
  const rest = screencastLead(tabId);
  if (rest === void 0) {
    users.delete(tabId);
    sendQuiet(tabId, "Page.stopScreencast");
  } else if (who === "record") {
    sendQuiet(tabId, "Page.startScreencast", u.get(rest));
  }
}
function ackScreencastFrame(tabId, p) {
  sendQuiet(tabId, "Page.screencastFrameAck", { sessionId: p["sessionId"] });
}
onForget((tabId) => users.delete(tabId));

// src/background/pages/evidence/recorder.ts
var MAX_BYTES = 200 * 1024 * 1024;
var MAX_MS = 30 * 60 * 1e3;
var KEEP_STOPPED_MS = 5 * 60 * 1e3;
var CHUNK_BYTES = 8 * 1024 * 1024;
var recordings = /* @__PURE__ */ new Map();
function recordingNow(sessionId) {
  const r = recordings.get(sessionId);
  return !!r && !r.stopped;
}
function nothing(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function screencastParams(r) {
  const p = { format: "jpeg", quality: r.quality, everyNthFrame: 1 };
  if (r.maxWidth > 0) {
    p["maxWidth"] = r.maxWidth;
    p["maxHeight"] = r.maxWidth * 4;
  }
  return p;
}
function recordingOn(tabId) {
  for (const r of recordings.values()) if (r.live && r.tabId === tabId) return r;
  return void 0;
}
function end(r, truncated = false) {
  if (!r.live) return;
  r.live = false;
  r.stoppedAt = Date.now();
  if (truncated) r.truncated = true;
  if (r.tabId !== void 0) releaseScreencast(r.tabId, "record");
  r.dropTimer = setTimeout(() => {
    if (recordings.get(r.sessionId) === r) recordings.delete(r.sessionId);
  }, KEEP_STOPPED_MS);
}
async function follow(r, tabId) {
  if (r.tabId !== void 0 && r.tabId !== tabId) releaseScreencast(r.tabId, "record");
  r.tabId = void 0;
  await ensureAttached(tabId);
  await ensureForeground(tabId);
  r.tabId = tabId;
  if (r.tabs.at(-1) !== tabId) r.tabs.push(tabId);
  claimScreencast(tabId, "record", screencastParams(r));
  try {
    await send(tabId, "Page.startScreencast", screencastParams(r));
  } catch (e) {
    if (!(e instanceof Error && /already active/i.test(e.message))) {
      releaseScreencast(tabId, "record");
      throw e;
    }
  }
}
function recordFrame(tabId, p) {
  const r = recordingOn(tabId);
  if (!r || typeof p["data"] !== "string") return;
  const meta = p["metadata"];
  const at = typeof meta?.timestamp === "number" ? meta.timestamp * 1e3 : Date.now();
  const ms = Math.max(0, at - r.startedAt);
  const data = p["data"];
  if (r.bytes + data.length > MAX_BYTES || ms > MAX_MS) {
    end(r, true);
    return;
  }
  r.frames.push({ data, ms });
  r.bytes += data.length;
}
function restartRecordingOnNavigation(tabId, p) {
  const frame = p["frame"];
  const r = recordingOn(tabId);
  if (r && frame && !frame.parentId) sendQuiet(tabId, "Page.startScreencast", screencastParams(r));
}
async function restartRecordingOnAttach(tabId, send3) {
  const r = recordingOn(tabId);
  if (r) await send3("Page.startScreencast", screencastParams(r)).catch(() => {
  });
}
var wired2 = false;
function wire2() {
  if (wired2 || typeof chrome === "undefined") return;
  wired2 = true;
  onForget((tabId) => {
    for (const r of recordings.values()) {
      if (r.tabId !== tabId) continue;
      r.tabId = void 0;
      chrome.tabs.get(tabId).then(
        () => end(r),
        () => {
        }
      );
    }
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    void chrome.tabs.get(tabId).then(
      (t) => {
        for (const r of recordings.values()) {
          if (r.live && t.groupId === r.groupId && r.tabId !== tabId) follow(r, tabId).catch(() => {
          });
        }
      },
      () => {
      }
    );
  });
  chrome.tabs.onUpdated.addListener((tabId, change, t) => {
    if (change.groupId === void 0 || !t.active) return;
    for (const r of recordings.values()) {
      if (r.live && t.groupId === r.groupId && r.tabId !== tabId) follow(r, tabId).catch(() => {
      });
    }
  });
  chrome.tabGroups.onRemoved.addListener((g) => {
    for (const r of recordings.values()) if (r.groupId === g.id) end(r);
  });
}
async function startRecording(sessionId, groupId, tabId, opts) {
  wire2();
  const old = recordings.get(sessionId);
  if (old && !old.stopped) throw failed(`session ${sessionId} is already recording (record stop first)`);
  if (old?.dropTimer) clearTimeout(old.dropTimer);
  const r = {
    sessionId,
    groupId,
    ...opts,
    startedAt: Date.now(),
    frames: [],
    bytes: 0,
    truncated: false,
    tabId: void 0,
    tabs: [],
    live: true,
    stopped: false
  };
  recordings.set(sessionId, r);
  try {
    await follow(r, tabId);
  } catch (e) {
    recordings.delete(sessionId);
    throw e;
  }
  return r;
}
function stopRecording(sessionId) {
  const r = recordings.get(sessionId);
  if (!r) throw nothing(`session ${sessionId} has no recording (record start first)`);
  if (r.stopped) throw nothing(`session ${sessionId} has no recording running (it was stopped already)`);
  end(r);
  r.stopped = true;
  return r;
}
function framesOf(sessionId, from) {
  const r = recordings.get(sessionId);
  if (!r || !r.stopped) throw nothing(`session ${sessionId} has no stopped recording to read (record stop first)`);
  const frames = [];
  let bytes = 0;
  let i = from;
  while (i < r.frames.length) {
    const f = r.frames[i];
    if (frames.length > 0 && bytes + f.data.length > CHUNK_BYTES) break;
    frames.push(f);
    bytes += f.data.length;
    i++;
  }
  return { frames, next: i, done: i >= r.frames.length };
}

// src/background/pages/evidence/trace-shots.ts
var SHOT_WIDTH = 500;
var SHOT_QUALITY = 50;
var SHOTS_MAX_BYTES = 64 * 1024 * 1024;
var CLOCK_EVERY_MS = 2e3;
var MAX_MARKS = 200;
var SHOTS_CHUNK_BYTES = 8 * 1024 * 1024;
var SCREENCAST_PARAMS = {
  format: "jpeg",
  quality: SHOT_QUALITY,
  maxWidth: SHOT_WIDTH,
  maxHeight: SHOT_WIDTH * 4,
  // the width decides
  everyNthFrame: 1
};
var live = /* @__PURE__ */ new Set();
function traceShotFrame(tabId, p) {
  if (typeof p["data"] !== "string") return;
  const meta = p["metadata"];
  const wallMs = typeof meta?.timestamp === "number" ? meta.timestamp * 1e3 : Date.now();
  for (const s of live) if (s.tabId === tabId) take(s, { data: p["data"], wallMs });
}
function restartTraceShotsOnNavigation(tabId, p) {
  const frame = p["frame"];
  if (frame && !frame.parentId && traced(tabId) && screencastLead(tabId) === "trace") {
    sendQuiet(tabId, "Page.startScreencast", SCREENCAST_PARAMS);
  }
}
async function restartTraceShotsOnAttach(tabId, send3) {
  if (traced(tabId) && screencastLead(tabId) === "trace") await send3("Page.startScreencast", SCREENCAST_PARAMS).catch(() => {
  });
}
function traced(tabId) {
  for (const s of live) if (s.tabId === tabId) return true;
  return false;
}
function take(s, f) {
  if (!s.live || s.truncated) return;
  if (s.bytes + f.data.length > SHOTS_MAX_BYTES) {
    s.truncated = true;
    return;
  }
  let i = s.frames.length;
  while (i > 0 && s.frames[i - 1].wallMs > f.wallMs) i--;
  s.frames.splice(i, 0, f);
  s.bytes += f.data.length;
}
async function mark(s) {
  if (s.marks.length >= MAX_MARKS) return;
  const label = `browserctl-trace-clock-${s.marks.length}-${Math.random().toString(36).slice(2, 10)}`;
  const r = await callInjected(s.tabId, { contextId: await isolatedContext(s.tabId) }, "clockMark", [label]);
  if (!r.exceptionDetails && typeof r.result.value === "number") s.marks.push({ label, wallMs: r.result.value });
}
async function startShots(tabId) {
  const s = { tabId, frames: [], bytes: 0, truncated: false, marks: [], live: true };
  const shared = screencastLead(tabId) === "record";
  claimScreencast(tabId, "trace", SCREENCAST_PARAMS);
  live.add(s);
  try {
    if (!shared) await send(tabId, "Page.startScreencast", SCREENCAST_PARAMS);
    await mark(s);
  } catch (e) {
    stopShotsNow(s);
    throw e;
  }
  s.timer = setInterval(() => void mark(s).catch(() => {
  }), CLOCK_EVERY_MS);
  return s;
}
function stopShotsNow(s) {
  if (!s.live) return;
  s.live = false;
  clearInterval(s.timer);
  live.delete(s);
  releaseScreencast(s.tabId, "trace");
}
async function stopShots(s) {
  if (!s.live) return;
  s.live = false;
  clearInterval(s.timer);
  live.delete(s);
  releaseScreencast(s.tabId, "trace");
  await mark(s).catch(() => {
  });
}
function dropShots(s) {
  stopShotsNow(s);
  s.frames = [];
  s.bytes = 0;
}
function shotsChunk(s, from) {
  const frames = [];
  let bytes = 0;
  let i = Math.max(0, from);
  while (i < s.frames.length) {
    const f = s.frames[i];
    if (frames.length > 0 && bytes + f.data.length > SHOTS_CHUNK_BYTES) break;
    frames.push(f);
    bytes += f.data.length;
    i++;
  }
  return { frames, next: i, done: i >= s.frames.length };
}

// src/background/pages/evidence/trace.ts
var DEFAULT_CATEGORIES = [
  "-*",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-devtools.timeline.stack",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink.console",
  "blink.user_timing",
  "loading",
  "latencyInfo"
];
var SCREENSHOT_CATEGORY = "disabled-by-default-devtools.screenshot";
var COMPLETE_MS = 3e4;
var READ_BYTES = 4 * 1024 * 1024;
var KEEP_STOPPED_MS2 = 5 * 60 * 1e3;
var traces = /* @__PURE__ */ new Map();
function tracingNow(sessionId) {
  const t = traces.get(sessionId);
  return !!t && t.stream === void 0 && t.complete === void 0;
}
function nothing2(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function tracingComplete(tabId, p) {
  for (const t of traces.values()) {
    if (t.tabId === tabId && t.complete) t.complete(typeof p["stream"] === "string" ? p["stream"] : "");
  }
}
var wired3 = false;
function wire3() {
  if (wired3 || typeof chrome === "undefined") return;
  wired3 = true;
  onForget((tabId) => {
    for (const [sid, t] of traces) {
      if (t.tabId !== tabId) continue;
      forget2(sid, t);
      t.gone?.("the tab closed or its debugger was detached; the browser dropped its trace");
    }
  });
  chrome.tabGroups.onRemoved.addListener((g) => {
    for (const [sid, t] of traces) {
      if (t.groupId !== g.id) continue;
      forget2(sid, t);
      if (!t.streamDone) sendQuiet(t.tabId, t.stream ? "IO.close" : "Tracing.end", t.stream ? { handle: t.stream } : {});
    }
  });
}
function forget2(sessionId, t) {
  if (traces.get(sessionId) === t) traces.delete(sessionId);
  clearTimeout(t.dropTimer);
  if (t.shots) dropShots(t.shots);
}
function maybeDone(sessionId, t) {
  if (t.streamDone && (!t.shots || t.shotsDone)) forget2(sessionId, t);
}
function traceConfig(categories) {
  const included = categories.filter((c) => !c.startsWith("-"));
  const excluded = categories.filter((c) => c.startsWith("-")).map((c) => c.slice(1));
  return { includedCategories: included, excludedCategories: excluded };
}
async function startTrace(sessionId, groupId, tabId, categories, screenshots = false) {
  wire3();
  const old = traces.get(sessionId);
  if (old && !old.stream) throw failed(`session ${sessionId} is already tracing (trace stop FILE first)`);
  if (old?.stream) {
    if (!old.streamDone) sendQuiet(old.tabId, "IO.close", { handle: old.stream });
    forget2(sessionId, old);
  }
  const t = { tabId, groupId };
  traces.set(sessionId, t);
  try {
    await ensureForeground(tabId);
    await send(tabId, "Tracing.start", {
      traceConfig: { recordMode: "recordUntilFull", ...traceConfig(categories) },
      transferMode: "ReturnAsStream",
      streamFormat: "json",
      streamCompression: "none"
    });
  } catch (e) {
    traces.delete(sessionId);
    throw e;
  }
  if (!screenshots) return;
  try {
    t.shots = await startShots(tabId);
  } catch (e) {
    forget2(sessionId, t);
    sendQuiet(tabId, "Tracing.end", {});
    throw failed(`tracing with screenshots: the tab's screencast did not start: ${e instanceof Error ? e.message : String(e)}`);
  }
}
async function stopTrace(sessionId) {
  const t = traces.get(sessionId);
  if (!t || t.stream) throw nothing2(`session ${sessionId} has no trace running (trace start first)`);
  let timer;
  const done = new Promise((resolve, reject) => {
    t.complete = resolve;
    t.gone = (why2) => reject(failed(why2));
    timer = setTimeout(() => reject(failed(`the browser did not finish the trace within ${COMPLETE_MS} ms`)), COMPLETE_MS);
  });
  try {
    if (t.shots) await stopShots(t.shots);
    await send(t.tabId, "Tracing.end", {});
    const stream = await done;
    if (!stream) throw failed("the browser finished the trace without a stream");
    t.stream = stream;
    t.dropTimer = setTimeout(() => {
      if (!t.streamDone) sendQuiet(t.tabId, "IO.close", { handle: stream });
      forget2(sessionId, t);
    }, KEEP_STOPPED_MS2);
    if (!t.shots) return { tabId: t.tabId, stream };
    if (t.shots.frames.length === 0) t.shotsDone = true;
    return {
      tabId: t.tabId,
      stream,
      screenshots: t.shots.frames.length,
      screenshotsTruncated: t.shots.truncated,
      clock: t.shots.marks
    };
  } catch (e) {
    forget2(sessionId, t);
    throw e;
  } finally {
    clearTimeout(timer);
    delete t.complete;
    delete t.gone;
  }
}
async function readTrace(sessionId, stream) {
  const t = traces.get(sessionId);
  if (!t || t.stream !== stream || t.streamDone) {
    throw nothing2(`session ${sessionId} has no stopped trace with stream ${JSON.stringify(stream)}`);
  }
  const r = await send(t.tabId, "IO.read", { handle: stream, size: READ_BYTES });
  const data = r.base64Encoded ? new TextDecoder().decode(Uint8Array.from(atob(r.data), (c) => c.charCodeAt(0))) : r.data;
  if (r.eof) {
    t.streamDone = true;
    sendQuiet(t.tabId, "IO.close", { handle: stream });
    maybeDone(sessionId, t);
  }
  return { data, eof: r.eof };
}
function traceShots(sessionId, from) {
  const t = traces.get(sessionId);
  if (!t || !t.stream || !t.shots || t.shotsDone) {
    throw nothing2(`session ${sessionId} has no stopped trace with screenshots to read (trace start --screenshots, trace stop)`);
  }
  const c = shotsChunk(t.shots, from);
  if (c.done) {
    t.shotsDone = true;
    maybeDone(sessionId, t);
  }
  return c;
}

// src/background/pages/evidence/index.ts
var CLOCK_CATEGORY = "devtools.timeline";
function invalid4(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function categoriesOf(p) {
  const v = p["categories"];
  if (v === void 0 || v === null) return void 0;
  if (!Array.isArray(v) || v.length === 0 || !v.every((c) => typeof c === "string" && c !== "")) {
    throw invalid4(`"categories" must be a non-empty array of category names`);
  }
  return v;
}
function sessionOf2(p) {
  const id = p.sessionId;
  if (id === void 0 || id === null || id === "") throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
  if (typeof id !== "string") throw invalid4(`"sessionId" must be a string`);
  return id;
}
function evidenceHandlers({ store: store3, resolveTab: resolveTab2 }) {
  return {
    "record.start": async (p) => {
      const s = await store3.require(p);
      const quality = optionalInt(p, "quality", 0) ?? 70;
      if (quality > 100) throw invalid4(`"quality" must be 0-100, got ${quality}`);
      const maxWidth = optionalInt(p, "maxWidth", 0) ?? 0;
      const path = optionalString(p, "path") ?? "";
      const tabId = await resolveTab2(p);
      const r = await startRecording(s.sessionId, s.groupId, tabId, { path, quality, maxWidth });
      return { tabId, startedAt: r.startedAt };
    },
    // No store lookup: a recording is stopped and read even after its
    // session's group went away.
    "record.stop": async (p) => {
      const r = stopRecording(sessionOf2(p));
      const last = r.frames.at(-1);
      return {
        path: r.path,
        frames: r.frames.length,
        bytes: r.bytes,
        durationMs: Math.max(last?.ms ?? 0, (r.stoppedAt ?? Date.now()) - r.startedAt),
        truncated: r.truncated,
        tabs: r.tabs
      };
    },
    "record.frames": async (p) => framesOf(sessionOf2(p), optionalInt(p, "from", 0) ?? 0),
    "trace.start": async (p) => {
      const s = await store3.require(p);
      let categories = categoriesOf(p) ?? DEFAULT_CATEGORIES;
      const screenshots = optionalBool(p, "screenshots") ?? false;
      if (screenshots) {
        for (const c of [SCREENSHOT_CATEGORY, CLOCK_CATEGORY]) if (!categories.includes(c)) categories = [...categories, c];
      }
      const tabId = await resolveTab2(p);
      await startTrace(s.sessionId, s.groupId, tabId, categories, screenshots);
      return { tabId, categories };
    },
    "trace.stop": async (p) => stopTrace(sessionOf2(p)),
    "trace.read": async (p) => readTrace(sessionOf2(p), requireString(p, "stream")),
    "trace.screenshots": async (p) => traceShots(sessionOf2(p), optionalInt(p, "from", 0) ?? 0)
  };
}

// src/injected/document/actions-binding.ts
var ACTIONS_BINDING = "__browserctlActions";

// src/background/pages/record-actions/files.ts
var GROUP = "browserctl:record-files";
async function chosenPaths(tabId, session, contextId, step) {
  if (contextId === void 0 || step.el === void 0) return (step.values ?? []).map(() => "");
  const out = [];
  const n = step.values?.length ?? 0;
  try {
    for (let i = 0; i < n; i++) {
      const f = await callInjected(tabId, session === void 0 ? { contextId } : { contextId, session }, "actionFile", [step.el, i], { returnByValue: false, objectGroup: GROUP });
      if (!f.result.objectId) {
        out.push("");
        continue;
      }
      const info = await sendIn(tabId, session, "DOM.getFileInfo", { objectId: f.result.objectId }).catch(() => ({ path: "" }));
      out.push(info.path);
    }
  } catch {
  } finally {
    void sendIn(tabId, session, "Runtime.releaseObjectGroup", { objectGroup: GROUP }).catch(() => void 0);
  }
  while (out.length < n) out.push("");
  return out;
}
function scriptPaths(paths, names, workDir, script2) {
  const dir = workDir.replace(/\/+$/, "");
  const outPaths = [];
  const notes = [];
  paths.forEach((p, i) => {
    if (p && dir && p.startsWith(dir + "/")) {
      outPaths.push(p.slice(dir.length + 1));
      return;
    }
    const v = script2.variable("UPLOAD");
    outPaths.push(v);
    const where = p ? " from outside the working folder" : " (the browser did not say from where)";
    notes.push(`# ${v}: the file ${JSON.stringify(names[i] ?? "")} the person chose${where}; set ${v.slice(1)} to its path before running this script`);
  });
  return { paths: outPaths, notes };
}

// src/background/pages/record-actions/script.ts
var TARGET_KINDS = ["role", "text", "testid", "id", "css"];
var MAX_LINES = 1e4;
var SETTLE_MS = 2500;
var PLAIN = /^[A-Za-z0-9_@%+=:,./~^-]+$/;
function shellWord(s) {
  if (s !== "" && PLAIN.test(s)) return s;
  return "'" + s.replace(/'/g, `'\\''`) + "'";
}
function commandLine(command, args, vars = /* @__PURE__ */ new Set()) {
  const out = command.map(shellWord);
  let dashed = false;
  for (const a of args) {
    if (!dashed && a.startsWith("-")) {
      out.push("--");
      dashed = true;
    }
    out.push(vars.has(a) ? a : shellWord(a));
  }
  return out.join(" ");
}
function urlPattern(url) {
  try {
    const u = new URL(url);
    if (u.protocol === "http:" || u.protocol === "https:") return u.origin + u.pathname;
  } catch {
  }
  return url;
}
function samePage(a, b) {
  return urlPattern(a) === urlPattern(b);
}
var ActionScript = class _ActionScript {
  constructor(maxLines = MAX_LINES) {
    this.maxLines = maxLines;
  }
  maxLines;
  lines = [];
  actions = 0;
  /** The next number of each kind of variable ($PASSWORD_1 ...). */
  counters = {};
  /** The variables the script reads, in order of first use. */
  secrets = [];
  truncated = false;
  static from(s, maxLines = MAX_LINES) {
    const a = new _ActionScript(maxLines);
    a.lines = s.lines;
    a.actions = s.actions;
    a.counters = s.counters;
    a.secrets = s.secrets;
    a.truncated = s.truncated;
    return a;
  }
  state() {
    return { lines: this.lines, actions: this.actions, counters: this.counters, secrets: this.secrets, truncated: this.truncated };
  }
  /** A fresh variable: $PASSWORD_1, $UPLOAD_2 ... */
  variable(kind) {
    const n = (this.counters[kind] ?? 0) + 1;
    this.counters[kind] = n;
    const v = `$${kind}_${n}`;
    this.secrets.push(v.slice(1));
    return v;
  }
  /** Adds lines; false (nothing added) once the recording is full. */
  add(lines, at) {
    if (this.truncated) return false;
    if (this.lines.length + lines.length > this.maxLines) {
      this.truncated = true;
      return false;
    }
    for (const l of lines) this.lines.push({ ...l, at });
    return true;
  }
  last() {
    return this.lines.at(-1);
  }
  /** The last line that is not a comment, and its index. */
  lastCommand() {
    for (let i = this.lines.length - 1; i >= 0; i--) if (this.lines[i].kind !== "comment") return [this.lines[i], i];
    return void 0;
  }
  /** How many lines are settled at time now. */
  settled(now) {
    const n = this.lines.length;
    if (n === 0) return 0;
    return now - this.lines[n - 1].at >= SETTLE_MS ? n : n - 1;
  }
  /** Command lines (comments aside). */
  commands() {
    return this.lines.filter((l) => l.kind !== "comment").length;
  }
  targetCounts() {
    const c = Object.fromEntries(TARGET_KINDS.map((k) => [k, 0]));
    for (const l of this.lines) if (l.targetKind) c[l.targetKind]++;
    return c;
  }
  /** The script: its header, the lines, and a last comment when it was cut. */
  render(header2, footer2 = []) {
    const out = [...header2.map((h) => `# ${h}`), ...this.lines.map((l) => l.text), ...footer2.map((f) => `# ${f}`)];
    return out.join("\n") + "\n";
  }
};

// src/background/pages/record-actions/lines.ts
var DOUBLE_CLICK_MS = 1500;
function targeted(kind, command, args, t, tab, vars, step) {
  const out = [];
  if (t.kind === "css") {
    out.push({ text: "# no role, text, test id or id finds this element alone: a CSS path, which a change of the page's layout may break", kind: "comment", tab });
  }
  const line = { text: commandLine(command, [t.target, ...args], vars), kind, tab, target: t.target, targetKind: t.kind };
  if (step !== void 0) line.step = step;
  out.push(line);
  return out;
}
function field(s) {
  return s.field ? JSON.stringify(s.field) : "a field";
}
function fillLines(s, t, script2, ctx) {
  const value = s.value ?? "";
  let secret;
  let note;
  if (s.secret === "password") {
    secret = script2.variable("PASSWORD");
    note = `# ${secret}: the password typed into ${field(s)}; set ${secret.slice(1)} in the environment before running this script`;
  } else if (ctx.secretTargets.has(t.target)) {
    secret = script2.variable("SECRET");
    note = `# ${secret}: the value typed into ${field(s)}, marked secret; set ${secret.slice(1)} in the environment before running this script`;
  }
  if (secret !== void 0) {
    return [{ text: note, kind: "comment", tab: s.tab }, ...targeted("fill", ["fill"], [secret], t, s.tab, /* @__PURE__ */ new Set([secret]))];
  }
  const [first, ...more] = value.split(/\r\n|\r|\n/);
  const out = targeted("fill", ["fill"], [first ?? ""], t, s.tab);
  for (const m of more) {
    out.push({ text: "press Enter", kind: "press", tab: s.tab });
    if (m !== "") out.push({ text: commandLine(["keyboard", "type"], [m]), kind: "keyboard", tab: s.tab });
  }
  return out;
}
function stepLines(s, t, script2, ctx) {
  if (s.kind === "press") return [{ text: commandLine(["press"], [s.key ?? ""]), kind: "press", tab: s.tab }];
  if (!t) return [];
  const last = script2.lastCommand();
  switch (s.kind) {
    case "click":
      return targeted("click", ["click"], [], t, s.tab, void 0, s.stepKey);
    case "dblclick": {
      const same = last && last[0].kind === "click" && last[0].tab === s.tab && (s.replaces !== void 0 ? last[0].step === s.replaces : last[0].target === t.target && s.t - last[0].at <= DOUBLE_CLICK_MS);
      if (last && same) {
        const [line, i] = last;
        script2.lines[i] = { ...line, kind: "dblclick", text: "dbl" + line.text };
        return [];
      }
      return targeted("dblclick", ["dblclick"], [], t, s.tab);
    }
    case "fill": {
      const lines = fillLines(s, t, script2, ctx);
      if (last && last[0].kind === "fill" && last[0].target === t.target && last[1] === script2.lines.length - 1 && !last[0].text.includes(" $")) {
        script2.lines.pop();
      }
      return lines;
    }
    case "check":
    case "uncheck":
      return targeted(s.kind, [s.kind], [], t, s.tab);
    case "select":
      return targeted("select", ["select"], s.values ?? [], t, s.tab);
    case "upload": {
      const paths = s.paths ?? [];
      const vars = new Set(paths.filter((p) => p.startsWith("$")));
      return targeted("upload", ["upload"], paths, t, s.tab, vars);
    }
    default:
      return [];
  }
}

// src/background/pages/targets/frame-path.ts
var MAX_FRAMES = 16;
async function framesOfDocument(tabId, session, docObjectId, group, sessions = /* @__PURE__ */ new Set()) {
  sessions.add(session);
  let tree = (await sendIn(tabId, session, "Page.getFrameTree")).frameTree;
  const own = await frameOfDocument(tabId, session, docObjectId, tree);
  let frameId = own;
  const out = [];
  for (let i = 0; i < MAX_FRAMES; i++) {
    let owner = session;
    if (frameId === tree.frame.id) {
      if (session === void 0) return { frames: out, frameId: own };
      const hop = frameHop(tabId, session);
      if (!hop) return void 0;
      owner = hop.parent;
    }
    sessions.add(owner);
    const found = await frameOwner(tabId, owner, frameId, group);
    if (!found.objectId) return void 0;
    const sel = await callInjected(tabId, { objectId: found.objectId, session: owner }, "frameSelector", []);
    if (typeof sel.result.value !== "string" || !sel.result.value) return void 0;
    out.unshift(sel.result.value);
    frameId = found.holder;
    session = owner;
    tree = found.tree;
  }
  return void 0;
}
async function frameOfDocument(tabId, session, docObjectId, tree) {
  const doc = await sendIn(tabId, session, "DOM.describeNode", { objectId: docObjectId });
  const children = (n) => (n.childFrames ?? []).flatMap((c) => [c, ...children(c)]);
  for (const c of children(tree)) {
    const owner = await sendIn(tabId, session, "DOM.getFrameOwner", { frameId: c.frame.id }).catch(() => void 0);
    if (!owner) continue;
    const d = await sendIn(tabId, session, "DOM.describeNode", {
      backendNodeId: owner.backendNodeId
    }).catch(() => void 0);
    if (d?.node.contentDocument?.backendNodeId === doc.node.backendNodeId) return c.frame.id;
  }
  return tree.frame.id;
}

// src/background/pages/record-actions/navigation.ts
var KEEP = 50;
var TYPED = /* @__PURE__ */ new Set(["typed", "address_bar", "auto_bookmark", "generated", "keyword", "keyword_generated"]);
function kept(index, ids, urls) {
  const drop = Math.max(0, ids.length - KEEP);
  const i = index - drop;
  return { index: i, id: ids[index], url: urls[index], ids: ids.slice(drop), urls: urls.slice(drop) };
}
function historyFrom(h) {
  return kept(
    h.currentIndex,
    h.entries.map((e) => e.id),
    h.entries.map((e) => e.url)
  );
}
function classify2(prev, url, read, fresh2) {
  if (read && fresh2) {
    const e = read.entries[read.currentIndex];
    const now2 = historyFrom(read);
    const typed2 = TYPED.has(e.transitionType ?? "");
    if (!prev) return { words: typed2 ? ["tab", "open", e.url] : ["wait", "--url", urlPattern(e.url)], now: now2 };
    if (e.id === prev.id) return { words: ["reload"], now: now2 };
    const was = prev.ids.indexOf(e.id);
    if (was >= 0) {
      const n = Math.max(1, Math.abs(was - prev.index));
      return { words: Array(n).fill(was < prev.index ? "back" : "forward"), now: now2 };
    }
    if (typed2 || e.transitionType === "reload") return { words: ["open", e.url], now: now2 };
    return { words: samePage(e.url, prev.url) ? ["wait", "--load", "load"] : ["wait", "--url", urlPattern(e.url)], now: now2 };
  }
  if (!prev) return { words: ["wait", "--url", urlPattern(url)], now: kept(0, [-1], [url]) };
  if (url === prev.urls[prev.index - 1] && url !== prev.url) {
    return { words: ["back"], now: kept(prev.index - 1, prev.ids, prev.urls) };
  }
  if (url === prev.urls[prev.index + 1] && url !== prev.url) {
    return { words: ["forward"], now: kept(prev.index + 1, prev.ids, prev.urls) };
  }
  if (url === prev.url) return { words: ["reload"], now: prev };
  const entry = read?.entries.slice().reverse().find((e) => e.url === url);
  const ids = [...prev.ids.slice(0, prev.index + 1), entry?.id ?? -Date.now()];
  const urls = [...prev.urls.slice(0, prev.index + 1), url];
  const now = kept(ids.length - 1, ids, urls);
  if (entry && TYPED.has(entry.transitionType ?? "")) return { words: ["open", url], now };
  return { words: samePage(url, prev.url) ? ["wait", "--load", "load"] : ["wait", "--url", urlPattern(url)], now };
}

// src/background/pages/record-actions/persist.ts
var INDEX_KEY = "browserctl.actions";
var CHUNK = 500;
var SAVE_DELAY_MS = 150;
function storage2() {
  return typeof chrome !== "undefined" ? chrome.storage?.session : void 0;
}
var metaKey = (sid) => `${INDEX_KEY}.${sid}`;
var chunkKey = (sid, k) => `${INDEX_KEY}.${sid}.${k}`;
var Saver = class {
  constructor(sessionId, snapshot3) {
    this.sessionId = sessionId;
    this.snapshot = snapshot3;
  }
  sessionId;
  snapshot;
  timer;
  dirtyFrom = Number.POSITIVE_INFINITY;
  writing = Promise.resolve();
  savedChunks = 0;
  /** Lines from index `from` on changed (Infinity: only the meta). */
  changed(from = Number.POSITIVE_INFINITY) {
    this.dirtyFrom = Math.min(this.dirtyFrom, from);
    if (this.timer === void 0) this.timer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }
  /** Writes now what changed; resolves once written. */
  async flush() {
    clearTimeout(this.timer);
    this.timer = void 0;
    const from = this.dirtyFrom;
    this.dirtyFrom = Number.POSITIVE_INFINITY;
    const s = storage2();
    if (!s) return;
    const { meta, lines } = this.snapshot();
    const items = { [metaKey(this.sessionId)]: meta };
    const chunks = Math.ceil(lines.length / CHUNK);
    const first = Number.isFinite(from) ? Math.floor(from / CHUNK) : chunks;
    for (let k = Math.min(first, this.savedChunks); k < chunks; k++) items[chunkKey(this.sessionId, k)] = lines.slice(k * CHUNK, (k + 1) * CHUNK);
    this.savedChunks = chunks;
    this.writing = this.writing.then(() => s.set(items)).catch(() => void 0);
    await this.writing;
  }
  /** Stops writing and removes what was written. */
  async drop() {
    clearTimeout(this.timer);
    this.timer = void 0;
    await this.writing;
    const s = storage2();
    if (!s) return;
    const keys = [metaKey(this.sessionId)];
    for (let k = 0; k < Math.max(this.savedChunks, 1) + 1; k++) keys.push(chunkKey(this.sessionId, k));
    await s.remove(keys).catch(() => void 0);
    await updateIndex((ids) => ids.filter((id) => id !== this.sessionId));
  }
  /** The recording is new: listed, so a restarted worker finds it. */
  async register() {
    await updateIndex((ids) => ids.includes(this.sessionId) ? ids : [...ids, this.sessionId]);
  }
  /** A recording loaded from storage has these chunks already. */
  loaded(lines) {
    this.savedChunks = Math.ceil(lines / CHUNK);
  }
};
var indexWrites = Promise.resolve();
async function updateIndex(fn) {
  const s = storage2();
  if (!s) return;
  indexWrites = indexWrites.then(async () => {
    const got = await s.get(INDEX_KEY);
    const ids = Array.isArray(got[INDEX_KEY]) ? got[INDEX_KEY] : [];
    await s.set({ [INDEX_KEY]: fn(ids) });
  }).catch(() => void 0);
  await indexWrites;
}
async function loadAll() {
  const s = storage2();
  if (!s) return [];
  const got = await s.get(INDEX_KEY);
  const ids = Array.isArray(got[INDEX_KEY]) ? got[INDEX_KEY] : [];
  const out = [];
  for (const id of ids) {
    const m = (await s.get(metaKey(id)))[metaKey(id)];
    if (!m) continue;
    const chunks = Math.ceil(m.lineCount / CHUNK);
    const keys = Array.from({ length: chunks }, (_, k) => chunkKey(id, k));
    const parts = keys.length ? await s.get(keys) : {};
    const lines = keys.flatMap((k) => Array.isArray(parts[k]) ? parts[k] : []);
    out.push({ meta: m, lines: lines.slice(0, m.lineCount) });
  }
  return out;
}

// src/background/pages/record-actions/recording.ts
var STEP_SLACK_MS = 100;
var POPUP_MS = 5e3;
var recordings2 = /* @__PURE__ */ new Map();
onForget((tabId) => {
  for (const r of recordings2.values()) r.tabs.delete(tabId);
});
var linesChanged = new Wakeup();
var loaded5;
var isLoaded = false;
function ready2() {
  loaded5 ??= loadAll().then((all2) => {
    for (const s of all2) if (!recordings2.has(s.meta.sessionId)) recordings2.set(s.meta.sessionId, fromSaved(s));
  }).catch(() => void 0).finally(() => {
    isLoaded = true;
  });
  return loaded5;
}
function mayRecord(tabId) {
  if (!isLoaded) return true;
  return recordings2.get(tabSession(tabId))?.live === true;
}
function snapshot2(r) {
  const st = r.script.state();
  const meta = {
    sessionId: r.sessionId,
    groupId: r.groupId,
    startedAt: r.startedAt,
    workDir: r.workDir,
    live: r.live,
    sessionClosed: r.sessionClosed,
    secretTargets: [...r.secretTargets],
    docSeq: Object.fromEntries(r.docSeq),
    history: Object.fromEntries([...r.history].map(([k, v]) => [String(k), v])),
    script: { actions: st.actions, counters: st.counters, secrets: st.secrets, truncated: st.truncated },
    lineCount: st.lines.length
  };
  if (r.lastTab !== void 0) meta.lastTab = r.lastTab;
  return { meta, lines: st.lines };
}
function fresh(sessionId, groupId, workDir, script2) {
  const r = {
    sessionId,
    groupId,
    startedAt: Date.now(),
    workDir,
    script: script2,
    live: true,
    sessionClosed: false,
    lastTab: void 0,
    secretTargets: /* @__PURE__ */ new Set(),
    docSeq: /* @__PURE__ */ new Map(),
    history: /* @__PURE__ */ new Map(),
    lastStep: /* @__PURE__ */ new Map(),
    stepAt: /* @__PURE__ */ new Map(),
    requestAt: /* @__PURE__ */ new Map(),
    popups: /* @__PURE__ */ new Set(),
    tabs: /* @__PURE__ */ new Set(),
    queue: Promise.resolve(),
    saver: void 0,
    stepMs: 0,
    drafts: /* @__PURE__ */ new Map(),
    frameRecorders: /* @__PURE__ */ new Map()
  };
  r.saver = new Saver(sessionId, () => snapshot2(r));
  return r;
}
function fromSaved(s) {
  const m = s.meta;
  const r = fresh(m.sessionId, m.groupId, m.workDir, ActionScript.from({ ...m.script, lines: s.lines }));
  r.startedAt = m.startedAt;
  r.live = m.live;
  r.sessionClosed = m.sessionClosed;
  r.lastTab = m.lastTab;
  r.secretTargets = new Set(m.secretTargets);
  r.docSeq = new Map(Object.entries(m.docSeq));
  r.history = new Map(Object.entries(m.history).map(([k, v]) => [Number(k), v]));
  r.saver.loaded(s.lines.length);
  return r;
}
function recordingOf(sessionId) {
  return recordings2.get(sessionId);
}
function liveFor(tabId) {
  const r = recordings2.get(tabSession(tabId));
  return r?.live ? r : void 0;
}
function enqueue(r, fn) {
  r.queue = r.queue.then(fn).catch(() => void 0);
  return r.queue;
}
function write(r, lines, tab) {
  if (lines.length === 0) return;
  const from = r.script.lines.length;
  if (!r.script.add(lines, Date.now())) {
    r.saver.changed(from);
    return;
  }
  if (tab !== void 0) r.lastTab = tab;
  r.saver.changed(from);
  linesChanged.wake();
  showCount(r);
}
var BADGE_DELAY_MS = 250;
var badgeTimers = /* @__PURE__ */ new Map();
function showCount(r) {
  if (badgeTimers.has(r.sessionId)) return;
  badgeTimers.set(
    r.sessionId,
    setTimeout(() => {
      badgeTimers.delete(r.sessionId);
      if (!r.live) return;
      const n = r.script.commands();
      for (const tabId of r.tabs) void callInWorld(tabId, "actionsBadge", [n]).catch(() => void 0);
    }, BADGE_DELAY_MS)
  );
}
async function recordTab(r, tabId) {
  await ensureAttached(tabId);
  await send(tabId, "Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  await send(tabId, "Page.setInterceptFileChooserDialog", { enabled: false }).catch(() => void 0);
  await callInWorld(tabId, "startActions", []);
  await startInFrames(tabId);
  await startInFrameSessions(r, tabId);
  r.tabs.add(tabId);
  linesChanged.wake();
  showCount(r);
  await resend(r, tabId);
  if (!r.history.has(tabId)) {
    const h = await historyOf(tabId).catch(() => void 0);
    if (h) r.history.set(tabId, h);
  }
}
async function startInFrames(tabId) {
  const tree = await send(tabId, "Page.getFrameTree").catch(() => void 0);
  const children = (n) => (n.childFrames ?? []).flatMap((c) => [c, ...children(c)]);
  for (const f of tree ? children(tree.frameTree) : []) {
    const contextId = announcedChildWorld(tabId, f.frame.id);
    if (contextId !== void 0) await callInjected(tabId, { contextId }, "startActions", []).catch(() => void 0);
  }
}
async function startInFrameSessions(r, tabId) {
  await followFrames(tabId).catch(() => void 0);
  await Promise.all(childSessions(tabId).map((c) => recordFrameSession(r, tabId, c.sessionId, c.frameId, true).catch(() => void 0)));
}
async function recordFrameSession(r, tabId, session, frameId, current2) {
  const inSession = (method, params) => sendIn(tabId, session, method, params);
  await inSession("Page.enable");
  await inSession("Runtime.enable");
  await inSession("Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  await installOnNewDocuments(tabId, inSession);
  if (!current2) return;
  const world = await sendIn(tabId, session, "Page.createIsolatedWorld", { frameId, worldName: WORLD_NAME });
  await callInjected(tabId, { session, contextId: world.executionContextId }, "startActions", []);
  noteFrameRecorder(r, tabId, session, world.executionContextId);
}
var recordNewFrame = async (tabId, session, frameId, paused) => {
  await ready2();
  const r = liveFor(tabId);
  if (r) await recordFrameSession(r, tabId, session, frameId, !paused);
};
function stepsIn(got) {
  return Array.isArray(got?.result.value) ? got.result.value : [];
}
async function resend(r, tabId) {
  for (const s of stepsIn(await callInWorld(tabId, "actionsAfter", [0]).catch(() => void 0))) void takeStep(tabId, void 0, void 0, s);
}
async function recordOnAttach(tabId, raw) {
  await ready2();
  const r = liveFor(tabId);
  if (!r) return;
  await raw("Runtime.addBinding", { name: ACTIONS_BINDING, executionContextName: WORLD_NAME });
  setTimeout(() => void recordTab(r, tabId).catch(() => void 0), 0);
}
async function historyOf(tabId) {
  return historyFrom(await send(tabId, "Page.getNavigationHistory"));
}
function bindingCalled(tabId, p, _method, sessionId) {
  if (p["name"] !== ACTIONS_BINDING || typeof p["payload"] !== "string") return;
  let step;
  try {
    step = JSON.parse(p["payload"]);
  } catch {
    return;
  }
  if ("control" in step) {
    if (step.control === "stop" && sessionId === void 0) {
      void ready2().then(() => {
        const r = liveFor(tabId);
        if (r) void personStopped(r, tabId);
      });
    }
    return;
  }
  const contextId = typeof p["executionContextId"] === "number" ? p["executionContextId"] : void 0;
  void takeStep(tabId, sessionId, contextId, step);
}
async function takeStep(tabId, session, contextId, step) {
  const paths = step.kind === "upload" ? chosenPaths(tabId, session, contextId, step) : void 0;
  await ready2();
  const r = liveFor(tabId);
  if (!r) return;
  if (!step.top && contextId !== void 0) noteFrameRecorder(r, tabId, session, contextId);
  await enqueue(r, () => processStep(r, tabId, session, contextId, step, paths));
}
function docKey(tabId, step) {
  return `${tabId}:${step.doc}`;
}
async function processStep(r, tabId, session, contextId, step, paths) {
  if (byAgent(agentWindows(tabId), step.t, STEP_SLACK_MS)) return;
  const key = docKey(tabId, step);
  if ((r.docSeq.get(key) ?? 0) >= step.seq) return;
  if (step.draft) {
    if (step.top) r.drafts.set(tabId, step);
    return;
  }
  const draft = r.drafts.get(tabId);
  if (draft && docKey(tabId, draft) === key) r.drafts.delete(tabId);
  r.docSeq.set(key, step.seq);
  if (r.docSeq.size > 256) r.docSeq.delete(r.docSeq.keys().next().value);
  const began = performance.now();
  r.script.actions++;
  const path = !step.top && step.targets ? await framePathOf(tabId, session, contextId) : void 0;
  const first = step.targets?.[0];
  let target = first ? { kind: first[0], target: first[1] } : void 0;
  const lines = [...switchLines(r, tabId, step.top ? step.url : void 0), ...waitLines(r, tabId, step)];
  r.stepAt.set(tabId, step.t);
  if (!step.top && target) {
    if (path && path.frames.length > 0) target = { ...target, target: formatFrameTarget(path.frames, target.target) };
    else lines.push(frameNote(step.url, tabId));
  }
  if (step.kind !== "press" && !target) {
    lines.push({ text: `# a ${step.kind} the recorder found no target for (on ${step.url}): not replayed`, kind: "comment", tab: tabId });
  }
  const s = { kind: step.kind, t: step.t, tab: tabId };
  if (step.value !== void 0) s.value = step.value;
  if (step.values !== void 0) s.values = step.values;
  if (step.key !== void 0) s.key = step.key;
  if (step.secret !== void 0) s.secret = step.secret;
  if (step.field !== void 0) s.field = step.field;
  if (step.kind === "upload") {
    const chosen = scriptPaths(await (paths ?? chosenPaths(tabId, session, contextId, step)), step.values ?? [], r.workDir, r.script);
    s.paths = chosen.paths;
    lines.push(...chosen.notes.map((text2) => ({ text: text2, kind: "comment", tab: tabId })));
  }
  s.stepKey = `${key}:${step.seq}`;
  if (step.replaces !== void 0) s.replaces = `${key}:${step.replaces}`;
  const before = r.script.lines.length;
  lines.push(...stepLines(s, target, r.script, { secretTargets: r.secretTargets }));
  if (r.script.lines.length !== before || lines.length === 0) r.saver.changed(Math.max(0, r.script.lines.length - 1));
  write(r, lines, tabId);
  r.lastStep.set(tabId, Date.now());
  r.stepMs += performance.now() - began;
  linesChanged.wake();
}
var FRAME_GROUP = "browserctl:record-frames";
async function framePathOf(tabId, session, contextId) {
  if (contextId === void 0) return void 0;
  const sessions = /* @__PURE__ */ new Set([session]);
  try {
    const doc = await callInjected(tabId, { contextId, session }, "documentNode", [], { returnByValue: false, objectGroup: FRAME_GROUP });
    if (!doc.result.objectId) return void 0;
    return await framesOfDocument(tabId, session, doc.result.objectId, FRAME_GROUP, sessions);
  } catch {
    return void 0;
  } finally {
    for (const s of sessions) void sendIn(tabId, s, "Runtime.releaseObjectGroup", { objectGroup: FRAME_GROUP }).catch(() => void 0);
  }
}
function frameNote(url, tab) {
  return { text: `# in the frame of ${url}, which could not be named: the replay looks in the top document and stops at the next line (not_found)`, kind: "comment", tab };
}
var REQUEST_MS = 1e3;
function waitLines(r, tabId, step) {
  const prev = r.stepAt.get(tabId);
  const req = r.requestAt.get(tabId);
  if (prev === void 0 || req === void 0 || req < prev || req - prev > REQUEST_MS) return [];
  if (r.script.lastCommand()?.[0].tab !== tabId) return [];
  r.requestAt.delete(tabId);
  return step.appeared ? [{ text: commandLine(["wait", "--text"], [step.appeared]), kind: "wait", tab: tabId }] : [];
}
function requestStarted(tabId, p) {
  if (p["type"] !== "Fetch" && p["type"] !== "XHR") return;
  const r = recordings2.get(tabSession(tabId));
  const at = Date.now();
  if (r?.live && !byAgent(agentWindows(tabId), at)) void enqueue(r, async () => void r.requestAt.set(tabId, at));
}
function switchLines(r, tabId, url) {
  const shown3 = url ?? r.history.get(tabId)?.url ?? "";
  if (r.popups.has(tabId)) {
    if (!/^(https?|file):/i.test(shown3)) return [];
    r.popups.delete(tabId);
    return [{ text: commandLine(["wait", "--url"], [urlPattern(shown3)]), kind: "wait", tab: tabId }];
  }
  if (r.lastTab === void 0 || r.lastTab === tabId || !shown3) return [];
  return [{ text: commandLine(["tab", "activate"], [shown3]), kind: "tab activate", tab: tabId }];
}
function tabCreated(t) {
  if (t.id === void 0 || t.openerTabId === void 0) return;
  const tabId = t.id;
  const opener = t.openerTabId;
  void ready2().then(() => {
    const r = liveFor(opener);
    if (!r) return;
    void enqueue(r, async () => {
      const last = r.script.lastCommand()?.[0];
      if (last && last.tab === opener && Date.now() - last.at < POPUP_MS && !byAgent(agentWindows(opener), last.at)) r.popups.add(tabId);
    });
  });
}
function frameNavigated(tabId, p) {
  const f = p["frame"];
  if (!f || f.parentId) return;
  recordings2.get(tabSession(tabId))?.frameRecorders.delete(tabId);
  const at = Date.now();
  const url = typeof f.url === "string" ? f.url : "";
  const history2 = mayRecord(tabId) ? historyAfter(tabId, url) : void 0;
  void (async () => {
    await ready2();
    const r = liveFor(tabId);
    if (r && history2) await enqueue(r, async () => navigated(r, tabId, at, url, await history2));
  })();
}
var HISTORY_RETRY_MS = [5, 10, 20, 40, 80];
async function historyAfter(tabId, url) {
  let last;
  for (let i = 0; ; i++) {
    const h = await send(tabId, "Page.getNavigationHistory").catch(() => void 0);
    const e = h?.entries[h.currentIndex];
    if (h && e) {
      if (url === "" || e.url === url) return { h, fresh: true };
      last = h;
    }
    if (i >= HISTORY_RETRY_MS.length) break;
    await new Promise((res) => setTimeout(res, HISTORY_RETRY_MS[i]));
  }
  return last ? { h: last, fresh: false } : { fresh: false };
}
async function navigated(r, tabId, at, url, read) {
  const draft = r.drafts.get(tabId);
  r.drafts.delete(tabId);
  if (draft) {
    const { draft: _, ...step } = draft;
    await processStep(r, tabId, void 0, void 0, step);
  }
  const prev = r.history.get(tabId);
  const { words, now } = classify2(prev, url, read.h, read.fresh);
  r.history.set(tabId, now);
  r.saver.changed();
  if (byAgent(agentWindows(tabId), at)) return;
  if (r.popups.has(tabId)) {
    write(r, switchLines(r, tabId, now.url), tabId);
    return;
  }
  const lines = [];
  if (words[0] === "back" || words[0] === "forward") {
    lines.push(...switchLines(r, tabId));
    for (const w of words) lines.push({ text: w, kind: w, tab: tabId });
  } else if (words[0] === "wait") {
    const last = r.script.last();
    if (last && last.kind === "wait" && last.tab === tabId && (r.lastStep.get(tabId) ?? 0) <= last.at) {
      r.script.lines.pop();
      r.saver.changed(r.script.lines.length);
    }
    lines.push({ text: commandLine(words.slice(0, 2), words.slice(2)), kind: "wait", tab: tabId });
  } else {
    const cmd = words[0] === "tab" ? 2 : 1;
    if (cmd === 1) lines.push(...switchLines(r, tabId));
    lines.push({ text: commandLine(words.slice(0, cmd), words.slice(cmd)), kind: words.slice(0, cmd).join(" "), tab: tabId });
  }
  write(r, lines, tabId);
}
function startRecording2(sessionId, groupId, workDir) {
  const r = fresh(sessionId, groupId, workDir, new ActionScript());
  recordings2.set(sessionId, r);
  void r.saver.register();
  r.saver.changed(0);
  return r;
}
function startLine(r, tabId, url) {
  if (!/^(https?|file):/i.test(url)) return;
  write(r, [{ text: commandLine(["open"], [url]), kind: "open", tab: tabId }], tabId);
}
async function endRecording(r, tabIds) {
  if (r.live) await halt(r, tabIds);
  await r.queue;
  recordings2.delete(r.sessionId);
  await r.saver.drop();
  linesChanged.wake();
}
var MAX_FRAME_RECORDERS = 64;
function noteFrameRecorder(r, tabId, session, contextId) {
  let m = r.frameRecorders.get(tabId);
  if (!m) r.frameRecorders.set(tabId, m = /* @__PURE__ */ new Map());
  m.set(`${session ?? ""}:${contextId}`, { session, contextId });
  if (m.size > MAX_FRAME_RECORDERS) m.delete(m.keys().next().value);
}
async function stopTab(r, tabId) {
  if (!isAttached(tabId)) return;
  for (const s of stepsIn(await callInWorld(tabId, "stopActions", []).catch(() => void 0))) {
    void enqueue(r, () => processStep(r, tabId, void 0, void 0, s));
  }
  for (const { session, contextId } of r.frameRecorders.get(tabId)?.values() ?? []) {
    const got = await callInjected(tabId, { session, contextId }, "stopActions", [], { install: false }).catch(() => void 0);
    for (const s of stepsIn(got)) void enqueue(r, () => processStep(r, tabId, session, contextId, s));
  }
  r.frameRecorders.delete(tabId);
  const sessions = [void 0, ...childSessions(tabId).map((c) => c.sessionId)];
  await Promise.all(sessions.map((s) => sendIn(tabId, s, "Runtime.removeBinding", { name: ACTIONS_BINDING }).catch(() => void 0)));
  await sendIn(tabId, void 0, "Page.setInterceptFileChooserDialog", { enabled: true }).catch(() => void 0);
  r.tabs.delete(tabId);
}
async function halt(r, tabIds) {
  await r.queue;
  for (const tabId of tabIds) await stopTab(r, tabId);
  await r.queue;
  r.live = false;
  r.saver.changed();
  linesChanged.wake();
}
async function personStopped(r, tabId) {
  if (!r.live) return;
  await enqueue(r, async () => write(r, [{ text: "# the person pressed Stop in the page here", kind: "comment", tab: tabId }], void 0));
  await halt(r, [...r.tabs]);
}
async function releaseRecordedTab(tabId) {
  const r = isLoaded ? liveFor(tabId) : void 0;
  if (r) await stopTab(r, tabId);
}
function sessionEnded(sessionId) {
  void ready2().then(() => {
    const r = recordings2.get(sessionId);
    if (!r || !r.live) return;
    void enqueue(r, async () => {
      for (const tabId of [...r.tabs]) void stopTab(r, tabId);
      r.live = false;
      r.sessionClosed = true;
      write(r, [{ text: "# the session was closed here: the recording ends", kind: "comment" }], void 0);
      r.saver.changed();
      await r.saver.flush();
      linesChanged.wake();
    });
  });
}
function lastPlainFill(r) {
  for (let i = r.script.lines.length - 1; i >= 0; i--) {
    const l = r.script.lines[i];
    if (l.kind === "fill" && l.target !== void 0 && !/ \$[A-Z]+_\d+$/.test(l.text)) return i;
  }
  return -1;
}
async function recordingViews() {
  await ready2();
  return [...recordings2.values()].map((r) => {
    const last = r.script.lastCommand()?.[0].text ?? "";
    return { sessionId: r.sessionId, live: r.live, lines: r.script.commands(), actions: r.script.actions, last, secretable: lastPlainFill(r) >= 0 };
  });
}
async function markLastSecret(sessionId) {
  await ready2();
  const r = recordings2.get(sessionId);
  if (!r) return false;
  let done = false;
  await enqueue(r, async () => {
    const i = lastPlainFill(r);
    if (i < 0) return;
    const line = r.script.lines[i];
    const v = r.script.variable("SECRET");
    r.secretTargets.add(line.target);
    const note = `# ${v}: the value typed into ${line.target}, marked secret; set ${v.slice(1)} in the environment before running this script`;
    r.script.lines[i] = { ...line, text: note + "\n" + commandLine(["fill"], [line.target, v], /* @__PURE__ */ new Set([v])) };
    r.saver.changed(i);
    linesChanged.wake();
    done = true;
  });
  return done;
}
async function stopFromPopup(sessionId) {
  await ready2();
  const r = recordings2.get(sessionId);
  if (!r?.live) return false;
  await personStopped(r, r.lastTab ?? -1);
  return true;
}

// src/background/pages/record-actions/index.ts
var MAX_WAIT_MS2 = 3e4;
var KEEP_STOPPED_MS3 = 6e4;
function invalid5(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function sessionOf3(p) {
  const id = p.sessionId;
  if (id === void 0 || id === null || id === "") throw new RpcError(ErrorCode.sessionRequired, SESSION_REQUIRED_MESSAGE);
  if (typeof id !== "string") throw invalid5(`"sessionId" must be a string`);
  return id;
}
var stopped2 = /* @__PURE__ */ new Map();
function none(sessionId) {
  return invalid5(`session ${sessionId} is not recording the person's actions (record actions start begins)`);
}
function header(r) {
  const out = [
    "browserctl batch -f FILE replays this (recorded from the person's actions by `record actions`)",
    `recorded ${new Date(r.startedAt).toISOString()} in session ${r.sessionId}`
  ];
  if (r.script.secrets.length > 0) out.push(`set before replaying: ${r.script.secrets.join(" ")}`);
  return out;
}
function footer(r) {
  const out = [];
  if (r.script.truncated) out.push(`the recording reached its bound of ${r.script.maxLines} lines and took no more`);
  return out;
}
function recordActionHandlers({ store: store3 }) {
  void ready2();
  onSessionRemoved((sid) => sessionEnded(sid));
  chrome.tabs?.onCreated?.addListener(tabCreated);
  return {
    "record.actionsStart": async (p) => {
      const s = await store3.require(p);
      await ready2();
      if (recordingOf(s.sessionId)?.live) throw invalid5(`session ${s.sessionId} is recording already (record actions stop ends it)`);
      const workDir = optionalString(p, "workDir") ?? "";
      if (workDir !== "" && !workDir.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(workDir)) throw invalid5(`"workDir" must be an absolute folder, got ${JSON.stringify(workDir)}`);
      const old = recordingOf(s.sessionId);
      if (old) await endRecording(old, []);
      const tabs6 = await groupTabs(s);
      const active = pickActive(s, tabs6);
      const r = startRecording2(s.sessionId, s.groupId, workDir);
      const ids = [];
      for (const t of tabs6) {
        if (t.id === void 0) continue;
        noteTabSession(t.id, s.sessionId);
        await recordTab(r, t.id).catch(() => void 0);
        ids.push(t.id);
      }
      const url = active?.url || active?.pendingUrl || "";
      if (active?.id !== void 0) {
        startLine(r, active.id, url);
        r.lastTab = active.id;
      }
      return { tabs: ids, url, startedAt: r.startedAt };
    },
    // No store lookup: a session closed while recording still answers its lines.
    "record.actionsStop": async (p) => {
      const sid = sessionOf3(p);
      await ready2();
      const r = recordingOf(sid);
      if (!r) throw none(sid);
      const s = store3.list().find((x) => x.sessionId === sid);
      const tabs6 = s ? await groupTabs(s).catch(() => []) : [];
      await endRecording(r, tabs6.map((t) => t.id).filter((id) => id !== void 0));
      const script2 = r.script.render(header(r), footer(r));
      const keep2 = stopped2.get(sid);
      if (keep2) clearTimeout(keep2.timer);
      stopped2.set(sid, { lines: r.script.lines.map((l) => l.text), timer: setTimeout(() => stopped2.delete(sid), KEEP_STOPPED_MS3) });
      const targets = r.script.targetCounts();
      const out = {
        script: script2,
        lines: r.script.commands(),
        actions: r.script.actions,
        targets: Object.fromEntries(TARGET_KINDS.map((k) => [k, targets[k]]))
      };
      if (r.script.secrets.length > 0) out.secrets = [...r.script.secrets];
      if (r.script.truncated) out.truncated = true;
      if (r.sessionClosed) out.sessionClosed = true;
      return out;
    },
    "record.actionsLines": async (p) => {
      const sid = sessionOf3(p);
      const after = optionalInt(p, "after", 0) ?? 0;
      const waitMs = optionalInt(p, "waitMs", 0) ?? 0;
      if (waitMs > MAX_WAIT_MS2) throw invalid5(`"waitMs" must be at most ${MAX_WAIT_MS2}`);
      await ready2();
      const deadline = Date.now() + waitMs;
      for (; ; ) {
        const r = recordingOf(sid);
        const done = stopped2.get(sid);
        if (!r && !done) throw none(sid);
        const lines = r ? r.script.lines.map((l) => l.text) : done.lines;
        const live2 = r?.live ?? false;
        const n = r && live2 ? r.script.settled(Date.now()) : lines.length;
        if (n > after || !live2 || Date.now() >= deadline) {
          return { lines: lines.slice(after, Math.max(after, n)), next: Math.max(after, n), recording: live2, tabs: r ? [...r.tabs] : [] };
        }
        await linesChanged.next(Math.min(deadline - Date.now(), SETTLE_MS));
      }
    }
  };
}

// src/background/pages/input/direct.ts
function callAt(tabId, where, name, args, opts = {}) {
  return callInjected(tabId, where, name, args, opts);
}
async function direct(tabId, spec, pick, name, args, opts = {}) {
  let key;
  let r;
  let where;
  if ("ref" in spec) {
    const p = refPlace(tabId, spec.ref);
    key = { num: p.num };
    where = p.session === void 0 ? { contextId: p.contextId } : { contextId: p.contextId, session: p.session };
    r = await unlessDialog(callInjected(tabId, where, "onTarget", [key, name, args], opts), (e) => {
      throw e instanceof RpcError ? refNotFound(spec.ref) : e;
    });
  } else {
    if (isFrameTarget(spec.selector)) return void 0;
    key = isRoleTarget(spec.selector) ? { role: roleQuery(parseRoleTarget(spec.selector), CLOSED_WATCH) } : { sel: spec.selector, pick };
    where = { contextId: await isolatedContext(tabId) };
    const answered3 = await unlessDialog(callInjected(tabId, where, "onTarget", [key, name, args], opts), (e) => {
      if (!(e instanceof RpcError) || !/context/i.test(e.message)) throw e;
      return void 0;
    });
    if (!answered3) {
      dropContext(tabId);
      return void 0;
    }
    r = answered3;
  }
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    return { where, exception: d.exception?.description ?? d.text ?? "exception" };
  }
  const v = r.result.value;
  if (!v || typeof v !== "object") return void 0;
  if ("miss" in v) {
    if ("ref" in spec) throw refNotFound(spec.ref);
    return void 0;
  }
  return { where, value: v.hit };
}

// src/background/pages/input/geometry.ts
function quadBox(q2) {
  const xs = [q2[0], q2[2], q2[4], q2[6]];
  const ys = [q2[1], q2[3], q2[5], q2[7]];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
function quadCentre(q2) {
  return { x: (q2[0] + q2[2] + q2[4] + q2[6]) / 4, y: (q2[1] + q2[3] + q2[5] + q2[7]) / 4 };
}
function topLeftOf(quads) {
  let x = Infinity;
  let y = Infinity;
  for (const q2 of quads) {
    for (let i = 0; i + 1 < q2.length; i += 2) {
      x = Math.min(x, q2[i]);
      y = Math.min(y, q2[i + 1]);
    }
  }
  return Number.isFinite(x) ? { x, y } : null;
}
var sleep3 = (ms) => new Promise((r) => setTimeout(r, ms));
async function sessionOffset(tabId, sessionId) {
  let x = 0;
  let y = 0;
  for (let s = sessionId, hops = 0; s !== void 0 && hops < 16; hops++) {
    const cs = frameHop(tabId, s);
    if (!cs) break;
    const owner = await sendIn(tabId, cs.parent, "DOM.getFrameOwner", { frameId: cs.frameId });
    const [box, quads] = await Promise.all([
      sendIn(tabId, cs.parent, "DOM.getBoxModel", { backendNodeId: owner.backendNodeId }),
      sendIn(tabId, cs.parent, "DOM.getContentQuads", { backendNodeId: owner.backendNodeId }).catch(() => ({ quads: [] }))
    ]);
    const c = quadBox(box.model.content);
    const b = quadBox(box.model.border);
    const q2 = quadBox(quads.quads[0] ?? box.model.border);
    x += q2.x + c.x - b.x;
    y += q2.y + c.y - b.y;
    s = cs.parent;
  }
  return { x, y };
}
async function contentQuads(tabId, objectId) {
  const r = await unlessDialog(send(tabId, "DOM.getContentQuads", { objectId }), () => null);
  return r ? r.quads : null;
}
async function offsetOf(tabId, objectId) {
  const s = objectSession(tabId, objectId);
  return s === void 0 ? { x: 0, y: 0 } : sessionOffset(tabId, s);
}
async function inFrame2(tabId, objectId) {
  const r = await callInjected(tabId, { objectId }, "inFrame", []);
  return r.result.value === true;
}
async function viewportBox(tabId, objectId) {
  const model = await unlessDialog(send(tabId, "DOM.getBoxModel", { objectId }), () => null);
  if (!model) return null;
  const q2 = model.model.border;
  const off = await offsetOf(tabId, objectId);
  const b = quadBox(q2);
  return { x: b.x + off.x, y: b.y + off.y, width: b.width, height: b.height };
}
async function visibleCentre(tabId, objectId, ref) {
  const pt = await firstQuadCentre(tabId, objectId);
  if (pt) return pt;
  const descendant = async () => {
    const r = await callInjected(tabId, { objectId }, "descendantWithBox", [], { returnByValue: false });
    const d = r.result.objectId;
    return d ? await firstQuadCentre(tabId, d) : null;
  };
  const dpt = await unlessDialog(descendant(), () => null);
  if (dpt) return dpt;
  throw failed(`${ref} is not visible (it has no box on the page to point at)`, "not_visible");
}
async function firstQuadCentre(tabId, objectId) {
  await unlessDialog(send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId }), () => void 0);
  const quads = await contentQuads(tabId, objectId) ?? [];
  for (const q2 of quads) {
    if (q2.length < 8) continue;
    const box = quadBox(q2);
    if (box.width < 1 || box.height < 1) continue;
    const off = await offsetOf(tabId, objectId);
    const c = quadCentre(q2);
    return { x: c.x + off.x, y: c.y + off.y };
  }
  return null;
}
async function toTab(tabId, objectId, a) {
  if (a.topViewport && objectSession(tabId, objectId) === void 0) return { x: a.x, y: a.y };
  const quads = await contentQuads(tabId, objectId);
  if (!quads) return null;
  if (a.via !== 0) {
    if (quads.length === 0) return null;
  }
  const corner = topLeftOf(quads);
  if (!corner) return null;
  const off = await offsetOf(tabId, objectId);
  return { x: corner.x - a.bx + a.x + off.x, y: corner.y - a.by + a.y + off.y };
}
async function toTabByDocument(tabId, objectId, a) {
  const r = await callInjected(tabId, { objectId }, "documentElement", [], { returnByValue: false });
  const de = r.result.objectId;
  if (!de) throw failed("the element's document has no root", "detached");
  const [q2, origin] = await Promise.all([
    send(tabId, "DOM.getContentQuads", { objectId: de }),
    valueOf(tabId, { objectId }, "documentOrigin", [], (why2) => failed(`the element's page did not answer: ${why2}`, "detached"))
  ]);
  const quad = q2.quads[0];
  if (!quad) throw failed("the element's document has no box", "not_visible");
  const off = await offsetOf(tabId, objectId);
  const doc = quadBox(quad);
  return { x: doc.x - origin[0] + a.x + off.x, y: doc.y - origin[1] + a.y + off.y };
}
var SETTLE_MEASURES = 8;
var SETTLE_MS2 = 20;
async function settledPoint(tabId, objectId, a, deadline, force) {
  const measure = async () => await toTab(tabId, objectId, a) ?? await toTabByDocument(tabId, objectId, a);
  let pt = await measure();
  if (a.topViewport && objectSession(tabId, objectId) === void 0) return pt;
  for (let i = 1; i < SETTLE_MEASURES; i++) {
    await sleep3(SETTLE_MS2);
    const again = await measure();
    const same = Math.abs(again.x - pt.x) < 0.5 && Math.abs(again.y - pt.y) < 0.5;
    pt = again;
    if (same || Date.now() >= deadline) break;
  }
  const vp = await unlessDialog(layoutViewport(tabId), () => void 0);
  if (vp && !force && !inViewport(pt, vp)) return null;
  return pt;
}
async function layoutViewport(tabId) {
  const m = await send(tabId, "Page.getLayoutMetrics", {});
  return { w: m.cssLayoutViewport.clientWidth, h: m.cssLayoutViewport.clientHeight };
}
function inViewport(pt, vp) {
  return pt.x >= 0 && pt.y >= 0 && pt.x < vp.w && pt.y < vp.h;
}

// src/background/pages/input/pointer.ts
function deadlineOf(budgetMs) {
  return Date.now() + waitMsOf(budgetMs);
}
var sleep4 = (ms) => new Promise((r) => setTimeout(r, ms));
var RETRY_MS = 50;
async function pointerAction(tabId, s, press3) {
  try {
    for (; ; ) {
      const tab = tabNow(tabId);
      const fast = await pressPointDirect(tabId, s.spec, s.pick ?? "visible", s.kind, s.force);
      const pt = fast ?? await aim(tabId, s);
      await ensureForeground(tabId, fast ? tab : void 0);
      await press3(pt);
      if (s.force) return pt.target;
      const v = await verdictOf(tabId, pt);
      if (v.ok) return pt.target;
      if (Date.now() >= s.deadline) throw await missedAt(tabId, pt, v);
      releaseActionObjects(tabId);
      await sleep4(RETRY_MS);
    }
  } finally {
    releaseActionObjects(tabId);
  }
}
async function pressPointDirect(tabId, spec, pick, kind, force) {
  const d = await direct(tabId, spec, pick, "actionCheck", [checkOptions(kind, force, 0)]);
  if (!d || !("value" in d)) return void 0;
  const a = d.value;
  if (!a || typeof a !== "object" || a.state !== "ok" || !a.topViewport || d.where.session !== void 0) return void 0;
  const ref = "ref" in spec ? spec.ref : void 0;
  return { x: a.x, y: a.y, target: { ref, role: a.role ?? "generic", name: a.name ?? "" }, where: d.where };
}
async function aim(tabId, s) {
  const t = await resolveSpec(tabId, s.spec, s.pick ?? "visible", Math.max(0, s.deadline - Date.now()));
  const ref = "ref" in s.spec ? s.spec.ref : void 0;
  const pt = await pressPoint(tabId, t.objectId, { kind: s.kind, force: s.force, deadline: s.deadline, label: t.label, ref });
  return { ...pt, objectId: t.objectId };
}
var POLL_MS4 = [0, 20, 50, 100, 100, 250, 500];
async function pressPoint(tabId, objectId, o) {
  let last;
  for (let attempt = 0; ; attempt++) {
    const tried = Date.now();
    const a = await inPage(tabId, objectId, "actionCheck", [checkOptions(o.kind, o.force, attempt)]);
    if (!a || typeof a !== "object") throw failed(`${o.label}: the page did not answer the check`, "failed");
    if (a.state === "ok") {
      const pt = await settledPoint(tabId, objectId, a, o.deadline, o.force);
      const over = pt && !o.force ? await overFrames(tabId, objectId, pt) : null;
      if (pt && !over) return { ...pt, target: { ref: o.ref, role: a.role ?? "generic", name: a.name ?? "" } };
      await disarm(tabId, objectId);
      last = over ? { state: "covered", top: over, detail: "over its frame, in the page above" } : { state: "covered", top: "", detail: "its point is outside the tab's viewport after every frame above it scrolled" };
    } else {
      last = a;
      if (a.state === "detached") throw failed(why(a, o.label), "detached");
    }
    const lastStart = o.deadline - (Date.now() - tried);
    if (Date.now() >= lastStart) break;
    await sleep4(Math.min(POLL_MS4[Math.min(attempt, POLL_MS4.length - 1)], lastStart - Date.now()));
  }
  throw failed(why(last, o.label), last.state);
}
function checkOptions(kind, force, attempt) {
  const scroll2 = attempt === 0 ? 1 : attempt < 2 ? 1 : 2 + (attempt - 2) % 4;
  return { force, kind, scroll: scroll2, enabled: kind !== "hover" };
}
function why(a, label) {
  switch (a.state) {
    case "not_visible":
      return `${label} is not visible: ${a.detail ?? "it has no box"}`;
    case "not_enabled":
      return `${label} is disabled`;
    case "detached":
      return `${label} was removed from the page`;
    case "not_stable":
      return `${label} kept moving (its box changed between animation frames)`;
    case "covered":
      return a.top ? `${label} is covered: ${a.top} would receive the press${a.detail ? ` (${a.detail})` : ""}` : `${label}: ${a.detail ?? "covered"}`;
  }
  return `${label}: ${a.state}${a.detail ? `: ${a.detail}` : ""}`;
}
function inPage(tabId, objectId, name, args) {
  return valueOf(tabId, { objectId }, name, args, (why2) => failed(`the element's page did not answer: ${why2}`, "detached"));
}
async function overFrames(tabId, objectId, pt) {
  const s = objectSession(tabId, objectId);
  if (s === void 0) return null;
  for (const hop of sessionChain(tabId, s)) {
    const group = `browserctl-hit-${++hitGroups}`;
    try {
      const over = await unlessDialog(ownerHitAt(tabId, hop, pt, group), () => null);
      if (over === null) return null;
      if (over) return over;
    } finally {
      sendIn(tabId, hop.parent, "Runtime.releaseObjectGroup", { objectGroup: group }, 5e3).catch(() => {
      });
    }
  }
  return null;
}
async function ownerHitAt(tabId, hop, pt, group) {
  const [iframe, off] = await Promise.all([frameOwnerElement(tabId, hop.parent, hop.frameId, group), sessionOffset(tabId, hop.sessionId)]);
  if (!iframe) return "";
  const r = await callInjected(tabId, { objectId: iframe, session: hop.parent }, "ownerHit", [pt.x - off.x, pt.y - off.y]);
  return r.exceptionDetails ? "" : r.result.value ?? "";
}
var hitGroups = 0;
function verdictOf(tabId, pt) {
  return "where" in pt ? pressVerdictAt(tabId, pt.where) : pressVerdict(tabId, pt.objectId);
}
var VERDICT_READS = 6;
var VERDICT_READ_MS = 25;
async function pressVerdict(tabId, objectId, keep2 = false) {
  return pressVerdictAt(tabId, { objectId }, keep2);
}
async function pressVerdictAt(tabId, where, keep2 = false) {
  try {
    for (let i = 0; ; i++) {
      const r = await callAt(tabId, where, "guardVerdict", [true]);
      if (r.exceptionDetails) throw new Error("the element's page did not answer");
      const v = r.result.value;
      if (!v || v.seen < 0) return { ok: true, stray: "" };
      const done = v.stray !== "" || v.seen > 0 || i + 1 >= VERDICT_READS;
      if (done) {
        if (!keep2) await callAt(tabId, where, "guardDisarm", []).catch(() => void 0);
        return { ok: v.seen > 0 && !v.stray, stray: v.stray };
      }
      await sleep4(VERDICT_READ_MS);
    }
  } catch {
    return { ok: true, stray: "" };
  }
}
async function disarm(tabId, objectId) {
  await inPage(tabId, objectId, "guardDisarm", []).catch(() => void 0);
}
async function missedAt(tabId, pt, v) {
  const label = pt.target.ref ?? (pt.target.name ? `${pt.target.role} ${JSON.stringify(pt.target.name)}` : pt.target.role);
  return "where" in pt ? missedError(tabId, label, v, pt) : missedErrorOf(tabId, pt.objectId, label, v, pt);
}
async function missedError(tabId, label, v, pt) {
  const at = `(${Math.round(pt.x)}, ${Math.round(pt.y)})`;
  if (v.stray) return failed(`${label} was missed: the press at ${at} went to ${v.stray}, which did not receive it (stopped)`, "missed");
  return failed(`${label} was missed: the press at ${at} never reached it; ${await whatIsAt(tabId, pt)} is at that point`, "missed");
}
async function missedErrorOf(tabId, objectId, label, v, pt) {
  if (v.stray) return missedError(tabId, label, v, pt);
  const chain = sessionChain(tabId, objectSession(tabId, objectId));
  const outer = chain[chain.length - 1];
  if (outer && outer.parent === void 0) {
    const overOwnFrame = async () => {
      const [at, owner] = await Promise.all([
        send(tabId, "DOM.getNodeForLocation", { x: Math.round(pt.x), y: Math.round(pt.y), includeUserAgentShadowDOM: false, ignorePointerEventsNone: true }),
        sendIn(tabId, void 0, "DOM.getFrameOwner", { frameId: outer.frameId })
      ]);
      return at.backendNodeId === owner.backendNodeId;
    };
    if (await unlessDialog(overOwnFrame(), () => false)) {
      const at = `(${Math.round(pt.x)}, ${Math.round(pt.y)})`;
      return failed(`${label} was missed: the press at ${at} is over the frame it is in, yet nothing in that frame saw it (an inert frame, or one that moved)`, "missed");
    }
  }
  return missedError(tabId, label, v, pt);
}
async function whatIsAt(tabId, pt) {
  const at = send(tabId, "DOM.getNodeForLocation", {
    x: Math.round(pt.x),
    y: Math.round(pt.y),
    includeUserAgentShadowDOM: false,
    ignorePointerEventsNone: true
  });
  return unlessDialog(
    at.then((n) => describeNode(tabId, void 0, n.backendNodeId)),
    () => "something else"
  );
}
async function describeNode(tabId, session, backendNodeId) {
  const described = sendIn(tabId, session, "DOM.describeNode", { backendNodeId });
  return unlessDialog(
    described.then(({ node }) => briefly(node)),
    () => "something else"
  );
}
function briefly(node) {
  const attrs = node.attributes ?? [];
  const attr = (k) => {
    for (let i = 0; i + 1 < attrs.length; i += 2) if (attrs[i] === k) return attrs[i + 1];
    return "";
  };
  let d = node.nodeName.toLowerCase();
  if (attr("id")) d += "#" + attr("id");
  else if (attr("class")) d += "." + attr("class").trim().split(/\s+/).slice(0, 2).join(".");
  if (d.startsWith("iframe") || d.startsWith("frame")) {
    const src = attr("src");
    d = `another frame (${d}${src ? ` src=${JSON.stringify(src.length > 80 ? src.slice(0, 80) + "..." : src)}` : ""})`;
  }
  return d;
}

// src/background/pages/input/mouse.ts
var BUTTON_BITS = { left: 1, right: 2, middle: 4 };
async function dispatchMouseEvents(tabId, ...events2) {
  try {
    await sendInOrder(tabId, events2.map((e) => ["Input.dispatchMouseEvent", e]));
  } catch (e) {
    if (e instanceof DialogOpenError) return;
    throw e;
  }
}
async function mouseClick(tabId, pt, button, clickCount) {
  const base = { x: pt.x, y: pt.y, button, modifiers: 0 };
  const events2 = [{ type: "mouseMoved", x: pt.x, y: pt.y, button: "none", modifiers: 0 }];
  for (let i = 1; i <= clickCount; i++) {
    events2.push({ ...base, type: "mousePressed", clickCount: i, buttons: BUTTON_BITS[button] });
    events2.push({ ...base, type: "mouseReleased", clickCount: i, buttons: 0 });
  }
  await dispatchMouseEvents(tabId, ...events2);
}

// src/background/pages/files/downloads.ts
var DOWNLOADS_LIMIT = 200;
var all = [];
var waiters2 = /* @__PURE__ */ new Set();
function changed2() {
  for (const w of [...waiters2]) w();
}
function onDownloadChange(fn) {
  waiters2.add(fn);
  return () => waiters2.delete(fn);
}
function nextChange(ms) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters2.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters2.add(done);
  });
}
function byGuid(guid) {
  return all.find((d) => d.guid === guid);
}
function downloadEvent(tabId, p, method) {
  if (method === "Page.downloadWillBegin") {
    all.push({
      guid: String(p["guid"] ?? ""),
      id: -1,
      tabId,
      sessionId: tabSession(tabId),
      url: String(p["url"] ?? ""),
      suggestedFilename: String(p["suggestedFilename"] ?? ""),
      path: "",
      state: "in_progress",
      bytes: 0,
      totalBytes: 0,
      mime: "",
      error: "",
      started: Date.now(),
      ended: 0
    });
    if (all.length > DOWNLOADS_LIMIT) all.splice(0, all.length - DOWNLOADS_LIMIT);
    changed2();
  } else if (method === "Page.downloadProgress") {
    const d = byGuid(String(p["guid"] ?? ""));
    if (!d) return;
    d.bytes = typeof p["receivedBytes"] === "number" ? p["receivedBytes"] : d.bytes;
    d.totalBytes = typeof p["totalBytes"] === "number" ? p["totalBytes"] : d.totalBytes;
    const st = String(p["state"] ?? "");
    if (st === "completed") d.state = "complete";
    else if (st === "canceled") d.state = "canceled";
    changed2();
  }
}
var SAVED_NAME_BYTES = 244;
function whyNotSaved(error, name) {
  const bytes = new TextEncoder().encode(name).length;
  if (error !== "USER_CANCELED" || bytes <= SAVED_NAME_BYTES) return error;
  return `${error}: its file name is ${bytes} bytes, longer than the ${SAVED_NAME_BYTES} the browser saves without asking where (a headless browser cannot ask)`;
}
async function locate(d) {
  if (d.id >= 0 && d.path && d.state !== "in_progress" && (d.state !== "complete" || d.ended > 0)) return;
  if (typeof chrome === "undefined" || !chrome.downloads) {
    if (!d.error) d.error = "the extension lacks the downloads permission: reload it to see where files land";
    return;
  }
  let item;
  if (d.id >= 0) {
    item = (await chrome.downloads.search({ id: d.id }))[0];
  } else {
    const claimed = new Set(all.filter((o) => o !== d && o.id >= 0).map((o) => o.id));
    const items = await chrome.downloads.search({ url: d.url, orderBy: ["-startTime"] });
    item = items.find((i) => !claimed.has(i.id) && Date.parse(i.startTime) >= d.started - 5e3);
  }
  if (!item) return;
  d.id = item.id;
  d.path = item.filename;
  d.mime = item.mime;
  if (item.state === "complete") {
    d.state = "complete";
    d.bytes = item.bytesReceived;
    const end2 = item.endTime ? Date.parse(item.endTime) : NaN;
    d.ended = Number.isFinite(end2) ? end2 : 0;
  } else if (item.state === "interrupted") {
    d.state = item.error === "USER_CANCELED" ? "canceled" : "interrupted";
    d.error = whyNotSaved(item.error ?? "", d.suggestedFilename);
  }
  if (item.totalBytes > 0) d.totalBytes = item.totalBytes;
}
async function listDownloads(sessionId) {
  for (const d of all) d.sessionId ||= tabSession(d.tabId);
  const out = all.filter((d) => !sessionId || d.sessionId === sessionId);
  for (const d of out) await locate(d).catch(() => void 0);
  return out.map((d) => ({ ...d }));
}
function begunSince(tabId, since2) {
  return all.find((d) => d.tabId === tabId && d.started >= since2);
}
async function waitBegin(tabId, since2, ms) {
  const deadline = Date.now() + ms;
  for (; ; ) {
    const d = begunSince(tabId, since2);
    if (d) return d;
    const left = deadline - Date.now();
    if (left <= 0) return void 0;
    await nextChange(left);
  }
}
async function waitDone(d, ms) {
  const deadline = Date.now() + ms;
  let settle2 = 0;
  const settled3 = () => d.state === "complete" ? d.ended > 0 : d.error !== "";
  for (; ; ) {
    await locate(d).catch(() => void 0);
    if (d.state !== "in_progress") {
      if (settled3()) break;
      settle2 ||= Date.now() + 3e3;
      if (Date.now() >= settle2) break;
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    await nextChange(Math.min(left, d.state === "in_progress" ? 250 : 50));
  }
  return { ...d };
}

// src/background/pages/files/files.ts
var choosers = /* @__PURE__ */ new Map();
async function interceptFileChoosers(_tabId, raw) {
  await raw("Page.setInterceptFileChooserDialog", { enabled: true });
}
function fileChooserOpened(tabId, p) {
  choosers.set(tabId, {
    backendNodeId: Number(p["backendNodeId"] ?? 0),
    mode: String(p["mode"] ?? "selectSingle"),
    opened: Date.now()
  });
}
function dropChooserOnNavigation(tabId, p) {
  const frame = p["frame"];
  if (frame && !frame.parentId) choosers.delete(tabId);
}
onForget((tabId) => {
  choosers.delete(tabId);
});
function chooserSince(tabId, since2) {
  const c = choosers.get(tabId);
  return c && c.opened >= since2 ? c : void 0;
}
async function upload2(tabId, p) {
  const files = requireStringArray(p, "files");
  for (const f of files) {
    if (!f.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(f)) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "files" must be absolute paths, got ${JSON.stringify(f)}`);
    }
  }
  const spec = targetOf(p);
  let target;
  let what;
  let multiple;
  const chooser = choosers.get(tabId);
  try {
    if (spec) {
      const resolved = await resolveSpec(tabId, spec, "visibleElseFirst");
      what = "ref" in spec ? spec.ref : spec.selector;
      const input = await callInjected(tabId, { objectId: resolved.objectId }, "fileInputOf", [], { returnByValue: false, objectGroup: ACTION_GROUP });
      const objectId = input.result.objectId ?? resolved.objectId;
      const k = await callInjected(tabId, { objectId }, "fileInputKind", []);
      const kind = String(k.result.value ?? "");
      if (kind.startsWith("not-file")) {
        throw failed(`${what} is not an <input type=file> (it is <${kind.slice(9)}>); click it and answer the chooser with \`upload FILE\`, or target the input`);
      }
      if (kind === "disabled") throw failed(`${what} is a disabled file input`);
      multiple = kind === "multiple";
      target = { objectId };
    } else {
      if (!chooser) {
        throw failed("no file chooser is open in this tab: click what opens it first, or give the file input's ref or selector");
      }
      what = "the open file chooser";
      multiple = chooser.mode === "selectMultiple";
      target = { backendNodeId: chooser.backendNodeId };
    }
    if (!multiple && files.length > 1) throw failed(`${what} takes one file, got ${files.length}`);
    try {
      await send(tabId, "DOM.setFileInputFiles", { files, ...target });
    } catch (e) {
      if (e instanceof RpcError && /Not allowed/i.test(e.message)) {
        throw failed(
          'the browser does not let the extension read local files: turn on "Allow access to file URLs" for browserctl in chrome://extensions'
        );
      }
      throw e;
    }
  } finally {
    releaseActionObjects(tabId);
  }
  if (!spec) choosers.delete(tabId);
  return { files: files.length, target: what, multiple };
}
var uploadHandlers = {
  "pages.upload": upload2
};

// src/background/pages/input/aftermath.ts
var docRequests = /* @__PURE__ */ new Map();
var aftermath = new Wakeup();
onDownloadChange(() => aftermath.wake());
function trackDocumentRequest(tabId, p, method) {
  const cur = docRequests.get(tabId);
  if (method === "Page.frameRequestedNavigation") {
    if ((p["disposition"] ?? "currentTab") !== "currentTab") return;
    docRequests.set(tabId, { id: "", frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (method === "Network.requestWillBeSent" && p["type"] === "Document") {
    docRequests.set(tabId, { id: String(p["requestId"]), frameId: String(p["frameId"] ?? ""), at: Date.now(), settled: false });
  } else if (!cur || cur.settled) {
    return;
  } else if (method === "Network.responseReceived") {
    const status = p["response"]?.status;
    if (p["requestId"] === cur.id && typeof status === "number") cur.status = status;
    return;
  } else if (method === "Page.frameNavigated") {
    const f = p["frame"];
    if (f?.id === cur.frameId) {
      cur.settled = true;
      if (!f.parentId) cur.navigatedTo = f.url ?? "";
    }
  } else if (method === "Network.loadingFailed" && p["requestId"] === cur.id) {
    cur.settled = true;
  } else if (method === "Page.downloadWillBegin") {
    cur.settled = true;
  } else if (method === "Page.javascriptDialogOpening" && cur.id === "") {
    cur.settled = true;
  } else {
    return;
  }
  aftermath.wake();
}
onForget((tabId) => {
  docRequests.delete(tabId);
});
var NAVIGATION_SETTLE_MS = 2e3;
var ACTION_DOWNLOAD_MS = 5e3;
function reportAftermath(fn, readPageAfter) {
  return async (tabId, p) => {
    const since2 = Date.now();
    let popup;
    const onCreated = (t) => {
      if (t.openerTabId === tabId && popup === void 0 && t.id !== void 0) popup = t.id;
    };
    chrome.tabs.onCreated?.addListener(onCreated);
    let out;
    try {
      out = { ...await fn(tabId, p) };
    } catch (e) {
      chrome.tabs.onCreated?.removeListener(onCreated);
      throw e;
    }
    if (!readPageAfter(p)) await callInWorld(tabId, "readyState", []).catch(() => void 0);
    const deadline = Date.now() + NAVIGATION_SETTLE_MS;
    let d;
    for (; ; ) {
      const req2 = docRequests.get(tabId);
      d = await waitBegin(tabId, since2, 0);
      if (d || !req2 || req2.at < since2 || req2.settled || Date.now() >= deadline) break;
      await aftermath.next(deadline - Date.now());
    }
    chrome.tabs.onCreated?.removeListener(onCreated);
    if (d) out.download = await waitDone(d, ACTION_DOWNLOAD_MS);
    const c = chooserSince(tabId, since2);
    if (c) out.fileChooser = { mode: c.mode };
    const req = docRequests.get(tabId);
    if (!d && req && req.at >= since2 && req.navigatedTo !== void 0) {
      out.navigation = req.status === void 0 ? { url: req.navigatedTo } : { url: req.navigatedTo, status: req.status };
    }
    if (popup !== void 0) out.popup = { tabId: popup };
    return out;
  };
}

// src/background/pages/input/input.ts
async function click2(tabId, p) {
  const spec = requireTarget(p);
  const button = optionalOneOf(p, "button", MOUSE_BUTTONS) ?? "left";
  const clickCount = optionalInt(p, "clickCount", 1) ?? 1;
  if (clickCount > 3) throw new RpcError(ErrorCode.invalidParams, `invalid params: "clickCount" must be 1, 2 or 3`);
  const force = optionalBool(p, "force") ?? false;
  const target = await pointerAction(
    tabId,
    { kind: "click", spec, force, deadline: deadlineOf(budgetOf(p)) },
    (pt) => mouseClick(tabId, pt, button, clickCount)
  );
  return { ok: true, target };
}
async function hover(tabId, p) {
  const spec = requireTarget(p);
  const force = optionalBool(p, "force") ?? false;
  const target = await pointerAction(
    tabId,
    { kind: "hover", spec, force, deadline: deadlineOf(budgetOf(p)) },
    (pt) => dispatchMouseEvents(tabId, { type: "mouseMoved", x: pt.x, y: pt.y, button: "none", modifiers: 0 })
  );
  return { ok: true, target };
}
async function scrollIntoView(tabId, p) {
  const { objectId, label: ref } = await resolveSpec(tabId, requireTarget(p), "visible", waitMsOf(budgetOf(p)));
  try {
    await unlessDialog(send(tabId, "DOM.scrollIntoViewIfNeeded", { objectId }), (e) => {
      if (e instanceof RpcError && e.code === ErrorCode.pageOperationFailed) {
        throw failed(`${ref} cannot be scrolled into view (it is not rendered)`, "not_visible");
      }
      throw e;
    });
  } finally {
    releaseActionObjects(tabId);
  }
  return { ok: true };
}
async function scroll(tabId, p) {
  const direction = requireOneOf(p, "direction", SCROLL_DIRECTIONS);
  const amount = optionalNumber(p, "amount") ?? 500;
  const dx = direction === "left" ? -amount : direction === "right" ? amount : 0;
  const dy = direction === "up" ? -amount : direction === "down" ? amount : 0;
  const r = await callInWorld(tabId, "scrollWindow", [dx, dy]);
  const v = r.result.value;
  if (!Array.isArray(v)) throw failed("scroll: the page did not answer");
  let [x, y] = v;
  const [, , x0, y0, w, h] = v;
  if (x === x0 && y === y0) {
    await ensureForeground(tabId);
    const at = { x: (w ?? 0) / 2, y: (h ?? 0) / 2 };
    await dispatchMouseEvents(tabId, { type: "mouseWheel", ...at, deltaX: dx, deltaY: dy, modifiers: 0 });
    const pane = (await callInWorld(tabId, "scrollerAt", [at.x, at.y])).result.value;
    if (Array.isArray(pane)) return { scrollX: pane[0], scrollY: pane[1], scroller: pane[2] };
    const r2 = await callInWorld(tabId, "scrollPosition", []);
    const v2 = r2.result.value;
    if (Array.isArray(v2)) [x, y] = v2;
  }
  return { scrollX: x, scrollY: y };
}
async function mouse2(tabId, p) {
  const action = requireOneOf(p, "action", MOUSE_ACTIONS);
  const x = requireNumber(p, "x");
  const y = requireNumber(p, "y");
  const button = optionalOneOf(p, "button", MOUSE_BUTTONS) ?? "left";
  const base = { x, y, modifiers: 0 };
  await ensureForeground(tabId);
  if (action === "down" || action === "click" || action === "wheel") {
    const vp = await layoutViewport(tabId);
    if (!inViewport({ x, y }, vp)) {
      throw failed(`mouse ${action} at ${x},${y}: the point is outside the viewport (${vp.w}x${vp.h} CSS pixels), where no element takes it; scroll first`, "bad_input");
    }
  }
  switch (action) {
    case "move":
      await dispatchMouseEvents(tabId, { ...base, type: "mouseMoved", button: "none" });
      break;
    case "down":
      await dispatchMouseEvents(
        tabId,
        { ...base, type: "mouseMoved", button: "none" },
        { ...base, type: "mousePressed", button, clickCount: 1, buttons: BUTTON_BITS[button] }
      );
      break;
    case "up":
      await dispatchMouseEvents(tabId, { ...base, type: "mouseReleased", button, clickCount: 1, buttons: 0 });
      break;
    case "click":
      await mouseClick(tabId, { x, y }, button, 1);
      break;
    case "wheel":
      await dispatchMouseEvents(tabId, {
        ...base,
        type: "mouseWheel",
        deltaX: optionalNumber(p, "deltaX") ?? 0,
        deltaY: optionalNumber(p, "deltaY") ?? 0
      });
      break;
  }
  return { ok: true };
}
var pointerHandlers = {
  // names a chooser, download, navigation or popup it set off; a click not
  // forced read its press's verdict in the page (pointer.ts)
  "pages.click": reportAftermath(click2, (p) => p.force !== true),
  "pages.hover": hover,
  "pages.scrollIntoView": scrollIntoView,
  "pages.scroll": scroll,
  "pages.mouse": mouse2
};

// src/background/sessions/dialog-policy.ts
var POLICIES = DIALOG_POLICIES;
var DEFAULT_POLICY = "hold";
function decide(policy, dialogType) {
  if (policy !== "hold") return policy;
  return dialogType === "confirm" || dialogType === "prompt" ? "hold" : "accept";
}
function isPolicy(v) {
  return typeof v === "string" && POLICIES.includes(v);
}
var POLICY_STORAGE_KEY = "browserctl.dialogPolicies";
var policies2 = /* @__PURE__ */ new Map();
var loaded6;
function storage3() {
  return typeof chrome !== "undefined" ? chrome.storage?.session : void 0;
}
function loadPolicies2() {
  loaded6 ??= (async () => {
    const area = storage3();
    if (!area) return;
    try {
      const got = await area.get(POLICY_STORAGE_KEY);
      const stored = got[POLICY_STORAGE_KEY];
      if (stored && typeof stored === "object") {
        for (const [sid, p] of Object.entries(stored)) if (isPolicy(p) && !policies2.has(sid)) policies2.set(sid, p);
      }
    } catch {
    }
  })();
  return loaded6;
}
function policyOf2(sessionId) {
  return sessionId && policies2.get(sessionId) || DEFAULT_POLICY;
}
async function setPolicy2(sessionId, policy) {
  await loadPolicies2();
  policies2.set(sessionId, policy);
  const area = storage3();
  if (area) await area.set({ [POLICY_STORAGE_KEY]: Object.fromEntries(policies2) });
}

// src/background/pages/core/dialogs.ts
var tabSession2 = /* @__PURE__ */ new Map();
var lastDialog = /* @__PURE__ */ new Map();
var seq2 = 0;
onForget((tabId) => {
  lastDialog.delete(tabId);
  openings.delete(tabId);
});
var LOOP_DIALOGS = 3;
var LOOP_WINDOW_MS = 5e3;
var LOOP_RECENT_MS = 1e3;
var openings = /* @__PURE__ */ new Map();
function noteOpening(tabId, now = Date.now()) {
  const list2 = openings.get(tabId) ?? [];
  list2.push(now);
  if (list2.length > LOOP_DIALOGS) list2.shift();
  openings.set(tabId, list2);
}
function inDialogLoop(tabId, now = Date.now()) {
  const list2 = openings.get(tabId);
  if (!list2 || list2.length < LOOP_DIALOGS) return false;
  const first = list2[0];
  const last = list2[list2.length - 1];
  if (last - first > LOOP_WINDOW_MS) return false;
  return now - last <= LOOP_RECENT_MS || openDialog(tabId) !== null;
}
function noteSession(tabId, sessionId) {
  if (typeof sessionId === "string" && sessionId !== "") tabSession2.set(tabId, sessionId);
}
function dialogMark() {
  return seq2;
}
function dialogSince(tabId, mark2) {
  const d = lastDialog.get(tabId);
  if (!d || d.seq <= mark2) return void 0;
  const { seq: _, ...report } = d;
  return report;
}
function record2(tabId, d, state2) {
  const entry = { type: d.type, message: d.message, state: state2, seq: ++seq2 };
  if (d.defaultPrompt !== void 0 && d.type === "prompt") entry.defaultPrompt = d.defaultPrompt;
  lastDialog.set(tabId, entry);
}
function answerDialog(tabId, d) {
  noteOpening(tabId);
  const action = decide(policyOf2(tabSession2.get(tabId)), d.type);
  if (action === "hold") {
    record2(tabId, d, "open");
    return false;
  }
  const accept = action === "accept";
  record2(tabId, d, accept ? "accepted" : "dismissed");
  const params = { accept };
  if (accept && d.type === "prompt") params["promptText"] = d.defaultPrompt ?? "";
  const which = showingDialog(tabId);
  sendDuringDialog(tabId, "Page.handleJavaScriptDialog", params).catch(() => {
    if (showingDialog(tabId) !== which || which === 0) return;
    record2(tabId, d, "open");
    holdDialog(tabId, d, which);
  });
  return true;
}
void loadPolicies2();
async function dialog(tabId, p) {
  const action = requireOneOf(p, "action", DIALOG_ACTIONS);
  const text2 = optionalString(p, "text");
  await loadPolicies2();
  const policy = policyOf2(tabSession2.get(tabId));
  const d = openDialog(tabId);
  if (action === "status") {
    if (!d) return { open: false, policy };
    const r2 = { open: true, type: d.type, message: d.message, policy };
    if (d.type === "prompt") r2.defaultPrompt = d.defaultPrompt ?? "";
    return r2;
  }
  const accept = action === "accept";
  const params = { accept };
  if (accept && (text2 !== void 0 || d?.type === "prompt")) params["promptText"] = text2 ?? d?.defaultPrompt ?? "";
  try {
    await sendDuringDialog(tabId, "Page.handleJavaScriptDialog", params);
  } catch (e) {
    const msg = e instanceof RpcError ? e.message : cdpMessage(e);
    if (/no dialog is showing/i.test(msg)) {
      throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: no JavaScript dialog is open");
    }
    throw e;
  }
  clearDialog(tabId);
  const shown3 = d ?? { type: "dialog", message: "" };
  record2(tabId, shown3, accept ? "accepted" : "dismissed");
  const r = { type: shown3.type, message: shown3.message, accepted: accept };
  if (accept && params["promptText"] !== void 0) r.text = String(params["promptText"]);
  return r;
}
var dialogHandlers = {
  "pages.dialog": dialog
};

// src/background/pages/core/tab-watch.ts
function tabClosedError(tabId) {
  return new RpcError(ErrorCode.tabNotFound, `tab ${tabId} was closed`);
}
function whenClosed(tabId) {
  let onRemoved2;
  const closed = new Promise((_, reject) => {
    onRemoved2 = (id) => {
      if (id === tabId) reject(tabClosedError(tabId));
    };
  });
  closed.catch(() => {
  });
  const ev = typeof chrome !== "undefined" ? chrome.tabs?.onRemoved : void 0;
  if (ev && onRemoved2) ev.addListener(onRemoved2);
  return {
    closed,
    stop() {
      if (ev && onRemoved2) ev.removeListener(onRemoved2);
    }
  };
}
async function tabGone(tabId) {
  try {
    await chrome.tabs.get(tabId);
    return false;
  } catch {
    return true;
  }
}

// src/background/pages/core/call.ts
var DIALOG_EXEMPT = /* @__PURE__ */ new Set(["pages.dialog"]);
async function runPageCall(method, tabId, params, fn) {
  noteSession(tabId, params["sessionId"]);
  if (!DIALOG_EXEMPT.has(method)) {
    const open = openDialog(tabId);
    if (open) throw new DialogOpenError(open);
  }
  if (REF_ACTIONS.has(method) && (typeof params["ref"] === "string" || typeof params["toRef"] === "string")) {
    await checkPersonInput(tabId);
  }
  const agents = method !== "pages.handoff";
  const mark2 = dialogMark();
  const watch = whenClosed(tabId);
  const budget = params["timeoutMs"];
  const ownBudget = typeof budget === "number" && Number.isInteger(budget) && budget > 0;
  if (ownBudget) setCallBudget(tabId, Math.min(budget, MAX_BUDGET_MS));
  let result3;
  pageCallStarted(tabId, method);
  if (agents) agentCallStarted(tabId);
  const recorder = method === "pages.find" ? startRecorder(tabId) : void 0;
  try {
    result3 = await Promise.race([fn(tabId, params), watch.closed]);
  } catch (e) {
    if (!(e instanceof RpcError && e.code === ErrorCode.tabNotFound) && await tabGone(tabId)) {
      throw tabClosedError(tabId);
    }
    const d2 = dialogSince(tabId, mark2);
    if (d2 && d2.state !== "open" && e instanceof RpcError && !DIALOG_EXEMPT.has(method)) {
      e.message += ` (a ${d2.type} dialog${d2.message ? ` ${JSON.stringify(d2.message)}` : ""} was ${d2.state} during the call)`;
    }
    throw e;
  } finally {
    if (agents) agentCallEnded(tabId);
    watch.stop();
    if (ownBudget) setCallBudget(tabId, void 0);
  }
  const snapshotted = method === "pages.snapshot" || method === "pages.find" || method === "pages.navigate" && hasSnapshot(result3);
  if (snapshotted) await snapshotTaken(tabId, recorder);
  if (DIALOG_EXEMPT.has(method)) return result3;
  const d = dialogSince(tabId, mark2);
  if (d && result3 && typeof result3 === "object" && !Array.isArray(result3)) {
    return { ...result3, dialog: d };
  }
  return result3;
}
function hasSnapshot(result3) {
  return typeof result3 === "object" && result3 !== null && "snapshot" in result3;
}

// src/background/pages/logs/events.ts
var tabURLs = /* @__PURE__ */ new Map();
onForget((tabId) => tabURLs.delete(tabId));
function lastURL(tabId) {
  return tabId === void 0 ? void 0 : tabURLs.get(tabId);
}
function sameDocumentNavigation(tabId, p) {
  if (typeof p["url"] === "string" && p["frameId"] === mainFrameOf(tabId)) tabURLs.set(tabId, p["url"]);
}
function navigationEvent(tabId, p) {
  const f = p["frame"] ?? {};
  if (f.parentId) return;
  const url = String(f.url ?? "") + String(f.urlFragment ?? "");
  tabURLs.set(tabId, url);
  const sessionId = tabSession(tabId);
  noteSite(sessionId, url);
  emitEvent("navigation", sessionId, { tabId, url });
}
function dialogEvent(tabId, p) {
  emitEvent("dialog_opened", tabSession(tabId), { tabId, url: String(p["url"] ?? ""), text: `${String(p["type"] ?? "")}: ${String(p["message"] ?? "")}` });
}
function consoleErrorEvent(tabId, p, method) {
  if (method === "Runtime.exceptionThrown") {
    const d = p["exceptionDetails"] ?? {};
    emitEvent("console_error", tabSession(tabId), { tabId, text: String(d.exception?.description ?? d.text ?? "").split("\n")[0] });
    return;
  }
  if (method === "Runtime.consoleAPICalled" && (p["type"] === "error" || p["type"] === "assert")) {
    const args = p["args"] ?? [];
    emitEvent("console_error", tabSession(tabId), { tabId, text: args.map((a) => String(a.value ?? a.description ?? "")).join(" ") });
  }
}
var requestURLs = /* @__PURE__ */ new Map();
function failedRequestEvent(tabId, p, method) {
  const id = `${tabId}:${String(p["requestId"] ?? "")}`;
  if (method === "Network.requestWillBeSent") {
    requestURLs.set(id, String(p["request"]?.url ?? ""));
    if (requestURLs.size > 5e3) requestURLs.delete(requestURLs.keys().next().value);
    return;
  }
  if (method === "Network.loadingFinished") {
    requestURLs.delete(id);
    return;
  }
  if (method === "Network.loadingFailed") {
    const url = requestURLs.get(id) ?? "";
    requestURLs.delete(id);
    emitEvent("request_failed", tabSession(tabId), { tabId, url, text: String(p["errorText"] ?? "") + (p["blockedReason"] ? ` (${String(p["blockedReason"])})` : "") });
  }
}
var downloading = /* @__PURE__ */ new Set();
function downloadStreamEvent(tabId, p, method) {
  const guid = String(p["guid"] ?? "");
  if (method === "Page.downloadWillBegin") {
    downloading.add(guid);
    emitEvent("download_started", tabSession(tabId), { tabId, url: String(p["url"] ?? ""), text: String(p["suggestedFilename"] ?? "") });
  } else if (method === "Page.downloadProgress" && downloading.has(guid) && (p["state"] === "completed" || p["state"] === "canceled")) {
    downloading.delete(guid);
    emitEvent("download_finished", tabSession(tabId), { tabId, text: String(p["state"]) });
  }
}
function personInputEvent(tabId, p) {
  const call = inputBindingCall(p);
  if (!call) return;
  const [at, kind] = call;
  if (agentInputAt(tabId, at)) return;
  emitEvent("person_input", tabSession(tabId), { tabId, text: kind, url: lastURL(tabId) ?? "" });
}

// src/background/pages/network/har-build.ts
function nameValues(h) {
  const out = [];
  for (const [name, value] of Object.entries(h)) {
    for (const v of String(value).split("\n")) out.push({ name, value: v });
  }
  return out;
}
function queryString(url) {
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}
function httpVersion(protocol) {
  if (/^http\/1\.[01]$/i.test(protocol)) return protocol.toUpperCase();
  return protocol || "HTTP/1.1";
}
var round2 = (n) => Math.round(n * 1e3) / 1e3;
function timings(r) {
  const endTs = r.endTs ?? r.responseTs ?? r.startTs;
  const total = Math.max(0, (endTs - r.startTs) * 1e3);
  const t = r.timing;
  if (!t) {
    const wait3 = r.responseTs !== void 0 ? Math.max(0, (r.responseTs - r.startTs) * 1e3) : total;
    return { blocked: -1, dns: -1, connect: -1, send: 0, wait: round2(wait3), receive: round2(Math.max(0, total - wait3)), ssl: -1 };
  }
  const span = (a, b) => a >= 0 && b >= a ? b - a : -1;
  const dns = span(t.dnsStart, t.dnsEnd);
  const connect = span(t.connectStart, t.connectEnd);
  const ssl = span(t.sslStart, t.sslEnd);
  const send3 = Math.max(0, span(t.sendStart, t.sendEnd));
  const wait2 = Math.max(0, t.receiveHeadersEnd - Math.max(0, t.sendEnd));
  const lead = Math.max(0, (t.requestTime - r.startTs) * 1e3);
  const first = [t.dnsStart, t.connectStart, t.sendStart].find((x) => x >= 0) ?? 0;
  const blocked = lead + first;
  const headersAt = lead + Math.max(0, t.receiveHeadersEnd);
  const receive = Math.max(0, total - headersAt);
  return {
    blocked: round2(blocked),
    dns: dns < 0 ? -1 : round2(dns),
    connect: connect < 0 ? -1 : round2(connect),
    send: round2(send3),
    wait: round2(wait2),
    receive: round2(receive),
    ssl: ssl < 0 ? -1 : round2(ssl)
  };
}
function entryTime(t) {
  return round2([t.blocked, t.dns, t.connect, t.send, t.wait, t.receive].filter((x) => x > 0).reduce((a, b) => a + b, 0));
}
function headerValue(h, name) {
  const k = Object.keys(h).find((x) => x.toLowerCase() === name);
  return k === void 0 ? "" : h[k];
}
function isTextMime(mime) {
  const m = mime.toLowerCase().split(";")[0].trim();
  return m.startsWith("text/") || /[/+](json|xml)$/.test(m) || /javascript|ecmascript/.test(m) || m === "application/x-www-form-urlencoded" || m === "image/svg+xml";
}
function toEntry(r) {
  const t = timings(r);
  const version = httpVersion(r.protocol);
  const e = {
    startedDateTime: new Date(r.started).toISOString(),
    time: entryTime(t),
    request: {
      method: r.method,
      url: r.url,
      httpVersion: version,
      headers: nameValues(r.requestHeaders),
      queryString: queryString(r.url),
      cookies: [],
      headersSize: -1,
      bodySize: r.postData !== void 0 ? new TextEncoder().encode(r.postData).length : 0
    },
    response: {
      status: r.status,
      statusText: r.statusText,
      httpVersion: r.status > 0 ? version : "",
      headers: nameValues(r.responseHeaders),
      cookies: [],
      content: { size: r.decodedSize, mimeType: r.mimeType || "x-unknown" },
      redirectURL: r.redirectURL,
      headersSize: -1,
      bodySize: r.status > 0 ? r.encodedSize : -1
    },
    cache: {},
    timings: t
  };
  if (r.postData !== void 0) {
    e.request.postData = { mimeType: r.postMimeType ?? headerValue(r.requestHeaders, "content-type"), text: r.postData };
  }
  if (r.text !== void 0) {
    e.response.content.text = r.text;
    if (r.base64) e.response.content.encoding = "base64";
  }
  if (r.remoteIP) e.serverIPAddress = r.remoteIP;
  const notes = [r.failure, r.note].filter((x) => x);
  if (notes.length > 0) e.comment = notes.join("; ");
  return e;
}

// src/background/pages/network/har.ts
var HAR_ENTRIES = 1e3;
var HAR_TEXT_MAX = 64 << 10;
var HAR_BODIES_MAX = 16 << 20;
var INFLIGHT_MAX = 500;
var BODY_WAIT_MS = 3e3;
var bySession2 = /* @__PURE__ */ new Map();
function harRecording(sessionId) {
  return bySession2.has(sessionId);
}
onSessionRemoved((sessionId) => {
  bySession2.delete(sessionId);
});
function headers(v) {
  const out = {};
  if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) out[k] = String(x);
  return out;
}
function keep(rec, r) {
  rec.done.push(r);
  if (rec.done.length > HAR_ENTRIES) {
    const gone = rec.done.splice(0, rec.done.length - HAR_ENTRIES);
    rec.dropped += gone.length;
    for (const g of gone) if (g.text !== void 0) rec.bodyBytes -= g.text.length;
  }
}
function applyResponse(r, res, ts) {
  r.status = res.status ?? 0;
  r.statusText = res.statusText ?? "";
  if (Object.keys(r.responseHeaders).length === 0) r.responseHeaders = headers(res.headers);
  r.mimeType = res.mimeType ?? "";
  r.protocol = res.protocol ?? "";
  if (res.timing) r.timing = res.timing;
  r.responseTs = ts;
  r.remoteIP = res.remoteIPAddress ?? "";
}
function readBody(rec, tabId, requestId, r) {
  if (r.status === 0 || r.status === 204 || r.status === 304 || r.status >= 300 && r.status < 400) return;
  if (!isTextMime(r.mimeType)) return;
  if (r.decodedSize > HAR_TEXT_MAX) {
    r.note = `body of ${r.decodedSize} bytes left out (over ${HAR_TEXT_MAX})`;
    return;
  }
  if (rec.bodyBytes + r.decodedSize > HAR_BODIES_MAX) {
    r.note = `body left out: the recording holds ${HAR_BODIES_MAX} bytes of bodies`;
    return;
  }
  const p = chrome.debugger.sendCommand({ tabId }, "Network.getResponseBody", { requestId }).then((got) => {
    const b = got;
    if (!b || typeof b.body !== "string") return;
    if (b.body.length > HAR_TEXT_MAX * 2) {
      r.note = `body left out (over ${HAR_TEXT_MAX} bytes)`;
      return;
    }
    r.text = b.body;
    r.base64 = b.base64Encoded === true;
    rec.bodyBytes += b.body.length;
  }).catch(() => {
    r.note = "body no longer in the browser's buffer";
  }).finally(() => rec.reading.delete(p));
  rec.reading.add(p);
}
function harNetworkEvent(tabId, p, method) {
  if (!method.startsWith("Network.") || bySession2.size === 0) return;
  const rec = bySession2.get(tabSession(tabId));
  if (!rec) return;
  const id = String(p["requestId"] ?? "");
  const key = `${tabId}:${id}`;
  const ts = typeof p["timestamp"] === "number" ? p["timestamp"] : 0;
  switch (method) {
    case "Network.requestWillBeSent": {
      const prev = rec.inflight.get(key);
      const redirect = p["redirectResponse"];
      const req = p["request"] ?? {};
      if (prev && redirect) {
        applyResponse(prev, redirect, ts);
        prev.redirectURL = (req.url ?? "") + (req.urlFragment ?? "");
        prev.endTs = ts;
        rec.inflight.delete(key);
        keep(rec, prev);
      }
      if (rec.inflight.size >= INFLIGHT_MAX) {
        const oldest = rec.inflight.keys().next().value;
        if (oldest !== void 0) rec.inflight.delete(oldest);
        rec.dropped++;
      }
      const h = headers(req.headers);
      rec.inflight.set(key, {
        started: typeof p["wallTime"] === "number" ? p["wallTime"] * 1e3 : Date.now(),
        startTs: ts,
        method: req.method ?? "GET",
        url: (req.url ?? "") + (req.urlFragment ?? ""),
        requestHeaders: h,
        ...typeof req.postData === "string" ? { postData: req.postData, postMimeType: headerValue(h, "content-type") } : {},
        status: 0,
        statusText: "",
        protocol: "",
        responseHeaders: {},
        mimeType: "",
        encodedSize: 0,
        decodedSize: 0,
        redirectURL: "",
        remoteIP: "",
        failure: ""
      });
      return;
    }
    case "Network.requestWillBeSentExtraInfo": {
      const r = rec.inflight.get(key);
      if (r) r.requestHeaders = { ...r.requestHeaders, ...headers(p["headers"]) };
      return;
    }
    case "Network.responseReceived": {
      const r = rec.inflight.get(key);
      if (r) applyResponse(r, p["response"] ?? {}, ts);
      return;
    }
    case "Network.responseReceivedExtraInfo": {
      const r = rec.inflight.get(key);
      if (r) r.responseHeaders = headers(p["headers"]);
      return;
    }
    case "Network.dataReceived": {
      const r = rec.inflight.get(key);
      if (r && typeof p["dataLength"] === "number") r.decodedSize += p["dataLength"];
      return;
    }
    case "Network.loadingFinished": {
      const r = rec.inflight.get(key);
      if (!r) return;
      rec.inflight.delete(key);
      r.endTs = ts;
      if (typeof p["encodedDataLength"] === "number") r.encodedSize = p["encodedDataLength"];
      keep(rec, r);
      readBody(rec, tabId, id, r);
      return;
    }
    case "Network.loadingFailed": {
      const r = rec.inflight.get(key);
      if (!r) return;
      rec.inflight.delete(key);
      r.endTs = ts;
      r.failure = String(p["errorText"] ?? "failed");
      keep(rec, r);
      return;
    }
  }
}
function entriesOf(rec) {
  const inflight = [...rec.inflight.values()].map((r) => ({ ...r, note: r.note ?? "still in flight when the recording stopped" }));
  return [...rec.done, ...inflight].sort((a, b) => a.started - b.started).map(toEntry);
}
function harHandlers(deps) {
  return {
    "network.harStart": async (p) => {
      const tabIds = await deps.sessionTabIds(p);
      const sessionId = String(p.sessionId);
      const had = bySession2.has(sessionId);
      if (!had) {
        bySession2.set(sessionId, { started: Date.now(), done: [], dropped: 0, inflight: /* @__PURE__ */ new Map(), bodyBytes: 0, reading: /* @__PURE__ */ new Set() });
      }
      for (const tabId of tabIds) {
        noteTabSession(tabId, sessionId);
        await ensureAttached(tabId).catch(() => void 0);
      }
      return { started: !had, maxEntries: HAR_ENTRIES };
    },
    "network.harStop": async (p) => {
      await deps.sessionTabIds(p);
      const sessionId = String(p.sessionId);
      const rec = bySession2.get(sessionId);
      if (!rec) {
        throw new RpcError(ErrorCode.invalidParams, "invalid params: no HAR recording in this session (network har start begins one)");
      }
      bySession2.delete(sessionId);
      let timer;
      await Promise.race([Promise.all([...rec.reading]), new Promise((r) => timer = setTimeout(r, BODY_WAIT_MS))]);
      clearTimeout(timer);
      return { entries: entriesOf(rec), dropped: rec.dropped, started: rec.started };
    }
  };
}

// src/background/pages/network/network-wait.ts
var waiters3 = /* @__PURE__ */ new Map();
function responseReceived(tabId, p) {
  const set = waiters3.get(tabId);
  if (!set || set.size === 0) return;
  const r = p["response"] ?? {};
  const url = String(r.url ?? "");
  const status = typeof r.status === "number" ? r.status : 0;
  for (const w of [...set]) {
    if (matchesPattern(url, w.pattern) && (w.status === void 0 || w.status === status)) {
      w.done({ requestId: String(p["requestId"] ?? ""), url, status, statusText: String(r.statusText ?? "") });
    }
  }
}
onForget((tabId) => {
  for (const w of [...waiters3.get(tabId) ?? []]) {
    w.fail(new RpcError(ErrorCode.operationFailed, "the tab went away (closed, or its debugger detached) while waiting for a response"));
  }
});
async function waitResponse(tabId, p) {
  const pattern = requireString(p, "pattern");
  if (pattern.trim() === "") throw new RpcError(ErrorCode.invalidParams, `invalid params: "pattern" must not be empty`);
  const status = optionalInt(p, "status", 100);
  if (status !== void 0 && status > 599) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "status" must be an HTTP status 100..599, got ${status}`);
  }
  const budget = budgetOf(p);
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const started = Date.now();
  const what = `a response matching ${JSON.stringify(pattern)}${status !== void 0 ? ` with status ${status}` : ""}`;
  let set = waiters3.get(tabId);
  if (!set) waiters3.set(tabId, set = /* @__PURE__ */ new Set());
  const mine = set;
  let timer;
  let waiter;
  try {
    const r = await new Promise((resolve, reject) => {
      waiter = { pattern, status, done: resolve, fail: reject };
      mine.add(waiter);
      timer = setTimeout(() => reject(timedOut(budget, what)), budget);
    });
    const entry = [...tabLogs(tabId).inflight.values()].map((f) => f.entry).find((e) => e.requestId === r.requestId);
    return { id: entry?.id ?? "", url: r.url, status: r.status, statusText: r.statusText, waited: Date.now() - started };
  } finally {
    clearTimeout(timer);
    if (waiter) mine.delete(waiter);
    if (mine.size === 0 && waiters3.get(tabId) === mine) waiters3.delete(tabId);
  }
}
var waitResponseHandlers = {
  "network.waitResponse": waitResponse
};

// src/background/pages/network/websockets.ts
var WS_SOCKETS = 20;
var WS_FRAMES = 200;
var WS_PAYLOAD = 4 << 10;
var MAX_WAIT_MS3 = 2e4;
var seq3 = 0;
var nextSeq2 = () => ++seq3;
var socketCounter = 0;
var byTab7 = /* @__PURE__ */ new Map();
function framePayload(opcode, payload) {
  if (opcode === 1) {
    const size = new TextEncoder().encode(payload).length;
    if (payload.length > WS_PAYLOAD) return { text: payload.slice(0, WS_PAYLOAD), size, truncated: true };
    return { text: payload, size };
  }
  const pad = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return { size: Math.max(0, Math.floor(payload.length * 3 / 4) - pad) };
}
function socketsOf(tabId) {
  let m = byTab7.get(tabId);
  if (!m) byTab7.set(tabId, m = /* @__PURE__ */ new Map());
  return m;
}
function webSocketEvent(tabId, p, method) {
  const requestId = String(p["requestId"] ?? "");
  const sockets = socketsOf(tabId);
  if (method === "Network.webSocketCreated") {
    if (sockets.size >= WS_SOCKETS) {
      const oldest = sockets.keys().next().value;
      if (oldest !== void 0) {
        sockets.get(oldest)?.frames.wakeAll();
        sockets.delete(oldest);
      }
    }
    sockets.set(requestId, {
      info: { id: `w${++socketCounter}`, url: String(p["url"] ?? ""), state: "connecting", frames: 0, created: Date.now() },
      frames: new Ring(WS_FRAMES, nextSeq2)
    });
    return;
  }
  const s = sockets.get(requestId);
  if (!s) return;
  switch (method) {
    case "Network.webSocketHandshakeResponseReceived":
      s.info.state = "open";
      return;
    case "Network.webSocketFrameSent":
    case "Network.webSocketFrameReceived": {
      const r = p["response"] ?? {};
      const opcode = typeof r.opcode === "number" ? r.opcode : 1;
      s.info.frames++;
      if (s.info.state === "connecting") s.info.state = "open";
      s.frames.push({
        direction: method === "Network.webSocketFrameSent" ? "sent" : "received",
        time: Date.now(),
        opcode,
        ...framePayload(opcode, String(r.payloadData ?? ""))
      });
      return;
    }
    case "Network.webSocketFrameError":
      s.info.error = String(p["errorMessage"] ?? "frame error");
      s.frames.wakeAll();
      return;
    case "Network.webSocketClosed":
      s.info.state = "closed";
      s.frames.wakeAll();
      return;
  }
}
onForget((tabId) => {
  for (const s of byTab7.get(tabId)?.values() ?? []) s.frames.wakeAll();
  Promise.resolve().then(() => chrome.tabs.get(tabId)).then(
    () => void 0,
    () => byTab7.delete(tabId)
  );
});
async function webSockets(tabId, _p) {
  if (!isAttached(tabId)) await ensureAttached(tabId);
  return { sockets: [...socketsOf(tabId).values()].map((s) => ({ ...s.info })) };
}
async function webSocketFrames(tabId, p) {
  const id = requireString(p, "id").trim();
  const after = optionalInt(p, "after", 0) ?? 0;
  const waitMs = Math.min(optionalInt(p, "waitMs", 0) ?? 0, MAX_WAIT_MS3);
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const find2 = () => [...socketsOf(tabId).values()].find((s2) => s2.info.id === id);
  const s = find2();
  if (!s) {
    const ids = [...socketsOf(tabId).values()].map((x) => x.info.id);
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: no WebSocket ${JSON.stringify(id)} in this tab (${ids.length === 0 ? "it has none" : `network ws lists ${ids.join(", ")}`})`
    );
  }
  const deadline = Date.now() + waitMs;
  for (; ; ) {
    const frames = s.frames.after(after);
    if (frames.length > 0 || Date.now() >= deadline || s.info.state === "closed" || find2() !== s) {
      const next = frames.length > 0 ? frames[frames.length - 1].seq : after;
      return { frames, next, dropped: s.frames.dropped, state: s.info.state };
    }
    await s.frames.waitNext(Math.max(1, deadline - Date.now()));
  }
}
var webSocketHandlers = {
  "network.webSockets": webSockets,
  "network.webSocketFrames": webSocketFrames
};

// src/background/pages/record-actions/page-events.ts
var DOWNLOAD_MS = 5e3;
function downloadBegan(tabId) {
  const r = liveFor(tabId);
  const at = Date.now();
  if (!r || byAgent(agentWindows(tabId), at)) return;
  void enqueue(r, async () => {
    for (let i = r.script.lines.length - 1; i >= 0; i--) {
      const l = r.script.lines[i];
      if (l.kind === "comment") continue;
      if (l.tab !== tabId) return;
      if (l.kind === "click" && at - l.at <= DOWNLOAD_MS) {
        r.script.lines[i] = { ...l, kind: "download", text: l.text.replace(/^click /, "download ") };
        r.saver.changed(i);
      }
      return;
    }
  });
}
var held = /* @__PURE__ */ new Map();
function dialogOpened(tabId, p) {
  if (openDialog(tabId)) held.set(tabId, String(p["type"] ?? "dialog"));
  else held.delete(tabId);
}
function dialogClosed2(tabId, p) {
  const type2 = held.get(tabId);
  held.delete(tabId);
  const r = liveFor(tabId);
  if (type2 === void 0 || !r || byAgent(agentWindows(tabId), Date.now())) return;
  const accepted = p["result"] === true;
  const input = typeof p["userInput"] === "string" ? p["userInput"] : "";
  const words = accepted ? type2 === "prompt" && input !== "" ? ["accept", input] : ["accept"] : ["dismiss"];
  void enqueue(r, async () => write(r, [{ text: commandLine(["dialog", words[0]], words.slice(1)), kind: "dialog", tab: tabId }], tabId));
}

// src/background/pages/core/debug-bar.ts
var BAR_WAIT_MS = 400;
var POLL_MS5 = 25;
var BAR_LINGERS_MS = 4500;
var lastAllDetached = 0;
onForget(() => {
  if (attachedTabs().length === 0) lastAllDetached = Date.now();
});
function headless() {
  const ua = typeof navigator !== "undefined" ? navigator.userAgent : "";
  return /HeadlessChrome/.test(ua) || !/Chrome\//.test(ua);
}
function bringsBar(attached2, now, lastDetached, isHeadless) {
  return !isHeadless && attached2 <= 1 && (lastDetached === 0 || now - lastDetached >= BAR_LINGERS_MS);
}
async function viewport(send3) {
  const m = await send3("Page.getLayoutMetrics");
  return `${m.cssLayoutViewport?.clientWidth}x${m.cssLayoutViewport?.clientHeight}`;
}
async function viewportAfterBar(_tabId, send3) {
  if (!bringsBar(attachedTabs().length, Date.now(), lastAllDetached, headless())) return;
  const before = await viewport(send3);
  const deadline = Date.now() + BAR_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS5));
    if (await viewport(send3) !== before) return;
  }
}

// src/background/pages/cdp-events.ts
var EVERY_SESSION = [
  // a new out-of-process frame waits at its start (frames.ts): what its
  // first document needs is sent first, scriptsForNewFrame resumes it last
  ["Target.attachedToTarget", frameSessionAttached, installInNewFrame, watchClosedRootsInNewFrame, scriptsForNewFrame],
  ["Target.detachedFromTarget", frameSessionDetached, forgetFrameSession, dropFrameScripts],
  ["Page.frameRequestedNavigation", frameLoadEvent],
  ["Page.frameStartedLoading", frameLoadEvent],
  ["Page.frameStoppedLoading", frameLoadEvent],
  ["Page.frameDetached", frameLoadEvent],
  // the person's actions, from the in-page recorder of every frame (record-actions/)
  ["Runtime.bindingCalled", bindingCalled]
];
var TAB_SESSION = [
  // the tab's dialog and document (debugger.ts), the dialog policy (dialogs.ts)
  ["Page.javascriptDialogOpening", dialogEvent, (tabId, p) => dialogOpening(tabId, p, answerDialog), dialogOpened, trackDocumentRequest],
  ["Page.javascriptDialogClosed", dialogClosed2, (tabId) => dialogClosed(tabId)],
  [
    "Page.frameNavigated",
    noteFrameNavigated,
    mainFrameNavigated,
    dropChooserOnNavigation,
    trackDocumentRequest,
    permissionsOnNavigation,
    restartRecordingOnNavigation,
    restartTraceShotsOnNavigation,
    navigationEvent,
    frameNavigated
  ],
  ["Page.navigatedWithinDocument", sameDocumentNavigation],
  // a navigation the page asked for: a click waits for its request (aftermath.ts)
  ["Page.frameRequestedNavigation", trackDocumentRequest],
  // the person's own input in the tab (the event stream's person_input)
  ["Runtime.bindingCalled", personInputEvent],
  // the tab's isolated world as each document announces it (world.ts)
  ["Runtime.executionContextCreated", worldAnnounced],
  ["Runtime.executionContextDestroyed", worldContextDestroyed],
  ["Runtime.executionContextsCleared", worldContextsCleared],
  // logs (observe.ts): console, errors, requests, blocking
  ["Runtime.consoleAPICalled", consoleCalled, consoleErrorEvent],
  ["Log.entryAdded", logEntryAdded],
  ["Runtime.exceptionThrown", exceptionThrown, consoleErrorEvent],
  ["Network.requestWillBeSent", networkEvent, trackDocumentRequest, harNetworkEvent, failedRequestEvent, requestStarted, pageRequestEvent],
  ["Network.requestWillBeSentExtraInfo", networkEvent, harNetworkEvent],
  ["Network.responseReceived", networkEvent, responseReceived, harNetworkEvent, trackDocumentRequest],
  ["Network.responseReceivedExtraInfo", networkEvent, harNetworkEvent],
  ["Network.dataReceived", networkEvent, harNetworkEvent],
  ["Network.loadingFinished", networkEvent, harNetworkEvent, failedRequestEvent, pageRequestEvent],
  ["Network.loadingFailed", networkEvent, trackDocumentRequest, harNetworkEvent, failedRequestEvent, pageRequestEvent],
  // network/: HAR recording, WebSocket connections and frames; routes
  // answer through observe's Fetch.requestPaused
  ["Network.webSocketCreated", webSocketEvent],
  ["Network.webSocketHandshakeResponseReceived", webSocketEvent],
  ["Network.webSocketFrameSent", webSocketEvent],
  ["Network.webSocketFrameReceived", webSocketEvent],
  ["Network.webSocketFrameError", webSocketEvent],
  ["Network.webSocketClosed", webSocketEvent],
  ["Fetch.requestPaused", requestPaused],
  ["Fetch.authRequired", authRequired],
  // files: downloads, file choosers
  ["Page.downloadWillBegin", downloadEvent, trackDocumentRequest, downloadStreamEvent, downloadBegan],
  ["Page.downloadProgress", downloadEvent, downloadStreamEvent],
  ["Page.fileChooserOpened", fileChooserOpened],
  // evidence: recordings and traces
  ["Page.screencastFrame", recordFrame, traceShotFrame, ackScreencastFrame],
  ["Tracing.tracingComplete", tracingComplete]
];
var ON_ATTACH = [
  enableLogs,
  // Runtime, Log, Network, Fetch (blocking, credentials)
  restartRecordingOnAttach,
  restartTraceShotsOnAttach,
  interceptFileChoosers,
  // Page.setInterceptFileChooserDialog
  watchClosedRoots,
  // scripts noting a closed shadow root as a document makes one
  installOnNewDocuments,
  // the in-page script, in each document's isolated world from its start
  recordOnAttach,
  // a tab of a session recording the person's actions: its binding, its recorder
  addInputBinding
  // the person's input told as it happens (person_input events)
];
var GATES = [
  applySessionSettings,
  // emulation settings, init scripts
  viewportAfterBar
  // the viewport with Chrome's debugging bar, when this attach brings it
];
function table(list2) {
  const m = /* @__PURE__ */ new Map();
  for (const [method, ...handlers] of list2) {
    if (m.has(method)) throw new Error(`cdp-events.ts lists ${method} twice`);
    m.set(method, handlers);
  }
  return m;
}
var everySession = table(EVERY_SESSION);
var tabSession3 = table(TAB_SESSION);
function tabWiring(_tabId) {
  return { everySession, tabSession: tabSession3, onAttach: ON_ATTACH, gates: GATES };
}
setTabWiring(tabWiring);
setNewFrameGates([recordNewFrame]);

// src/injected/elements/read.ts
var elementReads = {
  "pages.getAttribute": { call: "attribute", strings: ["name"], what: "get attr" },
  "pages.getStyle": { call: "computedStyle", strings: ["name"], what: "get style" }
};

// src/background/pages/element-reads.ts
function elementRead(m) {
  const { call, strings, what } = elementReads[m];
  return async (tabId, p) => {
    const args = strings.map((s) => requireString(p, s));
    const t = await resolveSpec(tabId, requireTarget(p), "visibleElseFirst", waitMsOf(budgetOf(p)));
    try {
      const fail = (why2) => failed(`${what} ${t.label}: ${why2}`, "page_error");
      const v = await valueOf(tabId, { objectId: t.objectId }, call, args, fail, { userGesture: true });
      if (v === null || v === void 0) throw failed(`${what} ${t.label}: the page did not answer`);
      return v;
    } finally {
      releaseActionObjects(tabId);
    }
  };
}
var elementReadHandlers = Object.fromEntries(Object.keys(elementReads).map((m) => [m, elementRead(m)]));

// src/background/pages/js-value.ts
async function jsonValueOf() {
  const MAX_DEPTH = 32;
  const LONG_HTML = 300;
  const ancestors = [];
  const tagOf = (el) => {
    const attrs = Array.from(el.attributes, (a) => a.value === "" ? ` ${a.name}` : ` ${a.name}="${a.value.length > 80 ? a.value.slice(0, 80) + "…" : a.value}"`);
    return `<${el.localName}${attrs.join("")}>`;
  };
  const describeNode2 = (n) => {
    if (n.nodeType === 1) {
      const el = n;
      const html = el.outerHTML;
      return html.length <= LONG_HTML ? html : `${tagOf(el)}…</${el.localName}>`;
    }
    if (n.nodeType === 3 || n.nodeType === 8) return n.nodeValue ?? "";
    if (n.nodeType === 9) return `#document ${n.URL}`;
    return n.nodeName;
  };
  const isWindow = (x) => {
    try {
      return x.window === x;
    } catch {
      return false;
    }
  };
  const windowText = (x) => {
    try {
      return `[Window ${x.location.href}]`;
    } catch {
      return "[Window, of another site]";
    }
  };
  const convert = (x, depth) => {
    switch (typeof x) {
      case "undefined":
      case "function":
        return void 0;
      case "number":
        return Number.isFinite(x) ? x : String(x);
      case "bigint":
        return `${x}n`;
      case "symbol":
        return x.toString();
      case "string":
      case "boolean":
        return x;
    }
    if (x === null) return null;
    const o = x;
    if (isWindow(o)) return windowText(o);
    if (typeof o.nodeType === "number" && typeof o.nodeName === "string") return describeNode2(o);
    if (ancestors.includes(o)) return "[Circular]";
    if (depth >= MAX_DEPTH) return "[…]";
    ancestors.push(o);
    try {
      return convertObject(o, depth);
    } finally {
      ancestors.pop();
    }
  };
  const convertObject = (o, depth) => {
    const toJSON = o.toJSON;
    if (typeof toJSON === "function") return convert(toJSON.call(o), depth + 1);
    if (o instanceof RegExp) return String(o);
    if (o instanceof Error) return `${o.name}: ${o.message}`;
    if (o instanceof Promise) return "[Promise]";
    if (o instanceof Map) {
      const entries2 = Array.from(o.entries());
      if (entries2.every(([k]) => typeof k === "string" || typeof k === "number")) {
        const out2 = {};
        for (const [k, v] of entries2) {
          const c = convert(v, depth + 1);
          if (c !== void 0) out2[String(k)] = c;
        }
        return out2;
      }
      return entries2.map(([k, v]) => [convert(k, depth + 1) ?? null, convert(v, depth + 1) ?? null]);
    }
    const listLike = o instanceof Set || ArrayBuffer.isView(o) || typeof o.item === "function" && typeof o.length === "number";
    if (Array.isArray(o) || listLike) {
      return Array.from(o, (v) => convert(v, depth + 1) ?? null);
    }
    const keys = Object.keys(o);
    const proto = Object.getPrototypeOf(o);
    if (keys.length === 0 && proto !== null && proto !== Object.prototype) return Object.prototype.toString.call(o);
    const out = {};
    for (const k of keys) {
      let v;
      try {
        v = o[k];
      } catch (e) {
        v = `[a getter threw: ${String(e)}]`;
      }
      const c = convert(v, depth + 1);
      if (c !== void 0) out[k] = c;
    }
    return out;
  };
  const value = typeof this === "function" ? await this() : this;
  const converted = convert(value, 0);
  return converted === void 0 ? null : converted;
}
var JSON_VALUE_OF = jsonValueOf.toString();

// src/background/pages/eval.ts
var CDP_SLACK_MS = 5e3;
var evals = 0;
var FUNCTION_TEXT = /^\s*(async\s+)?function\b/;
async function evaluate(tabId, p) {
  const expression = requireString(p, "expression");
  const budget = budgetOf(p);
  return { value: await within(valueOf2(tabId, expression, budget + CDP_SLACK_MS), budget, "the expression's value") };
}
async function valueOf2(tabId, expression, timeoutMs) {
  const objectGroup = `browserctl:eval:${++evals}`;
  const run2 = (text2) => send(tabId, "Runtime.evaluate", { expression: text2, objectGroup, awaitPromise: true, userGesture: true }, timeoutMs);
  let r;
  if (FUNCTION_TEXT.test(expression)) {
    r = await run2(`(${expression}
)`);
    if (r.exceptionDetails?.exception?.className === "SyntaxError") r = await run2(expression);
  } else {
    r = await run2(expression);
  }
  const held2 = r.result.objectId !== void 0 || r.exceptionDetails?.exception?.objectId !== void 0;
  const asJSON = (objectId) => send(tabId, "Runtime.callFunctionOn", { objectId, functionDeclaration: JSON_VALUE_OF, returnByValue: true, awaitPromise: true, userGesture: true }, timeoutMs);
  try {
    const thrown = r.exceptionDetails?.exception;
    if (thrown?.objectId !== void 0 && thrown.subtype !== "error") {
      const j = await asJSON(thrown.objectId).catch(() => void 0);
      if (j && !j.exceptionDetails) thrown.description = `Uncaught ${JSON.stringify(j.result.value)}`;
    }
    failOnException(r);
    const v = r.result;
    if (v.unserializableValue !== void 0) return v.unserializableValue;
    if (v.type === "symbol") return v.description ?? "Symbol()";
    if (v.objectId === void 0 || v.subtype === "null") return v.value ?? null;
    const c = await asJSON(v.objectId);
    failOnException(c);
    return c.result.value ?? null;
  } finally {
    if (held2) send(tabId, "Runtime.releaseObjectGroup", { objectGroup }).catch(() => {
    });
  }
}
function failOnException(r) {
  const d = r.exceptionDetails;
  if (!d) return;
  const text2 = d.exception?.description ?? (d.exception?.value !== void 0 ? String(d.exception.value) : d.text);
  throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${text2 ?? "exception"}`, "page_error");
}
var evalHandlers = {
  "pages.eval": evaluate
};

// src/background/pages/evidence/highlight.ts
var DEFAULT_HIGHLIGHT_MS = 2e3;
var CONFIG = {
  showInfo: true,
  showStyles: false,
  showAccessibilityInfo: false,
  contentColor: { r: 255, g: 64, b: 129, a: 0.25 },
  paddingColor: { r: 255, g: 171, b: 64, a: 0.25 },
  borderColor: { r: 255, g: 64, b: 129, a: 0.9 },
  marginColor: { r: 255, g: 235, b: 59, a: 0.2 }
};
var shown = /* @__PURE__ */ new Map();
onForget((tabId) => {
  const s = shown.get(tabId);
  if (s?.timer) clearTimeout(s.timer);
  shown.delete(tabId);
});
function hide(tabId) {
  const s = shown.get(tabId);
  if (!s) return false;
  if (s.timer) clearTimeout(s.timer);
  shown.delete(tabId);
  if (s.session === void 0) sendQuiet(tabId, "Overlay.hideHighlight");
  else sendIn(tabId, s.session, "Overlay.hideHighlight", {}, 5e3).catch(() => {
  });
  return true;
}
async function highlight(tabId, p) {
  const clear = optionalBool(p, "clear") ?? false;
  const target = targetOf(p);
  const duration = optionalInt(p, "durationMs", 0) ?? DEFAULT_HIGHLIGHT_MS;
  if (clear) {
    if (target) throw new RpcError(ErrorCode.invalidParams, `invalid params: give a target or "clear", not both`);
    hide(tabId);
    return { cleared: true };
  }
  if (!target) throw new RpcError(ErrorCode.invalidParams, `invalid params: "ref" or "selector" (the element to outline), or "clear"`);
  const { objectId, label } = await resolveSpec(tabId, target);
  try {
    const box = await viewportBox(tabId, objectId);
    if (!box || box.width < 1 || box.height < 1) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${label} has no box to outline (hidden or not rendered)`);
    }
    hide(tabId);
    const session = objectSession(tabId, objectId);
    await sendIn(tabId, session, "DOM.enable", {});
    await sendIn(tabId, session, "Overlay.enable", {});
    await sendIn(tabId, session, "Overlay.highlightNode", { highlightConfig: CONFIG, objectId });
    const entry = { session };
    if (duration > 0) entry.timer = setTimeout(() => shown.get(tabId) === entry && hide(tabId), duration);
    shown.set(tabId, entry);
    return { target: label, box };
  } finally {
    releaseActionObjects(tabId);
  }
}
var highlightHandlers = {
  "pages.highlight": highlight
};

// src/background/pages/evidence/annotations.ts
var MAX_ANNOTATIONS = 300;
async function annotations(tabId, sessionId, map, opts) {
  const snap = await snapshot(tabId, {
    sessionId,
    interactive: true,
    viewport: opts.viewport,
    ...opts.selector !== void 0 ? { selector: opts.selector } : {}
  });
  const refs = Object.values(snap.refs).slice(0, MAX_ANNOTATIONS);
  try {
    const boxes = await Promise.all(
      refs.map(async (r) => {
        try {
          return await viewportBox(tabId, await resolveRef(tabId, r.ref));
        } catch {
          return null;
        }
      })
    );
    const out = [];
    refs.forEach((r, i) => {
      const b = boxes[i];
      if (!b || b.width < 1 || b.height < 1) return;
      const x = (b.x + map.scrollX - map.originX) * map.scale;
      const y = (b.y + map.scrollY - map.originY) * map.scale;
      const w = b.width * map.scale;
      const h = b.height * map.scale;
      if (x + w <= 0 || y + h <= 0 || x >= map.width || y >= map.height) return;
      out.push({ ref: r.ref, role: r.role, name: r.name, box: { x: round3(x), y: round3(y), width: round3(w), height: round3(h) } });
    });
    return out;
  } finally {
    releaseActionObjects(tabId);
  }
}
function round3(v) {
  return Math.round(v * 10) / 10;
}

// src/background/pages/evidence/screenshot.ts
function invalid6(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function encodingOf(p) {
  const format = optionalOneOf(p, "format", IMAGE_FORMATS) ?? "png";
  const quality = optionalInt(p, "quality", 0);
  if (quality !== void 0 && quality > 100) throw invalid6(`"quality" must be 0-100, got ${quality}`);
  if (quality !== void 0 && format === "png") throw invalid6(`"quality" is for jpeg and webp, not png`);
  const maxWidth = optionalInt(p, "maxWidth", 0);
  return { format, ...quality !== void 0 ? { quality } : {}, ...maxWidth ? { maxWidth } : {} };
}
function pixelRatio(m) {
  const css = m.cssVisualViewport.clientWidth;
  const dev = m.visualViewport?.clientWidth;
  return dev && css ? dev / css : 1;
}
async function capture(tabId, enc2, clip3, inView) {
  await ensureForeground(tabId);
  const params = { format: enc2.format };
  if (!inView) {
    params["clip"] = clip3;
    params["captureBeyondViewport"] = true;
  } else if (clip3.scale !== 1) {
    params["clip"] = clip3;
  }
  if (enc2.quality !== void 0) params["quality"] = enc2.quality;
  const r = await send(tabId, "Page.captureScreenshot", params, 3e4);
  return r.data;
}
function clipFor(x, y, w, h, enc2, ratio) {
  let scale = 1;
  if (enc2.maxWidth && w * ratio > enc2.maxWidth) scale = enc2.maxWidth / (w * ratio);
  return { x, y, width: w, height: h, scale };
}
function mapping(clip3, ratio, vp) {
  const s = clip3.scale * ratio;
  return {
    originX: clip3.x,
    originY: clip3.y,
    scale: s,
    width: Math.round(clip3.width * s),
    height: Math.round(clip3.height * s),
    scrollX: vp.pageX,
    scrollY: vp.pageY
  };
}
async function screenshot(tabId, p) {
  const target = targetOf(p);
  const fullPage = optionalBool(p, "fullPage") ?? false;
  const annotate = optionalBool(p, "annotate") ?? false;
  const enc2 = encodingOf(p);
  const sessionId = typeof p.sessionId === "string" ? p.sessionId : void 0;
  const shot = async (clip3, ratio2, vp2, opts) => {
    let notes;
    if (annotate) notes = await annotations(tabId, sessionId, mapping(clip3, ratio2, vp2), opts);
    const data = await capture(tabId, enc2, clip3, opts.viewport);
    const r = { data, format: enc2.format, width: Math.round(clip3.width), height: Math.round(clip3.height) };
    if (notes) r.annotations = notes;
    return r;
  };
  if (target) {
    const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
    let clip3;
    let m2;
    try {
      await visibleCentre(tabId, objectId, ref);
      const [box, lm] = await Promise.all([
        callInjected(tabId, { objectId }, "box", []),
        send(tabId, "Page.getLayoutMetrics")
      ]);
      m2 = lm;
      let b = box.result.value;
      if (await inFrame2(tabId, objectId)) b = await viewportBox(tabId, objectId) ?? void 0;
      if (!b || b.width < 1 || b.height < 1) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no box to capture`, "not_visible");
      }
      const vp2 = m2.cssVisualViewport;
      clip3 = clipFor(b.x + vp2.pageX, b.y + vp2.pageY, b.width, b.height, enc2, pixelRatio(m2));
    } finally {
      releaseActionObjects(tabId);
    }
    const selector = "ref" in target ? target.ref : target.selector;
    return shot(clip3, pixelRatio(m2), m2.cssVisualViewport, { viewport: false, selector });
  }
  const m = await send(tabId, "Page.getLayoutMetrics");
  const ratio = pixelRatio(m);
  const vp = m.cssVisualViewport;
  if (fullPage) {
    const w = Math.ceil(m.cssContentSize.width);
    const h = Math.ceil(m.cssContentSize.height);
    return shot(clipFor(0, 0, w, h, enc2, ratio), ratio, vp, { viewport: false });
  }
  return shot(clipFor(vp.pageX, vp.pageY, vp.clientWidth, vp.clientHeight, enc2, ratio), ratio, vp, { viewport: true });
}
var screenshotHandlers = {
  "pages.screenshot": screenshot
};

// src/background/pages/network/fence.ts
var STORAGE_KEY6 = "originFences";
var fences = /* @__PURE__ */ new Map();
var loaded7;
function load3() {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return Promise.resolve();
  loaded7 ??= chrome.storage.session.get(STORAGE_KEY6).then((v) => {
    const stored = v?.[STORAGE_KEY6] ?? {};
    for (const [s, o] of Object.entries(stored)) if (Array.isArray(o) && o.length > 0) fences.set(s, o);
  }).catch(() => void 0);
  return loaded7;
}
async function persist3() {
  if (typeof chrome === "undefined" || !chrome.storage?.session) return;
  await chrome.storage.session.set({ [STORAGE_KEY6]: Object.fromEntries(fences) });
}
function parseAllowedOrigin(s) {
  const m = /^(https?|wss?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?\/?$/i.exec(s.trim());
  if (!m) return { problem: `${JSON.stringify(s)} is not an origin (scheme://host[:port], the host may start with *.)` };
  const [, scheme, wild, host, port] = m;
  const def = scheme.toLowerCase() === "https" || scheme.toLowerCase() === "wss" ? "443" : "80";
  return `${scheme.toLowerCase()}://${wild ?? ""}${host.toLowerCase()}${port && port !== def ? ":" + port : ""}`;
}
function originAllowed(url, allowed) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === "about:" || u.protocol === "data:") return true;
  if (u.protocol === "blob:") return originAllowed(u.pathname, allowed);
  const scheme = u.protocol.replace(/:$/, "");
  const host = u.hostname.toLowerCase();
  const port = u.port;
  return allowed.some((a) => {
    const m = /^([a-z]+):\/\/(\*\.)?([^:/]+)(?::(\d+))?$/.exec(a);
    if (!m) return false;
    const [, s, wild, h, p] = m;
    const sameScheme = s === scheme || s === "https" && scheme === "wss" || s === "http" && scheme === "ws";
    const hostOK = wild ? host === h || host.endsWith("." + h) : host === h;
    return sameScheme && hostOK && (p ?? "") === port;
  });
}
function fenceAllows(sessionId, url) {
  const f = fences.get(sessionId);
  return !f || originAllowed(url, f);
}
async function isFenced(sessionId) {
  await load3();
  return fences.has(sessionId);
}
async function mayJoinFenced(sessionId, url) {
  await load3();
  return fenceAllows(sessionId, url);
}
async function requireAllowedOrigin(sessionId, url) {
  await load3();
  if (fenceAllows(sessionId, url)) return;
  throw new RpcError(
    ErrorCode.pageOperationFailed,
    `page operation failed: ${JSON.stringify(url)} is outside the origins this session may reach (${fences.get(sessionId).join(", ")})`,
    "origin_not_allowed"
  );
}
setFenceCheck({
  ready: load3,
  fenced: (tabId) => fences.has(tabSession(tabId)),
  allows: (tabId, url) => fenceAllows(tabSession(tabId), url)
});
async function setFence(p, deps) {
  const raw = p["origins"];
  if (!Array.isArray(raw) || !raw.every((o) => typeof o === "string")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "origins" must be an array of strings ([] lifts the fence)`);
  }
  const given = raw;
  const origins = [];
  for (const o of given) {
    const n = parseAllowedOrigin(o);
    if (typeof n !== "string") throw new RpcError(ErrorCode.invalidParams, `invalid params: ${n.problem}`);
    if (!origins.includes(n)) origins.push(n);
  }
  const tabIds = await deps.sessionTabIds(p);
  const sessionId = String(p.sessionId);
  await load3();
  if (origins.length === 0) fences.delete(sessionId);
  else fences.set(sessionId, origins);
  await persist3();
  const skipped = await applyBlockingToTabs(sessionId, tabIds);
  return skipped.length > 0 ? { origins, skippedTabIds: skipped } : { origins };
}
function fenceHandlers(deps) {
  return {
    "network.fence": async (p) => setFence(p, deps)
  };
}

// src/background/pages/navigation/url-policy.ts
var BROWSER_SCHEMES = /* @__PURE__ */ new Set([
  "chrome",
  "chrome-extension",
  "chrome-untrusted",
  "chrome-search",
  "chrome-devtools",
  "devtools",
  "edge",
  "brave",
  "opera",
  "vivaldi",
  "extension",
  "moz-extension"
]);
function isBrowserPage(url) {
  const scheme = navigationScheme(url);
  if (scheme === "about") return !/^about:(blank|srcdoc)([?#]|$)/i.test(url.trim());
  return BROWSER_SCHEMES.has(scheme);
}
function navigationScheme(url) {
  const u = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(u);
  return m?.[1]?.toLowerCase() ?? "";
}
function checkNavigable(url, allowFile) {
  const scheme = navigationScheme(url);
  if (scheme === "javascript" || scheme === "vbscript") {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": a ${scheme}: URL runs script in the page instead of loading one; use pages.eval for that`,
      "bad_input"
    );
  }
  if (isBrowserPage(url)) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": ${/^[aeiou]/.test(scheme) ? "an" : "a"} ${scheme}: URL is a page of the browser or of an extension, which browserctl does not drive (the tab would leave its reach); open it by hand`,
      "bad_input"
    );
  }
  if (scheme === "file" && !allowFile) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "url": a file: URL reads this machine's files into the page; pages.navigate loads it only with "allowFile": true`,
      "bad_input"
    );
  }
}

// src/background/pages/navigation/navigate.ts
var LIFECYCLE = {
  load: "load",
  domcontentloaded: "DOMContentLoaded",
  networkidle: "networkIdle"
};
var lifecycleOn = /* @__PURE__ */ new Set();
onForget((tabId) => {
  lifecycleOn.delete(tabId);
});
async function enableLifecycle(tabId) {
  if (lifecycleOn.has(tabId)) return;
  await send(tabId, "Page.setLifecycleEventsEnabled", { enabled: true });
  lifecycleOn.add(tabId);
}
var DOWNLOAD_BEGIN_MS = 500;
var NAV_DOWNLOAD_MS = 5e3;
var NavWatch = class {
  constructor(tabId, mainFrameId) {
    this.mainFrameId = mainFrameId;
    this.unlisten = listen(tabId, (method, p) => {
      if (method === "Page.lifecycleEvent") {
        const loader = String(p["loaderId"] ?? "");
        let names = this.lifecycle.get(loader);
        if (!names) this.lifecycle.set(loader, names = /* @__PURE__ */ new Set());
        names.add(String(p["name"] ?? ""));
      } else if (method === "Page.frameNavigated") {
        const frame = p["frame"];
        if (frame && !frame.parentId) {
          this.committed = { loaderId: String(frame.loaderId ?? ""), restored: p["type"] === "BackForwardCacheRestore" };
          if (frame.unreachableUrl) this.committed.unreachableUrl = frame.unreachableUrl;
        }
      } else if (method === "Network.responseReceived") {
        const r = p["response"];
        if (p["type"] === "Document" && typeof p["loaderId"] === "string" && typeof r?.status === "number") this.status.set(p["loaderId"], r.status);
      } else if (method === "Page.navigatedWithinDocument") {
        if (this.mainFrameId === void 0 || p["frameId"] === this.mainFrameId) this.sameDocument = true;
      }
      this.wake();
    });
  }
  mainFrameId;
  lifecycle = /* @__PURE__ */ new Map();
  /** The HTTP status of each document response since the watch began, by its loader. */
  status = /* @__PURE__ */ new Map();
  committed;
  sameDocument = false;
  wake = () => {
  };
  unlisten;
  /** Resolves on the next event, or after ms. */
  next(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      this.wake = () => {
        clearTimeout(timer);
        this.wake = () => {
        };
        resolve();
      };
    });
  }
  close() {
    this.unlisten();
    this.wake();
  }
};
async function until(tabId, w, done, deadline, budget, what) {
  for (; ; ) {
    if (done()) return;
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(budget, what);
    await w.next(left);
  }
}
async function navigation(tabId, p, what, start, mainFrameId, then = (waitUntil, sameDocument) => pageInfo(tabId, waitUntil, sameDocument)) {
  let status;
  const waitUntil = optionalOneOf(p, "waitUntil", WAIT_UNTILS) ?? "load";
  const budget = budgetOf(p);
  const deadline = Date.now() + budget;
  await ensureAttached(tabId);
  await enableLifecycle(tabId);
  const w = new NavWatch(tabId, mainFrameId);
  const dialogs = dialogMark();
  let sameDocument = false;
  try {
    const started = await within(start(w), budget, what);
    sameDocument = started.sameDocument === true;
    if (started.download) {
      const download3 = await waitDone(started.download, Math.min(NAV_DOWNLOAD_MS, Math.max(0, deadline - Date.now())));
      return { ...await pageInfo(tabId, waitUntil, true), download: download3 };
    }
    if (waitUntil !== "none" && !started.sameDocument) {
      const event = LIFECYCLE[waitUntil];
      const waitFrom = performance.now();
      await until(
        tabId,
        w,
        () => {
          const d = dialogSince(tabId, dialogs);
          if (!w.committed && d?.type === "beforeunload" && d.state === "dismissed") {
            throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: the page shown stays, no longer waiting for ${what}`, "navigation_failed");
          }
          if (!started.loaderId && w.sameDocument) return true;
          const c = w.committed;
          const loader2 = started.loaderId ?? c?.loaderId;
          if (!loader2) return false;
          if (c?.restored && c.loaderId === loader2) return true;
          return w.lifecycle.get(loader2)?.has(event) ?? false;
        },
        deadline,
        budget,
        what
      );
      noteWait(tabId, event, performance.now() - waitFrom);
    }
    const loader = w.committed?.loaderId;
    if (loader && !started.sameDocument) status = w.status.get(loader);
    const failed2 = w.committed?.unreachableUrl;
    if (failed2 && !started.sameDocument) throw navFailed(failed2, await errorPageReason(tabId));
    if (waitUntil !== "none") await settled2(tabId, deadline - Date.now());
  } catch (e) {
    if (!w.committed && w.status.size > 0 && e instanceof RpcError && e.message.startsWith("timed out")) throw heldBack(what, budget);
    throw e;
  } finally {
    w.close();
  }
  const r = await then(waitUntil, sameDocument);
  return status === void 0 ? r : { ...r, status };
}
function heldBack(what, budget) {
  return new RpcError(
    ErrorCode.operationFailed,
    `timed out after ${budget} ms waiting for ${what}: the page arrived, but the page shown did not let it in (a script in it runs without a pause); close the tab (\`browserctl tab close\`) and open the URL in a new one`
  );
}
async function errorPageReason(tabId) {
  try {
    const r = await callInWorld(tabId, "errorPageCode", [], { timeoutMs: 2e3 });
    const code = typeof r.result.value === "string" ? r.result.value : "";
    if (code) return code.startsWith("net::") ? code : `net::${code}`;
  } catch {
  }
  return "the browser shows its error page";
}
async function pageInfo(tabId, waitUntil, sameDocument) {
  if (waitUntil !== "none" && !openDialog(tabId)) {
    const asked = sameDocument ? send(
      tabId,
      "Runtime.evaluate",
      { expression: "[location.href, document.title]", returnByValue: true },
      5e3
    ).then((r) => r.result.value) : currentEntry(tabId).then((e) => e ? [e.url, e.title] : void 0);
    const v = await asked.catch(() => void 0);
    if (Array.isArray(v) && typeof v[0] === "string") {
      return { url: v[0], title: typeof v[1] === "string" ? v[1] : "" };
    }
  }
  const t = await chrome.tabs.get(tabId);
  return { url: t.pendingUrl || t.url || "", title: t.title ?? "" };
}
function navFailed(url, reason) {
  return new RpcError(ErrorCode.pageOperationFailed, `page operation failed: navigation to ${url} failed: ${reason}`, "navigation_failed");
}
var LEAVE_MS = 5e3;
async function leaveBrowserPage(tabId) {
  if (isAttached(tabId)) return;
  const t = await chrome.tabs.get(tabId);
  if (!isBrowserPage(t.pendingUrl || t.url || "")) return;
  await new Promise((resolve, reject) => {
    const done = (err) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      if (err) reject(err);
      else resolve();
    };
    const onUpdated = (id, info, tab) => {
      if (id === tabId && info.status === "complete" && tab.url === "about:blank") done();
    };
    const timer = setTimeout(() => done(failed(`the tab did not leave ${t.url} for about:blank within ${LEAVE_MS} ms`)), LEAVE_MS);
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.update(tabId, { url: "about:blank" }).catch((e) => done(failed(cdpMessage(e))));
  });
}
async function navigate2(tabId, p) {
  const raw = requireString(p, "url");
  const allowFile = optionalBool(p, "allowFile") ?? false;
  checkNavigable(raw, allowFile);
  const url = withScheme(raw);
  checkNavigable(url, allowFile);
  await requireAllowedOrigin(typeof p.sessionId === "string" ? p.sessionId : "", url);
  const deadline = Date.now() + budgetOf(p);
  const withSnapshot = optionalBool(p, "snapshot") ?? false;
  await leaveBrowserPage(tabId);
  return navigation(
    tabId,
    p,
    `${url} to load`,
    async (w) => {
      const since2 = Date.now();
      const r = await send(tabId, "Page.navigate", { url }, budgetOf(p) + 5e3);
      if (r.errorText) {
        const download3 = r.errorText === "net::ERR_ABORTED" ? await waitBegin(tabId, since2, DOWNLOAD_BEGIN_MS) : void 0;
        if (download3) return { download: download3 };
        const empty = [...w.status.values()].find((s) => s === 204 || s === 205);
        if (r.errorText === "net::ERR_ABORTED" && empty) {
          throw navFailed(url, `the server answered HTTP ${empty} ${empty === 204 ? "No Content" : "Reset Content"}: there is no page to show, and the tab stays at the page it showed`);
        }
        throw navFailed(url, r.errorText);
      }
      return r.loaderId ? { loaderId: r.loaderId } : { sameDocument: true };
    },
    void 0,
    async (waitUntil, sameDocument) => {
      if (!withSnapshot || waitUntil === "none") return pageInfo(tabId, waitUntil, sameDocument);
      try {
        const snap = await snapshot(tabId, { compact: true, settle: true, timeoutMs: Math.max(1, deadline - Date.now()) });
        return { url: snap.url, title: snap.title, snapshot: snap };
      } catch {
        return pageInfo(tabId, waitUntil, sameDocument);
      }
    }
  );
}
async function currentEntry(tabId) {
  const h = await send(tabId, "Page.getNavigationHistory", {}, 5e3);
  return h.entries[h.currentIndex];
}
async function historyStep(tabId, p, step) {
  const name = step < 0 ? "back" : "forward";
  await ensureAttached(tabId);
  const h = await send(tabId, "Page.getNavigationHistory");
  const entry = h.entries[h.currentIndex + step];
  if (!entry) {
    throw new RpcError(
      ErrorCode.pageOperationFailed,
      `page operation failed: ${name}: there is no ${step < 0 ? "previous" : "next"} page in the tab's history`
    );
  }
  const tree = await send(tabId, "Page.getFrameTree");
  return navigation(
    tabId,
    p,
    `${entry.url} to load (${name})`,
    async () => {
      await send(tabId, "Page.navigateToHistoryEntry", { entryId: entry.id });
      return {};
    },
    tree.frameTree.frame.id
  );
}
function back(tabId, p) {
  return historyStep(tabId, p, -1);
}
function forward(tabId, p) {
  return historyStep(tabId, p, 1);
}
async function reload(tabId, p) {
  return navigation(tabId, p, "the page to load again (reload)", async () => {
    await send(tabId, "Page.reload", {});
    return {};
  });
}
var navigationHandlers = {
  "pages.navigate": navigate2,
  "pages.back": back,
  "pages.forward": forward,
  "pages.reload": reload
};

// src/background/pages/evidence/vitals.ts
var SETTLE_MS3 = 500;
async function vitals(tabId, p) {
  if (optionalBool(p, "reload") ?? false) {
    await ensureForeground(tabId);
    await reload(tabId, { sessionId: p.sessionId, timeoutMs: p.timeoutMs, waitUntil: "load" });
    await new Promise((r2) => setTimeout(r2, SETTLE_MS3));
  }
  const r = await callInjected(tabId, { contextId: await isolatedContext(tabId) }, "readVitals", []);
  if (r.exceptionDetails || typeof r.result.value !== "object" || r.result.value === null) {
    const why2 = r.exceptionDetails?.exception?.description ?? r.exceptionDetails?.text ?? "no answer";
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: reading the performance entries: ${why2}`);
  }
  return r.result.value;
}
var vitalsHandlers = {
  "pages.vitals": vitals
};

// src/background/pages/get.ts
function unwrap(r, what) {
  if (r.exceptionDetails) throw failed(`get ${what}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
  return r.result.value;
}
async function get(tabId, p) {
  const what = requireOneOf(p, "what", GET_WHATS);
  const target = targetOf(p);
  if (!target && (what === "value" || what === "box")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "ref" must be a non-empty string (get ${what} needs one, or a "selector")`);
  }
  if (!target || what === "title" || what === "url") {
    const r = await callInWorld(tabId, "documentPart", [what]);
    const v = unwrap(r, what);
    return { value: typeof v === "string" ? v : String(v ?? "") };
  }
  if (what !== "box") {
    const d = await direct(tabId, target, "visible", "elementPart", [what]);
    if (d) {
      if ("exception" in d) throw failed(`get ${what}: ${d.exception}`);
      const v = d.value;
      if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${labelOf(target)}: ${String(v.error)}`);
      return { value: String(v ?? "") };
    }
  }
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    if (what === "box" && await inFrame2(tabId, objectId)) {
      const b = await viewportBox(tabId, objectId);
      return { value: b ?? { x: 0, y: 0, width: 0, height: 0 } };
    }
    const r = await callInjected(tabId, { objectId }, "elementPart", [what]);
    const v = unwrap(r, what);
    if (v && typeof v === "object" && "error" in v) throw failed(`get ${what} ${ref}: ${String(v.error)}`);
    return { value: what === "box" ? v : String(v ?? "") };
  } finally {
    releaseActionObjects(tabId);
  }
}
var getHandlers = {
  "pages.get": get
};

// src/background/pages/input/keys.ts
var Modifier = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
var MODIFIER_KEYS = {
  Alt: { key: "Alt", code: "AltLeft", keyCode: 18, location: 1, bit: Modifier.Alt },
  Control: { key: "Control", code: "ControlLeft", keyCode: 17, location: 1, bit: Modifier.Control },
  Meta: { key: "Meta", code: "MetaLeft", keyCode: 91, location: 1, bit: Modifier.Meta },
  Shift: { key: "Shift", code: "ShiftLeft", keyCode: 16, location: 1, bit: Modifier.Shift }
};
var ALIASES = {
  ctrl: "Control",
  control: "Control",
  cmd: "Meta",
  command: "Meta",
  meta: "Meta",
  super: "Meta",
  win: "Meta",
  alt: "Alt",
  option: "Alt",
  opt: "Alt",
  shift: "Shift",
  esc: "Escape",
  escape: "Escape",
  return: "Enter",
  enter: "Enter",
  tab: "Tab",
  space: " ",
  spacebar: " ",
  backspace: "Backspace",
  delete: "Delete",
  del: "Delete",
  insert: "Insert",
  home: "Home",
  end: "End",
  pageup: "PageUp",
  pagedown: "PageDown",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
  arrowup: "ArrowUp",
  arrowdown: "ArrowDown",
  arrowleft: "ArrowLeft",
  arrowright: "ArrowRight",
  plus: "+"
};
var TABLE = /* @__PURE__ */ new Map();
function add(def) {
  TABLE.set(def.key, def);
}
add({ key: "Enter", code: "Enter", keyCode: 13, text: "\r" });
add({ key: "Tab", code: "Tab", keyCode: 9 });
add({ key: "Backspace", code: "Backspace", keyCode: 8 });
add({ key: "Escape", code: "Escape", keyCode: 27 });
add({ key: "Delete", code: "Delete", keyCode: 46 });
add({ key: "Insert", code: "Insert", keyCode: 45 });
add({ key: " ", code: "Space", keyCode: 32, text: " " });
add({ key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 });
add({ key: "ArrowUp", code: "ArrowUp", keyCode: 38 });
add({ key: "ArrowRight", code: "ArrowRight", keyCode: 39 });
add({ key: "ArrowDown", code: "ArrowDown", keyCode: 40 });
add({ key: "Home", code: "Home", keyCode: 36 });
add({ key: "End", code: "End", keyCode: 35 });
add({ key: "PageUp", code: "PageUp", keyCode: 33 });
add({ key: "PageDown", code: "PageDown", keyCode: 34 });
add({ key: "CapsLock", code: "CapsLock", keyCode: 20 });
add({ key: "ContextMenu", code: "ContextMenu", keyCode: 93 });
for (let i = 1; i <= 24; i++) add({ key: `F${i}`, code: `F${i}`, keyCode: 111 + i });
for (let c = 97; c <= 122; c++) {
  const ch = String.fromCharCode(c);
  add({ key: ch, code: `Key${ch.toUpperCase()}`, keyCode: c - 32, text: ch, shiftKey: ch.toUpperCase() });
}
var SHIFTED_DIGITS = ")!@#$%^&*(";
for (let d = 0; d <= 9; d++) {
  add({ key: String(d), code: `Digit${d}`, keyCode: 48 + d, text: String(d), shiftKey: SHIFTED_DIGITS[d] });
}
var PUNCT = [
  ["-", "_", "Minus", 189],
  ["=", "+", "Equal", 187],
  ["[", "{", "BracketLeft", 219],
  ["]", "}", "BracketRight", 221],
  ["\\", "|", "Backslash", 220],
  [";", ":", "Semicolon", 186],
  ["'", '"', "Quote", 222],
  [",", "<", "Comma", 188],
  [".", ">", "Period", 190],
  ["/", "?", "Slash", 191],
  ["`", "~", "Backquote", 192]
];
for (const [k, s, code, keyCode] of PUNCT) add({ key: k, code, keyCode, text: k, shiftKey: s });
var SHIFTED = /* @__PURE__ */ new Map();
for (const def of TABLE.values()) {
  if (def.shiftKey && def.shiftKey !== def.key) SHIFTED.set(def.shiftKey, def);
}
function lookup(name) {
  const direct2 = TABLE.get(name) ?? MODIFIER_KEYS[name];
  if (direct2) return { def: direct2, shift: false };
  const shifted = SHIFTED.get(name);
  if (shifted) return { def: shifted, shift: true };
  const alias = ALIASES[name.toLowerCase()];
  if (alias) return lookup(alias);
  if (/^f\d{1,2}$/i.test(name)) return lookup(name.toUpperCase());
  return void 0;
}
function parseKey(combo) {
  if (combo === "") return void 0;
  let parts;
  if (combo === "+") parts = ["+"];
  else if (combo.endsWith("++")) parts = [...combo.slice(0, -2).split("+"), "+"];
  else parts = combo.split("+");
  if (parts.some((p) => p === "")) return void 0;
  const keyName = parts.pop();
  let modifiers = 0;
  const held2 = [];
  for (const m of parts) {
    const name = ALIASES[m.toLowerCase()] ?? m;
    const mod = MODIFIER_KEYS[name];
    if (!mod) return void 0;
    if (!(modifiers & mod.bit)) held2.push(mod);
    modifiers |= mod.bit;
  }
  const found = lookup(keyName);
  if (!found) {
    return void 0;
  }
  if (found.shift && !(modifiers & Modifier.Shift)) {
    held2.push(MODIFIER_KEYS.Shift);
    modifiers |= Modifier.Shift;
  }
  return { def: found.def, modifiers, held: held2 };
}
function keyForChar(ch) {
  if (ch === "\n" || ch === "\r") return { def: TABLE.get("Enter"), modifiers: 0, held: [] };
  const direct2 = TABLE.get(ch);
  if (direct2 && direct2.text === ch) return { def: direct2, modifiers: 0, held: [] };
  const shifted = SHIFTED.get(ch);
  if (shifted) return { def: { ...shifted, key: ch, text: ch, shiftKey: ch }, modifiers: 0, held: [] };
  return { def: { key: ch, code: "", keyCode: 0, text: ch }, modifiers: 0, held: [] };
}
function keyEvents(stroke2) {
  const out = [];
  const ev = (type2, d2, modifiers, text3) => {
    const e = {
      type: type2,
      modifiers,
      key: d2.key,
      code: d2.code,
      windowsVirtualKeyCode: d2.keyCode,
      nativeVirtualKeyCode: d2.keyCode,
      autoRepeat: false,
      isKeypad: false
    };
    if (d2.location !== void 0) e.location = d2.location;
    if (text3 !== void 0) {
      e.text = text3;
      e.unmodifiedText = text3;
    }
    return e;
  };
  let mods = 0;
  for (const m of stroke2.held) {
    mods |= MODIFIER_KEYS[m.key].bit;
    out.push(ev("rawKeyDown", m, mods));
  }
  const shift = (stroke2.modifiers & Modifier.Shift) !== 0;
  const key = shift && stroke2.def.shiftKey ? stroke2.def.shiftKey : stroke2.def.key;
  const d = { ...stroke2.def, key };
  const types = stroke2.def.text !== void 0 && (stroke2.modifiers & (Modifier.Control | Modifier.Alt | Modifier.Meta)) === 0;
  const text2 = types ? shift && stroke2.def.shiftKey ? stroke2.def.shiftKey : stroke2.def.text : void 0;
  out.push(ev(types ? "keyDown" : "rawKeyDown", d, stroke2.modifiers, text2));
  out.push(ev("keyUp", d, stroke2.modifiers));
  for (const m of [...stroke2.held].reverse()) {
    mods &= ~MODIFIER_KEYS[m.key].bit;
    out.push(ev("keyUp", m, mods));
  }
  return out;
}

// src/background/pages/input/forms.ts
function fillReason(why2) {
  if (why2.includes("disabled")) return "not_enabled";
  if (why2.includes("cannot hold")) return "bad_input";
  return why2.startsWith("the page set") ? "failed" : "not_editable";
}
function selectReason(why2) {
  if (why2.includes("is disabled")) return "not_enabled";
  if (why2.startsWith("no option") || why2.startsWith("the select takes")) return "bad_input";
  return why2.includes("is not a select") ? "not_editable" : "failed";
}
function actedOn(target, v) {
  if (typeof v !== "object" || v === null) return void 0;
  const { role, name } = v;
  if (typeof role !== "string") return void 0;
  return { ..."ref" in target ? { ref: target.ref } : {}, role, name: typeof name === "string" ? name : "" };
}
async function fill(tabId, p) {
  const target = requireTarget(p);
  const value = requireText(p, "value");
  const d = await direct(tabId, target, "visible", "fill", [value], { userGesture: true });
  let v;
  if (d) {
    const ref = labelOf(target);
    if ("exception" in d) throw failed(`fill ${ref}: ${d.exception}`, "page_error");
    if (typeof d.value === "string" && d.value) throw failed(`fill ${ref}: ${d.value}`, fillReason(d.value));
    v = d.value;
  } else {
    const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
    try {
      const r = await callInjected(tabId, { objectId }, "fill", [value], { userGesture: true });
      if (r.exceptionDetails) throw failed(`fill ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
      if (typeof r.result.value === "string" && r.result.value) throw failed(`fill ${ref}: ${r.result.value}`, fillReason(r.result.value));
      v = r.result.value;
    } finally {
      releaseActionObjects(tabId);
    }
  }
  const acted = actedOn(target, v);
  return acted ? { ok: true, target: acted } : { ok: true };
}
async function select(tabId, p) {
  const target = requireTarget(p);
  const values = requireStringArray(p, "values");
  const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
  try {
    const r = await callInjected(tabId, { objectId }, "select", [values], { userGesture: true });
    if (r.exceptionDetails) throw failed(`select ${ref}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`, "page_error");
    const v = r.result.value;
    if (!v || v.error || !Array.isArray(v.selected)) throw failed(`select ${ref}: ${v?.error ?? "no answer"}`, selectReason(v?.error ?? ""));
    const acted = actedOn(target, v);
    return acted ? { selected: v.selected, target: acted } : { selected: v.selected };
  } finally {
    releaseActionObjects(tabId);
  }
}
var formHandlers = {
  "pages.fill": fill,
  "pages.select": select
};

// src/background/pages/input/keyboard.ts
async function stroke(tabId, s) {
  try {
    await sendInOrder(tabId, keyEvents(s).map((ev) => ["Input.dispatchKeyEvent", ev]));
  } catch (e) {
    if (e instanceof DialogOpenError) return false;
    throw e;
  }
  return true;
}
async function strokeAll(tabId, keys) {
  for (const key of keys) if (!await stroke(tabId, key)) return false;
  return true;
}
function typesText(text2) {
  return /[^\r\n\t]/.test(text2);
}
async function requireKeysTaken(tabId, where, what) {
  const r = await callInjected(tabId, where, "typingOutcome", []).catch(() => void 0);
  const why2 = r?.result.value;
  if (typeof why2 === "string" && why2) throw failed(`${what}: ${why2}`, "failed");
}
async function press2(tabId, p) {
  const key = requireString(p, "key");
  const s = parseKey(key);
  if (!s) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: "key" must be a key name with optional modifiers (Enter, a, Control+a, Shift+Tab), not ${JSON.stringify(key)}`
    );
  }
  await stroke(tabId, s);
  return { ok: true };
}
var END = parseKey("End");
function caretAtStart(focused) {
  return typeof focused === "object" && focused !== null && focused.caret === "start";
}
async function type(tabId, p) {
  const target = requireTarget(p);
  const text2 = requireText(p, "text");
  const d = await direct(tabId, target, "visible", "focusForTyping", [], { userGesture: true });
  let focused;
  let where;
  let release = () => {
  };
  try {
    if (d) {
      if (!("value" in d) || !d.value) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: type ${labelOf(target)}: the element cannot take focus`, "not_editable");
      }
      focused = d.value;
      where = d.where;
    } else {
      const { objectId, label: ref } = await resolveSpec(tabId, target, "visible", waitMsOf(budgetOf(p)));
      release = () => releaseActionObjects(tabId);
      const r = await callInjected(tabId, { objectId }, "focusForTyping", [], { userGesture: true });
      if (!r.result.value) {
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: type ${ref}: the element cannot take focus`, "not_editable");
      }
      focused = r.result.value;
      where = { objectId };
    }
    const keys = caretAtStart(focused) ? [END, ...Array.from(text2, keyForChar)] : Array.from(text2, keyForChar);
    if (await strokeAll(tabId, keys) && typesText(text2)) await requireKeysTaken(tabId, where, `type ${labelOf(target)}`);
  } finally {
    release();
  }
  const acted = actedOn(target, focused);
  return acted ? { ok: true, target: acted } : { ok: true };
}
var keyboardHandlers = {
  "pages.press": reportAftermath(press2, () => false),
  // Enter submits a form, follows a link
  "pages.type": type
};

// src/background/pages/input/actions.ts
async function callOn(tabId, t, name, args, what) {
  return valueOf(tabId, { objectId: t.objectId }, name, args, (why2) => failed(`${what} ${t.label}: ${why2}`, "page_error"), { userGesture: true });
}
async function withTarget(tabId, p, act, pick = "visible") {
  const spec = requireTarget(p);
  const t = await resolveSpec(tabId, spec, pick, waitMsOf(budgetOf(p)));
  try {
    return await act(t);
  } finally {
    releaseActionObjects(tabId);
  }
}
var CHECK_SETTLE_TRIES = 10;
var CHECK_SETTLE_MS = 50;
async function check(tabId, p) {
  const want = optionalBool(p, "checked") ?? true;
  const force = optionalBool(p, "force") ?? false;
  const deadline = deadlineOf(budgetOf(p));
  const spec = requireTarget(p);
  const t = await resolveSpec(tabId, spec, "visibleElseFirst", Math.max(0, deadline - Date.now()));
  try {
    const st = await callOn(tabId, t, "checkState", [], "check");
    if (!st || st.error) throw failed(`check ${t.label}: ${st?.error ?? "no answer"}`, "not_checkable");
    if (st.checked === want) return { checked: want };
    if (st.disabled) throw failed(`check ${t.label}: it is disabled`, "not_enabled");
    if (!want && (st.kind === "radio" || st.kind === "menuitemradio")) {
      throw failed(`uncheck ${t.label}: a radio button cannot be unchecked (check another one of its group)`, "not_checkable");
    }
  } finally {
    releaseActionObjects(tabId);
  }
  const target = await pointerAction(tabId, { kind: "check", spec, force, deadline, pick: "visibleElseFirst" }, (pt) => mouseClick(tabId, pt, "left", 1));
  const t2 = await resolveSpec(tabId, spec, "visibleElseFirst", 0);
  try {
    let after = await callOn(tabId, t2, "checkState", [], "check");
    for (let i = 0; i < CHECK_SETTLE_TRIES && after?.checked !== want; i++) {
      await new Promise((r) => setTimeout(r, CHECK_SETTLE_MS));
      after = await callOn(tabId, t2, "checkState", [], "check");
    }
    if (after?.checked !== want) {
      throw failed(`${want ? "check" : "uncheck"} ${t.label}: clicking it did not ${want ? "check" : "uncheck"} it`, "failed");
    }
    return { checked: want, target };
  } finally {
    releaseActionObjects(tabId);
  }
}
async function focus(tabId, p) {
  return withTarget(tabId, p, async (t) => {
    if (await callOn(tabId, t, "focus", [], "focus") !== true) throw failed(`focus ${t.label}: the element cannot take focus`, "not_editable");
    return { ok: true };
  });
}
async function keyboardType(tabId, p) {
  const text2 = requireText(p, "text");
  const where = typesText(text2) ? { contextId: await isolatedContext(tabId) } : void 0;
  if (where) {
    const why2 = await valueOf(tabId, where, "keyboardTarget", [], (w) => failed(`keyboard type: ${w}`, "page_error"));
    if (why2) {
      throw failed(
        `keyboard type: ${why2}: focus a field first (click or focus it), or type into one by its target (type TARGET TEXT); a key press goes to whatever has focus`,
        "not_editable"
      );
    }
  }
  if (await strokeAll(tabId, Array.from(text2, keyForChar)) && where) await requireKeysTaken(tabId, where, "keyboard type");
  return { ok: true };
}
var DRAG_STEPS = 5;
var TO_KEYS = { ref: "toRef", selector: "toSelector" };
function mouseEvent(tabId, params) {
  return dispatchMouseEvents(tabId, { modifiers: 0, ...params });
}
async function drag(tabId, p) {
  const src = requireTarget(p);
  const dst = requireTarget(p, TO_KEYS);
  const force = optionalBool(p, "force") ?? false;
  const deadline = deadlineOf(budgetOf(p));
  let dragData;
  await ensureAttached(tabId);
  const stop2 = listen(tabId, (method, params) => {
    if (method === "Input.dragIntercepted") dragData = params["data"];
  });
  let intercepting = false;
  try {
    await aim(tabId, { kind: "drop", spec: dst, force, deadline });
    releaseActionObjects(tabId);
    let from = await aim(tabId, { kind: "drag", spec: src, force, deadline });
    await ensureForeground(tabId);
    await send(tabId, "Input.setInterceptDrags", { enabled: true });
    intercepting = true;
    for (; ; ) {
      await mouseEvent(tabId, { type: "mouseMoved", x: from.x, y: from.y, button: "none" });
      await mouseEvent(tabId, { type: "mousePressed", x: from.x, y: from.y, button: "left", buttons: 1, clickCount: 1 });
      if (force) break;
      const v = await pressVerdict(tabId, from.objectId, true);
      if (v.ok) {
        await disarm(tabId, from.objectId);
        break;
      }
      await mouseEvent(tabId, { type: "mouseReleased", x: from.x, y: from.y, button: "left", buttons: 0, clickCount: 1 });
      await disarm(tabId, from.objectId);
      if (Date.now() >= deadline) throw await missedErrorOf(tabId, from.objectId, from.target.ref ?? from.target.role, v, from);
      releaseActionObjects(tabId);
      await new Promise((r) => setTimeout(r, 50));
      from = await aim(tabId, { kind: "drag", spec: src, force, deadline });
    }
    await mouseEvent(tabId, { type: "mouseMoved", x: from.x + 5, y: from.y + 5, button: "left", buttons: 1 });
    const dropDeadline = Math.max(deadline, Date.now() + 1e3);
    let to = await aim(tabId, { kind: "drop", spec: dst, force, deadline: dropDeadline });
    let at = { x: from.x + 5, y: from.y + 5 };
    for (let round5 = 0; ; round5++) {
      for (let i = 1; i <= DRAG_STEPS; i++) {
        const x = at.x + (to.x - at.x) * i / DRAG_STEPS;
        const y = at.y + (to.y - at.y) * i / DRAG_STEPS;
        await mouseEvent(tabId, { type: "mouseMoved", x, y, button: "left", buttons: 1 });
      }
      at = { x: to.x, y: to.y };
      if (force || round5 >= 3) break;
      releaseActionObjects(tabId);
      const again = await aim(tabId, { kind: "drop", spec: dst, force, deadline: dropDeadline });
      if (Math.abs(again.x - to.x) < 1 && Math.abs(again.y - to.y) < 1) break;
      to = again;
    }
    if (dragData !== void 0) {
      for (const type2 of ["dragEnter", "dragOver", "drop"]) {
        await send(tabId, "Input.dispatchDragEvent", { type: type2, x: to.x, y: to.y, data: dragData, modifiers: 0 });
      }
    }
    await mouseEvent(tabId, { type: "mouseReleased", x: to.x, y: to.y, button: "left", buttons: 0, clickCount: 1 });
    return { ok: true, target: from.target, to: to.target };
  } finally {
    stop2();
    if (intercepting) sendQuiet(tabId, "Input.setInterceptDrags", { enabled: false });
    releaseActionObjects(tabId);
  }
}
async function is(tabId, p) {
  const state2 = requireOneOf(p, "state", ELEMENT_STATES);
  const spec = requireTarget(p);
  if (state2 === "visible" && "selector" in spec) {
    try {
      await resolveSelectorOnce(tabId, spec.selector, "visible");
      return { value: true };
    } catch (e) {
      if (e instanceof RpcError && (e.reason === "not_found" || e.reason === "not_visible")) return { value: false };
      throw e;
    } finally {
      releaseActionObjects(tabId);
    }
  }
  return withTarget(
    tabId,
    p,
    async (t) => {
      if (state2 === "visible") return { value: await callOn(tabId, t, "isVisible", [], "is visible") === true };
      if (state2 === "enabled") return { value: await callOn(tabId, t, "isEnabled", [], "is enabled") === true };
      const st = await callOn(tabId, t, "checkState", [], "is checked");
      if (!st || st.error) throw failed(`is checked ${t.label}: ${st?.error ?? "no answer"}`, "not_checkable");
      return { value: st.checked === true };
    },
    "visibleElseFirst"
  );
}
async function count2(tabId, p) {
  const selector = requireString(p, "selector");
  const r = await callInWorld(tabId, "count", [selector]);
  if (typeof r.result.value === "string") throw selectorError(selector, r.result.value);
  if (typeof r.result.value !== "number") throw failed(`count ${JSON.stringify(selector)}: the page did not answer`);
  return { count: r.result.value };
}
var actionHandlers = {
  "pages.check": check,
  "pages.focus": focus,
  "pages.drag": drag,
  "pages.keyboardType": keyboardType,
  "pages.is": is,
  "pages.count": count2
};

// src/background/pages/navigation/wait.ts
var MAX_WAIT_MS4 = 3e5;
var DEFAULT_TIMEOUT_MS = 3e4;
var NETWORK_QUIET_MS = 500;
var POLL_MS6 = 250;
var sleep5 = (ms) => new Promise((r) => setTimeout(r, ms));
var network = /* @__PURE__ */ new Map();
async function trackNetwork(tabId) {
  let n = network.get(tabId);
  if (n) return n;
  const fresh2 = { inflight: /* @__PURE__ */ new Set(), lastChange: Date.now() };
  network.set(tabId, fresh2);
  const unlisten = listen(tabId, (method, params) => {
    const id = String(params["requestId"] ?? "");
    if (method === "Network.requestWillBeSent") fresh2.inflight.add(id);
    else if (method === "Network.loadingFinished" || method === "Network.loadingFailed") fresh2.inflight.delete(id);
    else return;
    fresh2.lastChange = Date.now();
  });
  try {
    await send(tabId, "Network.enable", {});
  } catch (e) {
    unlisten();
    network.delete(tabId);
    throw e;
  }
  return fresh2;
}
onForget((tabId) => {
  network.delete(tabId);
});
async function readyState(tabId) {
  const r = await unlessDialog(callInWorld(tabId, "readyState", [], { timeoutMs: 5e3 }), () => void 0);
  return r ? String(r.result.value ?? "") : "";
}
function reached(state2, ready4) {
  return state2 === "domcontentloaded" ? ready4 === "interactive" || ready4 === "complete" : ready4 === "complete";
}
async function waitLoad(tabId, state2, deadline, budget) {
  const event = state2 === "domcontentloaded" ? "Page.domContentEventFired" : "Page.loadEventFired";
  let fired = false;
  const wake = new Wakeup();
  const unlisten = listen(tabId, (method) => {
    if (method === event) fired = true;
    if (method === event || method === "Page.javascriptDialogOpening") wake.wake();
  });
  try {
    for (; ; ) {
      if (fired || reached(state2, await readyState(tabId))) return;
      if (Date.now() >= deadline) throw timeout(state2, budget);
      await wake.next(Math.min(POLL_MS6, Math.max(0, deadline - Date.now())));
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
    }
  } finally {
    unlisten();
  }
}
function timeout(state2, budget) {
  return new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms waiting for ${state2}`);
}
async function wait(tabId, p) {
  const started = Date.now();
  const ms = optionalInt(p, "ms", 0);
  const state2 = optionalOneOf(p, "state", LOAD_STATES);
  if (ms === void 0 && state2 === void 0) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "ms" or "state" must be given`);
  }
  if (ms !== void 0) {
    if (ms > MAX_WAIT_MS4) {
      throw new RpcError(ErrorCode.invalidParams, `invalid params: "ms" must be at most ${MAX_WAIT_MS4}`);
    }
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    await sleep5(ms);
    return { waited: Date.now() - started };
  }
  const budget = optionalInt(p, "timeout", 0) ?? DEFAULT_TIMEOUT_MS;
  const deadline = started + budget;
  const st = state2;
  if (st === "networkidle") {
    const net = await trackNetwork(tabId);
    await waitLoad(tabId, "load", deadline, budget);
    for (; ; ) {
      const quietFor = Date.now() - net.lastChange;
      if (net.inflight.size === 0 && quietFor >= NETWORK_QUIET_MS) break;
      if (Date.now() >= deadline) throw timeout(st, budget);
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
      const next = net.inflight.size === 0 ? NETWORK_QUIET_MS - quietFor : POLL_MS6;
      await sleep5(Math.max(10, Math.min(next, deadline - Date.now())));
    }
  } else {
    await waitLoad(tabId, st, deadline, budget);
  }
  return { waited: Date.now() - started };
}
var waitHandlers = {
  "pages.wait": wait
};

// src/background/pages/navigation/wait-frames.ts
var RETRY_MS2 = 100;
var REFRESH_MS = 1e3;
var GONE = /context was destroyed|Cannot find context|Cannot find default execution context|Inspected target navigated|No frame with given id|frame.*detached|No session|Session with given id|Target closed|not attached/i;
async function waitInFrames(tabId, kind, arg, gone, deadline, budget, what) {
  await ensureAttached(tabId);
  let onChange = () => {
  };
  let changes = 0;
  const unlisten = listenSessions((t, _s, method) => {
    if (t !== tabId || method !== "Target.attachedToTarget" && method !== "Target.detachedFromTarget") return;
    changes++;
    onChange();
  });
  try {
    for (; ; ) {
      if (Date.now() >= deadline) throw timedOut(budget, what);
      const d = openDialog(tabId);
      if (d) throw new DialogOpenError(d);
      const gen = generation(tabId);
      let next;
      try {
        const seen = changes;
        const places = await shownPlaces(tabId);
        const running2 = round4(tabId, places, kind, arg, gone, deadline, budget, what, (fn) => onChange = fn);
        if (changes !== seen) onChange();
        next = await running2;
        if (next === "done" && gone) next = await allAgree(tabId, places, kind, arg) ? "done" : "again";
      } catch (e) {
        if (!isGone(e)) throw e;
        next = "retry";
      }
      onChange = () => {
      };
      if (next === "done") return;
      if (next === "retry") {
        dropContext(tabId);
        await nextDocument(tabId, gen, Math.min(RETRY_MS2, Math.max(0, deadline - Date.now())));
      }
    }
  } finally {
    unlisten();
  }
}
function isGone(e) {
  if (e instanceof DialogOpenError) return false;
  const msg = e instanceof RpcError ? e.message : cdpMessage(e);
  if (/^(timed out|page operation failed: wait for|invalid params)/.test(msg)) return false;
  return GONE.test(msg);
}
async function shownPlaces(tabId) {
  await unlessDialog(followFrames(tabId), () => void 0);
  const children = childSessions(tabId);
  const outOfProcess = new Set(children.map((c) => c.frameId));
  const places = [{ contextId: await isolatedContext(tabId) }];
  places.push(...await otherOriginFrames(tabId, void 0, outOfProcess));
  const known = new Map(children.map((c) => [c.sessionId, c]));
  const shownMemo = /* @__PURE__ */ new Map();
  const isShown = (sessionId) => {
    if (sessionId === void 0) return Promise.resolve(true);
    const c = known.get(sessionId);
    if (!c) return Promise.resolve(false);
    let p = shownMemo.get(sessionId);
    if (!p) {
      p = (async () => await isShown(c.parent) && await ownerShown(tabId, c.parent, c.frameId))();
      shownMemo.set(sessionId, p);
    }
    return p;
  };
  const more = await Promise.all(
    children.map(async (c) => {
      try {
        if (!await isShown(c.sessionId)) return [];
        const w = await sendIn(tabId, c.sessionId, "Page.createIsolatedWorld", {
          frameId: c.frameId,
          worldName: WORLD_NAME
        });
        return [{ session: c.sessionId, contextId: w.executionContextId }, ...await otherOriginFrames(tabId, c.sessionId, outOfProcess)];
      } catch (e) {
        if (isGone(e)) return [];
        throw e;
      }
    })
  );
  for (const p of more) places.push(...p);
  return places;
}
async function otherOriginFrames(tabId, session, outOfProcess) {
  const tree = await sendIn(tabId, session, "Page.getFrameTree");
  const found = [];
  const visit = (node, aboveShown, depth) => {
    if (depth >= 16) return;
    for (const child of node.childFrames ?? []) {
      if (outOfProcess.has(child.frame.id)) continue;
      let shown3 = aboveShown;
      const origin = child.frame.securityOrigin;
      if (origin !== node.frame.securityOrigin || origin === "null" || origin === void 0) {
        shown3 = aboveShown.then((ok) => ok && ownerShown(tabId, session, child.frame.id));
        found.push(
          shown3.then(async (ok) => {
            if (!ok) return void 0;
            const w = await sendIn(tabId, session, "Page.createIsolatedWorld", {
              frameId: child.frame.id,
              worldName: WORLD_NAME
            });
            return { session, contextId: w.executionContextId };
          })
        );
      }
      visit(child, shown3, depth + 1);
    }
  };
  visit(tree.frameTree, Promise.resolve(true), 0);
  const places = await Promise.all(found.map((p) => unlessDialog(p, () => void 0)));
  return places.filter((p) => p !== void 0);
}
var ownerGroups = 0;
async function ownerShown(tabId, parent, frameId) {
  const group = `browserctl-wait-${++ownerGroups}`;
  const iframe = await frameOwnerElement(tabId, parent, frameId, group);
  if (!iframe) return false;
  try {
    const r = await callInjected(tabId, { objectId: iframe, session: parent }, "ownerShown", []);
    return r.result.value === true;
  } finally {
    sendIn(tabId, parent, "Runtime.releaseObjectGroup", { objectGroup: group }, 5e3).catch(() => {
    });
  }
}
function evaluateWait(tabId, p, kind, arg, gone, ms, id) {
  return callInjected(tabId, { contextId: p.contextId, session: p.session }, "domWait", [kind, arg, gone, ms, id], { timeoutMs: ms + 2e3 });
}
function outcomeOf(r, what) {
  if (r.exceptionDetails) {
    const text2 = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception";
    if (GONE.test(text2)) return "gone";
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: wait for ${what}: ${text2}`);
  }
  const out = r.result.value;
  if (out?.badSelector !== void 0) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "selector" is not a valid CSS selector: ${out.badSelector}`);
  }
  return out ?? "gone";
}
var lastId = 0;
function round4(tabId, places, kind, arg, gone, deadline, budget, what, setOnChange) {
  const id = `w${Date.now().toString(36)}-${++lastId}`;
  const left = Math.max(0, deadline - Date.now());
  let ended2 = false;
  let waiting = places.length;
  let timer;
  let refresh;
  return new Promise((resolve, reject) => {
    const stop2 = () => {
      ended2 = true;
      clearTimeout(timer);
      clearTimeout(refresh);
      for (const p of places) {
        callInjected(tabId, { contextId: p.contextId, session: p.session }, "cancelWait", [id], { timeoutMs: 5e3 }).catch(() => {
        });
      }
    };
    const end2 = (v) => {
      if (ended2) return;
      stop2();
      resolve(v);
    };
    const fail = (e) => {
      if (ended2) return;
      stop2();
      reject(e);
    };
    setOnChange(() => end2("again"));
    timer = setTimeout(() => fail(timedOut(budget, what)), left);
    const recheck = () => {
      refresh = setTimeout(() => {
        shownPlaces(tabId).then(
          (now) => {
            if (ended2) return;
            if (samePlaces(now, places)) recheck();
            else end2("again");
          },
          (e) => isGone(e) ? end2("retry") : fail(e)
        );
      }, REFRESH_MS);
    };
    recheck();
    for (const p of places) {
      evaluateWait(tabId, p, kind, arg, gone, left, id).then(
        (r) => {
          if (ended2) return;
          let out;
          try {
            out = outcomeOf(r, what);
          } catch (e) {
            fail(e);
            return;
          }
          if (out === "gone") end2("retry");
          else if (out.ok && (!gone || --waiting === 0)) end2("done");
        },
        (e) => {
          if (ended2) return;
          if (isGone(e)) end2("retry");
          else fail(e);
        }
      );
    }
  });
}
function samePlaces(a, b) {
  const key = (p) => `${p.session ?? ""}:${p.contextId}`;
  const keys = new Set(a.map(key));
  return a.length === b.length && b.every((p) => keys.has(key(p)));
}
async function allAgree(tabId, places, kind, arg) {
  const id = `c${++lastId}`;
  const answers = await Promise.all(places.map((p) => evaluateWait(tabId, p, kind, arg, true, 0, id)));
  return answers.every((r) => !r.exceptionDetails && r.result.value?.ok === true);
}

// src/background/pages/navigation/wait-for.ts
var RETRY_MS3 = 100;
function describe(kind, arg, gone) {
  switch (kind) {
    case "text":
      return `text ${JSON.stringify(arg)} to ${gone ? "disappear" : "appear"}`;
    case "selector":
      return `an element matching ${JSON.stringify(arg)} to ${gone ? "disappear" : "be visible"}`;
    case "url":
      return `the URL to match ${JSON.stringify(arg)}`;
    case "fn":
      return `${JSON.stringify(arg)} to be truthy`;
  }
}
async function waitFor(tabId, p) {
  const started = Date.now();
  const given = ["text", "selector", "url", "fn"].map((k) => [k, optionalString(p, k)]).filter((e) => e[1] !== void 0);
  if (given.length !== 1 || given[0][1] === "") {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: exactly one of "text", "selector", "url", "fn" must be a non-empty string`);
  }
  const [kind, arg] = given[0];
  const gone = optionalBool(p, "gone") ?? false;
  if (gone && (kind === "url" || kind === "fn")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "gone" goes with "text" or "selector" only`);
  }
  const budget = budgetOf(p);
  const deadline = started + budget;
  const what = describe(kind, arg, gone);
  if (kind === "url") {
    const url = await waitUrl(tabId, arg, deadline, budget, what);
    return { waited: Date.now() - started, url };
  }
  if (kind === "selector" && (isRoleTarget(arg) || arg.startsWith("text=") || isFrameTarget(arg))) {
    await waitTarget(tabId, arg, gone, deadline, budget, what);
    return { waited: Date.now() - started };
  }
  if (kind === "text" || kind === "selector") {
    await waitInFrames(tabId, kind, arg, gone, deadline, budget, what);
    return { waited: Date.now() - started };
  }
  const value = await waitFn(tabId, arg, deadline, budget, what);
  return { waited: Date.now() - started, value };
}
async function waitTarget(tabId, sel, gone, deadline, budget, what) {
  if (isRoleTarget(sel)) parseRoleTarget(sel);
  if (isFrameTarget(sel)) parseFrameTarget(sel);
  for (let i = 0; ; i++) {
    let seen;
    try {
      seen = await unlessDialog(
        resolveSelectorOnce(tabId, sel, "visible").then(() => true),
        (e) => {
          if (!(e instanceof RpcError) || e.reason !== "not_found" && e.reason !== "not_visible") throw e;
          return false;
        }
      );
    } finally {
      releaseActionObjects(tabId);
    }
    if (seen !== gone) return;
    if (Date.now() >= deadline) throw timedOut(budget, what);
    await new Promise((r) => setTimeout(r, Math.min(i < 5 ? 50 : 100, Math.max(0, deadline - Date.now()))));
  }
}
async function waitUrl(tabId, pattern, deadline, budget, what) {
  await ensureAttached(tabId);
  let now = (await chrome.tabs.get(tabId)).url ?? "";
  if (urlMatches(now, pattern)) return now;
  let onUpdated;
  let unlisten = () => {
  };
  let timer;
  try {
    return await new Promise((resolve, reject) => {
      unlisten = listen(tabId, (method) => {
        const d = method === "Page.javascriptDialogOpening" ? openDialog(tabId) : null;
        if (d) reject(new DialogOpenError(d));
      });
      onUpdated = (id, info) => {
        if (id !== tabId || info.url === void 0) return;
        now = info.url;
        if (urlMatches(now, pattern)) resolve(now);
      };
      chrome.tabs.onUpdated.addListener(onUpdated);
      timer = setTimeout(() => {
        const e = timedOut(budget, what);
        e.message += ` (the URL is ${JSON.stringify(now)})`;
        reject(e);
      }, Math.max(0, deadline - Date.now()));
    });
  } finally {
    clearTimeout(timer);
    unlisten();
    if (onUpdated) chrome.tabs.onUpdated.removeListener(onUpdated);
  }
}
function fnWait(expr, ms) {
  return `(async () => {
  const __pred = async () => (${expr}
  );
  const __end = Date.now() + ${ms};
  for (;;) {
    let v = await __pred();
    if (typeof v === "function") v = await v();
    if (v) { try { return { ok: true, value: JSON.parse(JSON.stringify(v) ?? "true") }; } catch (e) { return { ok: true, value: true }; } }
    if (Date.now() >= __end) return { timedOut: true };
    await new Promise((r) => setTimeout(r, 100));
  }
})()`;
}
var CONTEXT_GONE = /context was destroyed|Cannot find context|Cannot find default execution context|Inspected target navigated|No frame with given id|frame.*detached/i;
async function waitFn(tabId, arg, deadline, budget, what) {
  for (; ; ) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(budget, what);
    const d = openDialog(tabId);
    if (d) throw new DialogOpenError(d);
    const gen = generation(tabId);
    const nextDoc = () => nextDocument(tabId, gen, Math.min(RETRY_MS3, Math.max(0, deadline - Date.now())));
    const evaluated = send(
      tabId,
      "Runtime.evaluate",
      { expression: fnWait(arg, left), returnByValue: true, awaitPromise: true },
      left + 2e3
    );
    const r = await unlessDialog(evaluated, (e) => {
      const msg = e instanceof RpcError ? e.message : cdpMessage(e);
      if (!CONTEXT_GONE.test(msg)) throw e;
      return void 0;
    });
    if (!r) {
      dropContext(tabId);
      await nextDoc();
      continue;
    }
    if (r.exceptionDetails) {
      const text2 = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? "exception";
      if (CONTEXT_GONE.test(text2)) {
        dropContext(tabId);
        await nextDoc();
        continue;
      }
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: wait for ${what}: ${text2}`);
    }
    const out = r.result.value;
    if (out?.ok) return out.value;
    if (out?.timedOut) throw timedOut(budget, what);
    await nextDoc();
  }
}
var waitForHandlers = {
  "pages.waitFor": waitFor
};

// src/background/pages/targets/durable.ts
async function currentDocument(tabId) {
  const r = await callInWorld(tabId, "documentIdentity", []);
  const v = r.result.value;
  if (!Array.isArray(v)) throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: the tab has no document");
  return { url: String(v[0]), document: String(v[1]) };
}
async function durableTarget(tabId, p) {
  const ref = optionalString(p, "ref");
  await ensureAttached(tabId);
  const doc = await currentDocument(tabId);
  if (!ref) return doc;
  try {
    const objectId = await resolveRef(tabId, ref);
    const session = objectSession(tabId, objectId);
    const [path, inner] = await Promise.all([framesOf2(tabId, session, objectId), innerTarget(tabId, session, objectId)]);
    const frames = path?.frames ?? [];
    if (!inner.target) {
      throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: ${ref} has no selector that finds it alone (in a shadow root?)`);
    }
    const target = frames.length > 0 ? formatFrameTarget(frames, inner.target) : inner.target;
    return { ...doc, target, role: inner.role || void 0, name: inner.name || void 0 };
  } finally {
    releaseActionObjects(tabId);
  }
}
async function framesOf2(tabId, session, objectId) {
  const doc = await callInjected(tabId, { objectId, session }, "documentOf", [], { returnByValue: false, objectGroup: ACTION_GROUP });
  if (!doc.result.objectId) return void 0;
  const sessions = /* @__PURE__ */ new Set();
  const frames = await framesOfDocument(tabId, session, doc.result.objectId, ACTION_GROUP, sessions);
  for (const s of sessions) touchSession(tabId, s);
  if (!frames) throw new RpcError(ErrorCode.pageOperationFailed, "page operation failed: the element's frame has no selector that finds its iframe alone");
  return frames;
}
async function innerTarget(tabId, session, objectId) {
  return valueOf(
    tabId,
    { objectId, session },
    "durableTarget",
    [],
    (why2) => new RpcError(ErrorCode.pageOperationFailed, `page operation failed: durable target: ${why2}`)
  );
}
var durableHandlers = {
  "pages.durableTarget": durableTarget
};

// src/background/pages/targets/find.ts
var DEFAULT_LIMIT = 100;
function invalid7(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function norm(s) {
  return s.replace(/\s+/g, " ").trim();
}
function clip2(s) {
  const t = norm(s);
  return t.length > MAX_NAME ? t.slice(0, MAX_NAME - 1) + "…" : t;
}
async function find(tabId, p) {
  const role = optionalString(p, "role");
  const name = optionalString(p, "name");
  const text2 = optionalString(p, "text");
  const label = optionalString(p, "label");
  const exact = optionalBool(p, "exact") ?? false;
  const limit = optionalInt(p, "limit", 1) ?? DEFAULT_LIMIT;
  const kinds = [role, text2, label].filter((v) => v).length;
  if (kinds !== 1) throw invalid7(`give exactly one of "role", "text" or "label" (a non-empty string)`);
  if (name !== void 0 && !role) throw invalid7(`"name" goes with "role"`);
  await ensureAttached(tabId);
  const gen = generation(tabId);
  const entries2 = role ? await byRole(tabId, role, name, exact, limit) : await byText(tabId, text2 ? "text" : "label", text2 || label, exact, limit);
  let next = 0;
  for (const e of entries2) if (e.target.kind === "tree") next = Math.max(next, e.target.num + 1);
  setTreeRefs(tabId, gen, entries2, next);
  saveCounters(tabId, { next: nextRefNumber(tabId), nextKey: 1 });
  return { elements: entries2.map((e) => ({ ref: e.ref, role: e.role, name: e.name })) };
}
async function nextTreeNumber(tabId) {
  return Math.max(nextRefNumber(tabId), (await savedCounters(tabId)).next);
}
function treeEntry(contextId, num2, role, name) {
  return { ref: `e${num2}`, role, name, target: { kind: "tree", contextId, num: num2, main: true } };
}
async function byRole(tabId, role, name, exact, limit) {
  const contextId = await isolatedContext(tabId);
  const q2 = { role, name, exact, limit, owner: OWNER, next: await nextTreeNumber(tabId), maxScanElements: MAX_SCAN_ELEMENTS };
  const res = await withClosedRoots(
    tabId,
    void 0,
    contextId,
    (closedWatch) => valueOf(
      tabId,
      { contextId },
      "findByRole",
      [{ ...q2, closedWatch }],
      (why2) => new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why2}`)
    )
  );
  return res.found.map(([num2, r, n]) => treeEntry(contextId, num2, r, clip2(n)));
}
async function byText(tabId, kind, want, exact, limit) {
  const contextId = await isolatedContext(tabId);
  const q2 = { kind, want, exact, limit, owner: OWNER, next: await nextTreeNumber(tabId) };
  const found = await valueOf(
    tabId,
    { contextId },
    "findByText",
    [q2],
    (why2) => new RpcError(ErrorCode.pageOperationFailed, `page operation failed: find: ${why2}`)
  );
  return found.map(([num2, r, n]) => treeEntry(contextId, num2, r, clip2(n)));
}
var findHandlers = {
  "pages.find": find
};

// src/background/pages/index.ts
var PAGE_CALLS = joinTables(
  snapshotHandlers,
  pointerHandlers,
  formHandlers,
  keyboardHandlers,
  actionHandlers,
  elementReadHandlers,
  getHandlers,
  screenshotHandlers,
  waitHandlers,
  evalHandlers,
  findHandlers,
  navigationHandlers,
  waitForHandlers,
  dialogHandlers,
  durableHandlers,
  vitalsHandlers,
  highlightHandlers,
  handoffHandlers
);
var TABLE2 = PAGE_CALLS;
function pageHandlers(deps) {
  const withTab = (m) => async (params) => {
    const tabId = await deps.resolveTab(params);
    noteCallTab(params, tabId);
    noteTabSession(tabId, typeof params.sessionId === "string" ? params.sessionId : "");
    timeCallOnTab(params, tabId);
    const fn = PAGE_CALLS[m];
    return runPageCall(m, tabId, params, (id) => fn(id, params));
  };
  const methods = Object.keys(TABLE2);
  return Object.fromEntries(methods.map((m) => [m, withTab(m)]));
}
async function releaseTab(tabId) {
  await releaseRecordedTab(tabId).catch(() => void 0);
  forgetRefs(tabId);
  await detach(tabId);
}
var JOIN_WAIT_MS = 3e3;
var FIRST_LOAD_COMMIT_MS = 1e4;
async function joinTab(tabId, sessionId) {
  noteTabSession(tabId, sessionId);
  noteSession(tabId, sessionId);
  await attachNow(tabId, JOIN_WAIT_MS).catch(() => void 0);
}
async function loadJoined(tabId, url) {
  try {
    await send(tabId, "Page.navigate", { url }, FIRST_LOAD_COMMIT_MS);
  } catch (e) {
    const msg = e instanceof Error ? e.message : cdpMessage(e);
    if (e instanceof DialogOpenError || /timed out/i.test(msg)) return;
    await chrome.tabs.update(tabId, { url });
  }
}
var CLOSE_WAIT_MS = 1e4;
async function closeTabs(tabIds) {
  const mark2 = dialogMark();
  const gone = /* @__PURE__ */ new Set();
  const removed = new Wakeup();
  const onRemoved2 = (id) => {
    if (tabIds.includes(id)) {
      gone.add(id);
      removed.wake();
    }
  };
  chrome.tabs.onRemoved.addListener(onRemoved2);
  let refused;
  const stayed = [];
  try {
    chrome.tabs.remove(tabIds).catch((e) => {
      refused = cdpMessage(e);
      removed.wake();
    });
    const kept2 = (id) => {
      const d = dialogSince(id, mark2);
      if (d?.type !== "beforeunload" || d.state === "accepted") return void 0;
      return d.state === "open" ? "its page asks to confirm leaving (beforeunload): answer with `dialog accept` to close it, or `dialog dismiss` to keep it" : "its page asked to stay (beforeunload) and the session's dialog policy dismissed the question";
    };
    const deadline = Date.now() + CLOSE_WAIT_MS;
    for (; ; ) {
      const left = tabIds.filter((id) => !gone.has(id));
      const settled3 = left.every((id) => kept2(id) !== void 0);
      if (left.length === 0 || settled3 || refused !== void 0 || Date.now() >= deadline) {
        for (const id of left) {
          stayed.push({ tabId: id, why: kept2(id) ?? refused ?? `it did not close within ${CLOSE_WAIT_MS / 1e3} s (a dialog the person must answer?)` });
        }
        break;
      }
      await removed.next(Math.min(50, deadline - Date.now()));
    }
  } finally {
    chrome.tabs.onRemoved.removeListener(onRemoved2);
  }
  for (const id of gone) await releaseTab(id).catch(() => void 0);
  return stayed;
}

// src/background/pages/network/routes.ts
var STORAGE_KEY7 = "browserctl.routes";
var ROUTE_BODY_MAX = 4 << 20;
var ROUTE_DELAY_MAX = 6e4;
var ROUTES_MAX = 100;
function patternProblem(p) {
  if (p.trim() === "") return "the pattern is empty";
  if (/[\s\u0000-\u001f\u007f]/.test(p)) return `the pattern ${JSON.stringify(p)} holds a space or control character: no URL matches it`;
  const tail = /\\+$/.exec(p)?.[0].length ?? 0;
  if (tail % 2 === 1) return `the pattern ${JSON.stringify(p)} ends in a lone \\ (it escapes the next character)`;
  return void 0;
}
function headerProblem(h) {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name)) return `the header name ${JSON.stringify(h.name)} is not an HTTP token`;
  if (/[\r\n\u0000]/.test(h.value)) return `the value of header ${h.name} holds a line break or NUL`;
  return void 0;
}
function pickRoute(routes, url) {
  for (let i = routes.length - 1; i >= 0; i--) if (matchesPattern(url, routes[i].pattern)) return routes[i];
  return void 0;
}
function upsert(routes, r) {
  return [...routes.filter((x) => x.pattern !== r.pattern), r];
}
function responseHeaders(r, requestURL = "") {
  let host = "";
  try {
    host = new URL(requestURL).hostname.toLowerCase();
  } catch {
  }
  const out = r.headers.filter((h) => {
    const name = h.name.toLowerCase();
    if (r.contentType && name === "content-type") return false;
    return name !== "set-cookie" || cookieDomainFits(h.value, host);
  });
  if (r.contentType) out.push({ name: "Content-Type", value: r.contentType });
  return out;
}
function cookieDomainFits(setCookie2, host) {
  for (const part of setCookie2.split(";").slice(1)) {
    const [k, ...v] = part.split("=");
    if (k?.trim().toLowerCase() !== "domain") continue;
    const d = v.join("=").trim().toLowerCase().replace(/^\./, "");
    if (!host || !(host === d || host.endsWith("." + d))) return false;
  }
  return true;
}
function shown2(r) {
  const { body: _body, ...rest } = r;
  return rest;
}
function base64Size(b) {
  const pad = b.endsWith("==") ? 2 : b.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor(b.length * 3 / 4) - pad);
}
var bySession3 = /* @__PURE__ */ new Map();
var loaded8;
function ready3() {
  loaded8 ??= (async () => {
    const store3 = globalThis.chrome?.storage?.session;
    if (!store3) return;
    const got = await store3.get(STORAGE_KEY7).catch(() => ({}));
    const all2 = got[STORAGE_KEY7] ?? {};
    for (const [id, rs] of Object.entries(all2)) if (!bySession3.has(id) && Array.isArray(rs)) bySession3.set(id, rs);
  })();
  return loaded8;
}
async function persist4() {
  await chrome.storage.session.set({ [STORAGE_KEY7]: Object.fromEntries(bySession3) });
}
async function storeRoutes(sessionId, routes) {
  const before = bySession3.get(sessionId);
  if (routes.length === 0) bySession3.delete(sessionId);
  else bySession3.set(sessionId, routes);
  try {
    await persist4();
  } catch (e) {
    if (before) bySession3.set(sessionId, before);
    else bySession3.delete(sessionId);
    throw new RpcError(
      ErrorCode.operationFailed,
      `the routes could not be kept in the extension's session storage (${e instanceof Error ? e.message : String(e)}): a smaller body may fit`
    );
  }
}
function routesOf(sessionId) {
  return bySession3.get(sessionId) ?? [];
}
onSessionRemoved((sessionId) => {
  if (!bySession3.delete(sessionId)) return;
  void persist4().catch(() => void 0);
});
var sleep6 = (ms) => new Promise((r) => setTimeout(r, ms));
function answerSend(tabId, method, params) {
  return chrome.debugger.sendCommand({ tabId }, method, params).catch(() => void 0);
}
async function answer(tabId, requestId, r, url) {
  if (r.delayMs > 0) await sleep6(r.delayMs);
  if (r.abort) {
    await answerSend(tabId, "Fetch.failRequest", { requestId, errorReason: "BlockedByClient" });
    return;
  }
  await answerSend(tabId, "Fetch.fulfillRequest", {
    requestId,
    responseCode: r.status || 200,
    responseHeaders: responseHeaders(r, url),
    body: r.body
  });
}
setFetchRouter({
  ready: ready3,
  patterns: (tabId) => routesOf(tabSession(tabId)).map((r) => r.pattern),
  paused(tabId, p) {
    const req = p["request"] ?? {};
    const url = String(req.url ?? "") + String(req.urlFragment ?? "");
    const r = pickRoute(routesOf(tabSession(tabId)), url);
    if (!r) return false;
    void answer(tabId, String(p["requestId"] ?? ""), r, url);
    return true;
  }
});
function invalid8(msg) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: ${msg}`);
}
function parseRoute(p) {
  const pattern = requireString(p, "pattern");
  const bad3 = patternProblem(pattern);
  if (bad3) throw invalid8(bad3);
  const abort = optionalBool(p, "abort") ?? false;
  const status = optionalInt(p, "status", 100) ?? 200;
  if (status > 599) throw invalid8(`"status" must be an HTTP status 100..599, got ${status}`);
  const delayMs = optionalInt(p, "delayMs", 0) ?? 0;
  if (delayMs > ROUTE_DELAY_MAX) throw invalid8(`"delayMs" must be at most ${ROUTE_DELAY_MAX}`);
  const body = optionalString(p, "body") ?? "";
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) throw invalid8(`"body" must be base64`);
  const bodySize = base64Size(body);
  if (bodySize > ROUTE_BODY_MAX) throw invalid8(`"body" is ${bodySize} bytes, more than ${ROUTE_BODY_MAX}`);
  const contentType = optionalString(p, "contentType") ?? "";
  if (/[\r\n\u0000]/.test(contentType)) throw invalid8(`"contentType" holds a line break or NUL`);
  const rawHeaders = p.headers;
  if (rawHeaders !== void 0 && rawHeaders !== null && !Array.isArray(rawHeaders)) throw invalid8(`"headers" must be an array`);
  const headers2 = [];
  for (const h of rawHeaders ?? []) {
    const o = h;
    if (!o || typeof o.name !== "string" || typeof o.value !== "string") throw invalid8(`"headers" holds {name, value} strings`);
    const why2 = headerProblem({ name: o.name, value: o.value });
    if (why2) throw invalid8(why2);
    headers2.push({ name: o.name, value: o.value });
  }
  if (abort && (body !== "" || headers2.length > 0 || contentType !== "" || p.status !== void 0)) {
    throw invalid8(`an abort route fails the request: it takes no status, body, headers or contentType`);
  }
  return { pattern, status: abort ? 0 : status, headers: headers2, contentType, bodySize, abort, delayMs, body };
}
function list(sessionId) {
  const routes = routesOf(sessionId).map(shown2);
  const routed = new Set(routes.map((r) => r.pattern));
  const blocks = blockedPatterns(sessionId).filter((p) => !routed.has(p)).map((pattern) => ({ pattern, status: 0, headers: [], contentType: "", bodySize: 0, abort: true, delayMs: 0 }));
  return [...blocks, ...routes];
}
function result2(sessionId, skipped, removed) {
  const out = { routes: list(sessionId) };
  if (removed !== void 0) out.removed = removed;
  if (skipped.length > 0) out.skippedTabIds = skipped;
  return out;
}
function routeHandlers(deps) {
  return {
    "network.route": async (p) => {
      const r = parseRoute(p);
      const tabIds = await deps.sessionTabIds(p);
      const sessionId = String(p.sessionId);
      await ready3();
      const now = upsert(routesOf(sessionId), r);
      if (now.length > ROUTES_MAX) throw invalid8(`a session keeps at most ${ROUTES_MAX} routes (network unroute removes some)`);
      await storeRoutes(sessionId, now);
      return result2(sessionId, await applyBlockingToTabs(sessionId, tabIds));
    },
    "network.unroute": async (p) => {
      const pattern = optionalString(p, "pattern");
      const all2 = optionalBool(p, "all") ?? false;
      if (all2 === (pattern !== void 0)) throw invalid8(`give a pattern or all, one of them`);
      const tabIds = await deps.sessionTabIds(p);
      const sessionId = String(p.sessionId);
      await ready3();
      const before = routesOf(sessionId);
      const blocks = blockedPatterns(sessionId);
      let removed;
      if (all2) {
        removed = before.length + blocks.filter((b) => !before.some((r) => r.pattern === b)).length;
        setBlocked(sessionId, [], blocks);
        await storeRoutes(sessionId, []);
      } else {
        const routed = before.some((r) => r.pattern === pattern);
        const blocked = blocks.includes(pattern);
        if (!routed && !blocked) {
          const have = list(sessionId).map((r) => r.pattern);
          throw invalid8(
            `no route ${JSON.stringify(pattern)} in this session (${have.length === 0 ? "it has none" : `its routes: ${have.map((x) => JSON.stringify(x)).join(", ")}`})`
          );
        }
        if (blocked) setBlocked(sessionId, [], [pattern]);
        if (routed) await storeRoutes(sessionId, before.filter((r) => r.pattern !== pattern));
        removed = 1;
      }
      return result2(sessionId, await applyBlockingToTabs(sessionId, tabIds), removed);
    },
    "network.routes": async (p) => {
      await deps.sessionTabIds(p);
      await ready3();
      return result2(String(p.sessionId), []);
    }
  };
}

// src/background/pages/tools.ts
var MAX_WAIT_MS5 = 2e4;
async function download2(tabId, p, click3) {
  const target = requireTarget(p);
  const ref = labelOf(target);
  const budget = optionalInt(p, "timeout", 0) ?? 3e4;
  const since2 = Date.now();
  const shown3 = generation(tabId);
  await click3(tabId, { sessionId: p.sessionId, timeoutMs: p.timeoutMs, ...target });
  const d = await waitBegin(tabId, since2, Math.max(0, since2 + budget - Date.now()));
  if (!d) {
    let opened = "";
    if (generation(tabId) !== shown3) {
      const t = await chrome.tabs.get(tabId).catch(() => void 0);
      if (t?.url) opened = `: it opened the page ${t.url} instead`;
    }
    throw new RpcError(ErrorCode.operationFailed, `timed out after ${budget} ms: clicking ${ref} started no download${opened}`);
  }
  const done = await waitDone(d, Math.max(0, since2 + budget - Date.now()));
  if (done.state === "in_progress") {
    throw new RpcError(
      ErrorCode.operationFailed,
      `timed out after ${budget} ms: the download of ${done.url} is still in progress (${done.bytes} of ${done.totalBytes} bytes)`
    );
  }
  if (done.state !== "complete") {
    throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: the download of ${done.url} ${done.state}${done.error ? `: ${done.error}` : ""}`);
  }
  return done;
}
var LEVEL_RANK = { debug: 0, log: 1, info: 1, warning: 2, error: 3 };
async function readRing(tabId, ring, p, keep2) {
  const after = optionalInt(p, "after", 0) ?? 0;
  const waitMs = Math.min(optionalInt(p, "waitMs", 0) ?? 0, MAX_WAIT_MS5);
  const clear = optionalBool(p, "clear") ?? false;
  const limit = optionalInt(p, "limit", 1);
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const deadline = Date.now() + waitMs;
  for (; ; ) {
    const r = ring();
    const all2 = r.after(after);
    let entries2 = all2.filter(keep2);
    const next = all2.length > 0 ? all2[all2.length - 1].seq : after;
    if (entries2.length > 0 || Date.now() >= deadline || clear) {
      if (limit !== void 0 && entries2.length > limit) entries2 = entries2.slice(entries2.length - limit);
      const dropped = r.dropped;
      if (clear) r.clear();
      return { entries: entries2, next, dropped };
    }
    await r.waitNext(Math.max(1, deadline - Date.now()));
  }
}
function consoleRead(tabId, p) {
  const level = optionalOneOf(p, "level", CONSOLE_LEVELS);
  const min = level ? LEVEL_RANK[level] ?? 0 : 0;
  return readRing(tabId, () => tabLogs(tabId).console, p, (e) => (LEVEL_RANK[e.level] ?? 1) >= min);
}
function errorsRead(tabId, p) {
  return readRing(tabId, () => tabLogs(tabId).errors, p, () => true);
}
async function networkRead(tabId, p) {
  const filter = (optionalString(p, "filter") ?? "").toLowerCase();
  const failedOnly = optionalBool(p, "failed") ?? false;
  const keep2 = (e) => (!filter || e.url.toLowerCase().includes(filter)) && (!failedOnly || e.failure !== "" || e.status >= 400);
  const r = await readRing(tabId, () => tabLogs(tabId).network, p, keep2);
  const inflight = p.after === void 0 || p.after === null ? [...tabLogs(tabId).inflight.values()].map((f) => ({ ...f.entry, seq: 0 })).filter(keep2) : [];
  return { requests: r.entries, inflight, next: r.next, dropped: r.dropped };
}
async function networkRequest(tabId, p) {
  const id = requireString(p, "id").trim();
  const logs = tabLogs(tabId);
  const d = logs.details.get(id);
  const line = logs.network.after(0).find((e) => e.id === id) ?? [...logs.inflight.values()].map((f) => f.entry).find((e) => e.id === id);
  if (!d || !line) {
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: no request ${JSON.stringify(id)} in this tab (ids are those network requests lists; only the newest ${logs.details.limit} are kept)`
    );
  }
  return requestDetail(line, d, (method, params) => send(tabId, method, params), isAttached(tabId));
}
async function block(p, deps, add2) {
  const patterns = requireStringArray(p, "patterns");
  if (patterns.some((x) => x.trim() === "")) {
    throw new RpcError(ErrorCode.invalidParams, `invalid params: "patterns" must not hold empty strings`);
  }
  const tabIds = await deps.sessionTabIds(p);
  const sessionId = String(p.sessionId);
  const now = setBlocked(sessionId, add2 ? patterns : [], add2 ? [] : patterns);
  const skipped = await applyBlockingToTabs(sessionId, tabIds);
  return skipped.length > 0 ? { patterns: now, skippedTabIds: skipped } : { patterns: now };
}
var logHandlers = {
  "logs.console": consoleRead,
  "logs.errors": errorsRead,
  "logs.network": networkRead,
  "network.request": networkRequest
};
var ON_TAB_ACTING = joinTables(uploadHandlers, storageHandlers);
var ON_TAB_READING = joinTables(logHandlers, waitResponseHandlers, webSocketHandlers);
var ON_TAB = joinTables(ON_TAB_ACTING, ON_TAB_READING);
function toolHandlers(deps, click3) {
  const onTab2 = (fn, makesInput) => async (p) => {
    const tabId = await deps.resolveTab(p);
    noteTabSession(tabId, typeof p.sessionId === "string" ? p.sessionId : "");
    timeCallOnTab(p, tabId);
    if (makesInput) agentCallStarted(tabId);
    try {
      return await fn(tabId, p);
    } finally {
      if (makesInput) agentCallEnded(tabId);
    }
  };
  const onTabs = Object.fromEntries(
    Object.entries(ON_TAB).map(([m, fn]) => [m, onTab2(fn, m in ON_TAB_ACTING)])
  );
  return joinTables(
    onTabs,
    {
      "pages.download": onTab2((tabId, p) => download2(tabId, p, click3), true),
      "network.block": async (p) => block(p, deps, true),
      "network.unblock": async (p) => block(p, deps, false),
      "logs.events": pollEvents,
      "downloads.list": async (p) => {
        await deps.sessionTabIds(p);
        return { downloads: await listDownloads(String(p.sessionId)) };
      }
    },
    routeHandlers(deps),
    harHandlers(deps),
    fenceHandlers(deps)
  );
}

// src/background/sessions/tabs.ts
var RESOLVED_TAB = /* @__PURE__ */ Symbol("tab resolved");
function onResolvedTab(params, tabId) {
  const copy = withParams(params, { tabId });
  Object.defineProperty(copy, RESOLVED_TAB, { value: tabId, enumerable: false });
  return copy;
}
async function resolveTab(store3, p) {
  const resolved = p[RESOLVED_TAB];
  if (resolved !== void 0 && p.tabId === resolved) return resolved;
  const s = await store3.lookup(p);
  if (p.tabId !== void 0 && p.tabId !== null) {
    const tabId = requireInt(p, "tabId", 0);
    let t;
    try {
      t = await getSessionTab(s, tabId);
    } catch (e) {
      await store3.checkGroup(s);
      throw e;
    }
    return t.id;
  }
  return activeTabId(store3, s);
}
async function activeTabId(store3, s) {
  const cached = store3.activeTabs.get(s);
  if (cached !== void 0) return cached;
  return (await queryActiveTab(store3, s)).id;
}
async function queryActiveTab(store3, s) {
  const gen = store3.activeTabs.begin();
  const t = pickActive(s, await groupTabs(s));
  if (!t || t.id === void 0) {
    await store3.checkGroup(s);
    throw new RpcError(ErrorCode.tabNotFound, `session ${s.sessionId} has no tab`);
  }
  store3.activeTabs.set(s, t.id, gen);
  return t;
}
function tabHandlers({ store: store3, joinTab: joinTab2, loadJoined: loadJoined2, mayJoin, closeTabs: closeTabs2 }) {
  return {
    "tabs.open": async (p) => {
      const s = await store3.require(p);
      const url = requireString(p, "url");
      checkNavigable(url, false);
      const active = optionalBool(p, "active") ?? true;
      const group = await chrome.tabGroups.get(s.groupId);
      const last = (await groupTabs(s)).at(-1);
      const created = await chrome.tabs.create({
        windowId: group.windowId,
        url: "about:blank",
        active,
        ...last ? { index: last.index + 1 } : {}
      });
      const id = created.id;
      agentCallStarted(id);
      try {
        await chrome.tabs.group({ groupId: s.groupId, tabIds: [id] });
        await joinTab2(id, s.sessionId);
        if (url !== "about:blank") await loadJoined2(id, url);
      } finally {
        agentCallEnded(id);
      }
      if (active) {
        s.lastActiveTabId = id;
        await store3.update(s);
      }
      const wire4 = toWireTab(await getTab(id), store3);
      if (url !== "about:blank") {
        const entry = await currentEntry(id).catch(() => void 0);
        if (entry && entry.url !== "about:blank") {
          wire4.url = entry.url;
          wire4.title = entry.title ?? "";
        } else if (wire4.url === "about:blank") {
          wire4.url = url;
          wire4.title = "";
        }
      }
      return wire4;
    },
    "tabs.list": async (p) => {
      const s = await store3.require(p);
      return { tabs: (await groupTabs(s)).map((t) => toWireTab(t, store3)) };
    },
    "tabs.userList": async () => {
      await store3.ready();
      const tabs6 = await chrome.tabs.query({ windowType: "normal" });
      return { tabs: tabs6.map((t) => toWireTab(t, store3)) };
    },
    "tabs.attach": async (p) => {
      const s = await store3.require(p);
      const tabId = requireInt(p, "tabId", 0);
      const t = await getTab(tabId);
      const shown3 = t.url || t.pendingUrl || "";
      if (shown3 && mayJoin && !await mayJoin(s.sessionId, shown3)) {
        throw new RpcError(
          ErrorCode.pageOperationFailed,
          `page operation failed: tab ${tabId} shows ${JSON.stringify(shown3)}, outside the origins this session may reach`,
          "origin_not_allowed"
        );
      }
      if (t.groupId !== s.groupId) await chrome.tabs.group({ groupId: s.groupId, tabIds: [tabId] });
      await joinTab2(tabId, s.sessionId);
      return toWireTab(await getTab(tabId), store3);
    },
    "tabs.active": async (p) => {
      if (p.sessionId === void 0 || p.sessionId === null || p.sessionId === "") {
        await store3.ready();
        return toWireTab(await userActiveTab(), store3);
      }
      const s = await store3.lookup(p);
      const cached = store3.activeTabs.get(s);
      if (cached !== void 0) {
        const t = await chrome.tabs.get(cached).catch(() => void 0);
        if (t && t.groupId === s.groupId) return toWireTab(t, store3);
        store3.activeTabs.invalidate();
      }
      return toWireTab(await queryActiveTab(store3, s), store3);
    },
    "tabs.activate": async (p) => {
      const s = await store3.require(p);
      const tabId = requireInt(p, "tabId", 0);
      await getSessionTab(s, tabId);
      await chrome.tabs.update(tabId, { active: true });
      s.lastActiveTabId = tabId;
      await store3.update(s);
      return toWireTab(await getTab(tabId), store3);
    },
    "tabs.close": async (p) => {
      const s = await store3.require(p);
      const tabId = requireInt(p, "tabId", 0);
      await getSessionTab(s, tabId);
      const [stayed] = await closeTabs2([tabId]);
      if (stayed) throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: tab ${tabId} stays open: ${stayed.why}`, "failed");
      return { tabId, closed: true };
    }
  };
}

// src/background/sessions/replace-tab.ts
async function replaceTab({ store: store3, joinTab: joinTab2, releaseTab: releaseTab2 }, p, tabId) {
  const s = await store3.lookup(p);
  const old = await getSessionTab(s, tabId);
  const created = await chrome.tabs.create({
    windowId: old.windowId,
    url: "about:blank",
    active: true,
    index: old.index + 1
  });
  const id = created.id;
  await chrome.tabs.group({ groupId: s.groupId, tabIds: [id] });
  await joinTab2(id, s.sessionId);
  s.lastActiveTabId = id;
  await store3.update(s);
  await releaseTab2(tabId).catch(() => void 0);
  await chrome.tabs.remove(tabId).catch(() => void 0);
  store3.activeTabs.invalidate();
  return id;
}
function navigateOrReplace(deps, navigate3) {
  return async (p) => {
    const tabId = await resolveTab(deps.store, p);
    const again = async () => {
      const id = await replaceTab(deps, p, tabId);
      const r = await navigate3(onResolvedTab(p, id));
      return { ...r, replacedTab: { old: tabId, new: id, reason: "dialog_loop" } };
    };
    if (inDialogLoop(tabId)) return again();
    try {
      return await navigate3(onResolvedTab(p, tabId));
    } catch (e) {
      if (e instanceof DialogOpenError && inDialogLoop(tabId)) return again();
      throw e;
    }
  };
}

// src/background/sessions/sessions.ts
var COLORS = [
  "blue",
  "green",
  "purple",
  "orange",
  "cyan",
  "pink",
  "red",
  "yellow",
  "grey"
];
function colorFor(n) {
  return COLORS[(n - 1) % COLORS.length] ?? "blue";
}
async function targetWindow() {
  try {
    const w2 = await chrome.windows.getLastFocused({ windowTypes: ["normal"] });
    if (w2.id !== void 0 && w2.type === "normal") return { windowId: w2.id };
  } catch {
  }
  const w = await chrome.windows.create({ url: "about:blank", focused: true, type: "normal" });
  const tab = w?.tabs?.[0];
  if (w?.id === void 0 || !tab) throw new Error("could not open a browser window");
  return { windowId: w.id, tab };
}
async function releaseAll(tabs6, releaseTab2) {
  await Promise.all(tabs6.map((t) => t.id === void 0 ? void 0 : releaseTab2(t.id).catch(() => void 0)));
}
function sessionHandlers({ store: store3, releaseTab: releaseTab2, joinTab: joinTab2, loadJoined: loadJoined2, closeTabs: closeTabs2 }) {
  async function newGroup2(tab, name) {
    const n = store3.peekNumber();
    const title = name ?? `browserctl ${n}`;
    const tabId = tab.id;
    const groupId = await chrome.tabs.group({ tabIds: [tabId], createProperties: { windowId: tab.windowId } });
    await chrome.tabGroups.update(groupId, { title, color: colorFor(n) });
    return store3.add(title, groupId, tabId);
  }
  return {
    "sessions.create": async (p) => {
      await store3.ready();
      const name = optionalString(p, "name") || void 0;
      const url = optionalString(p, "url") || "about:blank";
      checkNavigable(url, false);
      const win = await targetWindow();
      const tab = win.tab ?? await chrome.tabs.create({ windowId: win.windowId, url: "about:blank", active: true });
      const s = await newGroup2(tab, name);
      await joinTab2(tab.id, s.sessionId);
      if (url !== "about:blank") await loadJoined2(tab.id, url);
      return toWireSession(s);
    },
    "sessions.attachCurrent": async (p) => {
      await store3.ready();
      const name = optionalString(p, "name") || void 0;
      const tab = await userActiveTab();
      const existing = store3.byGroup(tab.groupId);
      if (existing) return toWireSession(existing);
      const s = await newGroup2(tab, name);
      await joinTab2(tab.id, s.sessionId);
      return toWireSession(s);
    },
    "sessions.list": async () => {
      await store3.ready();
      const live2 = [];
      for (const s of store3.list()) {
        try {
          await chrome.tabGroups.get(s.groupId);
          live2.push(await withPersonSide(await toWireSession(s)));
        } catch {
          await store3.remove(s.sessionId, true);
        }
      }
      return { sessions: live2 };
    },
    "sessions.setPolicy": async (p) => {
      const s = await store3.require(p);
      const patch = policyPatch(p);
      const now = Object.keys(patch).length > 0 ? await setPolicy(s.sessionId, patch) : await policyOf(s.sessionId);
      return {
        sessionId: s.sessionId,
        confirm: now?.confirm ?? [],
        detachWhenIdleMs: now?.detachWhenIdleMs ?? 0,
        ...now?.firstSite ? { firstSite: now.firstSite } : {}
      };
    },
    "sessions.rename": async (p) => {
      const s = await store3.require(p);
      const name = requireString(p, "name");
      await chrome.tabGroups.update(s.groupId, { title: name });
      s.name = name;
      await store3.update(s);
      return toWireSession(s);
    },
    "sessions.stop": async (p) => {
      const s = await store3.require(p);
      await stop(s.sessionId);
      emitEvent("session_stopped", s.sessionId);
      const tabs6 = await groupTabs(s);
      await releaseAll(tabs6, releaseTab2);
      const ids = tabs6.map((t) => t.id).filter((id) => id !== void 0);
      return { sessionId: s.sessionId, stopped: true, detachedTabIds: ids };
    },
    "sessions.resume": async (p) => {
      const s = await store3.require(p);
      await resume(s.sessionId);
      emitEvent("session_resumed", s.sessionId);
      return { sessionId: s.sessionId, stopped: false };
    },
    "sessions.release": async (p) => {
      const s = await store3.require(p);
      await releaseAll(await groupTabs(s), releaseTab2);
      await store3.remove(s.sessionId);
      await forgetStopped(s.sessionId);
      emitEvent("session_released", s.sessionId);
      return { sessionId: s.sessionId, released: true };
    },
    "sessions.close": async (p) => {
      const s = await store3.require(p);
      const tabs6 = await groupTabs(s);
      const ids = tabs6.map((t) => t.id).filter((id) => id !== void 0);
      await keepWindowOpen(tabs6);
      const stayed = ids.length > 0 ? await closeTabs2(ids) : [];
      await releaseAll(tabs6.filter((t) => stayed.some((k) => k.tabId === t.id)), releaseTab2);
      await store3.remove(s.sessionId);
      await forgetStopped(s.sessionId);
      emitEvent("session_closed", s.sessionId);
      if (stayed.length > 0) {
        const which = stayed.map((k) => `tab ${k.tabId} stayed open: ${k.why}`).join("; ");
        throw new RpcError(ErrorCode.pageOperationFailed, `page operation failed: session ${s.sessionId} is closed, but ${which}`, "failed");
      }
      return { sessionId: s.sessionId, closed: true };
    },
    "sessions.setDialogPolicy": async (p) => {
      const s = await store3.require(p);
      const policy = requireOneOf(p, "policy", POLICIES);
      await setPolicy2(s.sessionId, policy);
      return { sessionId: s.sessionId, policy };
    }
  };
}
async function withPersonSide(w) {
  const out = { ...w };
  if (await isStopped(w.sessionId)) out.stopped = true;
  const t = await stopTimes(w.sessionId);
  if (out.stopped && t.stoppedAt) out.stoppedAt = t.stoppedAt;
  if (t.resumedAt) out.resumedAt = t.resumedAt;
  const policy = await policyOf(w.sessionId);
  if (policy && policy.confirm.length > 0) out.confirm = [...policy.confirm];
  if (policy && policy.detachWhenIdleMs > 0) out.detachWhenIdleMs = policy.detachWhenIdleMs;
  const attached2 = w.tabIds.filter((id) => isAttached(id));
  if (attached2.length > 0) out.attachedTabIds = attached2;
  return out;
}
function policyPatch(p) {
  const patch = {};
  const confirm = p["confirm"];
  if (confirm !== void 0 && confirm !== null) {
    if (!Array.isArray(confirm)) throw new RpcError(ErrorCode.invalidParams, 'invalid params: "confirm" must be an array');
    for (const k of confirm) {
      if (!CONFIRM_KINDS.includes(k)) {
        throw new RpcError(ErrorCode.invalidParams, `invalid params: "confirm": ${JSON.stringify(k)} is not one of ${CONFIRM_KINDS.join(", ")}`);
      }
    }
    patch.confirm = confirm;
  }
  const idle = p["detachWhenIdleMs"];
  if (idle !== void 0 && idle !== null) {
    if (typeof idle !== "number" || !Number.isSafeInteger(idle) || idle < 0) {
      throw new RpcError(ErrorCode.invalidParams, 'invalid params: "detachWhenIdleMs" must be an integer >= 0');
    }
    patch.detachWhenIdleMs = idle;
  }
  return patch;
}
async function keepWindowOpen(closing) {
  const first = closing[0];
  if (!first) return;
  const windows = await chrome.windows.getAll({ windowTypes: ["normal"] });
  if (windows.length !== 1) return;
  const inWindow = await chrome.tabs.query({ windowId: first.windowId });
  const closingIds = new Set(closing.map((t) => t.id));
  if (inWindow.every((t) => closingIds.has(t.id))) {
    await chrome.tabs.create({ windowId: first.windowId, url: "about:blank", active: false });
  }
}

// src/background/handler-table.ts
function handlerTable(store3) {
  const pages = pageHandlers({ resolveTab: (p) => resolveTab(store3, p) });
  return withApproval(joinTables(
    sessionHandlers({ store: store3, releaseTab, joinTab, loadJoined, closeTabs }),
    tabHandlers({ store: store3, joinTab, loadJoined, mayJoin: mayJoinFenced, closeTabs }),
    { ...pages, "pages.navigate": navigateOrReplace({ store: store3, joinTab, releaseTab }, pages["pages.navigate"]) },
    extensionHandlers(),
    evidenceHandlers({ store: store3, resolveTab: (p) => resolveTab(store3, p) }),
    recordActionHandlers({ store: store3 }),
    emulationHandlers({ store: store3 }),
    toolHandlers(
      {
        resolveTab: (p) => resolveTab(store3, p),
        sessionTabIds: async (p) => (await groupTabs(await store3.lookup(p))).map((t) => t.id).filter((id) => id !== void 0)
      },
      click2
    )
  ), { tabOf: (p) => resolveTab(store3, p) });
}

// src/background/connection/lifecycle.ts
var KEEPALIVE_ALARM = "browserctl-keepalive";
var KEEPALIVE_PERIOD_MINUTES = 0.4;
function isPopupMessage(m) {
  if (typeof m !== "object" || m === null) return false;
  const t = m.type;
  return t === "getStatus" || t === "reconnect";
}
function wireLifecycle(client2) {
  const onAlarm = (alarm) => {
    if (alarm.name === KEEPALIVE_ALARM) client2.ensure();
  };
  const onStorage = (changes, area) => {
    if (area !== "local") return;
    if (STORAGE_KEYS.server in changes || STORAGE_KEYS.token in changes || IDENTITY_KEYS.name in changes) client2.restart();
  };
  const onMessage = (msg, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isPopupMessage(msg)) return false;
    if (msg.type === "reconnect") client2.restart();
    sendResponse(client2.status());
    return false;
  };
  const onStart = () => client2.start();
  chrome.alarms.onAlarm.addListener(onAlarm);
  chrome.storage.onChanged.addListener(onStorage);
  chrome.runtime.onMessage.addListener(onMessage);
  chrome.runtime.onStartup.addListener(onStart);
  chrome.runtime.onInstalled.addListener(onStart);
  void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: KEEPALIVE_PERIOD_MINUTES });
  let disposed = false;
  return () => {
    if (disposed) return;
    disposed = true;
    chrome.alarms.onAlarm.removeListener(onAlarm);
    chrome.storage.onChanged.removeListener(onStorage);
    chrome.runtime.onMessage.removeListener(onMessage);
    chrome.runtime.onStartup.removeListener(onStart);
    chrome.runtime.onInstalled.removeListener(onStart);
    void chrome.alarms.clear(KEEPALIVE_ALARM);
  };
}

// src/background/handoff-popup.ts
function isHandoffMessage(m) {
  if (typeof m !== "object" || m === null) return false;
  const o = m;
  return o.type === "listHandoffs" || o.type === "handoffDone" && typeof o.tabId === "number";
}
function wireHandoffPopup() {
  const onMessage = (msg, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isHandoffMessage(msg)) return false;
    sendResponse(msg.type === "listHandoffs" ? { handoffs: pendingHandoffs() } : { done: finishHandoff(msg.tabId) });
    return false;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}

// src/background/recording-popup.ts
function isRecordingMessage(m) {
  if (typeof m !== "object" || m === null) return false;
  const o = m;
  if (o.type === "listRecordings") return true;
  return (o.type === "markSecret" || o.type === "stopRecording") && typeof o.sessionId === "string" && o.sessionId !== "";
}
async function answer2(msg) {
  switch (msg.type) {
    case "listRecordings":
      return { recordings: await recordingViews() };
    case "markSecret":
      return { done: await markLastSecret(msg.sessionId) };
    case "stopRecording":
      return { done: await stopFromPopup(msg.sessionId) };
  }
}
function wireRecordingPopup() {
  const onMessage = (msg, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isRecordingMessage(msg)) return false;
    void answer2(msg).then(sendResponse, () => sendResponse({ done: false }));
    return true;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}

// src/background/popup-api.ts
var ACTIONS2 = { releaseSession: "sessions.release", stopSession: "sessions.stop", resumeSession: "sessions.resume" };
function isPopupSessionMessage(m) {
  if (typeof m !== "object" || m === null) return false;
  const o = m;
  if (o.type === "listSessions") return true;
  return typeof o.type === "string" && Object.hasOwn(ACTIONS2, o.type) && typeof o.sessionId === "string" && o.sessionId !== "";
}
var nextId2 = 1;
async function answerPopup(router3, msg) {
  const call = msg.type === "listSessions" ? { method: "sessions.list", params: {} } : { method: ACTIONS2[msg.type], params: { sessionId: msg.sessionId, caller: { kind: "the person (popup)" } } };
  const resp = await router3.dispatch({ jsonrpc: "2.0", id: `popup-${nextId2++}`, ...call });
  if (resp && "result" in resp) return { ok: true, result: resp.result };
  return { ok: false, error: resp && "error" in resp ? `${resp.error.message} (${resp.error.code})` : "no answer" };
}
function wirePopupApi(router3) {
  const onMessage = (msg, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isPopupSessionMessage(msg)) return false;
    void answerPopup(router3, msg).then(sendResponse);
    return true;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}

// src/background/person/call-record.ts
var RECORD_LIMIT = 20;
var STORAGE_KEY8 = "browserctl.calls";
var SAVE_AFTER_MS = 200;
var bySession4 = /* @__PURE__ */ new Map();
var loaded9;
var saveTimer;
function hasStorage2() {
  return typeof chrome !== "undefined" && !!chrome.storage?.session;
}
function load4() {
  if (!hasStorage2()) return Promise.resolve();
  loaded9 ??= chrome.storage.session.get(STORAGE_KEY8).then((v) => {
    const all2 = v?.[STORAGE_KEY8];
    for (const [sid, es] of Object.entries(all2 ?? {})) {
      if (!Array.isArray(es)) continue;
      bySession4.set(sid, [...es, ...bySession4.get(sid) ?? []].slice(-RECORD_LIMIT));
    }
  }).catch(() => void 0);
  return loaded9;
}
function saveSoon() {
  if (!hasStorage2() || saveTimer !== void 0) return;
  saveTimer = setTimeout(() => {
    saveTimer = void 0;
    void load4().then(() => chrome.storage.session.set({ [STORAGE_KEY8]: Object.fromEntries(bySession4) })).catch(() => void 0);
  }, SAVE_AFTER_MS);
}
function str2(v) {
  return typeof v === "string" && v !== "" ? v : void 0;
}
function targetText(params, result3) {
  const t = result3?.target;
  if (t && typeof t === "object") {
    const el = t;
    if (typeof el.role === "string" && el.role !== "") {
      return `${el.role}${typeof el.name === "string" && el.name ? ` ${JSON.stringify(el.name)}` : ""}${typeof el.ref === "string" && el.ref ? ` [${el.ref}]` : ""}`;
    }
  }
  for (const k of ["ref", "selector", "url", "key", "direction", "what"]) {
    const v = str2(params[k]);
    if (v) return v.length > 200 ? v.slice(0, 199) + "…" : v;
  }
  return typeof params["tabId"] === "number" ? `tab ${params["tabId"]}` : void 0;
}
function recordCall(sessionId, e) {
  if (!sessionId) return;
  let es = bySession4.get(sessionId);
  if (!es) bySession4.set(sessionId, es = []);
  es.push(e);
  if (es.length > RECORD_LIMIT) es.splice(0, es.length - RECORD_LIMIT);
  void load4().then(saveSoon);
}
async function recentCalls() {
  await load4();
  return Object.fromEntries(bySession4);
}
function forgetCalls(sessionId) {
  if (bySession4.delete(sessionId)) saveSoon();
}
var UNRECORDED = /* @__PURE__ */ new Set(["logs.events", "sessions.close", "sessions.release"]);
var callRecorder = { ended: recordEnded };
function recordEnded(...[method, params, ctx, outcome]) {
  if (UNRECORDED.has(method)) return;
  const result3 = "result" in outcome ? outcome.result : void 0;
  const sid = str2(params["sessionId"]) ?? (method.startsWith("sessions.") ? str2(result3?.["sessionId"]) : void 0);
  if (!sid) return;
  const e = { time: ctx.started, method, ok: "result" in outcome, ms: Date.now() - ctx.started };
  if (ctx.caller) e.caller = { kind: ctx.caller.kind, ...ctx.caller.name ? { name: ctx.caller.name } : {}, ...ctx.caller.pid ? { pid: ctx.caller.pid } : {} };
  const target = targetText(params, result3);
  if (target) e.target = target;
  const nav = result3?.["navigation"]?.url;
  const url = str2(result3?.["url"]) ?? str2(nav) ?? lastURL(ctx.tabId);
  if (url) e.url = url.length > 300 ? url.slice(0, 299) + "…" : url;
  for (const k of ["value", "text"]) {
    if (typeof params[k] === "string") e.valueLength = [...params[k]].length;
  }
  if ("error" in outcome) {
    e.code = outcome.error.code;
    e.reason = outcome.error.reason;
  }
  recordCall(sid, e);
}

// src/background/person/idle-detach.ts
var timers = /* @__PURE__ */ new Map();
var running = /* @__PURE__ */ new Map();
var detached = /* @__PURE__ */ new Map();
var NOT_WORK = /* @__PURE__ */ new Set(["logs.events", "sessions.list", "sessions.setPolicy"]);
function sessionOf4(params) {
  return typeof params["sessionId"] === "string" ? params["sessionId"] : "";
}
function idleDetacher(deps) {
  function arm(sid) {
    clearTimeout(timers.get(sid));
    timers.delete(sid);
    const ms = policyNow(sid)?.detachWhenIdleMs ?? 0;
    if (ms <= 0 || (running.get(sid) ?? 0) > 0) return;
    timers.set(
      sid,
      setTimeout(() => {
        timers.delete(sid);
        void detachSession(sid);
      }, ms)
    );
  }
  async function detachSession(sid) {
    if ((running.get(sid) ?? 0) > 0) return;
    const s = deps.store.list().find((x) => x.sessionId === sid);
    if (!s || await deps.mustStay(sid)) return;
    const ids = (await groupTabs(s).catch(() => [])).map((t) => t.id).filter((id) => id !== void 0 && deps.isAttached(id));
    if ((running.get(sid) ?? 0) > 0) return;
    let set = detached.get(sid);
    if (!set) detached.set(sid, set = /* @__PURE__ */ new Set());
    for (const id of ids) {
      set.add(id);
      await deps.detach(id).catch(() => void 0);
    }
  }
  onPolicyChange((sid) => arm(sid));
  void loadPolicies().then(() => deps.store.ready().then(() => deps.store.list().forEach((s) => arm(s.sessionId))));
  return {
    started(method, params) {
      const sid = sessionOf4(params);
      if (!sid || NOT_WORK.has(method)) return;
      running.set(sid, (running.get(sid) ?? 0) + 1);
      clearTimeout(timers.get(sid));
      timers.delete(sid);
      const back2 = detached.get(sid);
      if (back2) {
        detached.delete(sid);
        for (const id of back2) void deps.attach(id).catch(() => void 0);
      }
    },
    ended(method, params) {
      const sid = sessionOf4(params);
      if (!sid || NOT_WORK.has(method)) return;
      const n = (running.get(sid) ?? 1) - 1;
      if (n > 0) running.set(sid, n);
      else running.delete(sid);
      arm(sid);
    }
  };
}

// src/background/person/popup-person.ts
function isPersonMessage(m) {
  if (typeof m !== "object" || m === null) return false;
  const o = m;
  return o.type === "listPerson" || o.type === "answerApproval" && typeof o.id === "string" && typeof o.allow === "boolean";
}
function wirePersonPopup() {
  const onMessage = (msg, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isPersonMessage(msg)) return false;
    if (!sender.url?.startsWith(chrome.runtime.getURL(""))) return false;
    if (msg.type === "answerApproval") {
      sendResponse({ answered: answerApproval(msg.id, msg.allow) });
      return false;
    }
    void recentCalls().then((calls) => sendResponse({ approvals: pendingApprovals(), calls }));
    return true;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  return () => chrome.runtime.onMessage.removeListener(onMessage);
}

// src/background/methods.ts
function isMethod(m) {
  return METHODS.includes(m);
}

// src/background/param-shapes.ts
function invalid9(path, what) {
  return new RpcError(ErrorCode.invalidParams, `invalid params: "${path}" must be ${what}`);
}
var WORDS = {
  string: "a string",
  boolean: "a boolean",
  int: "an integer",
  number: "a number"
};
function describe2(shape) {
  if (shape.endsWith("[]")) return "an array";
  if (shape.startsWith("map:") || shape in OBJECT_SHAPES) return "an object";
  return WORDS[shape] ?? "a value";
}
function isObject2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function check2(path, shape, v) {
  if (shape.endsWith("[]")) {
    if (!Array.isArray(v)) throw invalid9(path, describe2(shape));
    const item = shape.slice(0, -2);
    v.forEach((x, i) => check2(`${path}[${i}]`, item, x));
    return;
  }
  if (shape.startsWith("map:")) {
    if (!isObject2(v)) throw invalid9(path, describe2(shape));
    const item = shape.slice(4);
    for (const k of Object.keys(v)) check2(`${path}.${k}`, item, v[k]);
    return;
  }
  switch (shape) {
    case "unknown":
      return;
    case "string":
      if (typeof v !== "string") throw invalid9(path, describe2(shape));
      return;
    case "boolean":
      if (typeof v !== "boolean") throw invalid9(path, describe2(shape));
      return;
    case "int":
      if (typeof v !== "number" || !Number.isSafeInteger(v)) throw invalid9(path, describe2(shape));
      return;
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) throw invalid9(path, describe2(shape));
      return;
  }
  const members = OBJECT_SHAPES[shape];
  if (!members) return;
  if (!isObject2(v)) throw invalid9(path, describe2(shape));
  checkMembers(`${path}.`, members, v);
}
function checkMembers(prefix, members, p) {
  for (const [name, shape] of Object.entries(members)) {
    if (!Object.prototype.hasOwnProperty.call(p, name)) continue;
    const v = p[name];
    if (v === void 0 || v === null) continue;
    check2(prefix + name, shape, v);
  }
}
function checkParamShapes(method, params) {
  checkMembers("", PARAM_SHAPES[method], params);
}

// src/background/router.ts
var Router = class {
  constructor(table2, observers = [], pageOf) {
    this.table = table2;
    this.observers = observers;
    this.pageOf = pageOf;
  }
  table;
  observers;
  pageOf;
  /** A parsed frame in, the response out; undefined when none is owed. */
  async dispatch(msg) {
    if (typeof msg !== "object" || msg === null || Array.isArray(msg)) return void 0;
    const m = msg;
    if (typeof m.type === "string" && m.id === void 0) return void 0;
    if (m.id === void 0) return void 0;
    const id = typeof m.id === "number" || typeof m.id === "string" ? m.id : null;
    if (id === null || m.jsonrpc !== "2.0" || typeof m.method !== "string") {
      return errorResponse(id, ErrorCode.invalidRequest, "invalid request");
    }
    const method = m.method;
    const handler = isMethod(method) ? this.table[method] : void 0;
    if (!handler) return errorResponse(id, ErrorCode.methodNotFound, `method not found: ${method}`);
    const params = m.params === void 0 || m.params === null ? {} : m.params;
    if (typeof params !== "object" || Array.isArray(params)) {
      return errorResponse(id, ErrorCode.invalidParams, "invalid params: params must be an object");
    }
    try {
      checkParamShapes(method, params);
    } catch (e) {
      const { code, message, reason } = toRpcError(e);
      return errorResponse(id, code, message, reason);
    }
    const ctx = beginCall(params, takeCaller(params));
    for (const o of this.observers) o.started?.(method, params, ctx);
    const timing = callStarted(id, method, params);
    try {
      const sid = params["sessionId"];
      const result3 = await runUnlessStopped(method, typeof sid === "string" ? sid : "", () => handler(params));
      for (const o of this.observers) o.ended?.(method, params, ctx, { result: result3 });
      return this.withPage({ jsonrpc: "2.0", id, result: result3 === void 0 ? null : result3 }, ctx);
    } catch (e) {
      const { code, message, reason } = toRpcError(e);
      for (const o of this.observers) o.ended?.(method, params, ctx, { error: { code, reason } });
      return this.withPage(errorResponse(id, code, message, reason), ctx);
    } finally {
      callEnded(timing);
    }
  }
  /** The answer with the page the call acted on beside it, when it had one. */
  withPage(r, ctx) {
    const page = this.pageOf?.(ctx);
    return page ? { ...r, page } : r;
  }
};
function errorResponse(id, code, message, reason) {
  return { jsonrpc: "2.0", id, error: { code, message, data: { reason: reason ?? defaultReason(code, message) } } };
}
var TAB_GONE = /No tab with id|Tab not found|No current window|tab was closed/i;
var CDP_FAILURE = /debugger|Cannot access|Cannot attach|Target closed|Detached while handling command|^\{"code":-?\d+|Inspected target navigated or closed|No node with given id|Could not find node/i;
function toRpcError(e) {
  if (e instanceof RpcError) return { code: e.code, message: e.message, reason: e.reason };
  const message = e instanceof Error ? e.message : typeof e === "string" ? e : "unknown error";
  if (TAB_GONE.test(message)) return { code: ErrorCode.tabNotFound, message, reason: "tab_closed" };
  if (CDP_FAILURE.test(message)) return { code: ErrorCode.pageOperationFailed, message, reason: "browser_error" };
  const m = message || "operation failed";
  return { code: ErrorCode.operationFailed, message: m, reason: defaultReason(ErrorCode.operationFailed, m) };
}

// src/background/sessions/session-joins.ts
function watchJoins(store3, joinTab2, mayJoin) {
  const join = (tabId, groupId) => {
    if (tabId === void 0 || groupId === void 0 || groupId < 0) return;
    void store3.ready().then(async () => {
      const s = store3.byGroup(groupId);
      if (!s) return;
      await joinTab2(tabId, s.sessionId);
      if (mayJoin) await keepOutIfFenced(tabId, s.sessionId, mayJoin);
    });
  };
  const onCreated = (t) => {
    join(t.id, t.groupId);
    if (t.openerTabId !== void 0 && t.groupId !== void 0 && t.groupId >= 0) {
      void store3.ready().then(() => {
        const s = store3.byGroup(t.groupId);
        if (s) emitEvent("popup_opened", s.sessionId, { tabId: t.id, url: t.pendingUrl ?? t.url ?? "" });
      });
    }
  };
  const onUpdated = (tabId, info) => {
    if (info.groupId !== void 0) join(tabId, info.groupId);
  };
  chrome.tabs.onCreated.addListener(onCreated);
  chrome.tabs.onUpdated.addListener(onUpdated);
  return () => {
    chrome.tabs.onCreated.removeListener(onCreated);
    chrome.tabs.onUpdated.removeListener(onUpdated);
  };
}
async function keepOutIfFenced(tabId, sessionId, mayJoin) {
  const t = await chrome.tabs.get(tabId).catch(() => void 0);
  if (!t) return;
  for (const url of [t.url, t.pendingUrl]) {
    if (!url || await mayJoin(sessionId, url)) continue;
    await chrome.tabs.ungroup(tabId).catch(() => void 0);
    emitEvent("tab_kept_out", sessionId, { tabId, url, text: "outside the origins this session may reach" });
    return;
  }
}
async function rejoinAll(store3, joinTab2) {
  await store3.ready();
  for (const s of store3.list()) {
    const tabs6 = await groupTabs(s).catch(() => []);
    await Promise.all(tabs6.map((t) => t.id === void 0 ? void 0 : joinTab2(t.id, s.sessionId)));
  }
}

// src/background/connection/backoff.ts
var BACKOFF_BASE_MS = 1e3;
var BACKOFF_MAX_MS = 3e4;
var Backoff = class {
  constructor(baseMs = BACKOFF_BASE_MS, maxMs = BACKOFF_MAX_MS) {
    this.baseMs = baseMs;
    this.maxMs = maxMs;
  }
  baseMs;
  maxMs;
  attempt = 0;
  /** The delay before the next reconnect; each call doubles the one after. */
  next() {
    const delay = Math.min(this.maxMs, this.baseMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    return delay;
  }
  /** Back to the base delay, after a successful auth_ok. */
  reset() {
    this.attempt = 0;
  }
};

// src/background/connection/ws-client.ts
var PING_INTERVAL_MS = 2e4;
var CLOSE_UNAUTHORIZED = 4001;
var CLOSE_REPLACED = 1e3;
var REPLACED_REASON_PREFIX = "replaced";
var REPLACED_POLL_MS = 15e3;
var TAKEOVER_AFTER_MS = 6e4;
var OPEN = 1;
var realTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h),
  now: () => Date.now()
};
function statusURL(server) {
  const u = new URL(server);
  u.protocol = u.protocol === "wss:" ? "https:" : "http:";
  u.pathname = "/status";
  u.search = "";
  u.hash = "";
  return u.toString();
}
var WsClient = class {
  constructor(deps) {
    this.deps = deps;
    this.timers = deps.timers ?? realTimers;
  }
  deps;
  timers;
  backoff = new Backoff();
  socket;
  pingTimer;
  retryTimer;
  retryAt = 0;
  pollTimer;
  pollAt = 0;
  /** When the hub was first seen without a browser while replaced. */
  hubIdleSince;
  running = false;
  /** Bumped on every connect and stop, so late events of an old socket are dropped. */
  generation = 0;
  state = "stopped";
  server = "";
  lastError = "";
  since = 0;
  hubVersion;
  browser;
  certSpki;
  /** Starts connecting unless already running. Safe to call any number of times. */
  start() {
    if (this.running) return;
    this.running = true;
    const flag = this.deps.replacedFlag;
    if (!flag) {
      void this.connect();
      return;
    }
    const gen = ++this.generation;
    this.state = "connecting";
    flag.load().then(
      (replaced) => {
        if (gen !== this.generation || !this.running) return;
        if (replaced) this.enterReplaced("replaced by a newer connection of this browser before this worker restarted");
        else void this.connect();
      },
      () => {
        if (gen === this.generation && this.running) void this.connect();
      }
    );
  }
  /** Closes the socket and cancels every timer. Idempotent. */
  stop() {
    this.running = false;
    this.generation++;
    this.clearTimers();
    const s = this.socket;
    this.socket = void 0;
    if (s) {
      detach2(s);
      try {
        s.close(1e3, "stopped");
      } catch {
      }
    }
    this.state = "stopped";
  }
  /**
   * stop() + connect with a fresh backoff: config changed, or the popup
   * asked. A user's restart takes the hub back even when replaced.
   */
  restart() {
    this.stop();
    this.backoff.reset();
    this.lastError = "";
    void this.deps.replacedFlag?.save(false);
    this.running = true;
    void this.connect();
  }
  /**
   * Called by the keepalive alarm: start if not running; if a retry is
   * overdue (its timer died with a suspended worker), connect now.
   */
  ensure() {
    if (!this.running) {
      this.start();
      return;
    }
    if (this.retryTimer !== void 0 && this.timers.now() > this.retryAt + 1e3) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = void 0;
      void this.connect();
    }
    if (this.pollTimer !== void 0 && this.timers.now() > this.pollAt + 1e3) {
      this.timers.clearTimeout(this.pollTimer);
      this.pollTimer = void 0;
      void this.pollHub();
    }
  }
  status() {
    const st = {
      connected: this.isConnected(),
      server: this.server,
      state: this.state,
      lastError: this.lastError,
      protocolVersion: PROTOCOL_VERSION
    };
    if (this.since > 0) st.since = this.since;
    if (this.hubVersion !== void 0) st.hubVersion = this.hubVersion;
    if (this.browser !== void 0) st.browser = this.browser;
    if (this.certSpki !== void 0) st.certSpki = this.certSpki;
    if (this.retryTimer !== void 0) {
      st.retryInMs = Math.max(0, this.retryAt - this.timers.now());
      st.retryAt = this.retryAt;
    }
    return st;
  }
  isConnected() {
    return this.state === "connected" && this.socket !== void 0 && this.socket.readyState === OPEN;
  }
  async connect() {
    const gen = ++this.generation;
    this.state = "connecting";
    let cfg;
    try {
      cfg = await this.deps.loadConfig();
    } catch (e) {
      if (gen !== this.generation) return;
      this.fail(`config: ${errorText(e)}`, "disconnected");
      return;
    }
    if (gen !== this.generation || !this.running) return;
    this.server = cfg.server;
    this.browser = cfg.browser;
    this.certSpki = cfg.certSpki;
    let s;
    try {
      s = this.deps.createSocket(cfg.server);
    } catch (e) {
      this.fail(`connect ${cfg.server}: ${errorText(e)}`, "disconnected");
      return;
    }
    this.socket = s;
    const seed = cfg.handshake === "seed";
    this.proving = seed ? void 0 : { nonce: newNonce(), port: portOf(cfg.server), key: cfg.token, answered: false };
    s.onopen = () => {
      if (gen !== this.generation) return;
      this.state = "authenticating";
      if (seed) this.send(s, { type: "auth", token: cfg.token });
      else if (cfg.browser) this.send(s, { type: "auth", nonce: this.proving.nonce, browser: cfg.browser });
      else this.send(s, { type: "auth", nonce: this.proving.nonce });
    };
    s.onmessage = (ev) => {
      if (gen !== this.generation) return;
      this.onMessage(s, ev.data, gen);
    };
    s.onerror = () => {
      if (gen !== this.generation) return;
      this.lastError = `cannot reach ${cfg.server}`;
    };
    s.onclose = (ev) => {
      if (gen !== this.generation) return;
      detach2(s);
      this.socket = void 0;
      if (ev.code === CLOSE_UNAUTHORIZED) {
        this.fail(`unauthorized: ${ev.reason || "token refused"} (4001)`, "unauthorized");
      } else if (ev.code === CLOSE_REPLACED && (ev.reason ?? "").startsWith(REPLACED_REASON_PREFIX)) {
        this.enterReplaced(`${ev.reason}: a newer connection of this browser took its place on the hub`);
      } else {
        const why2 = this.state === "connecting" ? this.lastError || `cannot reach ${cfg.server}` : `closed (${ev.code}${ev.reason ? " " + ev.reason : ""})`;
        this.fail(why2, "disconnected");
      }
    };
  }
  /** The mutual proof under way on the current socket (proof mode). */
  proving;
  /**
   * The hub's auth_challenge: answer with our proof only when the hub's
   * checks; otherwise the program on the port is not our hub, and it gets
   * nothing.
   */
  async onChallenge(s, m, gen) {
    const p = this.proving;
    if (!p || p.answered || !validNonce(m.nonce) || typeof m.proof !== "string") {
      this.refuseHub(s, "its challenge is malformed");
      return;
    }
    const want = await proof(p.key, PROOF_HUB_WS, p.nonce, m.nonce, p.port);
    if (gen !== this.generation || s !== this.socket) return;
    if (!sameProof(want, m.proof)) {
      this.refuseHub(s, "its proof does not check: it does not hold this extension's key");
      return;
    }
    p.answered = true;
    this.send(s, { type: "auth", proof: await proof(p.key, PROOF_EXTENSION, p.nonce, m.nonce, p.port) });
  }
  /** Closes a socket whose hub failed to prove itself; retried with backoff. */
  refuseHub(s, why2) {
    detach2(s);
    this.socket = void 0;
    try {
      s.close(1e3, "the hub did not prove itself");
    } catch {
    }
    this.fail(`the hub at ${this.server} failed to prove itself (${why2}); nothing was sent to it`, "unauthorized");
  }
  onMessage(s, data, gen = this.generation) {
    if (typeof data !== "string") return;
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof msg !== "object" || msg === null || Array.isArray(msg)) return;
    const m = msg;
    if (typeof m.type === "string" && m.id === void 0) {
      if (m.type === "auth_challenge") {
        void this.onChallenge(s, m, gen);
        return;
      }
      if (m.type === "auth_ok" && this.proving && !this.proving.answered) {
        this.refuseHub(s, "it answered auth_ok without a proof");
        return;
      }
      this.onControl(s, m);
      return;
    }
    if (this.state !== "connected") return;
    void this.deps.onRequest(m).then(
      (resp) => {
        if (resp !== void 0 && s === this.socket) this.send(s, resp);
      },
      (e) => this.deps.log?.("request handler failed", e)
    );
  }
  onControl(s, m) {
    switch (m.type) {
      case "auth_ok":
        this.state = "connected";
        this.since = this.timers.now();
        if (typeof m.version === "number") this.hubVersion = m.version;
        this.lastError = "";
        this.backoff.reset();
        if (typeof m.version === "number" && m.version !== PROTOCOL_VERSION) {
          this.deps.log?.(`hub speaks protocol version ${m.version}, extension ${PROTOCOL_VERSION}`);
        }
        this.startPing(s);
        return;
      case "pong":
      default:
        return;
    }
  }
  startPing(s) {
    this.stopPing();
    this.pingTimer = this.timers.setInterval(() => {
      if (s === this.socket && this.state === "connected") this.send(s, { type: "ping" });
    }, PING_INTERVAL_MS);
  }
  stopPing() {
    if (this.pingTimer !== void 0) this.timers.clearInterval(this.pingTimer);
    this.pingTimer = void 0;
  }
  send(s, frame) {
    if (s.readyState !== OPEN) return;
    try {
      s.send(JSON.stringify(frame));
    } catch (e) {
      this.deps.log?.("send failed", e);
    }
  }
  fail(why2, state2) {
    this.stopPing();
    this.lastError = why2;
    if (this.state === "connected" || this.since === 0) this.since = this.timers.now();
    this.state = state2;
    if (!this.running) return;
    this.scheduleRetry();
  }
  /** Replaced: no reconnect; ask the hub now and then whether it has a browser. */
  enterReplaced(why2) {
    this.stopPing();
    this.lastError = `${why2}; Reconnect takes it back`;
    this.state = "replaced";
    this.hubIdleSince = void 0;
    void this.deps.replacedFlag?.save(true);
    if (this.running) this.schedulePoll();
  }
  schedulePoll() {
    if (!this.deps.hubHasBrowser) return;
    if (this.pollTimer !== void 0) this.timers.clearTimeout(this.pollTimer);
    this.pollAt = this.timers.now() + REPLACED_POLL_MS;
    this.pollTimer = this.timers.setTimeout(() => {
      this.pollTimer = void 0;
      void this.pollHub();
    }, REPLACED_POLL_MS);
  }
  /** One look at the hub while replaced; takes it back after TAKEOVER_AFTER_MS without a browser. */
  async pollHub() {
    const gen = this.generation;
    const ask = this.deps.hubHasBrowser;
    if (!ask || this.state !== "replaced") return;
    let hasBrowser;
    try {
      const cfg = await this.deps.loadConfig();
      hasBrowser = await ask(cfg.server, cfg.token, cfg.handshake ?? "proof", cfg.browser?.id);
    } catch {
      hasBrowser = void 0;
    }
    if (gen !== this.generation || !this.running || this.state !== "replaced") return;
    const now = this.timers.now();
    if (hasBrowser !== false) {
      this.hubIdleSince = void 0;
    } else if (this.hubIdleSince === void 0) {
      this.hubIdleSince = now;
    } else if (now - this.hubIdleSince >= TAKEOVER_AFTER_MS) {
      this.hubIdleSince = void 0;
      void this.deps.replacedFlag?.save(false);
      this.backoff.reset();
      void this.connect();
      return;
    }
    this.schedulePoll();
  }
  scheduleRetry() {
    if (this.retryTimer !== void 0) this.timers.clearTimeout(this.retryTimer);
    const delay = this.backoff.next();
    this.retryAt = this.timers.now() + delay;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = void 0;
      if (this.running) void this.connect();
    }, delay);
  }
  clearTimers() {
    this.stopPing();
    if (this.retryTimer !== void 0) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = void 0;
    if (this.pollTimer !== void 0) this.timers.clearTimeout(this.pollTimer);
    this.pollTimer = void 0;
  }
};
function detach2(s) {
  s.onopen = null;
  s.onmessage = null;
  s.onclose = null;
  s.onerror = null;
}
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

// src/background/background.ts
var REPLACED_KEY = "browserctl.replaced";
var store2 = new SessionStore();
store2.watch();
watchJoins(store2, joinTab, mayJoinFenced);
void rejoinAll(store2, joinTab).catch(() => void 0);
onSessionRemoved((sessionId, gone) => {
  if (gone) emitEvent("session_gone", sessionId);
  void forgetPolicy(sessionId);
  forgetCalls(sessionId);
  if (gone) void forgetStopped(sessionId);
});
async function needsDebugger(sessionId) {
  return await isFenced(sessionId) || recordingNow(sessionId) || tracingNow(sessionId) || harRecording(sessionId);
}
var router2 = new Router(
  handlerTable(store2),
  [callRecorder, idleDetacher({ store: store2, attach: (tabId) => attachNow(tabId, 3e3), detach: releaseTab, isAttached, mustStay: needsDebugger })],
  // beside a page call's answer, its tab's URL: the hub's journal names the page by it
  (ctx) => {
    const url = lastURL(ctx.tabId);
    return ctx.tabId !== void 0 && url ? { tabId: ctx.tabId, url } : void 0;
  }
);
var client = new WsClient({
  createSocket: (url) => new WebSocket(url),
  loadConfig,
  onRequest: (msg) => router2.dispatch(msg),
  // While replaced: does the hub have this browser connected? (GET /status)
  // With the proof (our hub), GET /hello first: the key goes only to a hub
  // that proved it holds it.
  hubHasBrowser: async (server, token, handshake, browserId) => {
    if (handshake === "proof") {
      const cn = newNonce();
      const hello = new URL(statusURL(server));
      hello.pathname = "/hello";
      hello.search = `?nonce=${cn}&for=extension`;
      const h = await (await fetch(hello, { cache: "no-store" })).json();
      if (!validNonce(h.nonce) || typeof h.proof !== "string" || !sameProof(await proof(token, PROOF_HUB_CONTROL, cn, h.nonce, portOf(server)), h.proof)) {
        throw new Error("the hub did not prove it holds this extension's key");
      }
    }
    const r = await fetch(statusURL(server), { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    if (!r.ok) throw new Error(`GET /status: ${r.status}`);
    const st = await r.json();
    if (browserId !== void 0 && Array.isArray(st.browsers)) {
      return st.browsers.some((b) => typeof b === "object" && b !== null && b.id === browserId);
    }
    return st.connected === true;
  },
  replacedFlag: {
    load: async () => (await chrome.storage.session.get(REPLACED_KEY))[REPLACED_KEY] === true,
    save: (replaced) => chrome.storage.session.set({ [REPLACED_KEY]: replaced })
  },
  log: (...args) => console.warn("[browserctl]", ...args)
});
wireLifecycle(client);
wirePopupApi(router2);
wireHandoffPopup();
wireRecordingPopup();
wirePersonPopup();
client.start();
