import type {
  OpenCartSessionRequest,
  OpenCartSessionResponse,
  PatientContact,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { openSession } from './sessions';
import { findUserByEmail, findUserById } from './users';

/**
 * A session for the patient of a checkout link, scoped to that cart and ending at `expiresAt`:
 * checkout vouches for the link (only a logged-in patient's own plan page creates a cart with a
 * patient). It pays that cart and finishes that order's steps; the portal and the account need a
 * real login. Never for staff: a link must not open a console. The answer holds only what the
 * checkout page shows of the patient.
 */
export async function openCartSession(
  runtime: ServiceRuntime,
  request: OpenCartSessionRequest,
): Promise<OpenCartSessionResponse> {
  const now = runtime.clock.now();
  const expiresAt = new Date(request.expiresAt);
  if (expiresAt <= now) return { session: null };
  return runtime.transaction(async (tx) => {
    const user = await findUserById(tx, request.userId);
    if (!user || user.role !== 'patient') return { session: null };
    const { token } = await openSession(tx, user, now, { cartId: request.cartId, expiresAt });
    return {
      session: {
        user: {
          id: user.id,
          first_name: user.firstName ?? '',
          role: 'patient',
          session_scope: 'cart',
        },
        token,
      },
    };
  });
}

/**
 * How to reach a patient (email, name, phone), with the gender, state, health id, height and
 * weight the medical form and the clinician read; null for staff or an unknown id.
 */
export async function patientContact(
  runtime: ServiceRuntime,
  userId: number,
): Promise<PatientContact | null> {
  const user = await findUserById(runtime.db, userId);
  if (!user || user.role !== 'patient') return null;
  return {
    email: user.email,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    phone: user.phone ?? '',
    gender: user.gender === 'Male' || user.gender === 'Female' ? user.gender : null,
    state: user.state ?? '',
    health_id: user.healthId,
    height_inch: user.heightInch,
    weight: user.weight,
    text_updates: user.textUpdates,
  };
}

/** The account that holds an email, in any case and of any role; null when none does. */
export async function userIdByEmail(
  runtime: ServiceRuntime,
  email: string,
): Promise<number | null> {
  const user = await findUserByEmail(runtime.db, email);
  return user ? user.id : null;
}
