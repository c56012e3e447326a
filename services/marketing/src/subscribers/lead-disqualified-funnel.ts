/** intake's lead-disqualified: a lead turned away, by reason (state, age, BMI). */
import { leadDisqualified } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfLead, personOfUser } from '../domain/funnel-steps';
import { leadCampaign, leadOffer } from '../domain/lead-campaign';

export const leadDisqualifiedFunnel = funnelSubscriber(leadDisqualified, (data) => ({
  step: 'lead-disqualified',
  personKey: data.userId === null ? personOfLead(data.leadId) : personOfUser(data.userId),
  reason: data.reason,
  campaign: leadCampaign(data.tracking, data.state),
  offer: leadOffer(data.tracking),
}));
