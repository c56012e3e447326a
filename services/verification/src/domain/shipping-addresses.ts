/**
 * The patient's shipping address at /verify: validating the stored one and a typed one, saving
 * it in standard form and reading it back. Saving refuses what cannot be shipped to (a P.O. box,
 * a ZIP code that does not exist or lies in another state, a state where the program is not
 * available or the pharmacy cannot ship by the per-state rules in force) and changes nothing
 * then; a saved address is published as `shipping-address-saved` in the same transaction, for
 * checkout.
 *
 * When a hosted address API is configured and fails, validation says so (the page falls back
 * to the manual form) and saving checks with the embedded validator instead, so an outage of
 * the provider never keeps a patient from going on.
 */
import { eq, lte, sql } from 'drizzle-orm';
import {
  shippingAddressSaved,
  unservedStateMessage,
  verificationMessages,
  type AddressValidation,
  type ShippingAddress,
  type ShippingAddressOut,
} from '@clinic/contracts';
import { type ServiceRuntime, type Tx, InvalidRequestError, UnavailableError } from '@clinic/kit';
import {
  AddressServiceUnavailableError,
  type AddressCheck,
  type AddressValidator,
} from '../address/address-validator';
import { shipAddresses } from '../db/schema';
import type { VerificationStateRules } from '../subscribers/state-rules-changed-copy';

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
    private readonly stateRules: VerificationStateRules,
  ) {}

  async stored(userId: number): Promise<ShippingAddressOut | null> {
    const [address] = await this.runtime.db
      .select({
        address_line_1: shipAddresses.addressLine1,
        address_line_2: shipAddresses.addressLine2,
        city: shipAddresses.city,
        state: shipAddresses.state,
        zip: shipAddresses.zip,
      })
      .from(shipAddresses)
      .where(eq(shipAddresses.userId, userId));
    return address ?? null;
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
    const unserved = unservedStateMessage((await this.stateRules.get()).value, saved.state);
    if (unserved) throw new InvalidRequestError(unserved);
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
  const row = {
    addressLine1: address.address_line_1,
    addressLine2: address.address_line_2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    source,
    savedAt,
  };
  await tx
    .insert(shipAddresses)
    .values({ userId, ...row })
    .onConflictDoUpdate({
      target: shipAddresses.userId,
      set: row,
      setWhere: lte(shipAddresses.savedAt, sql`excluded.saved_at`),
    });
}
