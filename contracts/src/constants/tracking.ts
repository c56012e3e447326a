/**
 * What a landing's address may carry for marketing: campaign parameters and the offer variants
 * under test. No schema here: the app's frame reads these at start-up.
 */
/**
 * Campaign tracking (spec 000 section 3, "Tracking data"): kept by the browser in a 30-day cookie
 * only when a campaign parameter exists, and sent with the lead.
 */
export const campaignParameterNames = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const;

export const offerVariants = ['default', 'A', 'B', 'C'] as const;
export type OfferVariant = (typeof offerVariants)[number];
