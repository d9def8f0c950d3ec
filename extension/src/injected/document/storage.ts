// localStorage and sessionStorage of the document's origin (storage is the
// origin's, the same in every world of the document).

export interface StorageEntry {
  name: string;
  value: string;
}

/** get (one key, or every entry), set, clear; throws the browser's
 * SecurityError on an opaque origin such as about:blank. */
export function storageOp(kind: "local" | "session", op: "get" | "set" | "clear", key: string | null, value: string | null): object {
  const s = kind === "session" ? window.sessionStorage : window.localStorage;
  if (op === "get") {
    if (key != null) return { key, value: s.getItem(key), origin: location.origin };
    const entries: Record<string, string | null> = {};
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i)!;
      entries[k] = s.getItem(k);
    }
    return { entries, origin: location.origin };
  }
  if (op === "set") {
    s.setItem(key!, value!);
    return { ok: true, origin: location.origin };
  }
  const n = s.length;
  s.clear();
  return { cleared: n, origin: location.origin };
}

const dump = (s: Storage): StorageEntry[] => {
  const out: StorageEntry[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i)!;
    out.push({ name: k, value: s.getItem(k) ?? "" });
  }
  return out;
};

/** The origin's storage for state.save; null where storage is refused. */
export function readOriginStorage(): { origin: string; localStorage: StorageEntry[]; sessionStorage: StorageEntry[] } | null {
  try {
    return { origin: location.origin, localStorage: dump(localStorage), sessionStorage: dump(sessionStorage) };
  } catch {
    return null;
  }
}

/** Writes an origin's storage for state.load; false when the document shows another origin. */
export function writeOriginStorage(origin: string, local: StorageEntry[], session: StorageEntry[]): boolean {
  if (location.origin !== origin) return false;
  for (const e of local) localStorage.setItem(e.name, e.value);
  for (const e of session) sessionStorage.setItem(e.name, e.value);
  return true;
}

// This file's in-page methods, by the name the extension calls them with
// (methods.ts joins the tables): `this`, then the JSON arguments, then the
// objects passed by reference.
export const storageMethods = {
  storage: (_: unknown, [kind, op, key, value]: ["local" | "session", "get" | "set" | "clear", string | null, string | null]) =>
    storageOp(kind, op, key, value),
  readOriginStorage: () => readOriginStorage(),
  writeOriginStorage: (_: unknown, [origin, local, session]: [string, StorageEntry[], StorageEntry[]]) => writeOriginStorage(origin, local, session),
};
