import { z } from 'zod';
import {
  provisionPatientRequestSchema,
  type ProvisionPatientRequest,
  type ProvisionPatientResponse,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { users } from '../db/schema';
import type { IdentityDeps } from '../deps';
import { welcomeEmail } from './emails';
import { issuePasswordLink, passwordLinkUrl } from './password-links';
import { toSessionUser } from './session-user';
import { openSession } from './sessions';
import { findUserByEmail } from './users';
import { parseOrRefuse } from './validation';

/**
 * The contract's request, checked further before anything is stored: a deliverable email (the
 * welcome link goes there) and the date of birth as MM/DD/YYYY.
 */
const provisionInputSchema = provisionPatientRequestSchema.extend({
  email: z.string().trim().toLowerCase().max(256).pipe(z.email('Invalid email address')),
  dob: z.union([z.literal(''), z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Use MM/DD/YYYY')]),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * Turns a qualified lead into a patient account without a password, with a welcome
 * (set-your-password) link valid 72 hours and a session, all in one transaction. An email that
 * already has an account (whatever its case) gets `created: false` and nothing else happens.
 *
 * The welcome email is queued only after the transaction commits: a rolled-back provisioning
 * never sends a link, and the link in an email always exists. The one gap is a crash between the
 * commit and the queueing: the account and session stand without a welcome email, and the patient
 * gets a link from "forgot password". The queue cannot join the transaction (it may be Redis, and
 * the embedded database has a single connection held by the transaction).
 */
export async function provisionPatient(
  runtime: ServiceRuntime,
  deps: IdentityDeps,
  request: ProvisionPatientRequest,
): Promise<ProvisionPatientResponse> {
  const input = parseOrRefuse(provisionInputSchema, request);
  const now = runtime.clock.now();
  const outcome = await runtime.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        role: 'patient',
        firstName: orNull(input.first_name),
        lastName: orNull(input.last_name),
        phone: orNull(input.phone),
        state: orNull(input.state),
        gender: orNull(input.gender),
        dob: orNull(input.dob),
        heightInch: input.height_inch,
        weight: input.weight,
        // Consent given with the quiz; an existing account's choice is never changed from here.
        textUpdates: input.text_updates ?? false,
        createdAt: now,
        updatedAt: now,
      })
      // A concurrent provisioning of the same email waits here for the other to commit.
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) {
      const existing = await findUserByEmail(tx, input.email);
      if (!existing) throw new Error('Provisioning conflicted on an email that has no account');
      return { created: false as const, userId: existing.id };
    }
    const linkToken = await issuePasswordLink(tx, user.id, 'welcome', now);
    const session = await openSession(tx, user, now);
    return { created: true as const, user, linkToken, token: session.token };
  });
  if (!outcome.created) return outcome;

  const { user, linkToken, token } = outcome;
  try {
    await runtime.notifier.send(
      welcomeEmail(user.email, user.firstName ?? '', passwordLinkUrl(deps.publicUrl, linkToken)),
    );
  } catch (err) {
    // The account and session are committed; failing the caller now would only make it retry
    // into `created: false`. The patient can still get a link from "forgot password".
    runtime.logger.error({ err, userId: user.id }, 'welcome email could not be queued');
  }
  return { created: true, user: toSessionUser(user), token };
}
