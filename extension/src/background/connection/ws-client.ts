// The WebSocket client of spec section 8: auth frame first, a 20 s ping
// after auth_ok only, reconnect with backoff (1 s doubling to 30 s, reset on
// auth_ok), a 4001 close retried like any other but shown as "unauthorized".
// The first auth frame of the proof names this browser (identity.ts: the
// optional "browser" member), so a hub with several browsers keeps each in
// its own slot; the seed handshake sends exactly the seed's frame.
// Replaced by a newer connection of the same browser (last-wins per
// browser, spec section 7: the hub closes with 1000 and a reason starting
// "replaced"; a copied profile, a second worker), it does not reconnect by
// itself, so the two do not take turns: it waits until its user asks (the
// popup's Reconnect) or the hub has had no connection of this browser for
// TAKEOVER_AFTER_MS, which it learns from the hub's GET /status.
// Chrome wiring (alarms, storage, popup messages) lives in lifecycle.ts; this
// file only needs a socket factory, a config loader and timers, so tests can
// drive it with fakes.

import { Backoff } from "./backoff";
import type { BrowserIdentity } from "./identity";
import { newNonce, portOf, proof, PROOF_EXTENSION, PROOF_HUB_WS, sameProof, validNonce } from "./proof";
import { PROTOCOL_VERSION } from "../protocol.gen";

export const PING_INTERVAL_MS = 20_000;
export const CLOSE_UNAUTHORIZED = 4001;
/** The hub closes a replaced connection with 1000 and a reason starting so. */
export const CLOSE_REPLACED = 1000;
export const REPLACED_REASON_PREFIX = "replaced";
/** How often a replaced client asks the hub whether a browser is connected. */
export const REPLACED_POLL_MS = 15_000;
/**
 * How long the hub must have had no browser before a replaced client takes
 * the hub back by itself: twice the longest reconnect backoff (30 s), so a
 * browser that is only restarting its service worker or retrying always gets
 * back first, and a replaced one takes over only from a browser that is gone.
 */
export const TAKEOVER_AFTER_MS = 60_000;

/** What the client needs of a WebSocket (the browser's satisfies it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

const OPEN = 1; // WebSocket.OPEN, without needing the global in tests

export type ConnectionState =
  | "stopped" // not started, or stop() called
  | "connecting" // socket being opened
  | "authenticating" // open, auth sent, waiting for auth_ok
  | "connected" // auth_ok received
  | "unauthorized" // closed with 4001; retrying with backoff
  | "replaced" // a newer connection of this browser took its slot; waiting for Reconnect or a hub without it
  | "disconnected"; // closed otherwise; retrying with backoff

export interface Status {
  /** WS open and auth_ok received. */
  connected: boolean;
  server: string;
  state: ConnectionState;
  lastError: string;
  /** Milliseconds until the next reconnect attempt, when one is scheduled. */
  retryInMs?: number;
  /** Epoch ms of the next reconnect attempt, when one is scheduled (the popup shows the time). */
  retryAt?: number;
  /** Epoch ms since when the state holds: connected since, or failing since. */
  since?: number;
  /** The extension's protocol version (PROTOCOL_VERSION). */
  protocolVersion: number;
  /** The version the hub announced in its last auth_ok. */
  hubVersion?: number;
  /** Who this browser told the hub it is (its last connection). */
  browser?: BrowserIdentity;
  /** A wss:// hub's certificate key hash, from config.json (Chromium checks the certificate, not the extension). */
  certSpki?: string;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

/**
 * How the extension authenticates: "proof" (our hub: the mutual proof, the
 * key never sent) or "seed" (a hub that follows the seed's
 * {"type":"auth","token"}: the key is sent, so only to a hub you trust).
 */
export type Handshake = "proof" | "seed";

export interface WsClientDeps {
  createSocket(url: string): SocketLike;
  loadConfig(): Promise<{ server: string; token: string; handshake?: Handshake; browser?: BrowserIdentity; certSpki?: string }>;
  /** A JSON-RPC frame from the hub; resolves to the response to send, if any. */
  onRequest(msg: Record<string, unknown>): Promise<unknown>;
  /**
   * GET /status of the hub at server (the ws:// URL); resolves to whether
   * this browser (browserId; any browser when undefined) is connected,
   * rejects when the hub cannot be asked. Without it a replaced client
   * waits for Reconnect only.
   */
  hubHasBrowser?(server: string, token: string, handshake: Handshake, browserId?: string): Promise<boolean>;
  /** Keeps "replaced" across service worker restarts (chrome.storage.session). */
  replacedFlag?: { load(): Promise<boolean>; save(replaced: boolean): Promise<void> };
  timers?: Timers;
  log?: (...args: unknown[]) => void;
}

