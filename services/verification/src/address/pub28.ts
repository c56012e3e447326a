/**
 * USPS Publication 28 standardisation, as pure functions: upper case, no punctuation but `#`, `-`
 * and `/`, street suffixes (Appendix C1), directionals and secondary unit designators (Appendix
 * C2) in their standard abbreviations, and a unit written on line 1 moved to line 2. It never
 * invents data: a word it does not recognise is kept as typed (upper-cased).
 */
import type { ShippingAddress, ShippingAddressOut } from '@clinic/contracts';

/** Appendix C1: the standard abbreviation, then every spelling USPS maps to it. */
const suffixTable = `
ALY ALLEE ALLEY ALLY|ANX ANEX ANNEX ANNX|ARC ARCADE|AVE AV AVEN AVENU AVENUE AVN AVNUE
BYU BAYOO BAYOU|BCH BEACH|BND BEND|BLF BLUF BLUFF|BLFS BLUFFS|BTM BOT BOTTM BOTTOM
BLVD BOUL BOULEVARD BOULV|BR BRNCH BRANCH|BRG BRDGE BRIDGE|BRK BROOK|BRKS BROOKS|BG BURG
BGS BURGS|BYP BYPA BYPAS BYPASS BYPS|CP CAMP CMP|CYN CANYN CANYON CNYN|CPE CAPE
CSWY CAUSEWAY CAUSWA|CTR CEN CENT CENTER CENTR CENTRE CNTER CNTR|CTRS CENTERS
CIR CIRC CIRCL CIRCLE CRCL CRCLE|CIRS CIRCLES|CLF CLIFF|CLFS CLIFFS|CLB CLUB|CMN COMMON
CMNS COMMONS|COR CORNER|CORS CORNERS|CRSE COURSE|CT COURT|CTS COURTS|CV COVE|CVS COVES
CRK CREEK|CRES CRESCENT CRSENT CRSNT|CRST CREST|XING CROSSING CRSSNG|XRD CROSSROAD
XRDS CROSSROADS|CURV CURVE|DL DALE|DM DAM|DV DIV DIVIDE DVD|DR DRIV DRIVE DRV|DRS DRIVES
EST ESTATE|ESTS ESTATES|EXPY EXP EXPR EXPRESS EXPRESSWAY EXPW|EXT EXTENSION EXTN EXTNSN
EXTS EXTENSIONS|FALL|FLS FALLS|FRY FERRY FRRY|FLD FIELD|FLDS FIELDS|FLT FLAT|FLTS FLATS
FRD FORD|FRDS FORDS|FRST FOREST FORESTS|FRG FORG FORGE|FRGS FORGES|FRK FORK|FRKS FORKS
FT FORT FRT|FWY FREEWAY FREEWY FRWAY FRWY|GDN GARDEN GARDN GRDEN GRDN|GDNS GARDENS GRDNS
GTWY GATEWAY GATEWY GATWAY GTWAY|GLN GLEN|GLNS GLENS|GRN GREEN|GRNS GREENS|GRV GROV GROVE
GRVS GROVES|HBR HARB HARBOR HARBR HRBOR|HBRS HARBORS|HVN HAVEN|HTS HT HEIGHTS
HWY HIGHWAY HIGHWY HIWAY HIWY HWAY|HL HILL|HLS HILLS|HOLW HLLW HOLLOW HOLLOWS HOLWS
INLT INLET|IS ISLAND ISLND|ISS ISLANDS ISLNDS|ISLE ISLES|JCT JCTION JCTN JUNCTION JUNCTN JUNCTON
JCTS JCTNS JUNCTIONS|KY KEY|KYS KEYS|KNL KNOL KNOLL|KNLS KNOLLS|LK LAKE|LKS LAKES|LAND
LNDG LANDING LNDNG|LN LANE|LGT LIGHT|LGTS LIGHTS|LF LOAF|LCK LOCK|LCKS LOCKS
LDG LDGE LODG LODGE|LOOP LOOPS|MALL|MNR MANOR|MNRS MANORS|MDW MEADOW|MDWS MEADOWS MEDOWS
MEWS|ML MILL|MLS MILLS|MSN MISSION MISSN MSSN|MTWY MOTORWAY|MT MNT MOUNT
MTN MNTAIN MNTN MOUNTAIN MOUNTIN MTIN|MTNS MNTNS MOUNTAINS|NCK NECK|ORCH ORCHARD ORCHRD
OVAL OVL|OPAS OVERPASS|PARK PRK PARKS|PKWY PARKWAY PARKWY PKWAY PKY PARKWAYS PKWYS|PASS
PSGE PASSAGE|PATH PATHS|PIKE PIKES|PNE PINE|PNES PINES|PL PLACE|PLN PLAIN|PLNS PLAINS
PLZ PLAZA PLZA|PT POINT|PTS POINTS|PRT PORT|PRTS PORTS|PR PRAIRIE PRR|RADL RAD RADIAL RADIEL
RAMP|RNCH RANCH RANCHES RNCHS|RPD RAPID|RPDS RAPIDS|RST REST|RDG RDGE RIDGE|RDGS RIDGES
RIV RIVER RVR RIVR|RD ROAD|RDS ROADS|RTE ROUTE|ROW|RUE|RUN|SHL SHOAL|SHLS SHOALS
SHR SHOAR SHORE|SHRS SHOARS SHORES|SKWY SKYWAY|SPG SPNG SPRING SPRNG|SPGS SPNGS SPRINGS SPRNGS
SPUR SPURS|SQ SQR SQRE SQU SQUARE|SQS SQRS SQUARES|STA STATION STATN STN
STRA STRAV STRAVEN STRAVENUE STRAVN STRVN STRVNUE|STRM STREAM STREME|ST STREET STRT STR
STS STREETS|SMT SUMIT SUMITT SUMMIT|TER TERR TERRACE|TRWY THROUGHWAY|TRCE TRACE TRACES
TRAK TRACK TRACKS TRK TRKS|TRFY TRAFFICWAY|TRL TRAIL TRAILS TRLS|TRLR TRAILER TRLRS
TUNL TUNEL TUNLS TUNNEL TUNNELS TUNNL|TPKE TRNPK TURNPIKE TURNPK|UPAS UNDERPASS|UN UNION
UNS UNIONS|VLY VALLEY VALLY VLLY|VLYS VALLEYS|VIA VDCT VIADCT VIADUCT|VW VIEW|VWS VIEWS
VLG VILL VILLAG VILLAGE VILLG VILLIAGE|VLGS VILLAGES|VL VILLE|VIS VIST VISTA VST VSTA
WALK WALKS|WALL|WAY WY|WAYS|WL WELL|WLS WELLS`;

