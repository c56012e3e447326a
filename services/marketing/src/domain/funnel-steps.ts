/**
 * The funnel's steps (issue 28) and the fact one event contributes to it. Only what marketing may
 * know is kept: the step, who (an opaque person key), when, money, the plan term, a
 * disqualification reason and the offer; never a name, a product, an answer or an order id.
 */
import {
  offerPlans,
  offerVariants,
  type FunnelStep,
  type OfferPlans,
  type OfferVariant,
} from '@clinic/contracts';

/** What a lead event tells of the campaign it came from, and the lead's state. */
export interface LeadCampaign {
  source: string;
  medium: string;
  campaign: string;
  content: string;
  term: string;
  hasGclid: boolean;
  hasFbclid: boolean;
  landingPage: string;
  state: string;
}

export interface FunnelFact {
  eventId: string;
  step: FunnelStep;
  personKey: string;
  occurredAt: Date;
  amountCents?: number;
  paymentTerms?: number;
  reason?: string;
  offer?: OfferVariant | '';
  campaign?: LeadCampaign;
}

/** A person: their account, the lead when the quiz made none, or a campaign visit. */
export const personOfUser = (userId: number) => `u:${userId}`;
export const personOfLead = (leadId: number) => `l:${leadId}`;
export const personOfVisit = (visitId: string) => `v:${visitId}`;

/**
 * The offer variant a plan id belongs to under `offers` (checkout's, as marketing's copy holds
 * them: domain/offers-copy.ts), '' for a plan of no offer.
 */
export function offerOfPlan(planId: string, offers: OfferPlans = offerPlans): OfferVariant | '' {
  for (const plans of Object.values(offers) as Partial<Record<OfferVariant, string>>[])
    for (const variant of offerVariants) if (plans[variant] === planId) return variant;
  return '';
}
