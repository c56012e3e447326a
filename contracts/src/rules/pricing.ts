/**
 * The price rules of spec 001 section 9, in cents, shared by the checkout page (what it shows)
 * and the checkout service (what it charges, recomputed from the term and coupon, never taken
 * from the browser). The prices themselves are data kept by checkout (the admin console's price
 * table); `defaultPriceTable` is the spec's, the table before any change.
 */
import {
  antiNausea,
  drugs,
  firstMonthPrices,
  termPrices,
  type Drug,
  type PaymentTerm,
} from '../constants/catalog';
import type { Cents } from '../constants/money';

/**
 * Per drug: month 1 of the monthly plan, and the total billed for each payment term; and the
 * one-time price of the GLP Anti-Nausea add-on.
 */
export type PriceTable = Record<Drug, { firstMonth: Cents; terms: Record<PaymentTerm, Cents> }> & {
  antiNausea: Cents;
};

/** The spec's prices (spec 000 and 001 section 9): the seed of checkout's price table. */
export const defaultPriceTable: PriceTable = {
  semaglutide: { firstMonth: firstMonthPrices.semaglutide, terms: { ...termPrices.semaglutide } },
  tirzepatide: { firstMonth: firstMonthPrices.tirzepatide, terms: { ...termPrices.tirzepatide } },
  antiNausea: antiNausea.price,
};

/** Spec 001 section 3, "Payment term labels". */
export const paymentTermLabels: Record<PaymentTerm, { name: string; billing: string }> = {
  1: { name: 'Monthly Plan', billing: 'billed monthly' },
  3: { name: 'Quarterly Plan', billing: 'billed quarterly' },
  6: { name: 'Half Yearly Plan', billing: 'billed every 6 months' },
  12: { name: 'Yearly Plan', billing: 'billed annually' },
};

/** The regular monthly price: the monthly plan's price after month 1. */
export function regularMonthlyCents(drug: Drug, prices: PriceTable = defaultPriceTable): Cents {
  return prices[drug].terms[1];
}

/** What a term bills before any coupon: month 1 on the monthly plan, else the term's total. */
export function termBaseCents(
  drug: Drug,
  term: PaymentTerm,
  prices: PriceTable = defaultPriceTable,
): Cents {
  return term === 1 ? prices[drug].firstMonth : prices[drug].terms[term];
}

/** What each renewal of a term bills: the regular monthly price, or the term's total. */
export function renewalCents(
  drug: Drug,
  term: PaymentTerm,
  prices: PriceTable = defaultPriceTable,
): Cents {
  return prices[drug].terms[term];
}

/**
 * What is charged today: the term total, or on the monthly plan the first-month price (with a
 * 3-month commitment), less the coupon's flat discount; never below zero.
 */
export function amountDueTodayCents(
  drug: Drug,
  term: PaymentTerm,
  discountCents: Cents = 0,
  prices: PriceTable = defaultPriceTable,
): Cents {
  return Math.max(termBaseCents(drug, term, prices) - Math.max(discountCents, 0), 0);
}

/** Savings of a term: first month plus the regular monthly price for the rest, less the total. */
export function termSavingsCents(
  drug: Drug,
  term: PaymentTerm,
  prices: PriceTable = defaultPriceTable,
): Cents {
  if (term === 1) return 0;
  const p = prices[drug];
  return p.firstMonth + p.terms[1] * (term - 1) - p.terms[term];
}

/** The term total divided by its months, to the cent. */
export function monthlyAverageCents(
  drug: Drug,
  term: PaymentTerm,
  prices: PriceTable = defaultPriceTable,
): Cents {
  return Math.round(prices[drug].terms[term] / term);
}

/** The least a coupon for `terms` (null: all) may be charged against: the lowest base price. */
export function lowestBaseCents(
  terms: readonly PaymentTerm[] | null,
  prices: PriceTable = defaultPriceTable,
): Cents {
  const all = terms ?? ([1, 3, 6, 12] as const);
  return Math.min(...drugs.flatMap((drug) => all.map((term) => termBaseCents(drug, term, prices))));
}
