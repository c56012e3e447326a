/**
 * The admin console's staff accounts over HTTP (domain/staff-accounts.ts): the list, invite,
 * role, disable, enable. Admins only (the contracts' `staffRoles: []`); each change is on
 * identity's audit trail under the admin's name, role and address.
 */
import type { Router } from 'express';
import {
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  staffAccountList,
  staffAccountMessages,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { StaffAccountDesk } from '../domain/staff-accounts';
import { adminOf } from './console-privacy-requests';

export function consoleStaffAccountRoutes(router: Router, runtime: ServiceRuntime): void {
  const desk = new StaffAccountDesk(runtime);
  const answer = (message: string) => (account: Awaited<ReturnType<typeof desk.enable>>) => ({
    status: 'success' as const,
    message,
    account,
  });

  bindRoute(router, staffAccountList, async () => ({
    status: 'success' as const,
    staff: await desk.list(),
  }));
  bindRoute(router, inviteStaff, async ({ principal, body, req }) =>
    answer(staffAccountMessages.invited)(
      await desk.invite(await adminOf(runtime, principal, req), body),
    ),
  );
  bindRoute(router, changeStaffRole, async ({ principal, params, body, req }) =>
    answer(staffAccountMessages.roleChanged)(
      await desk.changeRole(await adminOf(runtime, principal, req), params.id, body.role),
    ),
  );
  bindRoute(router, disableStaff, async ({ principal, params, req }) =>
    answer(staffAccountMessages.disabled)(
      await desk.disable(await adminOf(runtime, principal, req), params.id),
    ),
  );
  bindRoute(router, enableStaff, async ({ principal, params, req }) =>
    answer(staffAccountMessages.enabled)(
      await desk.enable(await adminOf(runtime, principal, req), params.id),
    ),
  );
}
