import assert from "node:assert/strict";
import { newNonce, proof, PROOF_EXTENSION, PROOF_HUB_WS, validNonce } from "./proof";
import { test } from "node:test";
import {
  PING_INTERVAL_MS,
  REPLACED_POLL_MS,
  TAKEOVER_AFTER_MS,
  statusURL,
  WsClient,
  type SocketLike,
  type Timers,
} from "./ws-client";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | undefined;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;

  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) } as MessageEvent);
  }
  drop(code: number, reason = ""): void {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

class FakeTimers implements Timers {
  t = 0;
  private seq = 0;
  private tasks = new Map<number, { at: number; fn: () => void; every?: number }>();
  setTimeout(fn: () => void, ms: number): unknown {
    this.tasks.set(++this.seq, { at: this.t + ms, fn });
    return this.seq;
  }
  setInterval(fn: () => void, ms: number): unknown {
    this.tasks.set(++this.seq, { at: this.t + ms, fn, every: ms });
    return this.seq;
  }
  clearTimeout(h: unknown): void {
    this.tasks.delete(h as number);
  }
  clearInterval(h: unknown): void {
    this.tasks.delete(h as number);
  }
  now(): number {
    return this.t;
  }
  pendingDelays(): number[] {
    return [...this.tasks.values()].filter((x) => x.every === undefined).map((x) => x.at - this.t);
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void; every?: number }] | undefined;
      for (const e of this.tasks) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      const [id, task] = next;
      this.t = task.at;
      if (task.every !== undefined) task.at += task.every;
      else this.tasks.delete(id);
      task.fn();
    }
    this.t = end;
  }
}

const tick = () => new Promise<void>((r) => setImmediate(r));

function setup(token = "tok") {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const requests: Record<string, unknown>[] = [];
  const client = new WsClient({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    // the seed's handshake: these tests are of the connection's life; the
    // mutual proof has its own below
    loadConfig: async () => ({ server: "ws://127.0.0.1:9223/ws/browser", token, handshake: "seed" as const }),
    onRequest: async (m) => {
      requests.push(m);
      return { jsonrpc: "2.0", id: m.id, result: { ok: true } };
    },
    timers,
  });
  const last = (): FakeSocket => {
    const s = sockets.at(-1);
    assert.ok(s, "a socket was created");
    return s;
  };
  return { client, sockets, timers, requests, last };
}

test("auth is the first frame; no ping before auth_ok; ping every 20 s after", async () => {
  const { client, timers, last } = setup("secret");
  client.start();
  await tick();
  const s = last();
  assert.equal(s.url, "ws://127.0.0.1:9223/ws/browser");
  s.open();
  assert.deepEqual(s.sent, [{ type: "auth", token: "secret" }]);
  assert.equal(client.status().state, "authenticating");
  assert.equal(client.status().connected, false);

  timers.advance(PING_INTERVAL_MS * 3);
  assert.deepEqual(s.sent, [{ type: "auth", token: "secret" }], "no ping before auth_ok");

  s.receive({ type: "auth_ok", version: 1 });
  assert.equal(client.status().connected, true);
  assert.equal(client.status().state, "connected");
  timers.advance(PING_INTERVAL_MS - 1);
  assert.equal(s.sent.length, 1);
  timers.advance(1);
  assert.deepEqual(s.sent.at(-1), { type: "ping" });
  timers.advance(PING_INTERVAL_MS);
  assert.equal(s.sent.filter((f) => (f as { type?: string }).type === "ping").length, 2);
  client.stop();
});

test("requests are answered after auth_ok only; garbage is ignored", async () => {
  const { client, requests, last } = setup();
  client.start();
  await tick();
  const s = last();
  s.open();
  s.receive({ jsonrpc: "2.0", id: 1, method: "tabs.list", params: {} });
  await tick();
  assert.equal(requests.length, 0, "no call before auth_ok");
  s.receive({ type: "auth_ok", version: 1 });
  s.receive("not json");
  s.receive("[1,2]");
  s.receive({ type: "pong" });
  s.receive({ jsonrpc: "2.0", id: 2, method: "tabs.list", params: {} });
  await tick();
  assert.equal(requests.length, 1);
  assert.deepEqual(s.sent.at(-1), { jsonrpc: "2.0", id: 2, result: { ok: true } });
  client.stop();
});

