/**
 * checkout's subscription-cancelled: a subscription ended, by the patient or by the clinic (a
 * denial, a withdrawal), kept with its plan term and who ended it; never a reason in words.
 */
import { subscriptionCancelled } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const subscriptionCancelledFunnel = funnelSubscriber(subscriptionCancelled, (data) =>
  data.userId === null
    ? null
    : {
        step: 'cancelled',
        personKey: personOfUser(data.userId),
        paymentTerms: data.paymentTerms,
        reason: data.by,
      },
);
