// The approval bar: "mcp claude-code wants to click 'Pay now' on
// shop.example" with Allow and Deny, in a closed shadow root made from the
// extension's isolated world (page scripts can neither read it nor press
// its buttons), made once per approval and document (again if the page
// removed it). Only a trusted click (a person's, event.isTrusted) answers;
// a click a page script makes is ignored.

type Answer = "allow" | "deny";

interface Bar {
  id: string;
  host: HTMLElement;
  answer?: Answer;
}
let bar: Bar | undefined;

function button(text: string, colors: string, answer: Answer, b: Bar): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.textContent = text;
  el.setAttribute("data-answer", answer);
  el.style.cssText = `font:inherit;font-weight:600;padding:5px 16px;margin-left:8px;border-radius:6px;cursor:pointer;${colors}`;
  el.addEventListener("click", (ev) => {
    if (!ev.isTrusted) return; // a page script cannot answer for the person
    ev.stopPropagation();
    b.answer = answer;
    b.host.remove();
  });
  return el;
}

function makeBar(id: string, text: string): Bar {
  const host = document.createElement("browserctl-approval");
  host.setAttribute("data-browserctl-approval", id);
  // inline and !important: a page stylesheet cannot hide or move it
  for (const [k, v] of Object.entries({
    all: "initial",
    position: "fixed",
    "z-index": "2147483647",
    top: "8px",
    left: "50%",
    transform: "translateX(-50%)",
    display: "block",
    visibility: "visible",
    opacity: "1",
    "pointer-events": "auto",
  })) {
    host.style.setProperty(k, v, "important");
  }
  const root = host.attachShadow({ mode: "closed" });
  const box = document.createElement("div");
  box.style.cssText =
    "font:14px/1.4 system-ui,sans-serif;background:#fff8e1;color:#222;border:2px solid #d93025;border-radius:8px;padding:10px 12px;max-width:640px;box-shadow:0 4px 16px rgba(0,0,0,.3);display:flex;align-items:center;gap:4px";
  const head = document.createElement("span");
  head.style.cssText = "font-weight:600;margin-right:6px;white-space:nowrap";
  head.textContent = "browserctl:";
  const msg = document.createElement("span");
  msg.style.cssText = "white-space:pre-wrap;flex:1";
  msg.textContent = text;
  const b: Bar = { id, host };
  box.append(
    head,
    msg,
    button("Allow", "background:#1a73e8;color:#fff;border:1px solid #1a73e8", "allow", b),
    button("Deny", "background:#fff;color:#d93025;border:1px solid #d93025", "deny", b),
  );
  root.append(box);
  return b;
}

/** Shows the bar of approval id; answers "allow" or "deny" once a person
 * pressed one, else "shown". */
export function showApproval(id: string, text: string): string {
  if (bar && bar.id !== id) removeApproval();
  bar ??= makeBar(id, text);
  if (bar.answer) return bar.answer;
  if (!bar.host.isConnected) (document.body ?? document.documentElement).append(bar.host);
  return "shown";
}

export function removeApproval(): void {
  if (bar) {
    bar.host.remove();
    bar = undefined;
  }
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables).
export const approvalMethods = {
  showApproval: (_: unknown, [id, text]: [string, string]) => showApproval(id, text),
  removeApproval: () => removeApproval(),
};
