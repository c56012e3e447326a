import type { SessionUser } from '@clinic/contracts';
import type { UserRow } from '../db/schema';

/**
 * The user as every answer shows it (spec 000 section 3): unknown strings as '', is_admin 1 only
 * for admins. The password hash and private profile fields (dob, gender) never leave here.
 */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zip: user.zip ?? '',
    height_inch: user.heightInch,
    weight: user.weight,
    health_id: user.healthId,
    is_admin: user.role === 'admin' ? 1 : 0,
    role: user.role,
  };
}
