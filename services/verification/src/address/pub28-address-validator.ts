/**
 * The embedded address validator: no network and nothing to configure. It puts the address in
 * USPS Publication 28 form and checks what can be known without USPS's delivery-point data: a
 * P.O. box, a house number and street, that the ZIP code exists, lies in the state and belongs
 * to the city. It cannot tell whether the building exists: an address it calls valid may still
 * be undeliverable (the hosted validator checks that).
 */
import {
  isPoBox,
  usStates,
  type ShippingAddress,
  type ShippingAddressOut,
} from '@clinic/contracts';
import {
  addressProblemMessages as messages,
  distinctSuggestions,
  type AddressCheck,
  type AddressProblem,
  type AddressValidator,
} from './address-validator';
import { hasHouseNumberAndStreet, standardizeAddress, standardizeCity } from './pub28';
import { loadUsZipDirectory, sameCity, type ZipDirectory } from './zip-directory';

/** Enough choices to catch a mistyped digit without burying the patient in ZIP codes. */
const maxZipSuggestions = 3;

const stateNames: ReadonlyMap<string, string> = new Map(
  Object.entries(usStates).map(([name, code]) => [code, name]),
);

export class Pub28AddressValidator implements AddressValidator {
  constructor(private readonly loadDirectory: () => Promise<ZipDirectory> = loadUsZipDirectory) {}

  async validate(address: ShippingAddress): Promise<AddressCheck> {
    const directory = await this.loadDirectory();
    const standardized = standardizeAddress(address);
    const problems: AddressProblem[] = [];
    let savable = true;
    const refuse = (problem: AddressProblem) => {
      problems.push(problem);
      savable = false;
    };

    if (isPoBox(address.address_line_1)) {
      refuse({ field: 'address_line_1', message: messages.poBox });
    } else if (!hasHouseNumberAndStreet(address.address_line_1)) {
      refuse({ field: 'address_line_1', message: messages.noHouseNumber });
    }
    if (isPoBox(address.address_line_2)) {
      refuse({ field: 'address_line_2', message: messages.poBox });
    }
    // No correction of the city or ZIP makes a P.O. box or a missing street shippable.
    const streetRefused = !savable;

    const state = address.state.trim().toUpperCase();
    const corrections: ShippingAddressOut[] = [];
    const withZip = (base: ShippingAddressOut, zips: string[]) =>
      zips.slice(0, maxZipSuggestions).map((zip) => ({ ...base, zip }));
    const place = directory.place(address.zip);
    if (!place) {
      refuse({ field: 'zip', message: messages.zipUnknown });
      if (standardized) {
        corrections.push(
          ...withZip(standardized, directory.zipsOfCity(address.city, state, address.zip)),
        );
      }
    } else if (place.state !== state) {
      refuse({
        field: 'zip',
        message: messages.zipInOtherState(stateNames.get(state) ?? state),
      });
      if (standardized) {
        // Either the state or the ZIP code is the mistake; offer both readings.
        if (sameCity(place.city, address.city))
          corrections.push({ ...standardized, state: place.state });
        corrections.push(
          ...withZip(standardized, directory.zipsOfCity(address.city, state, address.zip)),
        );
      }
    } else if (!sameCity(place.city, address.city)) {
      problems.push({ field: 'city', message: messages.cityOfZip(place.city) });
      if (standardized) corrections.push({ ...standardized, city: standardizeCity(place.city) });
    }

    const valid = problems.length === 0;
    const offered = valid ? (standardized ? [standardized] : []) : streetRefused ? [] : corrections;
    return {
      valid,
      savable,
      standardized,
      problems,
      suggestions: distinctSuggestions(offered, address),
    };
  }
}
