/**
 * Tells marketing's funnel of a landing with a campaign (POST /api/campaign-visit), under the
 * tab's tracking session id, the one its lead will carry: the funnel counts a visitor once
 * however often the tab lands or reloads. Loaded only when a campaign arrives; a failure is only
 * the funnel's loss, never the visitor's, so it is swallowed.
 */
import { campaignVisit } from '@clinic/contracts';
import { callApi } from '../api/client';
import { readActiveOffers } from './activeOffers';
import { readTracking } from './storedCampaign';
import { trackingSessionId } from './trackingSession';

/** Reports the campaign and offers the landing just stored. */
export async function reportVisit(): Promise<void> {
  const campaign = readTracking();
  if (!campaign) return;
  const tracking = { ...campaign, ...readActiveOffers() };
  try {
    await callApi(campaignVisit, { body: { visitId: trackingSessionId(), tracking } });
  } catch (error) {
    console.warn('The campaign visit was not counted.', error);
  }
}
