// Pure: key names (`Enter`, `a`, `Control+a`, `Shift+Tab`, `F5`) to the
// fields of Input.dispatchKeyEvent, US layout.

export interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  /** What typing the key inserts; none for keys that insert nothing. */
  text?: string;
  /** key and text with Shift held, where they differ. */
  shiftKey?: string;
  location?: number;
}

export const Modifier = { Alt: 1, Control: 2, Meta: 4, Shift: 8 } as const;

const MODIFIER_KEYS: Record<string, KeyDef & { bit: number }> = {
  Alt: { key: "Alt", code: "AltLeft", keyCode: 18, location: 1, bit: Modifier.Alt },
  Control: { key: "Control", code: "ControlLeft", keyCode: 17, location: 1, bit: Modifier.Control },
  Meta: { key: "Meta", code: "MetaLeft", keyCode: 91, location: 1, bit: Modifier.Meta },
  Shift: { key: "Shift", code: "ShiftLeft", keyCode: 16, location: 1, bit: Modifier.Shift },
};

const ALIASES: Record<string, string> = {
  ctrl: "Control", control: "Control", cmd: "Meta", command: "Meta", meta: "Meta", super: "Meta",
  win: "Meta", alt: "Alt", option: "Alt", opt: "Alt", shift: "Shift",
  esc: "Escape", escape: "Escape", return: "Enter", enter: "Enter", tab: "Tab", space: " ",
  spacebar: " ", backspace: "Backspace", delete: "Delete", del: "Delete", insert: "Insert",
  home: "Home", end: "End", pageup: "PageUp", pagedown: "PageDown", up: "ArrowUp", down: "ArrowDown",
  left: "ArrowLeft", right: "ArrowRight", arrowup: "ArrowUp", arrowdown: "ArrowDown",
  arrowleft: "ArrowLeft", arrowright: "ArrowRight", plus: "+",
};

const TABLE = new Map<string, KeyDef>();

function add(def: KeyDef): void {
  TABLE.set(def.key, def);
}

add({ key: "Enter", code: "Enter", keyCode: 13, text: "\r" });
add({ key: "Tab", code: "Tab", keyCode: 9 });
add({ key: "Backspace", code: "Backspace", keyCode: 8 });
add({ key: "Escape", code: "Escape", keyCode: 27 });
add({ key: "Delete", code: "Delete", keyCode: 46 });
add({ key: "Insert", code: "Insert", keyCode: 45 });
add({ key: " ", code: "Space", keyCode: 32, text: " " });
add({ key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 });
add({ key: "ArrowUp", code: "ArrowUp", keyCode: 38 });
add({ key: "ArrowRight", code: "ArrowRight", keyCode: 39 });
add({ key: "ArrowDown", code: "ArrowDown", keyCode: 40 });
add({ key: "Home", code: "Home", keyCode: 36 });
add({ key: "End", code: "End", keyCode: 35 });
add({ key: "PageUp", code: "PageUp", keyCode: 33 });
add({ key: "PageDown", code: "PageDown", keyCode: 34 });
add({ key: "CapsLock", code: "CapsLock", keyCode: 20 });
add({ key: "ContextMenu", code: "ContextMenu", keyCode: 93 });
for (let i = 1; i <= 24; i++) add({ key: `F${i}`, code: `F${i}`, keyCode: 111 + i });
for (let c = 97; c <= 122; c++) {
  const ch = String.fromCharCode(c);
  add({ key: ch, code: `Key${ch.toUpperCase()}`, keyCode: c - 32, text: ch, shiftKey: ch.toUpperCase() });
}
const SHIFTED_DIGITS = ")!@#$%^&*(";
for (let d = 0; d <= 9; d++) {
  add({ key: String(d), code: `Digit${d}`, keyCode: 48 + d, text: String(d), shiftKey: SHIFTED_DIGITS[d]! });
}
const PUNCT: [string, string, string, number][] = [
  ["-", "_", "Minus", 189], ["=", "+", "Equal", 187], ["[", "{", "BracketLeft", 219],
  ["]", "}", "BracketRight", 221], ["\\", "|", "Backslash", 220], [";", ":", "Semicolon", 186],
  ["'", '"', "Quote", 222], [",", "<", "Comma", 188], [".", ">", "Period", 190],
  ["/", "?", "Slash", 191], ["`", "~", "Backquote", 192],
];
for (const [k, s, code, keyCode] of PUNCT) add({ key: k, code, keyCode, text: k, shiftKey: s });

// Shifted characters typed directly ("A", "!", ...): the base key with Shift.
const SHIFTED = new Map<string, KeyDef>();
for (const def of TABLE.values()) {
  if (def.shiftKey && def.shiftKey !== def.key) SHIFTED.set(def.shiftKey, def);
}

export interface KeyStroke {
  def: KeyDef;
  /** Bitmask of held modifiers (Alt=1, Control=2, Meta=4, Shift=8). */
  modifiers: number;
  /** The modifier keys to hold, in order. */
  held: KeyDef[];
}

