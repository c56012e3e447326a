import { intakePersonSchema } from '@clinic/contracts';
import { captureOffers } from '../tracking/activeOffers';
import { TRACKING_COOKIE, captureCampaign } from '../tracking/campaignCookie';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { IntakePage, SUBMIT_LABEL } from './IntakePage';
import { buttonByText, click, flush, renderPage } from './testing/dom';
import { storeIntake } from './testing/fixtures';

let view: Rendered | undefined;
let fetchMock: FetchMock;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = `${TRACKING_COOKIE}=; path=/; max-age=0`;
  fetchMock = installFetchMock();
  fetchMock.mockResolvedValue(jsonResponse(500, {}));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function submittedBody() {
  storeIntake(9);
  view = await renderPage('/', { '/': <IntakePage /> });
  await click(buttonByText(view.container, SUBMIT_LABEL));
  await flush();
  const [, init] = fetchMock.mock.calls[0]!;
  return intakePersonSchema.parse(JSON.parse(String(init?.body)));
}

describe('campaign tracking on the lead', () => {
  it('sends the stored campaign and the active offers with the lead', async () => {
    const stored = captureCampaign({
      href: 'http://localhost/?utm_source=google&gclid=g1&sema_offer=A&tir_offer=C',
      referrer: 'https://www.google.com/',
      now: new Date('2025-03-01T10:00:00.000Z'),
    });
    captureOffers('?utm_source=google&gclid=g1&sema_offer=A&tir_offer=C');
    expect((await submittedBody()).tracking).toEqual({
      ...stored,
      sema_offer: 'A',
      tir_offer: 'C',
    });
  });

  it('sends only the default offers without a campaign visit', async () => {
    // Every lead is in an offer test: without an offer link, in its default arm.
    expect((await submittedBody()).tracking).toEqual({
      sema_offer: 'default',
      tir_offer: 'default',
    });
  });
});
