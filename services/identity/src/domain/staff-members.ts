/**
 * A member of staff by id, as other services name them (the clinic's claims, decisions and audit
 * trail): their name and role, never their email or anything else. A patient or an unknown id
 * is no staff member (null).
 */
import type { StaffMember } from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { findUserById } from './users';

export async function staffMember(db: Executor, userId: number): Promise<StaffMember | null> {
  const user = await findUserById(db, userId);
  if (!user || user.role === 'patient') return null;
  return {
    id: user.id,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    role: user.role,
  };
}
