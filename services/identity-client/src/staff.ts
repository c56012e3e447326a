/**
 * Who a member of staff is, as every console shows them: "First Last" by identity's name, or
 * "Staff #id" when the account has no name. A caller who is not staff (a patient, an unknown id)
 * is refused with a ForbiddenError, so every console route refuses them the same way.
 */
import type { StaffMember } from '@clinic/contracts';
import { ForbiddenError } from '@clinic/kit';
import type { IdentityDirectory } from './identity-directory';

export interface NamedStaff {
  id: number;
  /** "First Last", or "Staff #id" without a name. */
  name: string;
  /** The first name alone ('' without one): what a patient sees on an answer. */
  firstName: string;
  role: StaffMember['role'];
}

/** The name shown for a member of staff whose name is unknown or empty. */
export function unnamedStaff(id: number): string {
  return `Staff #${id}`;
}

/** "First Last", or "Staff #id" when both are blank. */
export function staffDisplayName(
  member: Pick<StaffMember, 'id' | 'first_name' | 'last_name'>,
): string {
  return `${member.first_name} ${member.last_name}`.trim() || unnamedStaff(member.id);
}

/**
 * The member of staff behind `userId`, or a ForbiddenError. Ask it outside any transaction:
 * identity may share the embedded database's one connection.
 */
export async function requireStaff(
  identity: IdentityDirectory,
  userId: number,
): Promise<NamedStaff> {
  const member = await identity.staffMember(userId);
  if (!member) throw new ForbiddenError('This is for clinic staff only.');
  return {
    id: member.id,
    name: staffDisplayName(member),
    firstName: member.first_name.trim(),
    role: member.role,
  };
}
