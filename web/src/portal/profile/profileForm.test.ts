import { profileMessages } from '@clinic/contracts';
import { checkProfile } from '@clinic/contracts';
import {
  clampFeet,
  clampInches,
  cleanWeight,
  digitsOnly,
  formValuesOf,
  heightInches,
  splitPhone,
} from './profileForm';
import { jpegName, resizedSize } from './resizeImage';

describe('the Profile form values', () => {
  it('keeps only digits in the phone parts and splits a stored phone 3 + 3 + 4', () => {
    expect(digitsOnly('(51a2)', 3)).toBe('512');
    expect(splitPhone('5125550188')).toEqual(['512', '555', '0188']);
    expect(splitPhone('')).toEqual(['', '', '']);
  });

  it('takes feet 0 to 8 and inches 0 to 11 (12 or more becomes 11)', () => {
    expect(clampFeet('9')).toBe('8');
    expect(clampFeet('5')).toBe('5');
    expect(clampInches('12')).toBe('11');
    expect(clampInches('40')).toBe('11');
    expect(clampInches('7')).toBe('7');
    expect(clampInches('x')).toBe('');
    expect(heightInches('5', '11')).toBe(71);
    expect(heightInches('', '')).toBe(0);
  });

  it('reads a profile into feet and inches', () => {
    const values = formValuesOf({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      phone: '',
      gender: null,
      weight: null,
      weight_at: null,
      height_inch: 71,
      text_updates: true,
      preferred_categories: [],
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect([values.feet, values.inches, values.weight, values.gender]).toEqual(['5', '11', '', '']);
  });

  it('takes a weight of at most three whole digits and one decimal', () => {
    expect(cleanWeight('1805')).toBe('180');
    expect(cleanWeight('180.55')).toBe('180.5');
    expect(cleanWeight('abc')).toBe('');
  });

  it("checks the spec's rules with the spec's messages (shared with the server)", () => {
    const ok = {
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      phone: '5125550188',
      gender: 'Male',
      weight: '180',
      height_inch: 70,
    };
    expect(checkProfile(ok).ok).toBe(true);
    const refused = (change: object) => {
      const result = checkProfile({ ...ok, ...change });
      return result.ok ? null : result.message;
    };
    expect(refused({ first_name: ' ' })).toBe(profileMessages.fullName);
    expect(refused({ email: 'a@b' })).toBe(profileMessages.email);
    expect(refused({ phone: '512555018' })).toBe(profileMessages.phone);
    expect(refused({ gender: '' })).toBe(profileMessages.gender);
    expect(refused({ weight: '1000' })).toBe(profileMessages.weight);
    expect(refused({ height_inch: 0 })).toBe(profileMessages.height);
  });
});

describe('the re-upload resize', () => {
  it('makes an image at most 1000 px wide, never larger, keeping its proportions', () => {
    expect(resizedSize(4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(resizedSize(800, 1200)).toEqual({ width: 800, height: 1200 });
    expect(resizedSize(1000, 10)).toEqual({ width: 1000, height: 10 });
  });

  it('names the re-encoded file .jpg', () => {
    expect(jpegName('IMG 0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
  });
});
