/**
 * POST /api/intake-form: the quiz submission. The lead is stored first, whatever happens next;
 * then it is disqualified (state, age, BMI) or qualified: identity creates the patient's account
 * and session, or reports that the email already has one, in which case no session is given out
 * and the visitor is asked to log in. A crash after the account exists but before the lead is
 * marked leaves the lead 'received' with nothing lost: the visitor's retry finds the account.
 */
import type { Router } from 'express';
import {
  disqualificationMessage,
  existingAccountMessage,
  intakeForm,
  type IntakeFormResponse,
} from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';
import { assessIntakePerson } from '../domain/intake-person';
import { disqualifyLead, qualifyLead, storeLead } from '../domain/leads';
import type { StateRulesDesk } from '../domain/state-rules';

/** One address submitting more quizzes than this an hour is a script, not a person. */
export const defaultSubmissionsPerAddressHour = 30;

export function intakeFormRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  stateRules: StateRulesDesk,
  submissionsPerAddressHour = defaultSubmissionsPerAddressHour,
): void {
  const submissionsPerAddress = { limit: submissionsPerAddressHour, windowMs: 60 * 60 * 1000 };
  bindRoute(router, intakeForm, async ({ body, req, res }): Promise<IntakeFormResponse> => {
    const ipAddress = req.ip ?? null;
    const rate = await runtime.engines.rateLimiter.hit(
      `intake-form:ip:${ipAddress ?? 'unknown'}`,
      submissionsPerAddress,
    );
    if (!rate.allowed) {
      res.setHeader('Retry-After', String(Math.ceil(rate.retryAfterMs / 1000)));
      throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.');
    }

    const { value: rules } = await stateRules.inForce();
    const assessment = assessIntakePerson(body, runtime.clock.now(), rules);
    if ('problem' in assessment) throw new HttpError(400, assessment.problem);
    const { lead: assessed } = assessment;
    const lead = await storeLead(runtime, body, assessed, {
      ipAddress,
      userAgent: req.get('user-agent') ?? null,
    });

    if (assessed.disqualification) {
      await disqualifyLead(runtime, lead, assessed.disqualification);
      return {
        status: 'disqualified',
        reason: assessed.disqualification,
        message: disqualificationMessage(assessed.disqualification, body.state),
      };
    }

    const account = await identity.provisionPatient({
      email: assessed.email,
      first_name: assessed.firstName,
      last_name: assessed.lastName,
      phone: assessed.phone,
      state: body.state,
      gender: body.gender,
      height_inch: assessed.heightInches,
      weight: body.weight,
      dob: assessed.dob,
      text_updates: body.agreed_to_text === 'Yes',
    });
    if (!account.created) {
      await qualifyLead(runtime, lead, { userId: account.userId, newAccount: false });
      return { status: 'existing_account', message: existingAccountMessage };
    }
    await qualifyLead(runtime, lead, { userId: account.user.id, newAccount: true });
    return {
      status: 'success',
      message: 'You qualify.',
      user: account.user,
      token: account.token,
    };
  });
}
