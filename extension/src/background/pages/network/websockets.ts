// network.webSockets / webSocketFrames: a tab's WebSocket connections and
// their frames, from CDP's Network.webSocket* events, since the tab joined
// the session. Bounded: the newest WS_SOCKETS connections per tab, the
// newest WS_FRAMES frames per connection, each text payload cut at
// WS_PAYLOAD characters (binary ones keep only their size).

import { optionalInt, requireString } from "../../params";
import type { RequestParams, WebSocketFrame, WebSocketFramesResult, WebSocketInfo, WebSocketsResult } from "../../protocol.gen";
import { ErrorCode, RpcError } from "../../types";
import { ensureAttached, isAttached, onForget } from "../core/debugger";
import { Ring } from "../logs/observe";
import type { ToolHandlers } from "../tables";

export const WS_SOCKETS = 20;
export const WS_FRAMES = 200;
export const WS_PAYLOAD = 4 << 10;
/** A long poll waits at most this long (tools.ts's MAX_WAIT_MS). */
const MAX_WAIT_MS = 20_000;

interface Socket {
  info: WebSocketInfo;
  frames: Ring<WebSocketFrame>;
}

let seq = 0;
const nextSeq = () => ++seq;
let socketCounter = 0;
/** tabId -> CDP requestId -> socket, oldest first. */
const byTab = new Map<number, Map<string, Socket>>();

/** A frame's payload as kept: text cut at WS_PAYLOAD, binary as its size. */
export function framePayload(opcode: number, payload: string): Pick<WebSocketFrame, "text" | "size" | "truncated"> {
  if (opcode === 1) {
    const size = new TextEncoder().encode(payload).length;
    if (payload.length > WS_PAYLOAD) return { text: payload.slice(0, WS_PAYLOAD), size, truncated: true };
    return { text: payload, size };
  }
  // binary (and control) frames come base64-encoded
  const pad = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return { size: Math.max(0, Math.floor((payload.length * 3) / 4) - pad) };
}

function socketsOf(tabId: number): Map<string, Socket> {
  let m = byTab.get(tabId);
  if (!m) byTab.set(tabId, (m = new Map()));
  return m;
}

/** The Network.webSocket* events: connections and their frames (cdp-events.ts lists them). */
export function webSocketEvent(tabId: number, p: Record<string, unknown>, method: string): void {
  const requestId = String(p["requestId"] ?? "");
  const sockets = socketsOf(tabId);
  if (method === "Network.webSocketCreated") {
    if (sockets.size >= WS_SOCKETS) {
      const oldest = sockets.keys().next().value;
      if (oldest !== undefined) {
        sockets.get(oldest)?.frames.wakeAll();
        sockets.delete(oldest);
      }
    }
    sockets.set(requestId, {
      info: { id: `w${++socketCounter}`, url: String(p["url"] ?? ""), state: "connecting", frames: 0, created: Date.now() },
      frames: new Ring<WebSocketFrame>(WS_FRAMES, nextSeq),
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
      const r = (p["response"] ?? {}) as { opcode?: number; payloadData?: string };
      const opcode = typeof r.opcode === "number" ? r.opcode : 1;
      s.info.frames++;
      if (s.info.state === "connecting") s.info.state = "open";
      s.frames.push({
        direction: method === "Network.webSocketFrameSent" ? "sent" : "received",
        time: Date.now(),
        opcode,
        ...framePayload(opcode, String(r.payloadData ?? "")),
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
  for (const s of byTab.get(tabId)?.values() ?? []) s.frames.wakeAll();
  Promise.resolve()
    .then(() => chrome.tabs.get(tabId))
    .then(
      () => undefined,
      () => byTab.delete(tabId),
    );
});

export async function webSockets(tabId: number, _p: RequestParams<"network.webSockets">): Promise<WebSocketsResult> {
  if (!isAttached(tabId)) await ensureAttached(tabId);
  return { sockets: [...socketsOf(tabId).values()].map((s) => ({ ...s.info })) };
}

export async function webSocketFrames(tabId: number, p: RequestParams<"network.webSocketFrames">): Promise<WebSocketFramesResult> {
  const id = requireString(p, "id").trim();
  const after = optionalInt(p, "after", 0) ?? 0;
  const waitMs = Math.min(optionalInt(p, "waitMs", 0) ?? 0, MAX_WAIT_MS);
  if (!isAttached(tabId)) await ensureAttached(tabId);
  const find = () => [...socketsOf(tabId).values()].find((s) => s.info.id === id);
  const s = find();
  if (!s) {
    const ids = [...socketsOf(tabId).values()].map((x) => x.info.id);
    throw new RpcError(
      ErrorCode.invalidParams,
      `invalid params: no WebSocket ${JSON.stringify(id)} in this tab (${ids.length === 0 ? "it has none" : `network ws lists ${ids.join(", ")}`})`,
    );
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    const frames = s.frames.after(after);
    if (frames.length > 0 || Date.now() >= deadline || s.info.state === "closed" || find() !== s) {
      const next = frames.length > 0 ? frames[frames.length - 1]!.seq : after;
      return { frames, next, dropped: s.frames.dropped, state: s.info.state };
    }
    await s.frames.waitNext(Math.max(1, deadline - Date.now()));
  }
}

// This file's handlers (tools.ts joins them).
export const webSocketHandlers = {
  "network.webSockets": webSockets,
  "network.webSocketFrames": webSocketFrames,
} satisfies ToolHandlers;
