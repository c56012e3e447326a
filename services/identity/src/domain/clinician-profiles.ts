/**
 * A clinician's professional profile, as the patient is shown it (spec 002's Doctor on Demand:
 * "Doctor profile: name, npi, bio, image"): "Dr. First Last", the NPI, the bio and the image URL,
 * each '' when unset. Only accounts that review cases have one: clinicians, and admins (who may
 * claim and decide cases too). A patient, other staff or an unknown id has none (null).
 */
import type { ClinicianProfile, Role } from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { findUserById } from './users';

/** The roles whose accounts review cases, and so can be the clinician of a visit. */
export const reviewingRoles: readonly Role[] = ['clinician', 'admin'];

export async function clinicianProfile(
  db: Executor,
  userId: number,
): Promise<ClinicianProfile | null> {
  const user = await findUserById(db, userId);
  if (!user || !reviewingRoles.includes(user.role)) return null;
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return {
    id: user.id,
    name: `Dr. ${fullName}`.trim(),
    npi: user.npi ?? '',
    bio: user.bio ?? '',
    image: user.imageUrl ?? '',
  };
}
