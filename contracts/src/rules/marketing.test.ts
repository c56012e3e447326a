import {
  compareOffer,
  derivedFigureShown,
  peopleCount,
  rateInterval,
  SMALL_CELL_TEXT,
} from './marketing';

describe('the small-cell rule', () => {
  it('shows 1 to 10 people as "<11", and 0 and 11 or more as they are', () => {
    expect([0, 1, 5, 10, 11, 250].map(peopleCount)).toEqual([
      0,
      SMALL_CELL_TEXT,
      SMALL_CELL_TEXT,
      SMALL_CELL_TEXT,
      11,
      250,
    ]);
    expect(SMALL_CELL_TEXT).toBe('<11');
  });

  it('hides a rate or a sum of money that 1 to 10 people make', () => {
    expect([0, 1, 10, 11].map(derivedFigureShown)).toEqual([true, false, false, true]);
  });
});

describe('a paid rate and its 95% interval (Wilson)', () => {
  it('matches the hand-computed interval of 60 paid out of 400 leads', () => {
    // p = 0.15, z = 1.96: centre (0.15 + 1.96²/800) / (1 + 1.96²/400) = 0.15333,
    // half-width 1.96 * sqrt(0.15 * 0.85 / 400 + 1.96² / 640000) / 1.0096 = 0.03498.
    const interval = rateInterval(60, 400);
    expect(interval.rate).toBe(0.15);
    expect(interval.low).toBeCloseTo(0.118345, 5);
    expect(interval.high).toBeCloseTo(0.188314, 5);
  });

  it('stays within 0 and 1 at the edges, and is empty without leads', () => {
    expect(rateInterval(0, 25)).toEqual({ rate: 0, low: 0, high: expect.closeTo(0.133192, 5) });
    expect(rateInterval(25, 25).high).toBe(1);
    expect(rateInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 0 });
  });
});

describe('an offer against the default offer', () => {
  it('calls 15% against 10% of 400 leads each significantly better (z = 2.138, p = 0.0325)', () => {
    // Pooled p = 100/800 = 0.125; SE = sqrt(0.125 * 0.875 * (1/400 + 1/400)) = 0.023385;
    // z = 0.05 / 0.023385 = 2.1381; two-sided p = 2 * (1 - Φ(2.1381)) = 0.0325.
    const result = compareOffer({ leads: 400, paid: 60 }, { leads: 400, paid: 40 });
    expect(result.difference).toBeCloseTo(0.05, 10);
    expect(result.pValue).toBeCloseTo(0.03251, 4);
    expect(result.low).toBeCloseTo(0.004047, 4);
    expect(result.high).toBeCloseTo(0.096135, 4);
    expect(result).toMatchObject({ significant: true, verdict: 'better' });
  });

  it('finds no difference at 13% against 10% of 400 each (p = 0.18), and says worse the other way', () => {
    const close = compareOffer({ leads: 400, paid: 52 }, { leads: 400, paid: 40 });
    expect(close.pValue).toBeCloseTo(0.18355, 4);
    expect(close.low).toBeLessThan(0);
    expect(close).toMatchObject({ significant: false, verdict: 'no-difference' });
    expect(compareOffer({ leads: 400, paid: 40 }, { leads: 400, paid: 60 }).verdict).toBe('worse');
  });

  it('gives no verdict while an arm has fewer than 5 paid or 5 unpaid leads', () => {
    expect(compareOffer({ leads: 20, paid: 4 }, { leads: 400, paid: 40 })).toMatchObject({
      significant: false,
      verdict: 'too-few',
    });
    expect(compareOffer({ leads: 8, paid: 8 }, { leads: 8, paid: 0 }).verdict).toBe('too-few');
    expect(compareOffer({ leads: 0, paid: 0 }, { leads: 0, paid: 0 })).toMatchObject({
      pValue: 1,
      verdict: 'too-few',
    });
  });
});
