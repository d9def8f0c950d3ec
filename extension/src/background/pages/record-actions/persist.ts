// A recording of the person's actions kept in chrome.storage.session, so a
// service worker that Chrome stops and starts again mid-recording goes on
// with the lines it had. The lines are stored in chunks, and only the chunks
// that changed are written again, a little after the change: a recording of
// 10,000 lines does not rewrite a megabyte at every step.

import type { TabHistory } from "./navigation";
import type { ScriptLine, ScriptState } from "./script";

const INDEX_KEY = "browserctl.actions";
const CHUNK = 500;
const SAVE_DELAY_MS = 150;

/** What a recording keeps besides its lines. */
export interface SavedMeta {
  sessionId: string;
  groupId: number;
  startedAt: number;
  workDir: string;
  live: boolean;
  sessionClosed: boolean;
  lastTab?: number;
  secretTargets: string[];
  /** The newest step taken per document ("tab:timeOrigin"), so steps a document sends again are not taken twice. */
  docSeq: Record<string, number>;
  /** Per tab: where it was in its history. */
  history: Record<string, TabHistory>;
  script: Omit<ScriptState, "lines">;
  lineCount: number;
}

export interface Saved {
  meta: SavedMeta;
  lines: ScriptLine[];
}

function storage(): chrome.storage.StorageArea | undefined {
  return typeof chrome !== "undefined" ? chrome.storage?.session : undefined;
}

const metaKey = (sid: string) => `${INDEX_KEY}.${sid}`;
const chunkKey = (sid: string, k: number) => `${INDEX_KEY}.${sid}.${k}`;

/** Writes a recording's changes a moment later; dirtyFrom: the first line that changed. */
export class Saver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirtyFrom = Number.POSITIVE_INFINITY;
  private writing: Promise<void> = Promise.resolve();
  private savedChunks = 0;

  constructor(
    private readonly sessionId: string,
    private readonly snapshot: () => Saved,
  ) {}

  /** Lines from index `from` on changed (Infinity: only the meta). */
  changed(from = Number.POSITIVE_INFINITY): void {
    this.dirtyFrom = Math.min(this.dirtyFrom, from);
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }

  /** Writes now what changed; resolves once written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const from = this.dirtyFrom;
    this.dirtyFrom = Number.POSITIVE_INFINITY;
    const s = storage();
    if (!s) return;
    const { meta, lines } = this.snapshot();
    const items: Record<string, unknown> = { [metaKey(this.sessionId)]: meta };
    const chunks = Math.ceil(lines.length / CHUNK);
    const first = Number.isFinite(from) ? Math.floor(from / CHUNK) : chunks;
    for (let k = Math.min(first, this.savedChunks); k < chunks; k++) items[chunkKey(this.sessionId, k)] = lines.slice(k * CHUNK, (k + 1) * CHUNK);
    this.savedChunks = chunks;
    this.writing = this.writing.then(() => s.set(items)).catch(() => undefined);
    await this.writing;
  }

  /** Stops writing and removes what was written. */
  async drop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    const s = storage();
    if (!s) return;
    const keys = [metaKey(this.sessionId)];
    for (let k = 0; k < Math.max(this.savedChunks, 1) + 1; k++) keys.push(chunkKey(this.sessionId, k));
    await s.remove(keys).catch(() => undefined);
    await updateIndex((ids) => ids.filter((id) => id !== this.sessionId));
  }

  /** The recording is new: listed, so a restarted worker finds it. */
  async register(): Promise<void> {
    await updateIndex((ids) => (ids.includes(this.sessionId) ? ids : [...ids, this.sessionId]));
  }

  /** A recording loaded from storage has these chunks already. */
  loaded(lines: number): void {
    this.savedChunks = Math.ceil(lines / CHUNK);
  }
}

let indexWrites: Promise<void> = Promise.resolve();

async function updateIndex(fn: (ids: string[]) => string[]): Promise<void> {
  const s = storage();
  if (!s) return;
  indexWrites = indexWrites.then(async () => {
    const got = await s.get(INDEX_KEY);
    const ids = Array.isArray(got[INDEX_KEY]) ? (got[INDEX_KEY] as string[]) : [];
    await s.set({ [INDEX_KEY]: fn(ids) });
  }).catch(() => undefined);
  await indexWrites;
}

/** Every recording a worker before this one kept. */
export async function loadAll(): Promise<Saved[]> {
  const s = storage();
  if (!s) return [];
  const got = await s.get(INDEX_KEY);
  const ids = Array.isArray(got[INDEX_KEY]) ? (got[INDEX_KEY] as string[]) : [];
  const out: Saved[] = [];
  for (const id of ids) {
    const m = (await s.get(metaKey(id)))[metaKey(id)] as SavedMeta | undefined;
    if (!m) continue;
    const chunks = Math.ceil(m.lineCount / CHUNK);
    const keys = Array.from({ length: chunks }, (_, k) => chunkKey(id, k));
    const parts = keys.length ? await s.get(keys) : {};
    const lines = keys.flatMap((k) => (Array.isArray(parts[k]) ? (parts[k] as ScriptLine[]) : []));
    out.push({ meta: m, lines: lines.slice(0, m.lineCount) });
  }
  return out;
}
