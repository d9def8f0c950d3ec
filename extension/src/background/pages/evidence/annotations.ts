// The refs an annotated screenshot draws: an interactive snapshot of what
// the shot covers, each ref's box in the tab's viewport (any frame), mapped
// into the image's pixels. The drawing itself is done by the CLI.

import type { Annotation } from "../../protocol.gen";
import { viewportBox } from "../input/geometry";
import { releaseActionObjects, resolveRef } from "../snapshot/refs";
import { snapshot } from "../snapshot/snapshot";

/** At most this many refs are drawn: a denser shot is unreadable anyway. */
export const MAX_ANNOTATIONS = 300;

/** How page coordinates become image pixels: (page - origin) * scale. */
export interface ImageMapping {
  /** The shot's top-left in page (document) CSS px. */
  originX: number;
  originY: number;
  /** Image px per CSS px (clip scale times device pixel ratio). */
  scale: number;
  /** The image's size in px. */
  width: number;
  height: number;
  /** The visual viewport's scroll position, page CSS px. */
  scrollX: number;
  scrollY: number;
}

export async function annotations(
  tabId: number,
  sessionId: string | undefined,
  map: ImageMapping,
  opts: { viewport: boolean; selector?: string },
): Promise<Annotation[]> {
  const snap = await snapshot(tabId, {
    sessionId,
    interactive: true,
    viewport: opts.viewport,
    ...(opts.selector !== undefined ? { selector: opts.selector } : {}),
  });
  const refs = Object.values(snap.refs).slice(0, MAX_ANNOTATIONS);
  try {
    const boxes = await Promise.all(
      refs.map(async (r) => {
        try {
          return await viewportBox(tabId, await resolveRef(tabId, r.ref));
        } catch {
          return null; // gone or without layout since the snapshot: not drawn
        }
      }),
    );
    const out: Annotation[] = [];
    refs.forEach((r, i) => {
      const b = boxes[i];
      if (!b || b.width < 1 || b.height < 1) return;
      const x = (b.x + map.scrollX - map.originX) * map.scale;
      const y = (b.y + map.scrollY - map.originY) * map.scale;
      const w = b.width * map.scale;
      const h = b.height * map.scale;
      if (x + w <= 0 || y + h <= 0 || x >= map.width || y >= map.height) return;
      out.push({ ref: r.ref, role: r.role, name: r.name, box: { x: round(x), y: round(y), width: round(w), height: round(h) } });
    });
    return out;
  } finally {
    releaseActionObjects(tabId);
  }
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
