/**
 * Marketing's figures (issue 28): the small-cell rule that keeps a person from being picked out
 * of a count, and the statistics that say whether an offer's paid rate really differs from the
 * default offer's. Pure, so the service's tables, its CSV and the console's charts agree.
 */

/** Counts of fewer people than this are shown as SMALL_CELL_TEXT (CMS's cell-size rule). */
export const SMALL_CELL_MIN = 11;
export const SMALL_CELL_TEXT = '<11';

/** A count of people as marketing may see it. */
export type PeopleCount = number | typeof SMALL_CELL_TEXT;

/**
 * A count of people, or "<11" when 1 to 10 people make it. Zero is shown: it points at no one
 * (the CMS policy this follows suppresses 1 to 10).
 */
export function peopleCount(n: number): PeopleCount {
  return n > 0 && n < SMALL_CELL_MIN ? SMALL_CELL_TEXT : n;
}

/**
 * Whether a figure derived from `people` (a rate, a sum of money) may be shown: a rate of 1 in 4
 * or the revenue of 3 buyers tells as much about them as the count would.
 */
export function derivedFigureShown(people: number): boolean {
  return people === 0 || people >= SMALL_CELL_MIN;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** A proportion's 95% interval, as fractions of 1. */
export interface RateInterval {
  rate: number;
  low: number;
  high: number;
}

/**
 * The Wilson score interval of `successes` out of `trials`: unlike the textbook p ± 1.96·SE, it
 * stays inside 0..1 and is honest for small counts and rates near 0 or 1.
 */
export function rateInterval(successes: number, trials: number): RateInterval {
  if (trials <= 0) return { rate: 0, low: 0, high: 0 };
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // At 0 or 1 the bound is exactly the rate; the arithmetic would leave a rounding crumb.
  return {
    rate: p,
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

/** The standard normal distribution's upper tail, P(Z > x), to about 1e-7. */
function upperTail(x: number): number {
  // erfc by the Chebyshev fit of Numerical Recipes (fractional error under 1.2e-7).
  const y = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * y);
  const erfc =
    t *
    Math.exp(
      -y * y -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** One arm of an offer test: how many leads it had and how many of them paid. */
export interface OfferArm {
  leads: number;
  paid: number;
}

export type OfferVerdict = 'better' | 'worse' | 'no-difference' | 'too-few';

export interface OfferComparison {
  /** The variant's paid rate minus the default's, as a fraction of 1. */
  difference: number;
  /** Its 95% interval (Newcombe's hybrid score method, from the two Wilson intervals). */
  low: number;
  high: number;
  /** Two-sided p-value of the pooled two-proportion z-test. */
  pValue: number;
  significant: boolean;
  verdict: OfferVerdict;
}

/** Fewer paid or unpaid leads than this in an arm and the normal approximation does not hold. */
export const OFFER_TEST_MIN_OUTCOMES = 5;

/**
 * Does `variant`'s paid rate differ from `control`'s (the default offer)? Significant at 95% when
 * the two-sided p-value is under 0.05; "too-few" while either arm has fewer than 5 paid or 5
 * unpaid leads, when no verdict is honest yet.
 */
export function compareOffer(variant: OfferArm, control: OfferArm): OfferComparison {
  const a = rateInterval(variant.paid, variant.leads);
  const b = rateInterval(control.paid, control.leads);
  const difference = a.rate - b.rate;
  const low = difference - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2);
  const high = difference + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2);
  const enough = [variant, control].every(
    (arm) => arm.paid >= OFFER_TEST_MIN_OUTCOMES && arm.leads - arm.paid >= OFFER_TEST_MIN_OUTCOMES,
  );
  const pooled = (variant.paid + control.paid) / (variant.leads + control.leads || 1);
  const se = Math.sqrt(
    pooled * (1 - pooled) * (1 / (variant.leads || 1) + 1 / (control.leads || 1)),
  );
  const pValue = se === 0 ? 1 : 2 * upperTail(Math.abs(difference / se));
  const significant = enough && pValue < 0.05;
  const verdict: OfferVerdict = !enough
    ? 'too-few'
    : !significant
      ? 'no-difference'
      : difference > 0
        ? 'better'
        : 'worse';
  return { difference, low, high, pValue, significant, verdict };
}

/**
 * The funnel's steps, in the order the funnel page lists them, each with the step its conversion
 * rate is taken against (null: the first step, whose rate has no base).
 */
export const funnelSteps = [
  'visit',
  'lead-qualified',
  'lead-disqualified',
  'cart-saved',
  'paid',
  'upsell',
  'assessment-submitted',
  'approved',
  'denied',
  'shipped',
  'renewed',
  'cancelled',
  'refunded',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const funnelStepRules: Record<FunnelStep, { label: string; base: FunnelStep | null }> = {
  visit: { label: 'Visited from a campaign', base: null },
  'lead-qualified': { label: 'Qualified in the quiz', base: 'visit' },
  'lead-disqualified': { label: 'Turned away by the quiz', base: 'visit' },
  'cart-saved': { label: 'Saved a cart', base: 'lead-qualified' },
  paid: { label: 'Paid', base: 'cart-saved' },
  upsell: { label: 'Added an add-on', base: 'paid' },
  'assessment-submitted': { label: 'Sent the medical assessment', base: 'paid' },
  approved: { label: 'Approved', base: 'assessment-submitted' },
  denied: { label: 'Denied', base: 'assessment-submitted' },
  shipped: { label: 'Shipped', base: 'approved' },
  renewed: { label: 'Renewed', base: 'shipped' },
  cancelled: { label: 'Cancelled', base: 'paid' },
  refunded: { label: 'Refunded', base: 'paid' },
};

/** The steps a weekly cohort of qualified leads is followed through. */
export const cohortSteps = ['lead-qualified', 'paid', 'approved', 'renewed'] as const;

/** What the funnel can be grouped by; every roll-up row is kept under each of them. */
export const funnelGroupings = ['source', 'medium', 'campaign', 'offer', 'state'] as const;
export type FunnelGrouping = (typeof funnelGroupings)[number];

/** The longest date range one funnel query covers, in days (a year, leap years included). */
export const FUNNEL_RANGE_MAX_DAYS = 366;

/** The steps whose events are money paid to the clinic, and the one that is money returned. */
export const revenueSteps = ['paid', 'upsell', 'renewed'] as const satisfies FunnelStep[];
export const refundStep = 'refunded' satisfies FunnelStep;

/**
 * The steps the funnel breaks down, and by what: a disqualification by its reason, a first
 * payment by its plan term (months), a cancellation by who ended it, a refund by its kind.
 */
export const funnelBreakdowns = {
  'lead-disqualified': 'reason',
  paid: 'paymentTerms',
  cancelled: 'reason',
  refunded: 'reason',
} as const satisfies Partial<Record<FunnelStep, 'reason' | 'paymentTerms'>>;

/** How each kept reason reads on the page and in the CSV. */
export const funnelReasonLabels: Record<string, string> = {
  state_not_available: 'State not served',
  under_18: 'Under 18',
  bmi_below_20: 'BMI under 20',
  bmi_below_25: 'BMI under 25',
  patient: 'By the patient',
  clinic: 'By the clinic',
  denied: 'Not approved',
  withdrawn: 'Application withdrawn',
  processor: 'At the card processor',
};

/** How many of today's conversions a new live conversions connection is sent. */
export const LIVE_RECENT_MAX = 50;

/** Affiliate conversions listed per page in the console. */
export const affiliateConversionsPageSize = 25;
