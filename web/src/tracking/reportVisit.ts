/**
 * Tells marketing's funnel of a landing with a campaign (POST /api/campaign-visit), once per
 * browser session and landing address, so a reload is not a second visit. Loaded only when a
 * campaign arrives, after the page is up; a failure is only the funnel's loss, never the
 * visitor's, so it is swallowed.
 */
import { campaignVisit } from '@clinic/contracts';
import { callApi } from '../api/client';
import { readActiveOffers } from './activeOffers';
import { readTracking } from './campaignCookie';

/** The landing last reported in this browser session (not the patient's: kept at Log Out). */
const REPORTED_KEY = 'clinic.visit_reported';

/** Reports the campaign and offers the landing just stored. */
export async function reportVisit(): Promise<void> {
  const campaign = readTracking();
  if (!campaign) return;
  const tracking = { ...campaign, ...readActiveOffers() };
  const landing = tracking.landing_page ?? '';
  try {
    if (sessionStorage.getItem(REPORTED_KEY) === landing) return;
    sessionStorage.setItem(REPORTED_KEY, landing);
  } catch {
    // storage denied: the visit is reported on each landing
  }
  try {
    await callApi(campaignVisit, { body: { tracking } });
  } catch (error) {
    console.warn('The campaign visit was not counted.', error);
  }
}
