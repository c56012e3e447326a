/** the clinic's assessment-denied: denied (the clinician's reason is health information: not kept). */
import { assessmentDenied } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const assessmentDeniedFunnel = funnelSubscriber(assessmentDenied, (data) =>
  data.userId === null ? null : { step: 'denied', personKey: personOfUser(data.userId) },
);
