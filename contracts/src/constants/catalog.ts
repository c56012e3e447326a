import type { Cents } from './money';
import type { OfferVariant } from './tracking';

export const drugs = ['semaglutide', 'tirzepatide'] as const;
export type Drug = (typeof drugs)[number];

export const paymentTerms = [1, 3, 6, 12] as const;
export type PaymentTerm = (typeof paymentTerms)[number];
export const defaultPaymentTerm: PaymentTerm = 6;

/**
 * Spec 000 section 3, "Offer plans": the plan identifier of each drug under each offer variant.
 * The seed of checkout's offers, which admins change (issue 30): read them from GET /api/offers.
 */
export const offerPlans: Record<
  Drug,
  { default: string } & Partial<Record<Exclude<OfferVariant, 'default'>, string>>
> = {
  semaglutide: { default: 'sema_plan_278928', A: 'sema_plan_134562', C: 'sema_plan_367367' },
  tirzepatide: { default: 'tirz_plan_1', B: 'tirz_plan_2', C: 'tirz_plan_3' },
};

/**
 * The plan identifier for a drug under the active offer; variants without a plan use the default.
 * `offers` is checkout's current table (GET /api/offers), the spec's before any change.
 */
export function planIdFor(
  drug: Drug,
  variant: OfferVariant,
  offers: Record<Drug, Partial<Record<OfferVariant, string>> & { default: string }> = offerPlans,
): string {
  return offers[drug][variant] ?? offers[drug].default;
}

/**
 * Spec 001 section 9, the price table, in cents: the total billed for each payment term. The seed
 * of checkout's price table, which admins change (issue 30): a page showing prices reads them
 * from the API (the product list, a cart).
 */
export const termPrices: Record<Drug, Record<PaymentTerm, Cents>> = {
  semaglutide: { 1: 24997, 3: 44997, 6: 80995, 12: 137499 },
  tirzepatide: { 1: 34997, 3: 74997, 6: 134982, 12: 229997 },
};

/** Spec 000 section 9: the month-1 ("from") price of each drug, in cents. */
export const firstMonthPrices: Record<Drug, Cents> = {
  semaglutide: 13499,
  tirzepatide: 22499,
};

/** Spec 000 section 9: GLP Anti-Nausea, 30 pills of 4mg ondansetron. */
export const antiNausea = {
  sku: 'glp_anti_nausea',
  name: 'GLP Anti-Nausea',
  price: 1997 as Cents,
  description: '30 pills of 4mg generic ondansetron',
} as const;

export const averageLossPercent: Record<Drug, number> = { semaglutide: 16, tirzepatide: 22 };

export const drugLabels: Record<Drug, string> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/** The product list is cached in the browser this long (spec 000 section 9). */
export const productCacheMs = 24 * 60 * 60 * 1000;

/** Spec 000 section 2, plan page question 3: the doses a current user can say they take. */
export const currentDoseChoices: Record<Drug, readonly string[]> = {
  semaglutide: ['0.25 mg', '0.5 mg', '1 mg', '2 mg', '2.5 mg'],
  tirzepatide: ['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg'],
};

/** Spec 000 section 2, plan page question 4: what each product card shows. */
export const planCards: Record<
  Drug,
  { badge: string; receptors: number; doses: readonly string[] }
> = {
  tirzepatide: {
    badge: 'Most Effective',
    receptors: 2,
    doses: ['2.5', '5', '7.5', '10', '12.5', '15'],
  },
  semaglutide: { badge: 'Most Popular', receptors: 1, doses: ['0.5', '1', '1.75', '2.5'] },
};

/** The report page's target weight when the visitor gave none (spec 000 section 9). */
export const defaultTargetWeight = 120;

/** The GLP-1 a product is ("Tirzepatide", "Semaglutide 3 months"), or null for another product. */
export function drugOfProduct(productName: string): Drug | null {
  const name = productName.toLowerCase();
  return drugs.find((drug) => name.includes(drug)) ?? null;
}
