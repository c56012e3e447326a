import {
  hasHouseNumberAndStreet,
  standardizeAddress,
  standardizeAddressLines,
  standardizeCity,
  standardizeSecondary,
  standardizeStreet,
  standardizeZip,
} from './pub28';

describe('standardizeStreet: suffixes (Appendix C1)', () => {
  it.each([
    ['100 Main Street', '100 MAIN ST'],
    ['100 Park Avenue', '100 PARK AVE'],
    ['100 Park Av', '100 PARK AVE'],
    ['100 Park Aven', '100 PARK AVE'],
    ['9500 Wilshire Boulevard', '9500 WILSHIRE BLVD'],
    ['12 Mill Road', '12 MILL RD'],
    ['12 Ocean Drive', '12 OCEAN DR'],
    ['12 Cherry Lane', '12 CHERRY LN'],
    ['12 Baker Court', '12 BAKER CT'],
    ['12 Union Place', '12 UNION PL'],
    ['12 Oak Circle', '12 OAK CIR'],
    ['12 Pacific Coast Highway', '12 PACIFIC COAST HWY'],
    ['12 Garden State Parkway', '12 GARDEN STATE PKWY'],
    ['12 Elm Terrace', '12 ELM TER'],
    ['12 Appalachian Trail', '12 APPALACHIAN TRL'],
    ['12 Washington Square', '12 WASHINGTON SQ'],
    ['12 Brooklyn Queens Expressway', '12 BROOKLYN QUEENS EXPY'],
    ['12 Harbor Freeway', '12 HARBOR FWY'],
    ['12 Cedar Crossing', '12 CEDAR XING'],
    ['12 Lake Heights', '12 LAKE HTS'],
  ])('%s -> %s', (typed, standard) => {
    expect(standardizeStreet(typed)).toBe(standard);
  });

  it('abbreviates only the last word that is a suffix', () => {
    expect(standardizeStreet('100 Avenue of the Americas')).toBe('100 AVENUE OF THE AMERICAS');
    expect(standardizeStreet('12 Circle Drive')).toBe('12 CIRCLE DR');
    expect(standardizeStreet('12 Park Street Avenue')).toBe('12 PARK STREET AVE');
    expect(standardizeStreet('1 Broadway')).toBe('1 BROADWAY');
  });
});

describe('standardizeStreet: directionals', () => {
  it.each([
    ['100 North Main Street', '100 N MAIN ST'],
    ['1600 Pennsylvania Avenue Northwest', '1600 PENNSYLVANIA AVE NW'],
    ['1600 Pennsylvania Ave. N.W.', '1600 PENNSYLVANIA AVE NW'],
    ['233 South Wacker Drive', '233 S WACKER DR'],
    ['10 Park Avenue South', '10 PARK AVE S'],
    ['5 Southwest Oak Street Southeast', '5 SW OAK ST SE'],
  ])('%s -> %s', (typed, standard) => {
    expect(standardizeStreet(typed)).toBe(standard);
  });

  it('keeps a directional that is the street name', () => {
    expect(standardizeStreet('100 North St')).toBe('100 NORTH ST');
    expect(standardizeStreet('100 West Street North')).toBe('100 WEST ST N');
    expect(standardizeStreet('8 East West Highway')).toBe('8 EAST WEST HWY');
    expect(standardizeStreet('8 Old North Church Road')).toBe('8 OLD NORTH CHURCH RD');
  });
});

