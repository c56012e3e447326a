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

/** The funnel's subscribers, one per event that is a step. */
export const funnelSubscribers = [
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
