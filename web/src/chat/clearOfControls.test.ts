import { liftClearOf, liftGap, type Box } from './clearOfControls';

/** The bubble at rest on a 390 x 844 phone: 56 px, 12 px from the right and bottom edges. */
const resting: Box = { top: 776, bottom: 832, left: 322, right: 378 };
const ceiling = 844 / 3;

const box = (top: number, height: number, left = 300, right = 370): Box => ({
  top,
  bottom: top + height,
  left,
  right,
});

/** The controls of a fake page that overlap a box. */
const page =
  (...controls: Box[]) =>
  (at: Box) =>
    controls.filter(
      (c) => c.left < at.right && at.left < c.right && c.top < at.bottom && at.top < c.bottom,
    );

describe('liftClearOf: the chat bubble keeps off the page’s controls', () => {
  it('stays home when nothing is under it', () => {
    expect(liftClearOf(resting, page(box(100, 40)), ceiling)).toBe(0);
  });

  it('rises just above a receipt button passing under it', () => {
    const download = box(800, 40);
    const lift = liftClearOf(resting, page(download), ceiling);
    expect(lift).toBe(resting.bottom - download.top + liftGap);
    expect(
      page(download)({ ...resting, top: resting.top - lift, bottom: resting.bottom - lift }),
    ).toEqual([]);
  });

  it('rises past a second control it would land on', () => {
    const lower = box(800, 40);
    const upper = box(730, 40);
    const lift = liftClearOf(resting, page(lower, upper), ceiling);
    expect(lift).toBe(resting.bottom - upper.top + liftGap);
  });

  it('takes the box as a DOMRect gives it (its sides are getters, not own fields)', () => {
    const rect = Object.create({
      get top() {
        return resting.top;
      },
      get bottom() {
        return resting.bottom;
      },
      get left() {
        return resting.left;
      },
      get right() {
        return resting.right;
      },
    }) as Box;
    const seen: Box[] = [];
    liftClearOf(rect, (at) => (seen.push(at), page(box(800, 40))(at)), ceiling);
    expect(seen.every((at) => [at.top, at.bottom, at.left, at.right].every(Number.isFinite))).toBe(
      true,
    );
    expect(liftClearOf(rect, page(box(800, 40)), ceiling)).toBe(resting.bottom - 800 + liftGap);
  });

  it('stays home rather than climb into the upper third of the screen', () => {
    const column = Array.from({ length: 12 }, (_, i) => box(800 - i * 60, 50));
    expect(liftClearOf(resting, page(...column), ceiling)).toBe(0);
  });
});
