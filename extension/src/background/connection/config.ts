// Where the extension connects, and with which token. Precedence, per field:
// chrome.storage.local (set by the popup), else config.json beside the
// manifest (written by `browserctl extension install`), else the default.
// Who this browser is comes from identity.ts.

import { loadIdentity, type BrowserIdentity, type FileIdentity } from "./identity";

export const DEFAULT_SERVER = "ws://127.0.0.1:9223/ws/browser";
export const CONFIG_FILE = "config.json";
/** chrome.storage.local keys the popup writes. */
export const STORAGE_KEYS = { server: "server", token: "token" } as const;

export interface Config {
  server: string;
  token: string;
  /** "proof" (default: our hub, the key never sent) or "seed" (a hub that follows the seed's auth frame). */
  handshake: "proof" | "seed";
  /** Where each field came from, for the popup. */
  source: { server: ConfigSource; token: ConfigSource };
  /** Who this browser is (the auth frame's "browser"); absent in tests that do not care. */
  browser?: BrowserIdentity;
  /** A wss:// hub's certificate key hash (config.json): Chromium must trust it; the popup shows it. */
  certSpki?: string;
}

export type ConfigSource = "storage" | "file" | "default";

export interface FileConfig extends FileIdentity {
  server?: string;
  token?: string;
  handshake?: string;
  certSpki?: string;
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** Merges the two layers; pure, for tests. */
export function mergeConfig(stored: Record<string, unknown>, file: FileConfig | undefined): Config {
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
      token: sToken ? "storage" : fToken ? "file" : "default",
    },
  };
}

/** config.json, or undefined when it is absent or unreadable. */
export async function readFileConfig(): Promise<FileConfig | undefined> {
  try {
    const res = await fetch(chrome.runtime.getURL(CONFIG_FILE), { cache: "no-store" });
    if (!res.ok) return undefined;
    const body: unknown = await res.json();
    if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
    const o = body as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" ? v : undefined);
    return {
      server: str(o.server),
      token: str(o.token),
      handshake: str(o.handshake),
      browserId: str(o.browserId),
      name: str(o.name),
      profile: str(o.profile),
      certSpki: str(o.certSpki),
    };
  } catch {
    return undefined; // absent: fine
  }
}

export async function loadConfig(): Promise<Config> {
  const stored = await chrome.storage.local.get([STORAGE_KEYS.server, STORAGE_KEYS.token, "handshake"]);
  const file = await readFileConfig();
  const cfg: Config = { ...mergeConfig(stored, file), browser: await loadIdentity(file) };
  if (file?.certSpki) cfg.certSpki = file.certSpki;
  return cfg;
}
