import { and, eq, ne } from 'drizzle-orm';
import {
  patientContactChanged,
  type ChangePatientContactRequest,
  type ChangePatientContactResponse,
} from '@clinic/contracts';
import { isUniqueViolation, type ServiceRuntime } from '@clinic/kit';
import { users } from '../db/schema';
import { findUserById, normalizeEmail } from './users';

/**
 * A patient's new phone or email from /verify, applied to the account and published as
 * `patient-contact-changed` in one transaction. An email held by another account is refused
 * (one address, one account), and the unique index settles two changes racing for one email.
 */
export async function changePatientContact(
  runtime: ServiceRuntime,
  request: ChangePatientContactRequest,
): Promise<ChangePatientContactResponse> {
  const value = request.field === 'email' ? normalizeEmail(request.value) : request.value;
  try {
    return await runtime.transaction(async (tx, events) => {
      const user = await findUserById(tx, request.userId);
      if (!user || user.role !== 'patient')
        return { changed: false, reason: 'not-a-patient' } as const;
      if (request.field === 'email') {
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, value), ne(users.id, user.id)))
          .limit(1);
        if (holder) return { changed: false, reason: 'email-taken' } as const;
      }
      const now = runtime.clock.now();
      await tx
        .update(users)
        .set(
          request.field === 'email'
            ? { email: value, updatedAt: now }
            : { phone: value, updatedAt: now },
        )
        .where(eq(users.id, user.id));
      await events.publish(patientContactChanged, {
        userId: user.id,
        field: request.field,
        value,
        changedAt: now.toISOString(),
      });
      return { changed: true } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { changed: false, reason: 'email-taken' };
    throw err;
  }
}
