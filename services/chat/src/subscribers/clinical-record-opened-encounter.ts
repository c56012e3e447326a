/**
 * The clinic opened a patient's record on the first claim of a case (`clinical-record-opened`):
 * the visit (encounter) exists, with the claiming clinician when the event names one. Doctor on
 * Demand's messages and profile hang on it. Idempotent: a redelivery changes nothing, and a
 * clinician already recorded (from a later approval, or a clinician's note that arrived first)
 * is kept.
 */
import { sql } from 'drizzle-orm';
import { clinicalRecordOpened } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { encounters } from '../db/schema';

export const clinicalRecordOpenedEncounterSubscriber = defineSubscriber({
  name: 'open-doctor-encounters',
  event: clinicalRecordOpened,
  async handle(data, { tx }) {
    await tx
      .insert(encounters)
      .values({
        encounterId: data.encounterId,
        userId: data.userId,
        orderId: data.orderId,
        clinicianId: data.clinicianId ?? null,
        openedAt: new Date(data.openedAt),
      })
      .onConflictDoUpdate({
        target: encounters.encounterId,
        set: {
          clinicianId: sql`coalesce(${encounters.clinicianId}, excluded.clinician_id)`,
          openedAt: sql`least(${encounters.openedAt}, excluded.opened_at)`,
        },
      });
  },
});
