import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * Sessions of an account ended: a logout (that session), a password change (every other one) or
 * a password reset (all of them). Whatever holds a live connection opened with one of them (the
 * chat's sockets) closes it at once: a revoked token must stop working everywhere, not only on
 * the next HTTP request.
 */
export const sessionsRevoked = defineEvent({
  name: 'sessions-revoked',
  version: 1,
  keyOf: (d) => String(d.userId),
  description:
    "An account's sessions ended (logout, password change or reset, account disabled): the session ids, so live connections opened with them close.",
  schema: z.object({
    userId: z.number().int(),
    sessionIds: z.array(z.string()).min(1),
    reason: z.enum(['logout', 'password-changed', 'password-reset', 'account-disabled']),
    revokedAt: z.iso.datetime(),
  }),
});
