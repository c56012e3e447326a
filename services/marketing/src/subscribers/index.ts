import { assessmentDeniedFunnel } from './assessment-denied-funnel';
import { formSubmittedFunnel } from './form-submitted-funnel';
import { leadDisqualifiedFunnel } from './lead-disqualified-funnel';
import { leadQualifiedFunnel } from './lead-qualified-funnel';
import { orderShippedFunnel } from './order-shipped-funnel';
import { paymentSucceededFunnel } from './payment-succeeded-funnel';
import { prescriptionApprovedFunnel } from './prescription-approved-funnel';

/** The funnel's subscribers, one per event that is a step. */
export const funnelSubscribers = [
  leadQualifiedFunnel,
  leadDisqualifiedFunnel,
  paymentSucceededFunnel,
  formSubmittedFunnel,
  prescriptionApprovedFunnel,
  assessmentDeniedFunnel,
  orderShippedFunnel,
];
