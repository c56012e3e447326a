/** intake's lead-qualified: a qualified lead, with the campaign it came from. */
import { leadQualified } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';
import { leadCampaign, leadOffer } from '../domain/lead-campaign';

export const leadQualifiedFunnel = funnelSubscriber(leadQualified, (data) => ({
  step: 'lead-qualified',
  personKey: personOfUser(data.userId),
  campaign: leadCampaign(data.tracking, data.state),
  offer: leadOffer(data.tracking),
}));
