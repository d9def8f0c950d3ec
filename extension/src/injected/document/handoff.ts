// The handoff message: a box in a closed shadow root (the page cannot
// reach it), made once per document (again if the page removed it); its
// Done takes trusted clicks only.

interface State {
  host: HTMLElement;
  done: boolean;
}
let state: State | undefined;

/** Shows the overlay; answers "done" once a trusted click pressed Done, else "shown". */
export function showHandoff(message: string): string {
  let s = state;
  if (s?.done) return "done";
  if (!s) {
    const host = document.createElement("browserctl-handoff");
    host.setAttribute("data-browserctl-handoff", "");
    host.style.cssText = "all:initial;position:fixed;z-index:2147483647;top:16px;right:16px;display:block";
    const root = host.attachShadow({ mode: "closed" });
    const box = document.createElement("div");
    box.style.cssText =
      "font:14px/1.4 system-ui,sans-serif;background:#fff8e1;color:#222;border:2px solid #d93025;border-radius:8px;padding:12px 14px;max-width:360px;box-shadow:0 4px 16px rgba(0,0,0,.25)";
    const head = document.createElement("div");
    head.style.cssText = "font-weight:600;margin-bottom:6px";
    head.textContent = "browserctl: the agent hands over to you";
    const text = document.createElement("div");
    text.style.cssText = "white-space:pre-wrap;margin-bottom:10px";
    text.textContent = message;
    const done = document.createElement("button");
    done.type = "button";
    done.textContent = "Done";
    done.style.cssText = "font:inherit;padding:4px 18px;cursor:pointer";
    box.append(head, text, done);
    root.append(box);
    const st: State = { host, done: false };
    done.addEventListener("click", (ev) => {
      if (!ev.isTrusted) return; // a page script cannot press it
      st.done = true;
      host.remove();
    });
    s = state = st;
  }
  if (!s.host.isConnected) (document.body ?? document.documentElement).append(s.host);
  return "shown";
}

export function removeHandoff(): void {
  if (state) {
    state.host.remove();
    state = undefined;
  }
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const handoffMethods = {
  showHandoff: (_: unknown, [message]: [string]) => showHandoff(message),
  removeHandoff: () => removeHandoff(),
};
