// The one visibility rule of every command: an element is visible when it
// is rendered (checkVisibility: not display:none, not in a closed <details>,
// not content-visibility:hidden, not visibility:hidden) and it, or one of
// its descendants, has a box (a zero-size link around a floated image
// counts by its image).

const VIS: CheckVisibilityOptions = { visibilityProperty: true };

/** Rendered and not visibility:hidden (its box may still be empty). */
export function isRendered(el: Element): boolean {
  return el.checkVisibility(VIS);
}

/** Whether the element's own box has an area. */
export function hasOwnBox(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** The element, or its first descendant, with a box; null: none. */
export function boxHolder(el: Element): Element | null {
  if (hasOwnBox(el)) return el;
  for (const d of el.querySelectorAll("*")) if (hasOwnBox(d)) return d;
  return null;
}

/** Whether it or a descendant has a box. */
export function hasBox(el: Element): boolean {
  return boxHolder(el) !== null;
}

/** The visibility rule. */
export function isVisible(el: Element): boolean {
  return isRendered(el) && hasBox(el);
}

/** A label of el (a form control) that shows, with a box of its own: what
 * a person presses for a control hidden the accessible way (no size,
 * clipped, off screen, under a styled label); null: none. */
export function shownLabel(el: Element): HTMLLabelElement | null {
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const l of labels) if (isRendered(l) && hasOwnBox(l)) return l;
  return null;
}
