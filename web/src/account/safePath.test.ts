import { safeInAppPath } from './safePath';

describe('safeInAppPath', () => {
  it.each(['/home', '/medical-form/5?type=medical#q3', '/%2F%2Fevil.com'])('keeps %j', (p) => {
    expect(safeInAppPath(p)).toBe(p);
  });

  it.each([
    null,
    '',
    'home',
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/\n/evil.com',
  ])('rejects %j', (p) => {
    expect(safeInAppPath(p)).toBeNull();
  });
});
