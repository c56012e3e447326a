import {
  afterDeclinedRenewal,
  earlyTerminationOf,
  nextBillingDateAfter,
  shipmentsPaidBy,
} from './subscription-rules';

const paidAt = new Date('2026-11-22T12:00:00Z');
const daysAfter = (days: number) => new Date(paidAt.getTime() + days * 86_400_000).toISOString();
const dates = (term: 1 | 3 | 6 | 12, payment: number) =>
  shipmentsPaidBy(term, payment, paidAt).map((s) => [s.shipOn.toISOString(), s.vials]);

describe('subscription rules', () => {
  it('ships 3 vials every 90 days: the monthly plan 3 months up front, then every third payment', () => {
    expect(dates(1, 1)).toEqual([[daysAfter(0), 3]]);
    expect(dates(1, 2)).toEqual([]);
    expect(dates(1, 3)).toEqual([]);
    expect(dates(1, 4)).toEqual([[daysAfter(0), 3]]);
    expect(dates(3, 2)).toEqual([[daysAfter(0), 3]]);
    expect(dates(6, 1)).toEqual([
      [daysAfter(0), 3],
      [daysAfter(90), 3],
    ]);
    expect(dates(12, 1).map(([on]) => on)).toEqual([0, 90, 180, 270].map(daysAfter));
  });

  it('retries a declined renewal after 1 day, then 2 days, then pauses', () => {
    expect(afterDeclinedRenewal(1, paidAt)).toEqual({
      kind: 'retry',
      failedAttempts: 1,
      retryAt: new Date(daysAfter(1)),
    });
    expect(afterDeclinedRenewal(2, paidAt)).toEqual({
      kind: 'retry',
      failedAttempts: 2,
      retryAt: new Date(daysAfter(2)),
    });
    expect(afterDeclinedRenewal(3, paidAt)).toEqual({ kind: 'pause', failedAttempts: 3 });
  });

  it('records the early termination fee of the monthly commitment only, by unpaid month', () => {
    expect(earlyTerminationOf(1, 1, 34997)).toEqual({ withinCommitment: true, feeCents: 69994 });
    expect(earlyTerminationOf(1, 2, 34997)).toEqual({ withinCommitment: true, feeCents: 34997 });
    expect(earlyTerminationOf(1, 3, 34997)).toEqual({ withinCommitment: false, feeCents: 0 });
    expect(earlyTerminationOf(6, 1, 134982)).toEqual({ withinCommitment: false, feeCents: 0 });
  });

  it('bills again a term later, on the last day of a shorter month', () => {
    expect(nextBillingDateAfter(new Date('2027-01-31T09:00:00Z'), 1).toISOString()).toBe(
      '2027-02-28T09:00:00.000Z',
    );
    expect(nextBillingDateAfter(paidAt, 12).toISOString()).toBe('2027-11-22T12:00:00.000Z');
  });
});
