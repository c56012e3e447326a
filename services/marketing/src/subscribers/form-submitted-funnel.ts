/** forms' form-submitted: the medical assessment sent (a refill's check-in is no funnel step). */
import { formSubmitted } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const formSubmittedFunnel = funnelSubscriber(formSubmitted, (data) =>
  data.form === 'refill'
    ? null
    : { step: 'assessment-submitted', personKey: personOfUser(data.userId) },
);
