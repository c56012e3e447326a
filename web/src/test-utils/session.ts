/** Sessions for tests, complete as the contracts define them (override what a test is about). */
import type { CartSessionUser, SessionUser as AccountUser } from '@clinic/contracts';
import type { Session } from '../session/session';

/** A patient as the login answers with one. */
export function testUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 1,
    first_name: 'Ana',
    last_name: 'Lopez',
    email: 'ana@example.com',
    phone: '5551234567',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    height_inch: 65,
    weight: 200,
    health_id: null,
    is_admin: 0,
    role: 'patient',
    ...overrides,
  };
}

/** A logged-in session (a patient unless `user` says otherwise). */
export function testSession(options: { token?: string } & Partial<AccountUser> = {}): Session {
  const { token = 't', ...user } = options;
  return { token, user: testUser(user) };
}

/** The session a checkout link opens: scoped to its cart. */
export function cartLinkSession(
  options: { token?: string } & Partial<Omit<CartSessionUser, 'role' | 'session_scope'>> = {},
): Session {
  const { token = 't', id = 42, first_name = 'Ana' } = options;
  return { token, user: { id, first_name, role: 'patient', session_scope: 'cart' } };
}
