import { CONVERSION_ID_KEY, captureConversionId, readConversionId } from '../checkout/conversionId';
import {
  SHARING_OPT_OUT_KEY,
  globalPrivacyControl,
  optOutOfSharingHere,
  sharingOptedOut,
} from './sharingOptOut';

const setGpc = (value: boolean | undefined) => {
  if (value === undefined)
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  else (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = value;
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setGpc(undefined);
});
afterAll(() => setGpc(undefined));

describe('opting out of sale and sharing in this browser', () => {
  it('is off without Global Privacy Control or a stored request', () => {
    expect(globalPrivacyControl()).toBe(false);
    expect(sharingOptedOut()).toBe(false);
  });

  it('follows the Global Privacy Control signal', () => {
    setGpc(true);
    expect(sharingOptedOut()).toBe(true);
    setGpc(false);
    expect(sharingOptedOut()).toBe(false);
  });

  it('remembers a "do not sell or share" request made here', () => {
    optOutOfSharingHere();
    expect(localStorage.getItem(SHARING_OPT_OUT_KEY)).toBe('1');
    expect(sharingOptedOut()).toBe(true);
  });
});

describe('the affiliate referral id (c_id) of an opted-out browser', () => {
  it('is kept and sent when the browser has not opted out', () => {
    expect(captureConversionId('?c_id=aff-42')).toBe('aff-42');
    expect(readConversionId()).toBe('aff-42');
  });

  it('is neither kept nor sent under Global Privacy Control', () => {
    setGpc(true);
    expect(captureConversionId('?c_id=aff-42')).toBeNull();
    expect(sessionStorage.getItem(CONVERSION_ID_KEY)).toBeNull();
    expect(readConversionId()).toBeNull();
  });

  it('stops being sent once the visitor opts out, even if kept before', () => {
    captureConversionId('?c_id=aff-42');
    optOutOfSharingHere();
    expect(readConversionId()).toBeNull();
  });
});
