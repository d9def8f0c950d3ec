// The popup's words for the connection state: pure, so tests check every
// state without a browser.

import type { Status } from "../background/connection/ws-client";

export type Tone = "ok" | "wait" | "bad";

export interface StatusText {
  /** One sentence: what is happening, and with which hub. */
  headline: string;
  /** The next retry, the last error, ...: "" when there is nothing to add. */
  detail: string;
  /** "Protocol 1 (hub 1)", or a mismatch in words. */
  protocol: string;
  tone: Tone;
}

/** hh:mm:ss in the browser's time zone. */
export function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function retryText(st: Status, now: number): string {
  if (st.retryAt === undefined) return "";
  const secs = Math.max(0, Math.ceil((st.retryAt - now) / 1000));
  return `Next try at ${clock(st.retryAt)} (in ${secs} s).`;
}

export function describeStatus(st: Status | undefined, now: number): StatusText {
  if (!st) {
    return { headline: "The extension's service worker is not answering.", detail: "", protocol: "", tone: "bad" };
  }
  const hub = st.server || "the hub";
  const protocol =
    st.hubVersion === undefined
      ? `Protocol ${st.protocolVersion}`
      : st.hubVersion === st.protocolVersion
        ? `Protocol ${st.protocolVersion} (hub ${st.hubVersion})`
        : `Protocol mismatch: extension ${st.protocolVersion}, hub ${st.hubVersion}`;
  const since = st.since !== undefined ? ` since ${clock(st.since)}` : "";
  const retry = retryText(st, now);
  switch (st.state) {
    case "connected":
      return { headline: `Connected to ${hub}${since}.`, detail: "", protocol, tone: "ok" };
    case "connecting":
      return { headline: `Connecting to ${hub}…`, detail: "", protocol, tone: "wait" };
    case "authenticating":
      return { headline: `Connecting to ${hub}: proving the key…`, detail: "", protocol, tone: "wait" };
    case "unauthorized":
      if (st.lastError.includes("failed to prove itself")) {
        return {
          headline: `Refused: ${hub} failed to prove itself.`,
          detail: `It does not hold this extension's key, so nothing was sent to it: another program on the port, or a wrong key here (paste the output of \`browserctl token --extension\` below). ${retry}`.trim(),
          protocol,
          tone: "bad",
        };
      }
      return {
        headline: `Refused: wrong token for ${hub}.`,
        detail: `Paste the output of \`browserctl token --extension\` below. ${retry}`.trim(),
        protocol,
        tone: "bad",
      };
    case "disconnected": {
      const unreachable = st.lastError.startsWith("cannot reach") || st.lastError.startsWith("connect ");
      const headline = unreachable ? `No hub at ${hub}.` : `Disconnected from ${hub}${since}.`;
      let hint = unreachable ? "Start one with `browserctl serve` (any browserctl command starts one)." : st.lastError;
      if (unreachable && st.server.startsWith("wss:")) {
        // Chrome refuses a certificate it does not trust and tells the extension only that it failed
        hint =
          "Is it served there (`browserctl serve --allow-remote`)? Chromium must also trust its certificate: start it with " +
          `--ignore-certificate-errors-spki-list=${st.certSpki ?? "HASH"} (the hash \`extension install --server wss://...\` wrote), ` +
          "or give the hub a certificate its CA signed. The extension cannot check a certificate itself.";
      }
      return { headline, detail: `${hint} ${retry}`.trim(), protocol, tone: "bad" };
    }
    case "stopped":
      return { headline: "Not connecting (stopped).", detail: "Press Reconnect to connect.", protocol, tone: "wait" };
    case "replaced":
      return {
        headline: `Replaced: a newer connection of this browser took its place on ${hub}.`,
        detail: "This one stays off until you press Reconnect, or until the hub has had no connection of this browser for a minute.",
        protocol,
        tone: "wait",
      };
    default: {
      // a state this popup does not know yet: say what the worker says
      const s: string = st.state;
      return { headline: `${s}: ${hub}.`, detail: `${st.lastError} ${retry}`.trim(), protocol, tone: "wait" };
    }
  }
}
