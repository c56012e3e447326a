/**
 * GET /api/logout: revokes the caller's session (any logged-in user); from then on its token
 * resolves to no one, and the chat closes the sockets opened with it (sessions-revoked). The
 * user's other sessions stay.
 */
import type { Router } from 'express';
import { identityMessages, logout } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { revokeSession } from '../domain/sessions';

export function logoutRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, logout, async ({ principal }) => {
    await runtime.transaction((tx, events) =>
      revokeSession(tx, events, principal, runtime.clock.now()),
    );
    return { status: 'success' as const, message: identityMessages.loggedOut };
  });
}
