/**
 * A staff login's second step over HTTP (domain/second-factor.ts): the code or recovery code of
 * a login's challenge, and an enrolment's start and confirmation. Refusals are 401 with the
 * contract's reason and text; the per-address limit answers 429 with Retry-After like a login.
 * Answers carrying sessions, secrets or recovery codes are never cached.
 */
import type { Response, Router } from 'express';
import QRCode from 'qrcode';
import {
  confirmEnrolment,
  identityMessages,
  secondFactor,
  secondFactorMessages,
  startEnrolment,
  type SecondFactorReason,
} from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import {
  SecondFactor,
  type AuthenticatorTime,
  type SecondFactorOutcome,
} from '../domain/second-factor';
import { clientAddress } from './attempt-limits';

const reasonText: Record<SecondFactorReason, string> = {
  code_wrong: secondFactorMessages.wrong,
  code_reused: secondFactorMessages.reused,
  recovery_code_wrong: secondFactorMessages.recoveryWrong,
  recovery_code_used: secondFactorMessages.recoveryUsed,
  challenge_expired: secondFactorMessages.expired,
};

/** The HTTP answer of a refusal; a login passes through as its session. */
function sessionOrThrow(res: Response, outcome: SecondFactorOutcome) {
  switch (outcome.kind) {
    case 'logged-in':
      return {
        status: 'success' as const,
        message: identityMessages.loginSuccess,
        token: outcome.token,
        user: outcome.user,
      };
    case 'address-limited':
      res.setHeader('Retry-After', String(Math.ceil(outcome.retryAfterMs / 1000)));
      throw new HttpError(429, identityMessages.tooManyAttempts);
    case 'refused':
      throw new HttpError(401, reasonText[outcome.reason], { reason: outcome.reason });
  }
}

const alreadyEnrolled = () => new HttpError(409, secondFactorMessages.alreadyEnrolled);

export function secondFactorRoutes(
  router: Router,
  runtime: ServiceRuntime,
  authenticatorNow: AuthenticatorTime,
): void {
  const factor = new SecondFactor(runtime, authenticatorNow);

  bindRoute(router, secondFactor, async ({ body, req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const { challenge, ...proof } = body;
    const outcome = await factor.verify({ challenge, proof, address: clientAddress(req) });
    return sessionOrThrow(res, outcome);
  });

  bindRoute(router, startEnrolment, async ({ body, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const started = await factor.startEnrolment(body.challenge);
    if (started === 'expired') {
      throw new HttpError(401, secondFactorMessages.expired, { reason: 'challenge_expired' });
    }
    if (started === 'enrolled') throw alreadyEnrolled();
    return {
      otpauth_uri: started.uri,
      secret: started.secret,
      qr_code: await QRCode.toDataURL(started.uri, { margin: 1, width: 240 }),
    };
  });

  bindRoute(router, confirmEnrolment, async ({ body, req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const outcome = await factor.confirmEnrolment({ ...body, address: clientAddress(req) });
    if (outcome.kind === 'enrolled') throw alreadyEnrolled();
    const session = sessionOrThrow(res, outcome);
    return {
      ...session,
      message: secondFactorMessages.enrolled,
      recovery_codes: outcome.kind === 'logged-in' ? outcome.recoveryCodes : [],
    };
  });
}
