import type { Request } from 'express';
import type { Principal } from '@clinic/contracts';
import { requireStaff, type IdentityDirectory } from '@clinic/identity-client';

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
  const { id, name, role } = await requireStaff(identity, principal.userId);
  return { id, name, role, ip: req.ip ?? null };
}
