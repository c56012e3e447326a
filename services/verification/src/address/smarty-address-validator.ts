/**
 * The hosted address validator: Smarty's US Street Address API (one GET per address, strict
 * matching, up to 3 candidates), which confirms the delivery point against USPS data (DPV). The
 * embedded validator runs beside it for what we refuse whatever Smarty says (a P.O. box, a ZIP
 * code that does not exist or is in another state), so `savable` means the same with both.
 * Guarantees: the answer is in Pub 28 form (upper case, the unit on line 2); a network error, a
 * non-2xx answer, an answer we cannot read or no answer within the timeout (default 5 s) throws
 * AddressServiceUnavailableError; neither the address nor the credentials are ever logged or put
 * in an error message (the request URL carries both).
 */
import type { ShippingAddress, ShippingAddressOut } from '@clinic/contracts';
import { z } from 'zod';
import {
  AddressServiceUnavailableError,
  addressProblemMessages as messages,
  distinctSuggestions,
  type AddressCheck,
  type AddressProblem,
  type AddressValidator,
} from './address-validator';
import { Pub28AddressValidator } from './pub28-address-validator';
import { cleanAddressText, standardizeAddressLines, standardizeCity } from './pub28';
import { sameCity } from './zip-directory';

export interface SmartyAddressValidatorOptions {
  authId: string;
  authToken: string;
  /** Smarty's US Street API host; a local stand-in in tests. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** The validator that supplies the ZIP code and P.O. box facts (the embedded one). */
  local?: AddressValidator;
}

const text = z.string().optional();

/** The fields we read of a candidate (Smarty documents many more). */
const candidateSchema = z.object({
  delivery_line_1: z.string().default(''),
  delivery_line_2: text,
  components: z
    .object({
      primary_number: text,
      street_predirection: text,
      street_name: text,
      street_suffix: text,
      street_postdirection: text,
      secondary_designator: text,
      secondary_number: text,
      extra_secondary_designator: text,
      extra_secondary_number: text,
      pmb_designator: text,
      pmb_number: text,
      city_name: text,
      state_abbreviation: text,
      zipcode: text,
      plus4_code: text,
    })
    .default({}),
  /** `record_type` P: a P.O. box. */
  metadata: z.object({ record_type: text }).default({}),
  /** `dpv_match_code`: Y confirmed, S unit not confirmed, D unit missing, N not confirmed. */
  analysis: z.object({ dpv_match_code: text }).default({}),
});
type Candidate = z.infer<typeof candidateSchema>;

const confirmedCodes = new Set(['Y', 'S', 'D']);

export class SmartyAddressValidator implements AddressValidator {
  private readonly endpoint: string;
  private readonly fetch: typeof globalThis.fetch;
  private readonly timeoutMs: number;
  private readonly local: AddressValidator;

  constructor(private readonly opts: SmartyAddressValidatorOptions) {
    const base = (opts.baseUrl ?? 'https://us-street.api.smarty.com').replace(/\/+$/, '');
    this.endpoint = `${base}/street-address`;
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.local = opts.local ?? new Pub28AddressValidator();
  }

  async validate(address: ShippingAddress): Promise<AddressCheck> {
    const [local, candidates] = await Promise.all([
      this.local.validate(address),
      this.lookup(address),
    ]);
    const confirmed = candidates.filter((c) => confirmedCodes.has(c.analysis.dpv_match_code ?? ''));
    if (confirmed.length === 0) {
      // Smarty knows no such delivery point; the patient may still insist (a new building), so
      // only the embedded rules decide whether it can be saved.
      return {
        ...local,
        valid: false,
        problems: withProblem(local.problems, {
          field: 'address_line_1',
          message: messages.notFound,
        }),
      };
    }

    // Smarty accepts the other names USPS allows for a ZIP code's city, which the embedded
    // directory does not know, so its city check replaces the embedded one.
    let problems = local.problems.filter((p) => p.field !== 'city');
    let savable = local.savable;
    const [first] = confirmed as [Candidate, ...Candidate[]];
    if (first.metadata.record_type === 'P') {
      problems = withProblem(problems, { field: 'address_line_1', message: messages.poBox });
      savable = false;
    }

    const offered = confirmed
      .filter((c) => c.metadata.record_type !== 'P')
      .map((c) => candidateAddress(c, address));
    let standardized = local.standardized;
    if (confirmed.length > 1) {
      problems = withProblem(problems, { field: 'address_line_1', message: messages.ambiguous });
    } else {
      standardized = candidateAddress(first, address);
      problems = [...problems, ...differences(first, standardized, address, problems)];
    }

    const valid = problems.length === 0;
    return {
      valid,
      savable,
      standardized,
      problems,
      suggestions: distinctSuggestions(valid && standardized ? [standardized] : offered, address),
    };
  }

