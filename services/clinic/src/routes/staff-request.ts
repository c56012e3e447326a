import type { Request } from 'express';
import type { Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { ServiceRuntime } from '@clinic/kit';
import type { StaffRequest } from '../domain/audit';
import { staffMember } from '../domain/staff-members';

/** The staff member behind a console call and where it came from, for decisions and the audit. */
export async function staffRequest(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  principal: Principal,
  req: Request,
): Promise<StaffRequest> {
  const member = await staffMember(runtime.db, identity, principal, runtime.clock.now());
  return { member, ip: req.ip ?? null };
}
