/**
 * Every staff call of the published API, as every role: a patient is refused each one (403), a
 * staff member is refused (403) each call not of their role, and is let past the role check
 * (anything but 401 and 403: a 400 for the made-up ids and bodies is fine) on each of theirs.
 * Admins may call all. So marketing, say, is answered nothing a clinician, a pharmacist or
 * support would see. Admin-only calls (the catalog's prices, offers and coupons, the privacy
 * requests) have `staffRoles: []`: every other role gets 403.
 */
import { apiRoutes, roles, type ApiRoute, type Role } from '@clinic/contracts';
import { demoAccounts } from '@clinic/identity';
import { logInDemo } from './demo-login';

/** Whether `role` may call `route` by its contract: staffRoles, admins always, patients never. */
export function mayCall(route: ApiRoute, role: Role): boolean {
  if (role === 'patient') return false;
  if (role === 'admin' || !route.staffRoles) return true;
  return route.staffRoles.some((allowed) => allowed === role);
}

/** A demo account of `role` signed in through the gateway (with its second factor): its token. */
export async function login(baseUrl: string, role: Role): Promise<string> {
  return (await logInDemo(baseUrl, demoAccounts[role])).token;
}

/** The status of each staff call for each role: `${role} ${METHOD} ${path}` → status. */
export async function runRoleMatrix(baseUrl: string): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  const staffRoutes = apiRoutes.filter((route) => route.auth === 'staff');
  for (const role of roles) {
    const token = await login(baseUrl, role);
    for (const route of staffRoutes) {
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const res = await fetch(baseUrl + path, {
        method: route.method.toUpperCase(),
        headers: {
          authorization: `Bearer ${token}`,
          ...(route.method === 'get' ? {} : { 'content-type': 'application/json' }),
        },
        body: route.method === 'get' ? undefined : '{}',
      });
      await res.arrayBuffer();
      statuses.set(`${role} ${route.method.toUpperCase()} ${route.path}`, res.status);
    }
  }
  return statuses;
}

/** The calls whose answer breaks the matrix: a role let in where it may not be, or kept out. */
export function roleMatrixBreaches(statuses: Map<string, number>): string[] {
  const breaches: string[] = [];
  for (const route of apiRoutes.filter((r) => r.auth === 'staff'))
    for (const role of roles) {
      const key = `${role} ${route.method.toUpperCase()} ${route.path}`;
      const status = statuses.get(key);
      const allowed = mayCall(route, role);
      if (status === undefined) breaches.push(`${key}: not called`);
      else if (allowed && (status === 401 || status === 403)) breaches.push(`${key}: ${status}`);
      else if (!allowed && status !== 403) breaches.push(`${key}: ${status}, expected 403`);
    }
  return breaches;
}
