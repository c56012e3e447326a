/**
 * The per-state rules: GET /api/state-rules for everyone (the quiz, plan, checkout, medical form,
 * terms and FAQ; answered from a cache at most a second old), and the admin console's read,
 * preview and change (admins only, the contracts' `staffRoles: []`). A change is on intake's
 * audit trail under the admin's name, role and address.
 */
import type { Request, Router } from 'express';
import {
  changeStateRules,
  consoleStateRules,
  previewStateRules,
  stateRulesInForce,
  type Principal,
} from '@clinic/contracts';
import { bindRoute, type AuditStaff } from '@clinic/kit';
import { requireStaff, type IdentityDirectory } from '@clinic/identity-client';
import type { StateRulesDesk } from '../domain/state-rules';

/** The admin behind the call, as the audit line and the history name them. */
async function adminOf(
  identity: IdentityDirectory,
  principal: Principal,
  req: Request,
): Promise<AuditStaff> {
  const { id, name, role } = await requireStaff(identity, principal.userId);
  return { id, name, role, ip: req.ip ?? null };
}

export function stateRulesRoutes(
  router: Router,
  desk: StateRulesDesk,
  identity: IdentityDirectory,
): void {
  bindRoute(router, stateRulesInForce, async () => {
    const { version, value } = await desk.inForce();
    return { status: 'success' as const, version, rules: value };
  });
  bindRoute(router, consoleStateRules, async () => ({
    status: 'success' as const,
    ...(await desk.view()),
  }));
  bindRoute(router, previewStateRules, async ({ body }) => ({
    status: 'success' as const,
    ...(await desk.preview(body.rules)),
  }));
  bindRoute(router, changeStateRules, async ({ body, principal, req }) => ({
    status: 'success' as const,
    ...(await desk.change(await adminOf(identity, principal, req), body.fromVersion, body.rules)),
  }));
}
