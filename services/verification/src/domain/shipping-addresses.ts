/**
 * The patient's shipping address at /verify: validating the stored one and a typed one, saving
 * it in standard form and reading it back. Saving refuses what cannot be shipped to (a P.O. box,
 * a ZIP code that does not exist or lies in another state) and changes nothing then; a saved
 * address is published as `shipping-address-saved` in the same transaction, for checkout.
 *
 * When a hosted address API is configured and fails, validation says so (the page falls back
 * to the manual form) and saving checks with the embedded validator instead, so an outage of
 * the provider never keeps a patient from going on.
 */
import { sql } from 'drizzle-orm';
import {
  shippingAddressSaved,
  verificationMessages,
  type AddressValidation,
  type ShippingAddress,
  type ShippingAddressOut,
} from '@clinic/contracts';
import {
  rows,
  type ServiceRuntime,
  type Tx,
  InvalidRequestError,
  UnavailableError,
} from '@clinic/kit';
import {
  AddressServiceUnavailableError,
  type AddressCheck,
  type AddressValidator,
} from '../address/address-validator';

interface AddressRow extends ShippingAddressOut {
  saved_at: Date | string;
}

const notValidated: AddressValidation = {
  valid: false,
  suggestions: [],
  standardized: null,
  problems: [],
};

export class ShippingAddresses {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly validator: AddressValidator,
    /** The embedded validator, for saving while a hosted one is down. */
    private readonly fallback: AddressValidator,
  ) {}

  async stored(userId: number): Promise<ShippingAddressOut | null> {
    const [row] = await rows<AddressRow>(
      this.runtime.db,
      sql`select address_line_1, address_line_2, city, state, zip, saved_at
          from verification.ship_addresses where user_id = ${userId}`,
    );
    if (!row) return null;
    const { saved_at: _savedAt, ...address } = row;
    return address;
  }

  /** The stored address checked; not valid (and no suggestions) when none is stored. */
  async validateStored(
    userId: number,
  ): Promise<AddressValidation & { address: ShippingAddressOut | null }> {
    const address = await this.stored(userId);
    if (!address) return { ...notValidated, address: null };
    try {
      const { savable: _savable, ...validation } = await this.validator.validate(address);
      return { ...validation, address };
    } catch (err) {
      if (!(err instanceof AddressServiceUnavailableError)) throw err;
      this.runtime.logger.warn({ err: err.message }, 'address service unavailable');
      return { ...notValidated, address };
    }
  }

  async validate(address: ShippingAddress): Promise<AddressCheck> {
    try {
      return await this.validator.validate(address);
    } catch (err) {
      if (!(err instanceof AddressServiceUnavailableError)) throw err;
      this.runtime.logger.warn({ err: err.message }, 'address service unavailable');
      throw new UnavailableError(verificationMessages.validateFailed);
    }
  }

  async save(userId: number, address: ShippingAddress): Promise<ShippingAddressOut> {
    let check: AddressCheck;
    try {
      check = await this.validator.validate(address);
    } catch (err) {
      if (!(err instanceof AddressServiceUnavailableError)) throw err;
      this.runtime.logger.warn(
        { err: err.message },
        'address service unavailable; saving with the embedded check',
      );
      check = await this.fallback.validate(address);
    }
    if (!check.savable)
      throw new InvalidRequestError(
        check.problems[0]?.message ?? verificationMessages.checkAddress,
        {
          problems: check.problems,
          suggestions: check.suggestions,
        },
      );
    const saved = check.standardized ?? { ...address, address_line_2: address.address_line_2 };
    const now = this.runtime.clock.now();
    await this.runtime.transaction(async (tx, events) => {
      await storeAddress(tx, userId, saved, 'verification', now);
      await events.publish(shippingAddressSaved, {
        userId,
        source: 'verification',
        address: saved,
        savedAt: now.toISOString(),
      });
    });
    return saved;
  }
}

/** Keeps the newer address: an event about an older save never overwrites a newer one. */
export async function storeAddress(
  tx: Tx,
  userId: number,
  address: ShippingAddressOut,
  source: 'checkout' | 'verification',
  savedAt: Date,
): Promise<void> {
  await tx.execute(
    sql`insert into verification.ship_addresses
          (user_id, address_line_1, address_line_2, city, state, zip, source, saved_at)
        values (${userId}, ${address.address_line_1}, ${address.address_line_2}, ${address.city},
                ${address.state}, ${address.zip}, ${source}, ${savedAt})
        on conflict (user_id) do update set
          address_line_1 = excluded.address_line_1, address_line_2 = excluded.address_line_2,
          city = excluded.city, state = excluded.state, zip = excluded.zip,
          source = excluded.source, saved_at = excluded.saved_at
        where verification.ship_addresses.saved_at <= excluded.saved_at`,
  );
}
