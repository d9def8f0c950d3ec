// What pages.eval and a `wait --fn` value answer when the page's value has
// no JSON form of its own. CDP's returnByValue answers `{}` for a Date, a
// Map, a Set, an element or a function, and fails on a window ("Object
// reference chain is too long"): an answer that says nothing, given as ok.
// This function runs in the page, on the value (`this`), and answers what
// a person would read there instead:
//
// - a function: it is called and its value answered (an agent used to
//   Playwright writes `() => document.title`; its text is no answer);
// - a Date: its ISO time (its toJSON, as JSON.stringify does; any toJSON
//   is honoured);
// - a Map: an object when every key is a string or number, else its
//   [key, value] pairs; a Set, a NodeList, an HTMLCollection or a typed
//   array: an array;
// - an element: its HTML, cut to its opening tag when long; a text node:
//   its text; a document: "#document URL"; a window: "[Window URL]";
// - a RegExp, an Error, a symbol, a bigint, NaN, Infinity: their text;
// - a host object with nothing of its own to show (navigator):
//   "[object Navigator]", not `{}`;
// - an object met again inside itself: "[Circular]"; deeper than 32
//   levels: "[…]".
//
// Everything else as JSON.stringify has it: undefined and functions left
// out of objects, null in arrays. It is sent as text (Runtime.callFunctionOn
// in the page's main world, where the value is), so it refers to nothing
// outside itself.

/** The value `this` as JSON can carry it (see above). */
export async function jsonValueOf(this: unknown): Promise<unknown> {
  const MAX_DEPTH = 32;
  const LONG_HTML = 300;
  const ancestors: object[] = [];
  const tagOf = (el: Element): string => {
    const attrs = Array.from(el.attributes, (a) => (a.value === "" ? ` ${a.name}` : ` ${a.name}="${a.value.length > 80 ? a.value.slice(0, 80) + "…" : a.value}"`));
    return `<${el.localName}${attrs.join("")}>`;
  };
  const describeNode = (n: Node): string => {
    if (n.nodeType === 1) {
      const el = n as Element;
      const html = el.outerHTML;
      return html.length <= LONG_HTML ? html : `${tagOf(el)}…</${el.localName}>`;
    }
    if (n.nodeType === 3 || n.nodeType === 8) return n.nodeValue ?? "";
    if (n.nodeType === 9) return `#document ${(n as Document).URL}`;
    return n.nodeName;
  };
  const isWindow = (x: object): boolean => {
    try {
      return (x as { window?: unknown }).window === x;
    } catch {
      return false; // a proxy that throws; a window of another site still answers .window
    }
  };
  const windowText = (x: object): string => {
    try {
      return `[Window ${(x as Window).location.href}]`;
    } catch {
      return "[Window, of another site]";
    }
  };
  const convert = (x: unknown, depth: number): unknown => {
    switch (typeof x) {
      case "undefined":
      case "function":
        return undefined;
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
    const o = x as object;
    if (isWindow(o)) return windowText(o);
    if (typeof (o as Node).nodeType === "number" && typeof (o as Node).nodeName === "string") return describeNode(o as Node);
    if (ancestors.includes(o)) return "[Circular]";
    if (depth >= MAX_DEPTH) return "[…]";
    ancestors.push(o);
    try {
      return convertObject(o, depth);
    } finally {
      ancestors.pop();
    }
  };
  const convertObject = (o: object, depth: number): unknown => {
    const toJSON = (o as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return convert(toJSON.call(o), depth + 1);
    if (o instanceof RegExp) return String(o);
    if (o instanceof Error) return `${o.name}: ${o.message}`;
    if (o instanceof Promise) return "[Promise]";
    if (o instanceof Map) {
      const entries = Array.from(o.entries());
      if (entries.every(([k]) => typeof k === "string" || typeof k === "number")) {
        const out: Record<string, unknown> = {};
        for (const [k, v] of entries) {
          const c = convert(v, depth + 1);
          if (c !== undefined) out[String(k)] = c;
        }
        return out;
      }
      return entries.map(([k, v]) => [convert(k, depth + 1) ?? null, convert(v, depth + 1) ?? null]);
    }
    const listLike = o instanceof Set || ArrayBuffer.isView(o) || (typeof (o as { item?: unknown }).item === "function" && typeof (o as { length?: unknown }).length === "number");
    if (Array.isArray(o) || listLike) {
      return Array.from(o as Iterable<unknown> & ArrayLike<unknown>, (v) => convert(v, depth + 1) ?? null);
    }
    const keys = Object.keys(o);
    const proto = Object.getPrototypeOf(o);
    if (keys.length === 0 && proto !== null && proto !== Object.prototype) return Object.prototype.toString.call(o);
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      let v: unknown;
      try {
        v = (o as Record<string, unknown>)[k];
      } catch (e) {
        v = `[a getter threw: ${String(e)}]`;
      }
      const c = convert(v, depth + 1);
      if (c !== undefined) out[k] = c;
    }
    return out;
  };
  const value = typeof this === "function" ? await (this as () => unknown)() : this;
  const converted = convert(value, 0);
  return converted === undefined ? null : converted;
}

/** jsonValueOf as Runtime.callFunctionOn takes it. */
export const JSON_VALUE_OF = jsonValueOf.toString();
