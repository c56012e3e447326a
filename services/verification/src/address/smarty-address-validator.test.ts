/**
 * The Smarty adapter against a local stand-in of its US Street API that answers in Smarty's
 * documented JSON shape. This checks the request we send and how we read the answers; it does
 * not run the real-address contract suite (address-validator.suite.ts), because against a
 * stand-in that suite would only test the stand-in's canned answers. That suite needs Smarty's
 * real service and credentials.
 */
import { poBoxMessage } from '@clinic/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { address } from './address-validator.suite';
import { AddressServiceUnavailableError } from './address-validator';
import { addressValidatorFromConfig } from './address-validator-from-config';
import { Pub28AddressValidator } from './pub28-address-validator';
import { SmartyAddressValidator } from './smarty-address-validator';

interface Answer {
  status: number;
  body: unknown;
  delayMs?: number;
}

let answer: (query: URLSearchParams) => Answer;
const requests: { method: string; path: string; query: URLSearchParams }[] = [];
const delayedReplies = new Set<NodeJS.Timeout>();
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
    const { status, body, delayMs } = answer(url.searchParams);
    const reply = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!delayMs) return reply();
    const timer = setTimeout(() => {
      delayedReplies.delete(timer);
      reply();
    }, delayMs);
    delayedReplies.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of delayedReplies) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  answer = () => ({ status: 200, body: [whiteHouse()] });
});

/** Smarty's documented candidate for the White House (the fields it always sends). */
function whiteHouse(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    input_index: 0,
    candidate_index: 0,
    delivery_line_1: '1600 Pennsylvania Ave NW',
    last_line: 'Washington DC 20500-0005',
    delivery_point_barcode: '205000005001',
    components: {
      primary_number: '1600',
      street_name: 'Pennsylvania',
      street_suffix: 'Ave',
      street_postdirection: 'NW',
      city_name: 'Washington',
      default_city_name: 'Washington',
      state_abbreviation: 'DC',
      zipcode: '20500',
      plus4_code: '0005',
      delivery_point: '00',
      delivery_point_check_digit: '1',
    },
    metadata: {
      record_type: 'H',
      zip_type: 'Unique',
      county_fips: '11001',
      county_name: 'District of Columbia',
      carrier_route: 'C000',
      congressional_district: 'AL',
      rdi: 'Commercial',
      elot_sequence: '0001',
      elot_sort: 'A',
      latitude: 38.8987,
      longitude: -77.03553,
      precision: 'Zip9',
      time_zone: 'Eastern',
      utc_offset: -5,
      dst: true,
    },
    analysis: {
      dpv_match_code: 'Y',
      dpv_footnotes: 'AABB',
      dpv_cmra: 'N',
      dpv_vacant: 'N',
      active: 'Y',
    },
    ...overrides,
  };
}

const poBoxCandidate = whiteHouse({
  delivery_line_1: 'PO Box 1234',
  last_line: 'Beverly Hills CA 90213-1234',
  components: {
    primary_number: '1234',
    street_name: 'PO Box',
    city_name: 'Beverly Hills',
    state_abbreviation: 'CA',
    zipcode: '90213',
    plus4_code: '1234',
  },
  metadata: { record_type: 'P', zip_type: 'POBox' },
});

const typedWhiteHouse = address('1600 Pennsylvania Avenue NW', 'Washington', 'DC', '20500');

function smarty(timeoutMs?: number, url = baseUrl): SmartyAddressValidator {
  return new SmartyAddressValidator({
    authId: 'test-auth-id',
    authToken: 'secret-auth-token',
    baseUrl: url,
    timeoutMs,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the validation to fail');
    },
    (err: unknown) => err as Error,
  );
}

