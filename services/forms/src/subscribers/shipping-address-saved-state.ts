/**
 * Keeps each patient's newest shipping state (`shipping-address-saved`, from checkout or
 * /verify): the state decides the partner provider, the Florida and video rules. An older save
 * never replaces a newer one (by `savedAt`); idempotent through the inbox.
 */
import { sql } from 'drizzle-orm';
import { shippingAddressSaved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { patientStates } from '../db/schema';

export const shippingAddressSavedStateSubscriber = defineSubscriber({
  name: 'keep-patient-states',
  event: shippingAddressSaved,
  async handle(data, { tx }) {
    const savedAt = new Date(data.savedAt);
    await tx
      .insert(patientStates)
      .values({ userId: data.userId, state: data.address.state.toUpperCase(), savedAt })
      .onConflictDoUpdate({
        target: patientStates.userId,
        set: { state: sql`excluded.state`, savedAt: sql`excluded.saved_at` },
        // Only a newer save moves the state.
        setWhere: sql`${patientStates.savedAt} < excluded.saved_at`,
      });
  },
});
