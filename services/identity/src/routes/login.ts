/**
 * POST /api/login: email (lower-cased by the contract) and password to a session. Guarantees: the
 * same 401 text for an unknown email, a wrong password and an account without a password; at most
 * 5 failures per account and 20 attempts per address in 15 minutes (429 beyond, nothing checked);
 * a success clears the account's failures. The answer is never cached.
 */
import type { Router } from 'express';
import { identityMessages, login } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { logIn } from '../domain/login';
import { clearAttempts } from '../domain/rate-limits';
import { clientAddress, refuseOverLimit } from './attempt-limits';

export function loginRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, login, async ({ body, req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    await refuseOverLimit(runtime, res, [
      { limit: 'loginPerAccount', subject: body.email },
      { limit: 'loginPerAddress', subject: clientAddress(req) },
    ]);
    const session = await logIn(runtime, body.email, body.password);
    if (!session) throw new HttpError(401, identityMessages.loginFailed);
    await clearAttempts(runtime.engines.rateLimiter, 'loginPerAccount', body.email);
    return {
      status: 'success' as const,
      message: identityMessages.loginSuccess,
      token: session.token,
      user: session.user,
    };
  });
}
