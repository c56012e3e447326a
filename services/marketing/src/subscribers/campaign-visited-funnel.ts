/**
 * intake's campaign-visited: a visit that arrived with a campaign, the funnel's first step. Each
 * visit is a person of its own ('v:<visit id>'): a visitor is not followed to their lead.
 */
import { campaignVisited } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfVisit } from '../domain/funnel-steps';
import { leadCampaign, leadOffer } from '../domain/lead-campaign';

export const campaignVisitedFunnel = funnelSubscriber(campaignVisited, (data) => ({
  step: 'visit',
  personKey: personOfVisit(data.visitId),
  campaign: leadCampaign(data.tracking, ''),
  offer: leadOffer(data.tracking),
}));