test("reconnects with backoff 1, 2, 4 s and resets after auth_ok", async () => {
  const { client, timers, sockets, last } = setup();
  client.start();
  await tick();
  last().drop(1006);
  assert.equal(client.status().state, "disconnected");
  assert.deepEqual(timers.pendingDelays(), [1_000]);
  timers.advance(1_000);
  await tick();
  assert.equal(sockets.length, 2);
  last().drop(1006);
  assert.deepEqual(timers.pendingDelays(), [2_000]);
  timers.advance(2_000);
  await tick();
  last().drop(1006);
  assert.deepEqual(timers.pendingDelays(), [4_000]);
  timers.advance(4_000);
  await tick();
  const s = last();
  s.open();
  s.receive({ type: "auth_ok", version: 1 });
  s.drop(1001);
  assert.deepEqual(timers.pendingDelays(), [1_000], "backoff reset on auth_ok");
  client.stop();
});

test("a 4001 close shows unauthorized and still retries", async () => {
  const { client, timers, sockets, last } = setup("wrong");
  client.start();
  await tick();
  const s = last();
  s.open();
  s.drop(4001, "bad token");
  const st = client.status();
  assert.equal(st.state, "unauthorized");
  assert.equal(st.connected, false);
  assert.match(st.lastError, /unauthorized/);
  assert.deepEqual(timers.pendingDelays(), [1_000]);
  timers.advance(1_000);
  await tick();
  assert.equal(sockets.length, 2);
  client.stop();
});

test("stop is idempotent, cancels timers, and ignores the old socket's events", async () => {
  const { client, timers, sockets, last } = setup();
  client.start();
  await tick();
  const s = last();
  s.open();
  s.receive({ type: "auth_ok", version: 1 });
  client.stop();
  client.stop();
  assert.equal(client.status().state, "stopped");
  assert.equal(s.closed?.code, 1000);
  s.drop(1006);
  timers.advance(120_000);
  await tick();
  assert.equal(sockets.length, 1, "no reconnect after stop");
  assert.equal(s.sent.filter((f) => (f as { type?: string }).type === "ping").length, 0);
});

test("restart closes the socket and connects again at once", async () => {
  const { client, sockets, last } = setup();
  client.start();
  client.start(); // no second connection
  await tick();
  assert.equal(sockets.length, 1);
  const first = last();
  first.open();
  client.restart();
  await tick();
  assert.equal(sockets.length, 2);
  assert.ok(first.closed);
  client.stop();
});

test("ensure() after the worker slept connects when the retry is overdue", async () => {
  const { client, timers, sockets, last } = setup();
  client.ensure(); // not running yet: starts
  await tick();
  assert.equal(sockets.length, 1);
  last().drop(1006);
  timers.t += 10_000; // time passed without the timer firing (suspended worker)
  client.ensure();
  await tick();
  assert.equal(sockets.length, 2);
  client.stop();
});

test("status carries what the popup shows: since, the next retry's time, both protocol versions", async () => {
  const { client, timers, last } = setup();
  timers.advance(5_000);
  client.start();
  await tick();
  let s = last();
  s.open();
  s.receive({ type: "auth_ok", version: 1 });
  let st = client.status();
  assert.equal(st.since, 5_000, "connected since auth_ok");
  assert.equal(st.protocolVersion, 1);
  assert.equal(st.hubVersion, 1);
  assert.equal(st.retryAt, undefined);

  timers.advance(2_000);
  s.drop(1006);
  st = client.status();
  assert.equal(st.state, "disconnected");
  assert.equal(st.since, 7_000, "down since the drop");
  assert.equal(st.retryAt, 8_000);
  assert.equal(st.retryInMs, 1_000);

  timers.advance(1_000); // the retry fails too: still down since the drop
  await tick();
  s = last();
  s.drop(1006);
  st = client.status();
  assert.equal(st.since, 7_000);
  assert.equal(st.retryAt, 8_000 + 2_000);
  client.stop();
});

// One browser at a time, calmly. A client the hub replaced (close
// 1000 "replaced ...") stays off until its user asks or the hub has had no
// browser for TAKEOVER_AFTER_MS; any other close still reconnects.

function setupReplaceable(initiallyReplaced = false) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const hub = { hasBrowser: true as boolean | "down", asked: 0 };
  const flag = { replaced: initiallyReplaced, saves: [] as boolean[] };
  const client = new WsClient({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    loadConfig: async () => ({ server: "ws://127.0.0.1:9223/ws/browser", token: "tok", handshake: "seed" as const }),
    onRequest: async () => undefined,
    hubHasBrowser: async (server, token) => {
      assert.equal(server, "ws://127.0.0.1:9223/ws/browser");
      assert.equal(token, "tok");
      hub.asked++;
      if (hub.hasBrowser === "down") throw new Error("connection refused");
      return hub.hasBrowser;
    },
    replacedFlag: {
      load: async () => flag.replaced,
      save: async (r) => {
        flag.replaced = r;
        flag.saves.push(r);
      },
    },
    timers,
  });
  const connected = async (): Promise<FakeSocket> => {
    await tick();
    const s = sockets.at(-1);
    assert.ok(s);
    s.open();
    s.receive({ type: "auth_ok", version: 1 });
    assert.equal(client.status().state, "connected");
    return s;
  };
  // advance one poll period and let the poll's promises settle
  const poll = async (): Promise<void> => {
    timers.advance(REPLACED_POLL_MS);
    for (let i = 0; i < 5; i++) await tick();
  };
  return { client, sockets, timers, hub, flag, connected, poll };
}

