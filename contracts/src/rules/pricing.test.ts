import {
  amountDueTodayCents,
  monthlyAverageCents,
  paymentTermLabels,
  termSavingsCents,
} from './pricing';

describe('pricing (spec 001 section 9)', () => {
  it('charges the term total, or the first month on the monthly plan, less the coupon', () => {
    expect(amountDueTodayCents('tirzepatide', 6)).toBe(134982);
    expect(amountDueTodayCents('semaglutide', 12)).toBe(137499);
    expect(amountDueTodayCents('tirzepatide', 1)).toBe(22499);
    expect(amountDueTodayCents('semaglutide', 1, 2500)).toBe(10999);
    expect(amountDueTodayCents('semaglutide', 3, 10000)).toBe(34997);
    expect(amountDueTodayCents('semaglutide', 1, 99999)).toBe(0);
  });

  // A coupon row is data an operator types in: a negative amount must not become a surcharge,
  // and one larger than the price must not become a refund.
  it('never lets a coupon raise the price or take it below zero', () => {
    expect(amountDueTodayCents('tirzepatide', 6, -5000)).toBe(134982);
    expect(amountDueTodayCents('semaglutide', 1, -1)).toBe(13499);
    expect(amountDueTodayCents('tirzepatide', 12, Number.MIN_SAFE_INTEGER)).toBe(
      amountDueTodayCents('tirzepatide', 12),
    );
    expect(amountDueTodayCents('semaglutide', 3, 44998)).toBe(0);
    expect(amountDueTodayCents('tirzepatide', 1, 22500)).toBe(0);
  });

  it('counts savings against month 1 plus the regular monthly price for the rest', () => {
    // 224.99 + 5 x 349.97 - 1349.82 = 625.02
    expect(termSavingsCents('tirzepatide', 6)).toBe(62502);
    // 134.99 + 11 x 249.97 - 1374.99 = 1509.67
    expect(termSavingsCents('semaglutide', 12)).toBe(150967);
    expect(termSavingsCents('semaglutide', 1)).toBe(0);
  });

  it('averages the term total over its months', () => {
    expect(monthlyAverageCents('tirzepatide', 6)).toBe(22497);
    expect(monthlyAverageCents('semaglutide', 3)).toBe(14999);
  });

  it('names the terms as the spec does', () => {
    expect(paymentTermLabels[6]).toEqual({
      name: 'Half Yearly Plan',
      billing: 'billed every 6 months',
    });
    expect(paymentTermLabels[12].name).toBe('Yearly Plan');
  });
});
