/**
 * The admin console's privacy requests: the list (optionally of one state) and the two steps,
 * verified and done. Admins only (the contracts' `staffRoles: []`); each read and step is on
 * identity's audit trail under the admin's name, role and address.
 */
import type { Request, Router } from 'express';
import {
  closePrivacyRequest,
  identityMessages,
  privacyRequestQueue,
  verifyPrivacyRequest,
  type Principal,
} from '@clinic/contracts';
import { bindRoute, HttpError, type AuditStaff, type ServiceRuntime } from '@clinic/kit';
import {
  listPrivacyRequests,
  markPrivacyRequestDone,
  markPrivacyRequestVerified,
} from '../domain/privacy-request-desk';
import { staffMember } from '../domain/staff-members';

/** The admin behind the call, as the audit line names them. */
export async function adminOf(
  runtime: ServiceRuntime,
  principal: Principal,
  req: Request,
): Promise<AuditStaff> {
  const member = await staffMember(runtime.db, principal.userId);
  // The session resolved a moment ago; an account removed since then is logged out.
  if (!member) throw new HttpError(401, identityMessages.notLoggedIn);
  const name = `${member.first_name} ${member.last_name}`.trim();
  return { id: member.id, name: name || null, role: member.role, ip: req.ip ?? null };
}

export function consolePrivacyRequestRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, privacyRequestQueue, async ({ principal, query, req }) => ({
    status: 'success' as const,
    ...(await listPrivacyRequests(runtime, await adminOf(runtime, principal, req), query.state)),
  }));
  bindRoute(router, verifyPrivacyRequest, async ({ principal, params, req }) => ({
    status: 'success' as const,
    request: await markPrivacyRequestVerified(
      runtime,
      await adminOf(runtime, principal, req),
      params.reference,
    ),
  }));
  bindRoute(router, closePrivacyRequest, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    request: await markPrivacyRequestDone(
      runtime,
      await adminOf(runtime, principal, req),
      params.reference,
      body.note,
    ),
  }));
}
