/**
 * POST /api/login: email (lower-cased by the contract) and password to a session. Guarantees: the
 * same 401 text for an unknown email, a wrong password and an account without a password; only
 * failures count (20 per address in 15 minutes, then 429 with Retry-After and nothing checked;
 * past 5 for an account, 401 with reason `login_code_needed` until the login carries the code
 * emailed to the owner: domain/login-guard.ts); a success clears the account's failures. A staff
 * member's right password gives no session: a challenge for the second factor (second-factor.ts).
 * The answer is never cached.
 */
import type { Router } from 'express';
import {
  identityMessages,
  login,
  loginCodeMessages,
  secondFactorMessages,
  type LoginCodeReason,
} from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { logIn } from '../domain/login';
import { clientAddress } from './attempt-limits';

const codeReason = (reason: LoginCodeReason) => ({ reason });

export function loginRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, login, async ({ body, req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const outcome = await logIn(runtime, { ...body, address: clientAddress(req) });
    switch (outcome.kind) {
      case 'logged-in':
        return {
          status: 'success' as const,
          message: identityMessages.loginSuccess,
          token: outcome.token,
          user: outcome.user,
        };
      case 'second-factor':
        return {
          status: 'second_factor' as const,
          message:
            outcome.next === 'code'
              ? secondFactorMessages.codeNeeded
              : secondFactorMessages.enrolNeeded,
          challenge: outcome.challenge,
          next: outcome.next,
        };
      case 'address-limited':
        res.setHeader('Retry-After', String(Math.ceil(outcome.retryAfterMs / 1000)));
        throw new HttpError(429, identityMessages.tooManyAttempts);
      case 'code-needed':
        throw new HttpError(401, loginCodeMessages.needed, codeReason('login_code_needed'));
      case 'code-wrong':
        throw new HttpError(401, loginCodeMessages.wrong, codeReason('login_code_wrong'));
      case 'refused':
        throw new HttpError(401, identityMessages.loginFailed);
    }
  });
}
