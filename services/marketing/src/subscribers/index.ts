import type { FunnelStepSubscriber, LiveSink } from '../domain/funnel-subscriber';
import { assessmentDeniedFunnel } from './assessment-denied-funnel';
import { campaignVisitedFunnel } from './campaign-visited-funnel';
import { cartSavedFunnel } from './cart-saved-funnel';
import { formSubmittedFunnel } from './form-submitted-funnel';
import { leadDisqualifiedFunnel } from './lead-disqualified-funnel';
import { leadQualifiedFunnel } from './lead-qualified-funnel';
import { orderShippedFunnel } from './order-shipped-funnel';
import { paymentSucceededFunnel } from './payment-succeeded-funnel';
import { prescriptionApprovedFunnel } from './prescription-approved-funnel';
import { refundIssuedFunnel } from './refund-issued-funnel';
import { subscriptionCancelledFunnel } from './subscription-cancelled-funnel';

/** One per event that is a step. */
const funnelSteps: FunnelStepSubscriber[] = [
  campaignVisitedFunnel,
  leadQualifiedFunnel,
  leadDisqualifiedFunnel,
  paymentSucceededFunnel,
  formSubmittedFunnel,
  prescriptionApprovedFunnel,
  assessmentDeniedFunnel,
  orderShippedFunnel,
  cartSavedFunnel,
  subscriptionCancelledFunnel,
  refundIssuedFunnel,
];

/** The funnel's subscribers, telling `live` of each conversion they count. */
export const funnelSubscribers = (live: LiveSink) => funnelSteps.map((make) => make(live));