test("replaced: no reconnect while the hub has another browser", async () => {
  const { client, sockets, timers, hub, flag, connected, poll } = setupReplaceable();
  client.start();
  const s = await connected();
  s.drop(1000, "replaced by a newer connection");
  const st = client.status();
  assert.equal(st.state, "replaced");
  assert.equal(st.connected, false);
  assert.match(st.lastError, /Reconnect/);
  assert.equal(flag.replaced, true, "remembered across worker restarts");
  for (let i = 0; i < 40; i++) await poll(); // 10 minutes
  assert.equal(sockets.length, 1, "never reconnected by itself");
  assert.ok(hub.asked >= 39, `asked the hub ${hub.asked} times`);
  client.ensure(); // the keepalive alarm does not reconnect it either
  await tick();
  assert.equal(sockets.length, 1);
  assert.equal(timers.pendingDelays().length, 1, "only the next poll is scheduled");
  client.stop();
});

test("replaced: the popup's Reconnect takes the hub back at once", async () => {
  const { client, sockets, flag, connected } = setupReplaceable();
  client.start();
  (await connected()).drop(1000, "replaced by a newer connection");
  client.restart(); // the popup's {type:"reconnect"}
  await connected();
  assert.equal(sockets.length, 2);
  assert.equal(flag.replaced, false);
  client.stop();
});

test("replaced: takes over after the hub had no browser for TAKEOVER_AFTER_MS", async () => {
  const { client, sockets, hub, connected, poll } = setupReplaceable();
  client.start();
  (await connected()).drop(1000, "replaced by a newer connection");
  await poll();
  hub.hasBrowser = false; // the other browser went away
  // a blip shorter than the takeover time (the other one reconnects) resets the wait
  await poll();
  hub.hasBrowser = true;
  await poll();
  hub.hasBrowser = false;
  let polls = 0;
  while (sockets.length === 1 && polls < 20) {
    await poll();
    polls++;
  }
  assert.equal(sockets.length, 2, "took the hub back");
  const waited = polls * REPLACED_POLL_MS;
  assert.ok(waited >= TAKEOVER_AFTER_MS && waited <= TAKEOVER_AFTER_MS + 2 * REPLACED_POLL_MS, `after ${waited} ms without a browser`);
  await connected();
  client.stop();
});

test("replaced: a hub that cannot be asked is no reason to take over", async () => {
  const { client, sockets, hub, connected, poll } = setupReplaceable();
  client.start();
  (await connected()).drop(1000, "replaced by a newer connection");
  hub.hasBrowser = "down";
  for (let i = 0; i < 20; i++) await poll();
  assert.equal(sockets.length, 1);
  client.stop();
});

test("a worker restarted after being replaced stays replaced", async () => {
  const { client, sockets, connected } = setupReplaceable(true);
  client.start();
  for (let i = 0; i < 5; i++) await tick();
  assert.equal(client.status().state, "replaced");
  assert.equal(sockets.length, 0, "did not connect and replace the other browser");
  client.restart();
  await connected();
  client.stop();
});

test("other closes still reconnect: 1000 without 'replaced', 1001 hub going away, 1006", async () => {
  for (const [code, reason] of [
    [1000, ""],
    [1000, "stopped"],
    [1001, "hub shutting down"],
    [1006, ""],
  ] as const) {
    const { client, sockets, timers, connected } = setupReplaceable();
    client.start();
    (await connected()).drop(code, reason);
    assert.equal(client.status().state, "disconnected", `close ${code} ${reason}`);
    timers.advance(1_000);
    await tick();
    assert.equal(sockets.length, 2, `close ${code} ${reason} reconnects`);
    client.stop();
  }
});

test("statusURL is the hub's GET /status", () => {
  assert.equal(statusURL("ws://127.0.0.1:9223/ws/browser"), "http://127.0.0.1:9223/status");
  assert.equal(statusURL("wss://example.test:8443/ws/browser?x=1"), "https://example.test:8443/status");
  assert.equal(statusURL("ws://localhost:9333/ws/browser"), "http://localhost:9333/status");
});

// ---- the mutual proof (the default) ----

function setupProof(key: string) {
  const sockets: FakeSocket[] = [];
  const requests: Record<string, unknown>[] = [];
  const client = new WsClient({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    loadConfig: async () => ({ server: "ws://127.0.0.1:9223/ws/browser", token: key }),
    onRequest: async (m) => {
      requests.push(m);
      return { jsonrpc: "2.0", id: m.id, result: { ok: true } };
    },
    timers: new FakeTimers(),
  });
  return { client, sockets, requests };
}

