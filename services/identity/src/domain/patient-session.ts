import type { OpenPatientSessionResponse, PatientContact } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { toSessionUser } from './session-user';
import { openSession } from './sessions';
import { findUserById } from './users';

/**
 * A session for a patient another service vouches for (checkout's cart link, which only a
 * logged-in patient's own plan page creates). Never for staff: a link must not open a console.
 */
export async function openPatientSession(
  runtime: ServiceRuntime,
  userId: number,
): Promise<OpenPatientSessionResponse> {
  return runtime.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user || user.role !== 'patient') return { session: null };
    const { token } = await openSession(tx, user, runtime.clock.now());
    return { session: { user: toSessionUser(user), token } };
  });
}

/** How to reach a patient (email, first name, phone); null for staff or an unknown id. */
export async function patientContact(
  runtime: ServiceRuntime,
  userId: number,
): Promise<PatientContact | null> {
  const user = await findUserById(runtime.db, userId);
  if (!user || user.role !== 'patient') return null;
  return { email: user.email, first_name: user.firstName ?? '', phone: user.phone ?? '' };
}
