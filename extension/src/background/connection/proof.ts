// The extension's half of the mutual proof (the hub's is rpc/proof.go): an
// HMAC-SHA256 keyed with the SHA-256 of the extension key, over the role of
// the side that proves, both sides' nonces and the hub's port, each part
// followed by a zero byte. The hub proves first; the extension answers only
// a proof that checks, so a program on the hub's port that does not hold
// the key learns nothing it can use.

export const PROOF_HUB_WS = "browserctl hub, /ws/browser";
export const PROOF_HUB_CONTROL = "browserctl hub, control API";
export const PROOF_EXTENSION = "browserctl extension";

const enc = new TextEncoder();

function hex(b: ArrayBuffer): string {
  return [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** 128 fresh random bits in hex. */
export function newNonce(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return hex(b.buffer);
}

export function validNonce(s: unknown): s is string {
  return typeof s === "string" && /^[0-9a-f]{32,64}$/i.test(s) && s.length % 2 === 0;
}

/** The proof of `role` over the nonces and port, in hex. */
export async function proof(secret: string, role: string, clientNonce: string, serverNonce: string, port: string): Promise<string> {
  const keyBytes = await crypto.subtle.digest("SHA-256", enc.encode(secret));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const parts: number[] = [];
  for (const p of [role, clientNonce, serverNonce, port]) {
    parts.push(...enc.encode(p), 0);
  }
  return hex(await crypto.subtle.sign("HMAC", key, new Uint8Array(parts)));
}

/** Compares two proofs without stopping at the first difference. */
export function sameProof(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

/** The port of a ws:// or http:// URL, its scheme's default when it names none. */
export function portOf(url: string): string {
  const u = new URL(url);
  return u.port || (u.protocol === "wss:" || u.protocol === "https:" ? "443" : "80");
}
