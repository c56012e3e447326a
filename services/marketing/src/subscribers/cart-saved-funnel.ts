/**
 * checkout's cart-saved: a patient with an account saved a cart (every save is a new cart; the
 * person counts once). A cart saved before any account exists has no person to carry it: it is
 * left out, and that person is counted from their payment on.
 */
import { cartSaved } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { offerOfPlan, personOfUser } from '../domain/funnel-steps';
import { knownOffers } from '../domain/offers-copy';

export const cartSavedFunnel = funnelSubscriber(cartSaved, async (data, _envelope, tx) =>
  data.userId === null
    ? null
    : {
        step: 'cart-saved',
        personKey: personOfUser(data.userId),
        amountCents: data.amountCents,
        offer: offerOfPlan(data.planId, await knownOffers(tx)),
      },
);
