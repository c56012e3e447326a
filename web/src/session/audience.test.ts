import { audienceOf, homeOf, isConsolePath, landingAfterLogin } from './audience';
import type { Session } from './session';

/** A stored user with any role, even one the contract does not know (read defensively). */
const as = (role?: unknown): Session =>
  ({ token: 't', user: { id: 1, role } }) as unknown as Session;

describe('audienceOf', () => {
  it.each(['clinician', 'support', 'pharmacy', 'marketing', 'admin'])('%s is staff', (role) => {
    expect(audienceOf(as(role))).toBe('staff');
    expect(homeOf(as(role))).toBe('/console');
  });

  it.each([['patient'], [undefined], ['superuser'], [1]])('%p is a patient', (role) => {
    expect(audienceOf(as(role))).toBe('patient');
    expect(homeOf(as(role))).toBe('/home');
  });
});

describe('isConsolePath', () => {
  it.each(['/console', '/console/', '/console/coupons', '/console?x=1', '/console#top'])(
    '%s is the console',
    (path) => expect(isConsolePath(path)).toBe(true),
  );

  it.each(['/consoles', '/console-old', '/home', '/', '/x/console'])('%s is not', (path) =>
    expect(isConsolePath(path)).toBe(false),
  );
});

describe('landingAfterLogin', () => {
  it.each([
    ['clinician', null, '/console'],
    ['clinician', '/home', '/console'],
    ['clinician', '/weight-loss-report', '/console'],
    ['admin', '/console/coupons?page=2', '/console/coupons?page=2'],
    ['patient', null, '/home'],
    ['patient', '/medical-form/5?type=medical', '/medical-form/5?type=medical'],
    ['patient', '/console/review-queue', '/home'],
  ])('%s with page_ref %p lands on %s', (role, pageRef, landing) => {
    expect(landingAfterLogin(as(role), pageRef)).toBe(landing);
  });
});
