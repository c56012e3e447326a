/**
 * The price rules of spec 001 section 9, in cents, shared by the checkout page (what it shows)
 * and the checkout service (what it charges, recomputed from the term and coupon, never taken
 * from the browser).
 */
import { firstMonthPrices, termPrices, type Drug, type PaymentTerm } from '../constants/catalog';
import type { Cents } from '../constants/money';

/** Spec 001 section 3, "Payment term labels". */
export const paymentTermLabels: Record<PaymentTerm, { name: string; billing: string }> = {
  1: { name: 'Monthly Plan', billing: 'billed monthly' },
  3: { name: 'Quarterly Plan', billing: 'billed quarterly' },
  6: { name: 'Half Yearly Plan', billing: 'billed every 6 months' },
  12: { name: 'Yearly Plan', billing: 'billed annually' },
};

/** The regular monthly price: the monthly plan's price after month 1. */
export function regularMonthlyCents(drug: Drug): Cents {
  return termPrices[drug][1];
}

/**
 * What is charged today: the term total, or on the monthly plan the first-month price (with a
 * 3-month commitment), less the coupon's flat discount; never below zero.
 */
export function amountDueTodayCents(
  drug: Drug,
  term: PaymentTerm,
  discountCents: Cents = 0,
): Cents {
  const base = term === 1 ? firstMonthPrices[drug] : termPrices[drug][term];
  return Math.max(base - Math.max(discountCents, 0), 0);
}

/** Savings of a term: first month plus the regular monthly price for the rest, less the total. */
export function termSavingsCents(drug: Drug, term: PaymentTerm): Cents {
  if (term === 1) return 0;
  return firstMonthPrices[drug] + regularMonthlyCents(drug) * (term - 1) - termPrices[drug][term];
}

/** The term total divided by its months, to the cent. */
export function monthlyAverageCents(drug: Drug, term: PaymentTerm): Cents {
  return Math.round(termPrices[drug][term] / term);
}