// WebCrypto answers from its own thread: give it real time
const settle = () => new Promise<void>((r) => setTimeout(r, 150));

test("proof: a squatter that answers auth_ok gets neither the key nor anything run", async () => {
  const key = "k".repeat(64);
  const { client, sockets, requests } = setupProof(key);
  client.start();
  await tick();
  const s = sockets.at(-1)!;
  s.open();
  const first = s.sent[0] as { type?: string; nonce?: string; token?: string };
  assert.equal(first.type, "auth");
  assert.ok(validNonce(first.nonce), "the first frame carries a fresh nonce");
  assert.equal(first.token, undefined, "and no key");
  s.receive({ type: "auth_ok", version: 1 });
  s.receive({ jsonrpc: "2.0", id: 1, method: "pages.eval", params: { expression: "document.cookie" } });
  await settle();
  assert.deepEqual(requests, [], "nothing ran for it");
  assert.ok(!JSON.stringify(s.sent).includes(key), "the key was never sent");
  assert.equal(client.status().state, "unauthorized");
  assert.match(client.status().lastError, /failed to prove itself/);
  client.stop();
});

test("proof: a challenge with a wrong proof gets no proof back", async () => {
  const key = "k".repeat(64);
  const { client, sockets } = setupProof(key);
  client.start();
  await tick();
  const s = sockets.at(-1)!;
  s.open();
  const cn = (s.sent[0] as { nonce: string }).nonce;
  const sn = newNonce();
  s.receive({ type: "auth_challenge", nonce: sn, proof: await proof("a guess", PROOF_HUB_WS, cn, sn, "9223") });
  await settle();
  assert.equal(s.sent.length, 1, "nothing after the first frame");
  assert.match(client.status().lastError, /does not hold this extension's key/);
  client.stop();
});

test("proof: with our hub both sides prove, then calls run", async () => {
  const key = "k".repeat(64);
  const { client, sockets, requests } = setupProof(key);
  client.start();
  await tick();
  const s = sockets.at(-1)!;
  s.open();
  const cn = (s.sent[0] as { nonce: string }).nonce;
  const sn = newNonce();
  s.receive({ type: "auth_challenge", nonce: sn, proof: await proof(key, PROOF_HUB_WS, cn, sn, "9223") });
  await settle();
  const second = s.sent[1] as { type?: string; proof?: string };
  assert.equal(second.type, "auth");
  assert.equal(second.proof, await proof(key, PROOF_EXTENSION, cn, sn, "9223"));
  assert.ok(!JSON.stringify(s.sent).includes(key));
  s.receive({ type: "auth_ok", version: 1 });
  assert.equal(client.status().state, "connected");
  s.receive({ jsonrpc: "2.0", id: 2, method: "sessions.list" });
  await settle();
  assert.equal(requests.length, 1);
  client.stop();
});

test("identity: the proof's first frame names the browser; the seed's frame stays the seed's", async () => {
  const browser = { id: "b123", name: "work", version: "0.1.0" };
  for (const handshake of ["proof", "seed"] as const) {
    const sockets: FakeSocket[] = [];
    const client = new WsClient({
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      loadConfig: async () => ({ server: "ws://127.0.0.1:9223/ws/browser", token: "k", handshake, browser }),
      onRequest: async () => undefined,
      timers: new FakeTimers(),
    });
    client.start();
    await tick();
    sockets[0]!.open();
    const first = sockets[0]!.sent[0] as Record<string, unknown>;
    if (handshake === "proof") {
      assert.deepEqual(first.browser, browser);
      assert.ok(validNonce(first.nonce));
    } else {
      assert.deepEqual(first, { type: "auth", token: "k" }, "exactly the seed's frame");
    }
    assert.deepEqual(client.status().browser, browser);
    client.stop();
  }
});

test("replaced: asks the hub about its own browser id", async () => {
  const asked: Array<string | undefined> = [];
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const client = new WsClient({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    loadConfig: async () => ({ server: "ws://127.0.0.1:9223/ws/browser", token: "k", handshake: "seed" as const, browser: { id: "bme" } }),
    onRequest: async () => undefined,
    hubHasBrowser: async (_s, _t, _h, id) => {
      asked.push(id);
      return true;
    },
    timers,
  });
  client.start();
  await tick();
  sockets[0]!.open();
  sockets[0]!.receive({ type: "auth_ok", version: 1 });
  sockets[0]!.drop(1000, "replaced by a newer connection");
  timers.advance(REPLACED_POLL_MS);
  await tick();
  await tick();
  assert.deepEqual(asked, ["bme"]);
  client.stop();
});