/** The hub's GET /status URL for its /ws/browser URL. */
export function statusURL(server: string): string {
  const u = new URL(server);
  u.protocol = u.protocol === "wss:" ? "https:" : "http:";
  u.pathname = "/status";
  u.search = "";
  u.hash = "";
  return u.toString();
}

export class WsClient {
  private readonly timers: Timers;
  private readonly backoff = new Backoff();
  private socket: SocketLike | undefined;
  private pingTimer: unknown;
  private retryTimer: unknown;
  private retryAt = 0;
  private pollTimer: unknown;
  private pollAt = 0;
  /** When the hub was first seen without a browser while replaced. */
  private hubIdleSince: number | undefined;
  private running = false;
  /** Bumped on every connect and stop, so late events of an old socket are dropped. */
  private generation = 0;
  private state: ConnectionState = "stopped";
  private server = "";
  private lastError = "";
  private since = 0;
  private hubVersion: number | undefined;
  private browser: BrowserIdentity | undefined;
  private certSpki: string | undefined;

  constructor(private readonly deps: WsClientDeps) {
    this.timers = deps.timers ?? realTimers;
  }

  /** Starts connecting unless already running. Safe to call any number of times. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const flag = this.deps.replacedFlag;
    if (!flag) {
      void this.connect();
      return;
    }
    // A worker restarted after being replaced stays replaced.
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
      },
    );
  }

  /** Closes the socket and cancels every timer. Idempotent. */
  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimers();
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      detach(s);
      try {
        s.close(1000, "stopped");
      } catch {
        // already closed
      }
    }
    this.state = "stopped";
  }

  /**
   * stop() + connect with a fresh backoff: config changed, or the popup
   * asked. A user's restart takes the hub back even when replaced.
   */
  restart(): void {
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
  ensure(): void {
    if (!this.running) {
      this.start();
      return;
    }
    if (this.retryTimer !== undefined && this.timers.now() > this.retryAt + 1_000) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      void this.connect();
    }
    if (this.pollTimer !== undefined && this.timers.now() > this.pollAt + 1_000) {
      this.timers.clearTimeout(this.pollTimer);
      this.pollTimer = undefined;
      void this.pollHub();
    }
  }

  status(): Status {
    const st: Status = {
      connected: this.isConnected(),
      server: this.server,
      state: this.state,
      lastError: this.lastError,
      protocolVersion: PROTOCOL_VERSION,
    };
    if (this.since > 0) st.since = this.since;
    if (this.hubVersion !== undefined) st.hubVersion = this.hubVersion;
    if (this.browser !== undefined) st.browser = this.browser;
    if (this.certSpki !== undefined) st.certSpki = this.certSpki;
    if (this.retryTimer !== undefined) {
      st.retryInMs = Math.max(0, this.retryAt - this.timers.now());
      st.retryAt = this.retryAt;
    }
    return st;
  }

  isConnected(): boolean {
    return this.state === "connected" && this.socket !== undefined && this.socket.readyState === OPEN;
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    this.state = "connecting";
    let cfg: { server: string; token: string; handshake?: Handshake; browser?: BrowserIdentity; certSpki?: string };
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
    let s: SocketLike;
    try {
      s = this.deps.createSocket(cfg.server);
    } catch (e) {
      this.fail(`connect ${cfg.server}: ${errorText(e)}`, "disconnected");
      return;
    }
    this.socket = s;
    const seed = cfg.handshake === "seed";
    this.proving = seed ? undefined : { nonce: newNonce(), port: portOf(cfg.server), key: cfg.token, answered: false };
    s.onopen = () => {
      if (gen !== this.generation) return;
      this.state = "authenticating";
      if (seed) this.send(s, { type: "auth", token: cfg.token });
      else if (cfg.browser) this.send(s, { type: "auth", nonce: this.proving!.nonce, browser: cfg.browser });
      else this.send(s, { type: "auth", nonce: this.proving!.nonce });
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
      detach(s);
      this.socket = undefined;
      if (ev.code === CLOSE_UNAUTHORIZED) {
        this.fail(`unauthorized: ${ev.reason || "token refused"} (4001)`, "unauthorized");
      } else if (ev.code === CLOSE_REPLACED && (ev.reason ?? "").startsWith(REPLACED_REASON_PREFIX)) {
        this.enterReplaced(`${ev.reason}: a newer connection of this browser took its place on the hub`);
      } else {
        const why = this.state === "connecting" ? this.lastError || `cannot reach ${cfg.server}` : `closed (${ev.code}${ev.reason ? " " + ev.reason : ""})`;
        this.fail(why, "disconnected");
      }
    };
  }

  /** The mutual proof under way on the current socket (proof mode). */
  private proving: { nonce: string; port: string; key: string; answered: boolean } | undefined;

  /**
   * The hub's auth_challenge: answer with our proof only when the hub's
   * checks; otherwise the program on the port is not our hub, and it gets
   * nothing.
   */
  private async onChallenge(s: SocketLike, m: Record<string, unknown>, gen: number): Promise<void> {
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
  private refuseHub(s: SocketLike, why: string): void {
    detach(s);
    this.socket = undefined;
    try {
      s.close(1000, "the hub did not prove itself");
    } catch {
      // already closed
    }
    this.fail(`the hub at ${this.server} failed to prove itself (${why}); nothing was sent to it`, "unauthorized");
  }

  private onMessage(s: SocketLike, data: unknown, gen = this.generation): void {
    if (typeof data !== "string") return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return; // not JSON: ignored
    }
    if (typeof msg !== "object" || msg === null || Array.isArray(msg)) return;
    const m = msg as Record<string, unknown>;
    if (typeof m.type === "string" && m.id === undefined) {
      if (m.type === "auth_challenge") {
        void this.onChallenge(s, m, gen);
        return;
      }
      if (m.type === "auth_ok" && this.proving && !this.proving.answered) {
        // auth_ok before the hub proved anything: not our hub
        this.refuseHub(s, "it answered auth_ok without a proof");
        return;
      }
      this.onControl(s, m);
      return;
    }
    if (this.state !== "connected") return; // no calls before auth_ok
    void this.deps.onRequest(m).then(
      (resp) => {
        if (resp !== undefined && s === this.socket) this.send(s, resp);
      },
      (e: unknown) => this.deps.log?.("request handler failed", e),
    );
  }

  private onControl(s: SocketLike, m: Record<string, unknown>): void {
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

  private startPing(s: SocketLike): void {
    this.stopPing();
    this.pingTimer = this.timers.setInterval(() => {
      if (s === this.socket && this.state === "connected") this.send(s, { type: "ping" });
    }, PING_INTERVAL_MS);
  }

  private stopPing(): void {
    if (this.pingTimer !== undefined) this.timers.clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private send(s: SocketLike, frame: unknown): void {
    if (s.readyState !== OPEN) return;
    try {
      s.send(JSON.stringify(frame));
    } catch (e) {
      this.deps.log?.("send failed", e);
    }
  }

  private fail(why: string, state: "unauthorized" | "disconnected"): void {
    this.stopPing();
    this.lastError = why;
    if (this.state === "connected" || this.since === 0) this.since = this.timers.now(); // down since
    this.state = state;
    if (!this.running) return;
    this.scheduleRetry();
  }

  /** Replaced: no reconnect; ask the hub now and then whether it has a browser. */
  private enterReplaced(why: string): void {
    this.stopPing();
    this.lastError = `${why}; Reconnect takes it back`;
    this.state = "replaced";
    this.hubIdleSince = undefined;
    void this.deps.replacedFlag?.save(true);
    if (this.running) this.schedulePoll();
  }

  private schedulePoll(): void {
    if (!this.deps.hubHasBrowser) return; // only Reconnect ends it
    if (this.pollTimer !== undefined) this.timers.clearTimeout(this.pollTimer);
    this.pollAt = this.timers.now() + REPLACED_POLL_MS;
    this.pollTimer = this.timers.setTimeout(() => {
      this.pollTimer = undefined;
      void this.pollHub();
    }, REPLACED_POLL_MS);
  }

  /** One look at the hub while replaced; takes it back after TAKEOVER_AFTER_MS without a browser. */
  private async pollHub(): Promise<void> {
    const gen = this.generation;
    const ask = this.deps.hubHasBrowser;
    if (!ask || this.state !== "replaced") return;
    let hasBrowser: boolean | undefined;
    try {
      const cfg = await this.deps.loadConfig();
      hasBrowser = await ask(cfg.server, cfg.token, cfg.handshake ?? "proof", cfg.browser?.id);
    } catch {
      hasBrowser = undefined; // no hub to ask: whoever comes back first takes it
    }
    if (gen !== this.generation || !this.running || this.state !== "replaced") return;
    const now = this.timers.now();
    if (hasBrowser !== false) {
      this.hubIdleSince = undefined;
    } else if (this.hubIdleSince === undefined) {
      this.hubIdleSince = now;
    } else if (now - this.hubIdleSince >= TAKEOVER_AFTER_MS) {
      this.hubIdleSince = undefined;
      void this.deps.replacedFlag?.save(false);
      this.backoff.reset();
      void this.connect();
      return;
    }
    this.schedulePoll();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined) this.timers.clearTimeout(this.retryTimer);
    const delay = this.backoff.next();
    this.retryAt = this.timers.now() + delay;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = undefined;
      if (this.running) void this.connect();
    }, delay);
  }

  private clearTimers(): void {
    this.stopPing();
    if (this.retryTimer !== undefined) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.pollTimer !== undefined) this.timers.clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }
}

function detach(s: SocketLike): void {
  s.onopen = null;
  s.onmessage = null;
  s.onclose = null;
  s.onerror = null;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
