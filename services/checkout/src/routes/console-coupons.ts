/**
 * The admin console's coupons (contracts/src/api/catalog-admin.ts): the list, create, change and
 * a coupon's history. Admins only (the contracts' `staffRoles: []`); each change is a line on
 * checkout's audit trail under the admin's name, role and address.
 */
import type { Request, Router } from 'express';
import {
  changeCoupon,
  consoleCoupons,
  couponHistory,
  createCoupon,
  type Principal,
} from '@clinic/contracts';
import { requireStaff, type IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type AuditStaff } from '@clinic/kit';
import type { CouponDesk } from '../domain/coupon-desk';

/**
 * The admin as the audit line names them, by identity's name when checkout can ask it. Asked
 * before the change's transaction: identity may share the embedded database's connection.
 */
export async function auditStaffOf(
  identity: IdentityDirectory | undefined,
  principal: Principal,
  req: Request,
): Promise<AuditStaff> {
  const member = identity ? await requireStaff(identity, principal.userId) : null;
  return {
    id: principal.userId,
    name: member?.name ?? null,
    role: member?.role ?? principal.role,
    ip: req.ip ?? null,
  };
}

export function consoleCouponRoutes(
  router: Router,
  desk: CouponDesk,
  identity: IdentityDirectory | undefined,
): void {
  bindRoute(router, consoleCoupons, async () => ({
    status: 'success' as const,
    coupons: await desk.list(),
  }));
  bindRoute(router, createCoupon, async ({ principal, body, req }) => ({
    status: 'success' as const,
    coupon: await desk.create(await auditStaffOf(identity, principal, req), body),
  }));
  bindRoute(router, changeCoupon, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    coupon: await desk.change(
      await auditStaffOf(identity, principal, req),
      params.id,
      body.coupon,
      body.version,
    ),
  }));
  bindRoute(router, couponHistory, async ({ params }) => ({
    status: 'success' as const,
    changes: await desk.history(params.id),
  }));
}
