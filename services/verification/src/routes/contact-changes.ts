/**
 * update-phone and update-email (spec 000 section 7): the new contact is applied to the
 * caller's account in identity (which publishes `patient-contact-changed`), then the channel's
 * old codes stop working and its verification starts over. The page sends the new code.
 */
import type { Router } from 'express';
import { updateEmail, updatePhone, verificationMessages } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { HttpError, bindRoute } from '@clinic/kit';
import type { ContactCodes } from '../domain/contact-codes';

export function contactChangeRoutes(
  router: Router,
  identity: IdentityDirectory,
  codes: ContactCodes,
): void {
  async function change(userId: number, field: 'phone' | 'email', value: string): Promise<void> {
    const answer = await identity.changePatientContact({ userId, field, value });
    if (!answer.changed)
      throw answer.reason === 'email-taken'
        ? new HttpError(409, verificationMessages.emailTaken)
        : new HttpError(404, verificationMessages.otherAccount);
    await codes.forgetChannel(userId, field);
  }

  bindRoute(router, updatePhone, async ({ body, principal }) => {
    await change(principal.userId, 'phone', body.phone);
    return { status: 'success' as const, message: verificationMessages.phoneUpdated };
  });

  bindRoute(router, updateEmail, async ({ body, principal }) => {
    await change(principal.userId, 'email', body.email);
    return { status: 'success' as const, message: verificationMessages.emailUpdated };
  });
}
