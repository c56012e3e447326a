import type { Request } from 'express';
import type { Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { ForbiddenError } from '@clinic/kit';

/** The pharmacist (or admin) behind a console call, by identity's name, and where it came from. */
export interface Pharmacist {
  id: number;
  name: string;
  role: string;
  ip: string | null;
}

/** Asked outside any transaction: identity may share the embedded database's one connection. */
export async function pharmacistOf(
  identity: IdentityDirectory,
  principal: Principal,
  req: Request,
): Promise<Pharmacist> {
  const member = await identity.staffMember(principal.userId);
  if (!member) throw new ForbiddenError('This is for clinic staff only.');
  const name = `${member.first_name} ${member.last_name}`.trim() || `Staff #${member.id}`;
  return { id: member.id, name, role: member.role, ip: req.ip ?? null };
}
