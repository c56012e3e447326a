/**
 * The US ZIP code directory the embedded validator checks against: the npm `zipcodes` package
 * (about 42,000 five-digit ZIP codes with their state and primary city, the territories and
 * military ZIP codes included). Its data is 5 MB of JavaScript, so it is loaded on the first
 * lookup rather than when the service starts, and once per process.
 */
import type { ZipCode } from 'zipcodes';

export interface ZipPlace {
  zip: string;
  /** The primary city, as the package spells it ("Saint Louis", "Fort Lauderdale"). */
  city: string;
  state: string;
}

/** Abbreviations patients write for words the directory spells out, and the reverse. */
const cityWordForms: Readonly<Record<string, string>> = {
  ST: 'SAINT',
  STE: 'SAINTE',
  FT: 'FORT',
  MT: 'MOUNT',
  MTN: 'MOUNTAIN',
  PT: 'POINT',
  HTS: 'HEIGHTS',
  SPGS: 'SPRINGS',
};
const leadingDirections: Readonly<Record<string, string>> = {
  N: 'NORTH',
  S: 'SOUTH',
  E: 'EAST',
  W: 'WEST',
};

/**
 * A city reduced to what identifies it: upper case, no punctuation, abbreviations spelled out,
 * no spaces ("St. Louis", "Saint Louis" and "ST LOUIS" are one city; "Mc Lean" is "McLean").
 */
export function cityKey(city: string): string {
  const words = city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['\u2019.]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ');
  return words
    .map((word, i) => (i === 0 ? (leadingDirections[word] ?? word) : word))
    .map((word) => cityWordForms[word] ?? word)
    .join('');
}

export function sameCity(a: string, b: string): boolean {
  return cityKey(a) === cityKey(b);
}

export class ZipDirectory {
  private readonly byCity = new Map<string, string[]>();

  constructor(private readonly places: ReadonlyMap<string, ZipPlace>) {
    for (const place of places.values()) {
      const key = `${place.state}|${cityKey(place.city)}`;
      const zips = this.byCity.get(key);
      if (zips) zips.push(place.zip);
      else this.byCity.set(key, [place.zip]);
    }
  }

  /** The place of a ZIP code (its first 5 digits), or null when no such ZIP code exists. */
  place(zip: string): ZipPlace | null {
    return this.places.get(zip.slice(0, 5)) ?? null;
  }

  /**
   * The ZIP codes of a city in a state, the ones closest in number to `near` first (a mistyped
   * digit is the likeliest mistake), so the first few make sensible suggestions.
   */
  zipsOfCity(city: string, state: string, near?: string): string[] {
    const zips = [...(this.byCity.get(`${state.toUpperCase()}|${cityKey(city)}`) ?? [])];
    const target = Number((near ?? '').slice(0, 5));
    if (near && Number.isFinite(target)) {
      zips.sort(
        (a, b) => Math.abs(Number(a) - target) - Math.abs(Number(b) - target) || (a < b ? -1 : 1),
      );
    } else zips.sort();
    return zips;
  }
}

/** A directory built from `zipcodes` records (US ones only: the package also has Canada). */
export function zipDirectoryFrom(codes: Readonly<Record<string, ZipCode>>): ZipDirectory {
  const places = new Map<string, ZipPlace>();
  for (const code of Object.values(codes)) {
    if (code.country === 'US' && /^\d{5}$/.test(code.zip)) {
      places.set(code.zip, { zip: code.zip, city: code.city, state: code.state });
    }
  }
  return new ZipDirectory(places);
}

let usDirectory: Promise<ZipDirectory> | null = null;

/** The US directory, loaded once; a failed load is retried by the next call. */
export function loadUsZipDirectory(): Promise<ZipDirectory> {
  usDirectory ??= import('zipcodes').then(
    (zipcodes) => zipDirectoryFrom(zipcodes.codes),
    (err: unknown) => {
      usDirectory = null;
      throw err;
    },
  );
  return usDirectory;
}