/** Every spelling (the abbreviation included) to its Appendix C1 abbreviation. */
const streetSuffixes: ReadonlyMap<string, string> = new Map(
  suffixTable
    .split(/[|\n]/)
    .map((row) => row.trim().split(' '))
    .filter((words) => words[0])
    .flatMap(([abbreviation = '', ...spellings]) =>
      [abbreviation, ...spellings].map((w): [string, string] => [w, abbreviation]),
    ),
);

const directionals: ReadonlyMap<string, string> = new Map(
  Object.entries({
    NORTH: 'N',
    SOUTH: 'S',
    EAST: 'E',
    WEST: 'W',
    NORTHEAST: 'NE',
    NORTHWEST: 'NW',
    SOUTHEAST: 'SE',
    SOUTHWEST: 'SW',
  }).flatMap(([word, abbreviation]): [string, string][] => [
    [word, abbreviation],
    [abbreviation, abbreviation],
  ]),
);

interface Designator {
  abbreviation: string;
  /** Appendix C2 marks the designators that need a number or letter after them ("APT 4"). */
  ranged: boolean;
}

/** Appendix C2, with the spellings patients type. */
const unitDesignators: ReadonlyMap<string, Designator> = new Map(
  (
    [
      ['APT', true, 'APARTMENT', 'APRT'],
      ['BSMT', false, 'BASEMENT'],
      ['BLDG', true, 'BUILDING', 'BLDNG'],
      ['DEPT', true, 'DEPARTMENT'],
      ['FL', true, 'FLOOR', 'FLR'],
      ['FRNT', false, 'FRONT'],
      ['HNGR', true, 'HANGAR'],
      ['KEY', true],
      ['LBBY', false, 'LOBBY'],
      ['LOT', true],
      ['LOWR', false, 'LOWER'],
      ['OFC', false, 'OFFICE'],
      ['PH', false, 'PENTHOUSE'],
      ['PIER', true],
      ['REAR', false],
      ['RM', true, 'ROOM'],
      ['SIDE', false],
      ['SLIP', true],
      ['SPC', true, 'SPACE'],
      ['STOP', true],
      ['STE', true, 'SUITE'],
      ['TRLR', true, 'TRAILER'],
      ['UNIT', true],
      ['UPPR', false, 'UPPER'],
    ] as const
  ).flatMap(([abbreviation, ranged, ...spellings]) =>
    [abbreviation, ...spellings].map((w): [string, Designator] => [w, { abbreviation, ranged }]),
  ),
);

