import { browserKeys } from '../session/browserStorage';
import { fakeApi, ok, type FakeApi } from '../verify/testing/harness';
import { captureLanding } from './captureLanding';
import { TRACKING_COOKIE } from './campaignCookie';

let api: FakeApi;
beforeEach(() => {
  document.cookie = `${TRACKING_COOKIE}=; path=/; max-age=0`;
  sessionStorage.clear();
  api = fakeApi();
  api.on('POST /api/campaign-visit', ok({ status: 'success' }));
});
afterEach(() => window.history.replaceState({}, '', '/'));

/** Lands on `search` and waits for the lazily loaded report to be sent (or not). */
async function land(search: string) {
  window.history.replaceState({}, '', `/${search}`);
  captureLanding();
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the campaign visit', () => {
  it('is reported under the tab’s tracking session id, with its campaign and offers', async () => {
    await land('?utm_source=google&utm_campaign=spring&tir_offer=B');
    await land('?utm_source=google&utm_campaign=spring&tir_offer=B');
    const sent = api.sent('POST /api/campaign-visit') as { visitId: string }[];
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      visitId: sessionStorage.getItem(browserKeys.trackingSession),
      tracking: expect.objectContaining({
        utm_source: 'google',
        utm_campaign: 'spring',
        sema_offer: 'default',
        tir_offer: 'B',
        landing_page: expect.stringContaining('utm_campaign=spring'),
      }),
    });
    // A reload is the same visitor: the funnel counts one person under one id.
    expect(sent[1]?.visitId).toBe(sent[0]?.visitId);
  });

  it('is not reported for a landing without a campaign', async () => {
    await land('?sema_offer=A');
    expect(api.calls()).toEqual([]);
  });

  it('never troubles the visitor when the report fails', async () => {
    api.on('POST /api/campaign-visit', 'network');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await land('?utm_source=google');
    expect(warn).toHaveBeenCalledWith('The campaign visit was not counted.', expect.anything());
  });
});
