/**
 * checkout's payment-succeeded: the first payment (paid, by plan term and offer), the upsell's
 * add-on, or a renewal. The amount is kept in cents; the product's name never is.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { offerOfPlan, personOfUser } from '../domain/funnel-steps';
import { knownOffers } from '../domain/offers-copy';

const stepOfKind = { checkout: 'paid', 'add-on': 'upsell', renewal: 'renewed' } as const;

export const paymentSucceededFunnel = funnelSubscriber(paymentSucceeded, async (data, _e, tx) =>
  data.userId === null
    ? null
    : {
        step: stepOfKind[data.kind],
        personKey: personOfUser(data.userId),
        amountCents: data.amountCents,
        paymentTerms: data.kind === 'add-on' ? 0 : data.paymentTerms,
        offer: data.kind === 'checkout' ? offerOfPlan(data.planId, await knownOffers(tx)) : '',
      },
);