/**
 * Upper case, accents dropped, periods removed (but a decimal point kept), other punctuation a
 * space, `#` a word of its own, whitespace collapsed.
 */
export function cleanAddressText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/(?<!\d)\.|\.(?!\d)/g, '')
    .replace(/['\u2019`"]/g, '')
    .replace(/#/g, ' # ')
    .replace(/[^A-Z0-9#/.\- ]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !/^[-/]+$/.test(word))
    .join(' ');
}

function words(text: string): string[] {
  const cleaned = cleanAddressText(text);
  return cleaned ? cleaned.split(' ') : [];
}

/** "123", "123B", "123-45" (Queens), "12.5", "N89W16785" (Wisconsin grid). */
function isHouseNumber(word: string): boolean {
  return /^(\d+([-.]\d+)?(-?[A-Z])?|[NSEW]\d+[NSEW]\d+)$/.test(word);
}

function isFraction(word: string | undefined): boolean {
  return word !== undefined && /^\d+\/\d+$/.test(word);
}

/** What may follow a designator: "4", "4B", "B", "12-A". */
function isUnitNumber(word: string | undefined): word is string {
  return word !== undefined && (/^[A-Z0-9-]*\d[A-Z0-9-]*$/.test(word) || /^[A-Z]$/.test(word));
}

function endsStreetName(word: string | undefined): boolean {
  return word !== undefined && (streetSuffixes.has(word) || directionals.has(word));
}

/**
 * Takes the trailing units ("APT 4", "# 5", "REAR") off a line 1, last first. A unit needs at
 * least a house number and one street word before it, so "100 FRONT ST" and "55 PIER 39" keep
 * their street names; a designator without a number ("REAR") only counts right after a suffix or
 * directional.
 */
function takeUnits(line: string[]): { street: string[]; units: string[][] } {
  const street = [...line];
  const units: string[][] = [];
  for (;;) {
    const n = street.length;
    const at = (fromEnd: number) => street[n - fromEnd];
    const designatorAt = (fromEnd: number) => unitDesignators.get(at(fromEnd) ?? '');
    // How many words the last unit takes: "APT # 5", "APT 5" or "# 5", "PH 2", "REAR".
    let size = 0;
    if (isUnitNumber(at(1))) {
      if (at(2) === '#' && designatorAt(3)) size = 3;
      else if (at(2) === '#' || designatorAt(2)?.ranged) size = 2;
      else if (designatorAt(2) && endsStreetName(at(3))) size = 2;
    } else if (designatorAt(1)?.ranged === false && endsStreetName(at(2))) {
      size = 1;
    }
    if (size === 0 || n - size < 2) break;
    units.unshift(street.splice(n - size, size));
  }
  return { street, units };
}

/** Designators abbreviated, a `#` after a designator dropped ("APT # 5" is "APT 5"). */
function standardUnitWords(unit: string[]): string[] {
  const out: string[] = [];
  let unitContext = true;
  for (const word of unit) {
    const designator = unitDesignators.get(word);
    const previous = out[out.length - 1];
    if (designator && unitContext) {
      out.push(designator.abbreviation);
    } else if (word === '#') {
      if (!(previous && unitDesignators.has(previous))) out.push('#');
    } else {
      // A unit number keeps the next designator in context ("BLDG 2 FL 3"); other words end it,
      // so "C/O FRONT DESK" stays as written.
      unitContext = isUnitNumber(word);
      out.push(word);
    }
  }
  return out;
}

/**
 * The street words after the house number: a trailing directional is the post-directional, the
 * last remaining word that is a suffix is abbreviated, a leading directional is the
 * pre-directional; none of them when it would leave no street name ("NORTH ST", "AVENUE OF THE
 * AMERICAS" keep their names).
 */
function standardStreetName(name: string[]): string[] {
  const rest = [...name];
  let post: string | undefined;
  let suffix: string | undefined;
  let pre: string | undefined;
  const last = rest[rest.length - 1];
  if (rest.length >= 2 && last !== undefined && directionals.has(last)) {
    post = directionals.get(last);
    rest.pop();
  }
  const suffixWord = rest[rest.length - 1];
  if (rest.length >= 2 && suffixWord !== undefined && streetSuffixes.has(suffixWord)) {
    suffix = streetSuffixes.get(suffixWord);
    rest.pop();
  }
  const first = rest[0];
  const second = rest[1];
  if (first !== undefined && second !== undefined && directionals.has(first)) {
    if (!directionals.has(second)) {
      pre = directionals.get(first);
      rest.shift();
    }
  }
  return [pre, ...rest, suffix, post].filter((w): w is string => w !== undefined);
}

/** "P.O. Box 12" and its variants in the one form USPS prints: "PO BOX 12". */
function standardPoBox(line: string): string | null {
  const match =
    /^(?:P ?O ?B(?:OX)?|POST ?OFFICE ?BOX|POST ?BOX|BOX|BX) ?#? ?([A-Z0-9-]*\d[A-Z0-9-]*)$/.exec(
      cleanAddressText(line),
    );
  return match ? `PO BOX ${match[1]}` : null;
}

function splitLine1(line: string): { street: string; units: string[][] } {
  const poBox = standardPoBox(line);
  if (poBox) return { street: poBox, units: [] };
  const all = words(line);
  const { street, units } = takeUnits(all);
  const numberWords = street[0] !== undefined && isHouseNumber(street[0]) ? 1 : 0;
  const houseNumber = street.slice(0, numberWords + (isFraction(street[numberWords]) ? 1 : 0));
  const name = street.slice(houseNumber.length);
  return { street: [...houseNumber, ...standardStreetName(name)].join(' '), units };
}

/** Line 1 in Pub 28 form, without any unit written on it (see `standardizeAddressLines`). */
export function standardizeStreet(line: string): string {
  return splitLine1(line).street;
}

/** A line 2 ("Apartment #4B", "Suite 200") in Pub 28 form; null when nothing is left. */
export function standardizeSecondary(line: string | null | undefined): string | null {
  const unit = standardUnitWords(words(line ?? ''));
  return unit.length ? unit.join(' ') : null;
}

/** Both lines, a unit typed on line 1 moved in front of line 2 ("123 Main St Apt 4"). */
export function standardizeAddressLines(
  line1: string,
  line2: string | null | undefined,
): { address_line_1: string; address_line_2: string | null } {
  const { street, units } = splitLine1(line1);
  const moved = standardUnitWords(units.flat()).join(' ');
  const second = standardizeSecondary(line2);
  const address_line_2 =
    [moved, second !== moved ? second : null].filter((part) => part).join(' ') || null;
  return { address_line_1: street, address_line_2 };
}

/** Upper case, punctuation and hyphens gone ("Winston-Salem" is "WINSTON SALEM"). */
export function standardizeCity(city: string): string {
  return cleanAddressText(city.replace(/[-/#]/g, ' '));
}

/** 5 digits, or ZIP+4 with its hyphen. */
export function standardizeZip(zip: string): string {
  const digits = zip.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The whole address in Pub 28 form; null when line 1 or the city has nothing left in it. */
export function standardizeAddress(address: ShippingAddress): ShippingAddressOut | null {
  const lines = standardizeAddressLines(address.address_line_1, address.address_line_2);
  const city = standardizeCity(address.city);
  if (!lines.address_line_1 || !city) return null;
  return {
    ...lines,
    city,
    state: address.state.trim().toUpperCase(),
    zip: standardizeZip(address.zip),
  };
}

/** Line 1 starts with a house number and has a street after it (a unit alone is not one). */
export function hasHouseNumberAndStreet(line: string): boolean {
  const { street } = takeUnits(words(line));
  const [houseNumber, ...rest] = street;
  if (houseNumber === undefined || !isHouseNumber(houseNumber)) return false;
  const name = isFraction(rest[0]) ? rest.slice(1) : rest;
  if (name.length === 0) return false;
  const [first, second, ...more] = name;
  const designator = first === undefined ? undefined : unitDesignators.get(first);
  const unitOnly =
    (first === '#' || designator?.ranged) && isUnitNumber(second) && more.length === 0;
  return !unitOnly && !(designator?.ranged === false && name.length === 1);
}
