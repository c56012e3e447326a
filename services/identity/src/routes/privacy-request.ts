/**
 * POST /api/privacy-request: a consumer privacy request from the CCPA Opt-Out page, from anyone,
 * with or without an account. Stored for the privacy team and confirmed by email with its
 * reference. Limited to 5 per email and 10 per client address an hour; a refused request stores
 * and sends nothing.
 */
import type { Router } from 'express';
import { privacyRequest, privacyRequestMessages } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { recordPrivacyRequest } from '../domain/privacy-requests';
import { clientAddress, refuseOverLimit } from './attempt-limits';

export function privacyRequestRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, privacyRequest, async ({ body, req, res }) => {
    await refuseOverLimit(runtime, res, [
      { limit: 'privacyRequestPerEmail', subject: body.email },
      { limit: 'privacyRequestPerAddress', subject: clientAddress(req) },
    ]);
    const { reference } = await recordPrivacyRequest(runtime, body);
    return { status: 'success' as const, message: privacyRequestMessages.received, reference };
  });
}
