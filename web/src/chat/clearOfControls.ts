/**
 * Where the floating chat bubble may rest without hiding a control of the page. On a phone the
 * bubble sits where right-hand buttons pass as the page scrolls (a receipt's Download, an order's
 * action): whenever one is under the bubble's place, the bubble lifts just above it, and comes
 * back down once the way is clear. The geometry is here; the DOM reads are passed in, so the
 * rule is tested without a layout engine.
 */

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The room left between the bubble and the control it lifts over, in px. */
export const liftGap = 8;

/** How many times a lift is checked again (a lifted bubble may meet the next control). */
const maxRounds = 4;

/** The bubble's box moved up by `lift` px (field by field: a DOMRect's are not its own). */
function raised(box: Box, lift: number): Box {
  return { top: box.top - lift, bottom: box.bottom - lift, left: box.left, right: box.right };
}

/**
 * How far (px) the bubble must rise from `resting` so that no control is under it: 0 when none
 * is; otherwise just above the highest control found, checked again from there. `controlsUnder`
 * gives the boxes of the controls (not the bubble's own) under a box. A lift that would take the
 * bubble above `ceiling` (a share of the screen) is not taken: the bubble stays home.
 */
export function liftClearOf(
  resting: Box,
  controlsUnder: (box: Box) => readonly Box[],
  ceiling: number,
): number {
  let lift = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    const under = controlsUnder(raised(resting, lift));
    if (under.length === 0) return lift;
    const highest = Math.min(...under.map((control) => control.top));
    lift = Math.max(lift, resting.bottom - highest + liftGap);
    if (resting.top - lift < ceiling) return 0;
  }
  return controlsUnder(raised(resting, lift)).length === 0 ? lift : 0;
}

/** What a patient taps: the page's own controls, never the chat widget's. */
const controlSelector =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"]';

/**
 * The boxes of the controls under `box` in the document, found by hit-testing a grid of points
 * inside it (elementsFromPoint lists every element at a point, the bubble's own first).
 */
export function documentControlsUnder(widget: Element): (box: Box) => Box[] {
  return (box) => {
    const found = new Set<Element>();
    const xs = [box.left + 4, (box.left + box.right) / 2, box.right - 4];
    const ys = [box.top + 4, (box.top + box.bottom) / 2, box.bottom - 4];
    for (const x of xs)
      for (const y of ys)
        for (const element of document.elementsFromPoint(x, y)) {
          if (widget.contains(element)) continue;
          const control = element.closest(controlSelector);
          if (control && !widget.contains(control)) found.add(control);
        }
    return [...found].map((control) => control.getBoundingClientRect());
  };
}
