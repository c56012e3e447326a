/**
 * send-code, verify-code, skip-verification and verification-status (spec 000 section 7), for
 * the logged-in caller's own account only: a code can never be sent to or checked for another.
 */
import type { Router } from 'express';
import {
  sendCode,
  skipVerification,
  verificationMessages,
  verificationStatus,
  verifyCode,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { channelOf } from '../domain/channels';
import type { ContactCodes } from '../domain/contact-codes';
import { countClientAttempt } from './client-limits';

export function codeRoutes(router: Router, runtime: ServiceRuntime, codes: ContactCodes): void {
  bindRoute(router, sendCode, async ({ params, principal, req }) => {
    await countClientAttempt(runtime, req, 'sendsPerAddress');
    const sent = await codes.send(principal.userId, channelOf(params.type));
    return {
      status: 'success' as const,
      message: verificationMessages.codeSent,
      resend_in: sent.resendInSeconds,
      sent_to: sent.sentTo,
    };
  });

  bindRoute(router, verifyCode, async ({ body, principal, req }) => {
    await countClientAttempt(runtime, req, 'checksPerAddress');
    const channel = channelOf(body.type);
    await codes.check(principal.userId, channel, body.code);
    return {
      status: 'success' as const,
      message:
        channel === 'phone'
          ? verificationMessages.phoneVerified
          : verificationMessages.emailVerified,
    };
  });

  bindRoute(router, skipVerification, async ({ body, principal }) => {
    await codes.skip(principal.userId, channelOf(body.type));
    return { status: 'success' as const, message: verificationMessages.skipped };
  });

  bindRoute(router, verificationStatus, async ({ principal }) => ({
    status: 'success' as const,
    ...(await codes.state(principal.userId)),
  }));
}
