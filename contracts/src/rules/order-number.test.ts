import { orderNumberQuery } from '../api/order-search';
import { orderIdFromNumber, orderNumber, orderNumberHint } from './order-number';

describe('orderNumber (the one number of an order, everywhere)', () => {
  it('is the order id after "#", at least four digits', () => {
    expect(orderNumber(1)).toBe('#0001');
    expect(orderNumber(42)).toBe('#0042');
    expect(orderNumber(1042)).toBe('#1042');
    expect(orderNumber(123456)).toBe('#123456');
  });

  it('never reads like the drug class', () => {
    for (const id of [1, 11, 101, 1001]) expect(orderNumber(id)).not.toMatch(/GLP/i);
  });

  it("names a refill or a replacement as the order's number with a plain label", () => {
    expect(orderNumber(1042, { kind: 'first', sequence: 1 })).toBe('#1042');
    expect(orderNumber(1042, { kind: 'refill', sequence: 2 })).toBe('#1042 (refill 2)');
    expect(orderNumber(42, { kind: 'reship', sequence: 1 })).toBe('#0042 (replacement 1)');
  });
});

describe('orderIdFromNumber (staff search, however the number is typed)', () => {
  it.each([
    ['#1042', 1042],
    ['1042', 1042],
    [' 1042 ', 1042],
    ['#0042', 42],
    ['42', 42],
    ['# 1042', 1042],
    ['Order #1042', 1042],
    ['order 1042', 1042],
    ['Order no. 1042', 1042],
    ['order number 1042', 1042],
    ['GLP-1042', 1042],
    ['glp 1042', 1042],
    ['GLP1042', 1042],
    ['GLP-1042-2', 1042],
    ['GLP-1-1', 1],
    ['#1042 (refill 2)', 1042],
    ['#1042 (replacement 1)', 1042],
    ['1042-2', 1042],
  ])('reads %j as order %i', (typed, id) => {
    expect(orderIdFromNumber(typed)).toBe(id);
  });

  it('reads back every number it prints', () => {
    for (const id of [1, 42, 1042, 999_999_999])
      for (const shipment of [
        undefined,
        { kind: 'refill' as const, sequence: 3 },
        { kind: 'reship' as const, sequence: 1 },
      ])
        expect(orderIdFromNumber(orderNumber(id, shipment))).toBe(id);
  });

  it.each(['', '   ', '#', '0', '#0000', 'abc', '1042abc', 'Jordan', '12345678901', '-1'])(
    'refuses %j',
    (typed) => {
      expect(orderIdFromNumber(typed)).toBeNull();
    },
  );

  it('is the query field the staff searches take: an id, or the hint as a 400 message', () => {
    expect(orderNumberQuery().parse('GLP-1042')).toBe(1042);
    const refused = orderNumberQuery().safeParse('Jordan');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(orderNumberHint);
  });
});