describe('units (Appendix C2)', () => {
  it.each([
    ['Apartment 4B', 'APT 4B'],
    ['Apt. 5B', 'APT 5B'],
    ['Suite 200', 'STE 200'],
    ['#5', '# 5'],
    ['Apartment #4', 'APT 4'],
    ['Building 2, Floor 3', 'BLDG 2 FL 3'],
    ['Room 12', 'RM 12'],
    ['Department 7', 'DEPT 7'],
    ['Space 22', 'SPC 22'],
    ['Trailer 9', 'TRLR 9'],
    ['Hangar 1', 'HNGR 1'],
    ['Unit C', 'UNIT C'],
    ['Lot 14', 'LOT 14'],
    ['Basement', 'BSMT'],
    ['Front', 'FRNT'],
    ['Lobby', 'LBBY'],
    ['Penthouse', 'PH'],
    ['Upper', 'UPPR'],
    ['Lower', 'LOWR'],
    ['Office', 'OFC'],
    ['Rear', 'REAR'],
  ])('line 2 %s -> %s', (typed, standard) => {
    expect(standardizeSecondary(typed)).toBe(standard);
  });

  it('leaves words that only look like designators in other line 2 text', () => {
    expect(standardizeSecondary('c/o Front Desk')).toBe('C/O FRONT DESK');
    expect(standardizeSecondary('  ')).toBeNull();
    expect(standardizeSecondary(null)).toBeNull();
  });

  it('moves a unit typed on line 1 to line 2, in front of what line 2 had', () => {
    expect(standardizeAddressLines('123 Main St Apt 4', null)).toEqual({
      address_line_1: '123 MAIN ST',
      address_line_2: 'APT 4',
    });
    expect(standardizeAddressLines('123 Main Street, Suite 200', 'Building B')).toEqual({
      address_line_1: '123 MAIN ST',
      address_line_2: 'STE 200 BLDG B',
    });
    expect(standardizeAddressLines('123 Main St. #5', null)).toEqual({
      address_line_1: '123 MAIN ST',
      address_line_2: '# 5',
    });
    expect(standardizeAddressLines('123 Main St Apt #4', 'apt 4')).toEqual({
      address_line_1: '123 MAIN ST',
      address_line_2: 'APT 4',
    });
    expect(standardizeAddressLines('100 Main St Rear', null).address_line_2).toBe('REAR');
  });

  it('keeps street names that contain designator words', () => {
    expect(standardizeAddressLines('100 Front Street', null)).toEqual({
      address_line_1: '100 FRONT ST',
      address_line_2: null,
    });
    expect(standardizeAddressLines('55 Pier 39', null).address_line_1).toBe('55 PIER 39');
    expect(standardizeAddressLines('12 W Key St', null).address_line_1).toBe('12 W KEY ST');
  });
});

describe('punctuation, case, city and ZIP', () => {
  it('upper-cases, drops periods and commas, keeps # - / and collapses spaces', () => {
    expect(standardizeStreet('  123-45   queens blvd.,  ')).toBe('123-45 QUEENS BLVD');
    expect(standardizeStreet('123 1/2 Main St.')).toBe('123 1/2 MAIN ST');
    expect(standardizeStreet("12 O'Brien Rd")).toBe('12 OBRIEN RD');
    expect(standardizeStreet('12 Calle Peña')).toBe('12 CALLE PENA');
  });

  it('upper-cases the city without punctuation and keeps 5-digit or ZIP+4 codes', () => {
    expect(standardizeCity('St. Louis')).toBe('ST LOUIS');
    expect(standardizeCity('winston-salem')).toBe('WINSTON SALEM');
    expect(standardizeZip('20500')).toBe('20500');
    expect(standardizeZip('20500-0005')).toBe('20500-0005');
  });

  it('standardises a whole address, and gives null when line 1 has nothing left', () => {
    expect(
      standardizeAddress({
        address_line_1: '1600 Pennsylvania Avenue NW',
        address_line_2: null,
        city: 'Washington',
        state: 'dc',
        zip: '20500',
      }),
    ).toEqual({
      address_line_1: '1600 PENNSYLVANIA AVE NW',
      address_line_2: null,
      city: 'WASHINGTON',
      state: 'DC',
      zip: '20500',
    });
    expect(
      standardizeAddress({
        address_line_1: '...',
        address_line_2: null,
        city: 'Washington',
        state: 'DC',
        zip: '20500',
      }),
    ).toBeNull();
  });
});

describe('P.O. boxes', () => {
  it('writes a P.O. box the way USPS prints it', () => {
    expect(standardizeStreet('p.o. box 123')).toBe('PO BOX 123');
    expect(standardizeStreet('Post Office Box 9')).toBe('PO BOX 9');
  });
});

describe('hasHouseNumberAndStreet', () => {
  it.each(['123 Main St', '123B Main St', '123-45 Queens Blvd', 'N89W16785 Main St', '1 Broadway'])(
    '%s has both',
    (line) => {
      expect(hasHouseNumberAndStreet(line)).toBe(true);
    },
  );

  it.each(['Main Street', '123', '123 Apt 4', '123 #4', 'Apt 4', 'PO Box 5', ''])(
    '%s does not',
    (line) => {
      expect(hasHouseNumberAndStreet(line)).toBe(false);
    },
  );
});
