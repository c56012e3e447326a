import { trackingDataSchema } from '@clinic/contracts';
import { captureLanding } from './captureLanding';
import {
  TRACKING_COOKIE,
  TRACKING_MAX_AGE_SECONDS,
  captureCampaign,
  trackingFromVisit,
} from './campaignCookie';
import { readTracking } from './storedCampaign';

const now = new Date('2025-03-01T10:00:00.000Z');

function clearCookie() {
  document.cookie = `${TRACKING_COOKIE}=; path=/; max-age=0`;
}

beforeEach(() => {
  clearCookie();
  sessionStorage.clear();
  window.history.replaceState({}, '', '/');
});

describe('trackingFromVisit', () => {
  it('keeps the campaign parameters present, the landing page, referrer and time', () => {
    const href = 'https://clinic.test/?utm_source=google&utm_campaign=spring&gclid=abc&x=1';
    expect(trackingFromVisit({ href, referrer: 'https://www.google.com/', now })).toEqual({
      utm_source: 'google',
      utm_campaign: 'spring',
      gclid: 'abc',
      landing_page: href,
      referrer: 'https://www.google.com/',
      timestamp: '2025-03-01T10:00:00.000Z',
    });
  });

  it.each(['fbclid', 'utm_medium', 'utm_term', 'utm_content'])('counts %s alone', (name) => {
    const data = trackingFromVisit({ href: `https://clinic.test/?${name}=v`, referrer: '', now });
    expect(data).toMatchObject({ [name]: 'v' });
  });

  it('is null without a campaign parameter (empty values do not count)', () => {
    expect(
      trackingFromVisit({ href: 'https://clinic.test/?utm_source=&ref=x', referrer: 'r', now }),
    ).toBeNull();
  });

  it('cuts values to the lengths the server accepts', () => {
    const data = trackingFromVisit({
      href: `https://clinic.test/?utm_source=${'s'.repeat(300)}`,
      referrer: '',
      now,
    });
    expect(trackingDataSchema.safeParse(data).success).toBe(true);
    expect(data?.utm_source).toHaveLength(256);
  });
});

describe('the tracking cookie', () => {
  it('is stored with a campaign parameter and read back', () => {
    const setter = jest.spyOn(document, 'cookie', 'set');
    const stored = captureCampaign({
      href: 'http://localhost/?utm_source=fb&fbclid=123',
      referrer: 'https://m.facebook.com/',
      now,
    });
    expect(setter).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(
          `^${TRACKING_COOKIE}=[^;]+; path=/; max-age=${TRACKING_MAX_AGE_SECONDS}; SameSite=Lax$`,
        ),
      ),
    );
    expect(TRACKING_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(readTracking()).toEqual(stored);
    setter.mockRestore();
  });

  it('is neither stored nor overwritten by a visit without a campaign parameter', () => {
    expect(captureCampaign({ href: 'http://localhost/?a=1', referrer: '', now })).toBeNull();
    expect(readTracking()).toBeUndefined();

    captureCampaign({ href: 'http://localhost/?utm_source=first', referrer: '', now });
    captureCampaign({ href: 'http://localhost/plan', referrer: '', now });
    expect(readTracking()?.utm_source).toBe('first');

    // a new campaign visit replaces the old one
    captureCampaign({ href: 'http://localhost/?utm_source=second', referrer: '', now });
    expect(readTracking()?.utm_source).toBe('second');
  });

  it('ignores a cookie it cannot read', () => {
    document.cookie = `${TRACKING_COOKIE}=%7Bnot-json; path=/`;
    expect(readTracking()).toBeUndefined();
  });
});

describe('captureLanding', () => {
  it('captures the page address at start-up', () => {
    window.history.replaceState({}, '', '/weight-loss-plan?utm_medium=cpc&sema_offer=A');
    captureLanding();
    expect(readTracking()).toMatchObject({
      utm_medium: 'cpc',
      landing_page: 'http://localhost/weight-loss-plan?utm_medium=cpc&sema_offer=A',
    });
    expect(JSON.parse(sessionStorage.getItem('clinic.offers')!)).toEqual({
      sema_offer: 'A',
      tir_offer: 'default',
    });
  });
});