  private async lookup(address: ShippingAddress): Promise<Candidate[]> {
    const query = new URLSearchParams({
      'auth-id': this.opts.authId,
      'auth-token': this.opts.authToken,
      street: address.address_line_1,
      city: address.city,
      state: address.state,
      zipcode: address.zip,
      candidates: '3',
      match: 'strict',
    });
    if (address.address_line_2) query.set('secondary', address.address_line_2);

    let body: unknown;
    try {
      const response = await this.fetch(`${this.endpoint}?${query.toString()}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new AddressServiceUnavailableError(`Smarty answered HTTP ${response.status}`);
      }
      body = await response.json();
    } catch (err) {
      if (err instanceof AddressServiceUnavailableError) throw err;
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new AddressServiceUnavailableError(
        timedOut
          ? `Smarty did not answer within ${this.timeoutMs} ms`
          : 'Smarty could not be reached or its answer could not be read',
        { cause: err },
      );
    }
    const parsed = z.array(candidateSchema).safeParse(body);
    if (!parsed.success) {
      throw new AddressServiceUnavailableError('Smarty answered in an unexpected shape');
    }
    return parsed.data;
  }
}

/** What Smarty corrected in a confirmed address, beyond the form, in the patient's words. */
function differences(
  candidate: Candidate,
  found: ShippingAddressOut,
  typed: ShippingAddress,
  known: AddressProblem[],
): AddressProblem[] {
  const problems: AddressProblem[] = [];
  if (!sameCity(found.city, typed.city)) {
    problems.push({ field: 'city', message: messages.cityOfAddress(title(found.city)) });
  }
  const zip = found.zip.slice(0, 5);
  if (zip !== typed.zip.slice(0, 5) && !known.some((p) => p.field === 'zip')) {
    problems.push({ field: 'zip', message: messages.zipOfAddress(zip) });
  }
  const dpv = candidate.analysis.dpv_match_code;
  if (dpv === 'D') problems.push({ field: 'address_line_2', message: messages.unitMissing });
  if (dpv === 'S') problems.push({ field: 'address_line_2', message: messages.unitUnknown });
  return problems;
}

function withProblem(problems: AddressProblem[], problem: AddressProblem): AddressProblem[] {
  const known = problems.some((p) => p.field === problem.field && p.message === problem.message);
  return known ? problems : [...problems, problem];
}

function joined(parts: (string | undefined)[]): string {
  return cleanAddressText(parts.filter((p) => p).join(' '));
}

/** A candidate in our Pub 28 form: street from its components, every unit on line 2. */
function candidateAddress(candidate: Candidate, typed: ShippingAddress): ShippingAddressOut {
  const c = candidate.components;
  const lines =
    candidate.metadata.record_type !== 'P' && c.primary_number && c.street_name
      ? {
          address_line_1: joined([
            c.primary_number,
            c.street_predirection,
            c.street_name,
            c.street_suffix,
            c.street_postdirection,
          ]),
          address_line_2:
            joined([
              c.secondary_designator,
              c.secondary_number,
              c.extra_secondary_designator,
              c.extra_secondary_number,
              c.pmb_designator,
              c.pmb_number,
            ]) || null,
        }
      : standardizeAddressLines(candidate.delivery_line_1, candidate.delivery_line_2);
  const zip = c.zipcode ?? typed.zip.slice(0, 5);
  return {
    ...lines,
    city: standardizeCity(c.city_name ?? typed.city),
    state: (c.state_abbreviation ?? typed.state).toUpperCase(),
    zip: c.plus4_code ? `${zip}-${c.plus4_code}` : zip,
  };
}

/** "SAINT LOUIS" as "Saint Louis", for a sentence. */
function title(city: string): string {
  return city.toLowerCase().replace(/\b[a-z]/g, (ch) => ch.toUpperCase());
}
