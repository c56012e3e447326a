/** fulfilment's order-shipped: shipped (carrier and tracking number are not marketing's). */
import { orderShipped } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const orderShippedFunnel = funnelSubscriber(orderShipped, (data) => ({
  step: 'shipped',
  personKey: personOfUser(data.userId),
}));