describe('SmartyAddressValidator against a local US Street API', () => {
  it('sends the credentials, the address and strict matching with up to 3 candidates', async () => {
    await smarty().validate(
      address('1600 Pennsylvania Avenue NW', 'Washington', 'DC', '20500-0005', 'Suite 1'),
    );
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/street-address');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      'auth-id': 'test-auth-id',
      'auth-token': 'secret-auth-token',
      street: '1600 Pennsylvania Avenue NW',
      secondary: 'Suite 1',
      city: 'Washington',
      state: 'DC',
      zipcode: '20500-0005',
      candidates: '3',
      match: 'strict',
    });
  });

  it('leaves out an empty line 2', async () => {
    await smarty().validate(typedWhiteHouse);
    expect(requests[0]?.query.has('secondary')).toBe(false);
  });

  it('reads a confirmed delivery point (DPV Y) as valid, in Pub 28 form with its ZIP+4', async () => {
    const result = await smarty().validate(typedWhiteHouse);
    const standardized = {
      address_line_1: '1600 PENNSYLVANIA AVE NW',
      address_line_2: null,
      city: 'WASHINGTON',
      state: 'DC',
      zip: '20500-0005',
    };
    expect(result).toEqual({
      valid: true,
      savable: true,
      standardized,
      problems: [],
      suggestions: [standardized],
    });
  });

  it('puts the unit of a candidate on line 2', async () => {
    answer = () => ({
      status: 200,
      body: [
        whiteHouse({
          delivery_line_1: '350 5th Ave Ste 3000',
          components: {
            primary_number: '350',
            street_name: '5th',
            street_suffix: 'Ave',
            secondary_designator: 'Ste',
            secondary_number: '3000',
            city_name: 'New York',
            state_abbreviation: 'NY',
            zipcode: '10118',
            plus4_code: '3299',
          },
        }),
      ],
    });
    const result = await smarty().validate(
      address('350 5th Avenue Suite 3000', 'New York', 'NY', '10118'),
    );
    expect(result.valid).toBe(true);
    expect(result.standardized).toEqual({
      address_line_1: '350 5TH AVE',
      address_line_2: 'STE 3000',
      city: 'NEW YORK',
      state: 'NY',
      zip: '10118-3299',
    });
  });

  it('refuses a P.O. box (record type P) and offers no suggestion', async () => {
    answer = () => ({ status: 200, body: [poBoxCandidate] });
    // Written so that only Smarty can tell it is a box.
    const result = await smarty().validate(address('1234 Po Bx', 'Beverly Hills', 'CA', '90213'));
    expect(result).toMatchObject({ valid: false, savable: false, suggestions: [] });
    expect(result.problems).toContainEqual({
      field: 'address_line_1',
      message: poBoxMessage,
    });
  });

  it('says it could not find an address without candidates, and leaves it savable', async () => {
    answer = () => ({ status: 200, body: [] });
    const result = await smarty().validate(address('1 Nowhere Ln', 'Chicago', 'IL', '60606'));
    expect(result).toMatchObject({ valid: false, savable: true });
    expect(result.problems).toEqual([
      { field: 'address_line_1', message: 'We could not find this address.' },
    ]);
    expect(result.standardized?.address_line_1).toBe('1 NOWHERE LN');
  });

  it('keeps the embedded rules for ZIP codes when Smarty finds nothing', async () => {
    answer = () => ({ status: 200, body: [] });
    const result = await smarty().validate(address('1 Main St', 'Beverly Hills', 'CA', '10001'));
    expect(result.savable).toBe(false);
    expect(result.problems).toContainEqual({
      field: 'zip',
      message: 'This ZIP code is not in California.',
    });
  });

  it('refuses a ZIP code of another state even when Smarty corrects it, and suggests the correction', async () => {
    answer = () => ({
      status: 200,
      body: [
        whiteHouse({
          components: {
            primary_number: '9500',
            street_name: 'Wilshire',
            street_suffix: 'Blvd',
            city_name: 'Beverly Hills',
            state_abbreviation: 'CA',
            zipcode: '90212',
            plus4_code: '2900',
          },
        }),
      ],
    });
    const result = await smarty().validate(
      address('9500 Wilshire Blvd', 'Beverly Hills', 'CA', '10001'),
    );
    expect(result.savable).toBe(false);
    expect(result.problems).toEqual([
      { field: 'zip', message: 'This ZIP code is not in California.' },
    ]);
    expect(result.suggestions).toEqual([
      {
        address_line_1: '9500 WILSHIRE BLVD',
        address_line_2: null,
        city: 'BEVERLY HILLS',
        state: 'CA',
        zip: '90212-2900',
      },
    ]);
  });

  it("trusts Smarty's city names over the embedded directory, and suggests its correction", async () => {
    const result = await smarty().validate(
      address('1600 Pennsylvania Ave NW', 'Springfield', 'DC', '20500'),
    );
    expect(result).toMatchObject({ valid: false, savable: true });
    expect(result.problems).toEqual([
      { field: 'city', message: 'The city for this address is Washington.' },
    ]);
    expect(result.suggestions).toEqual([expect.objectContaining({ city: 'WASHINGTON' })]);
  });

  it('asks for the unit when the building needs one (DPV D)', async () => {
    answer = () => ({
      status: 200,
      body: [whiteHouse({ analysis: { dpv_match_code: 'D' } })],
    });
    const result = await smarty().validate(typedWhiteHouse);
    expect(result).toMatchObject({ valid: false, savable: true });
    expect(result.problems).toEqual([
      { field: 'address_line_2', message: 'Please add your apartment, suite or unit number.' },
    ]);
  });

  it('offers every candidate when the address is ambiguous', async () => {
    const north = whiteHouse({
      components: {
        primary_number: '1',
        street_predirection: 'N',
        street_name: 'Rosedale',
        street_suffix: 'St',
        city_name: 'Baltimore',
        state_abbreviation: 'MD',
        zipcode: '21229',
        plus4_code: '3737',
      },
    });
    const south = whiteHouse({
      candidate_index: 1,
      components: {
        primary_number: '1',
        street_predirection: 'S',
        street_name: 'Rosedale',
        street_suffix: 'St',
        city_name: 'Baltimore',
        state_abbreviation: 'MD',
        zipcode: '21229',
        plus4_code: '3719',
      },
    });
    answer = () => ({ status: 200, body: [north, south] });
    const result = await smarty().validate(address('1 Rosedale St', 'Baltimore', 'MD', '21229'));
    expect(result).toMatchObject({ valid: false, savable: true });
    expect(result.suggestions.map((s) => s.address_line_1)).toEqual([
      '1 N ROSEDALE ST',
      '1 S ROSEDALE ST',
    ]);
  });

  it('throws AddressServiceUnavailableError on a 500, without the address or the token', async () => {
    answer = () => ({ status: 500, body: { errors: [{ message: 'oops' }] } });
    const err = await failure(smarty().validate(typedWhiteHouse));
    expect(err).toBeInstanceOf(AddressServiceUnavailableError);
    expect(err.message).not.toMatch(/Pennsylvania|secret-auth-token/);
  });

  it('throws AddressServiceUnavailableError on an unauthorised request (401)', async () => {
    answer = () => ({ status: 401, body: {} });
    expect(await failure(smarty().validate(typedWhiteHouse))).toBeInstanceOf(
      AddressServiceUnavailableError,
    );
  });

  it('throws AddressServiceUnavailableError when Smarty does not answer in time', async () => {
    answer = () => ({ status: 200, body: [whiteHouse()], delayMs: 2000 });
    const started = Date.now();
    const err = await failure(smarty(200).validate(typedWhiteHouse));
    expect(err).toBeInstanceOf(AddressServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('throws AddressServiceUnavailableError when Smarty cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(smarty(1000, `http://127.0.0.1:${port}`).validate(typedWhiteHouse));
    expect(err).toBeInstanceOf(AddressServiceUnavailableError);
  });

  it('throws AddressServiceUnavailableError on an answer it cannot read', async () => {
    answer = () => ({ status: 200, body: { unexpected: true } });
    expect(await failure(smarty().validate(typedWhiteHouse))).toBeInstanceOf(
      AddressServiceUnavailableError,
    );
  });

  it('never logs the address', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => undefined),
    );
    try {
      answer = () => ({ status: 500, body: {} });
      await failure(smarty().validate(typedWhiteHouse));
      answer = () => ({ status: 200, body: [whiteHouse()] });
      await smarty().validate(typedWhiteHouse);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('addressValidatorFromConfig', () => {
  it('uses Smarty only when both credentials are set', () => {
    expect(addressValidatorFromConfig({})).toBeInstanceOf(Pub28AddressValidator);
    expect(addressValidatorFromConfig({ smartyAuthId: 'id' })).toBeInstanceOf(
      Pub28AddressValidator,
    );
    expect(
      addressValidatorFromConfig({ smartyAuthId: 'id', smartyAuthToken: 'token' }),
    ).toBeInstanceOf(SmartyAddressValidator);
  });

  it('sends requests to the configured Smarty address', async () => {
    const validator = addressValidatorFromConfig({
      smartyAuthId: 'id',
      smartyAuthToken: 'token',
      smartyBaseUrl: baseUrl,
    });
    expect((await validator.validate(typedWhiteHouse)).valid).toBe(true);
    expect(requests[0]?.query.get('auth-id')).toBe('id');
  });
});
