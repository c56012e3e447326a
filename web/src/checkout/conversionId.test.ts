import { CONVERSION_ID_KEY, captureConversionId, readConversionId } from './conversionId';

beforeEach(() => sessionStorage.clear());

describe('conversion id (c_id)', () => {
  it('is kept from the query string for the session', () => {
    expect(captureConversionId('?utm_source=x&c_id=aff-123')).toBe('aff-123');
    expect(sessionStorage.getItem(CONVERSION_ID_KEY)).toBe('aff-123');
    // a later page without it keeps it; a new one replaces it
    expect(captureConversionId('?a=1')).toBe('aff-123');
    expect(captureConversionId('?c_id=aff-456')).toBe('aff-456');
    expect(readConversionId()).toBe('aff-456');
  });

  it('reads the current address by default and ignores empty or oversized values', () => {
    window.history.replaceState({}, '', '/weight-loss-payment/c1?c_id=from-url');
    expect(captureConversionId()).toBe('from-url');
    sessionStorage.clear();
    expect(captureConversionId('?c_id=')).toBeNull();
    expect(captureConversionId(`?c_id=${'x'.repeat(129)}`)).toBeNull();
    window.history.replaceState({}, '', '/');
  });
});
