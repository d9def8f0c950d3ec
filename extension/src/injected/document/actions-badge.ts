// The badge a recorded tab shows while the person's actions are recorded:
// a small box at the page's bottom corner, in a closed shadow root (the
// page can neither read it nor press its Stop), made once per top
// document. Its Stop takes trusted clicks only; the recorder (actions.ts)
// leaves out every event that passes through it.

interface Badge {
  host: HTMLElement;
  count: HTMLElement;
}

let badge: Badge | undefined;

/** Whether the event passed through the badge (its closed root hides
 * what inside it was hit: the host is on the path). */
export function fromBadge(ev: Event): boolean {
  return badge !== undefined && ev.composedPath().includes(badge.host);
}

/** Whether a node is the badge's host (the recorder's watch for text that
 * appears leaves it out). */
export function isBadge(n: Node): boolean {
  return badge !== undefined && n === badge.host;
}

function make(onStop: () => void): Badge {
  const host = document.createElement("browserctl-recording");
  host.style.cssText = "all:initial;position:fixed;z-index:2147483647;bottom:12px;right:12px;display:block";
  const root = host.attachShadow({ mode: "closed" });
  const box = document.createElement("div");
  box.style.cssText =
    "font:12px/1.3 system-ui,sans-serif;background:#fff;color:#222;border:1px solid #c62828;border-radius:14px;padding:4px 6px 4px 10px;display:flex;gap:8px;align-items:center;box-shadow:0 2px 8px rgba(0,0,0,.2)";
  const dot = document.createElement("span");
  dot.style.cssText = "width:8px;height:8px;border-radius:50%;background:#c62828;display:inline-block";
  const count = document.createElement("span");
  count.textContent = "browserctl is recording";
  const stop = document.createElement("button");
  stop.type = "button";
  stop.textContent = "Stop";
  stop.title = "Stop recording your actions (the lines so far are kept)";
  stop.style.cssText = "font:inherit;padding:1px 10px;cursor:pointer;border-radius:10px;border:1px solid #999;background:#f5f5f5";
  box.append(dot, count, stop);
  root.append(box);
  stop.addEventListener("click", (ev) => {
    if (!ev.isTrusted) return; // a page script cannot press it
    count.textContent = "recording stopped";
    stop.disabled = true;
    onStop();
  });
  return { host, count };
}

/** Shows the badge (top document only), with the number of lines so far
 * when given. */
export function showBadge(lines: number | undefined, onStop: () => void): void {
  if (window !== window.top) return;
  badge ??= make(onStop);
  if (lines !== undefined) badge.count.textContent = `browserctl is recording · ${lines} line${lines === 1 ? "" : "s"}`;
  if (badge.host.isConnected) return;
  const parent = document.body ?? document.documentElement;
  if (parent) parent.append(badge.host);
  // at the document's start there is nothing to hang it on yet
  else document.addEventListener("DOMContentLoaded", () => badge && !badge.host.isConnected && (document.body ?? document.documentElement)?.append(badge.host), { once: true });
}

export function removeBadge(): void {
  badge?.host.remove();
  badge = undefined;
}