function lookup(name: string): { def: KeyDef; shift: boolean } | undefined {
  const direct = TABLE.get(name) ?? MODIFIER_KEYS[name];
  if (direct) return { def: direct, shift: false };
  const shifted = SHIFTED.get(name);
  if (shifted) return { def: shifted, shift: true };
  const alias = ALIASES[name.toLowerCase()];
  if (alias) return lookup(alias);
  if (/^f\d{1,2}$/i.test(name)) return lookup(name.toUpperCase());
  return undefined;
}

/** Parses `Control+Shift+a`; undefined for an unknown key or modifier. */
export function parseKey(combo: string): KeyStroke | undefined {
  if (combo === "") return undefined;
  // "+" itself, and "Control++", end in a plus that is the key.
  let parts: string[];
  if (combo === "+") parts = ["+"];
  else if (combo.endsWith("++")) parts = [...combo.slice(0, -2).split("+"), "+"];
  else parts = combo.split("+");
  if (parts.some((p) => p === "")) return undefined;
  const keyName = parts.pop()!;
  let modifiers = 0;
  const held: KeyDef[] = [];
  for (const m of parts) {
    const name = ALIASES[m.toLowerCase()] ?? m;
    const mod = MODIFIER_KEYS[name];
    if (!mod) return undefined;
    if (!(modifiers & mod.bit)) held.push(mod);
    modifiers |= mod.bit;
  }
  const found = lookup(keyName);
  if (!found) {
    return undefined;
  }
  if (found.shift && !(modifiers & Modifier.Shift)) {
    held.push(MODIFIER_KEYS.Shift!);
    modifiers |= Modifier.Shift;
  }
  return { def: found.def, modifiers, held };
}

/** The key for typing one character: a table key, else the character alone. */
export function keyForChar(ch: string): KeyStroke {
  if (ch === "\n" || ch === "\r") return { def: TABLE.get("Enter")!, modifiers: 0, held: [] };
  const direct = TABLE.get(ch);
  if (direct && direct.text === ch) return { def: direct, modifiers: 0, held: [] };
  // An upper-case letter or shifted symbol: its own key and text, without a
  // separate Shift stroke (the page sees one keydown per character).
  const shifted = SHIFTED.get(ch);
  if (shifted) return { def: { ...shifted, key: ch, text: ch, shiftKey: ch }, modifiers: 0, held: [] };
  return { def: { key: ch, code: "", keyCode: 0, text: ch }, modifiers: 0, held: [] };
}

export interface KeyEventParams {
  type: "keyDown" | "rawKeyDown" | "keyUp";
  modifiers: number;
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  nativeVirtualKeyCode: number;
  text?: string;
  unmodifiedText?: string;
  location?: number;
  autoRepeat: boolean;
  isKeypad: boolean;
}

/**
 * The Input.dispatchKeyEvent calls for one stroke: modifiers down in order,
 * the key down (keyDown with text when it types, rawKeyDown otherwise) and
 * up, modifiers up in reverse.
 */
export function keyEvents(stroke: KeyStroke): KeyEventParams[] {
  const out: KeyEventParams[] = [];
  const ev = (type: KeyEventParams["type"], d: KeyDef, modifiers: number, text?: string): KeyEventParams => {
    const e: KeyEventParams = {
      type,
      modifiers,
      key: d.key,
      code: d.code,
      windowsVirtualKeyCode: d.keyCode,
      nativeVirtualKeyCode: d.keyCode,
      autoRepeat: false,
      isKeypad: false,
    };
    if (d.location !== undefined) e.location = d.location;
    if (text !== undefined) {
      e.text = text;
      e.unmodifiedText = text;
    }
    return e;
  };
  let mods = 0;
  for (const m of stroke.held) {
    mods |= MODIFIER_KEYS[m.key]!.bit;
    out.push(ev("rawKeyDown", m, mods));
  }
  const shift = (stroke.modifiers & Modifier.Shift) !== 0;
  const key = shift && stroke.def.shiftKey ? stroke.def.shiftKey : stroke.def.key;
  const d: KeyDef = { ...stroke.def, key };
  // Text only when the stroke types (no Control/Alt/Meta shortcut).
  const types = stroke.def.text !== undefined && (stroke.modifiers & (Modifier.Control | Modifier.Alt | Modifier.Meta)) === 0;
  const text = types ? (shift && stroke.def.shiftKey ? stroke.def.shiftKey : stroke.def.text) : undefined;
  out.push(ev(types ? "keyDown" : "rawKeyDown", d, stroke.modifiers, text));
  out.push(ev("keyUp", d, stroke.modifiers));
  for (const m of [...stroke.held].reverse()) {
    mods &= ~MODIFIER_KEYS[m.key]!.bit;
    out.push(ev("keyUp", m, mods));
  }
  return out;
}
