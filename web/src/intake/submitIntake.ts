/**
 * Sends the finished quiz (POST /api/intake-form) and turns the answer into where the visitor
 * goes next (spec 000 section 4, "Intake"), or the message to show on the last step.
 */
import { intakeForm, intakeMessages, type IntakePersonInput } from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import { setSession } from '../session/session';

export type SubmitOutcome =
  | { kind: 'navigate'; to: string }
  /** `step`: the quiz step the message is about, when it is one of the steps' rule texts. */
  | { kind: 'error'; message: string; step?: number };

/** Which step each rule text belongs to, so a server-side rejection is shown where it is fixed. */
const stepOfMessage: Record<string, number> = {
  [intakeMessages.terms]: 1,
  [intakeMessages.state]: 2,
  [intakeMessages.name]: 3,
  [intakeMessages.gender]: 4,
  [intakeMessages.phone]: 5,
  [intakeMessages.email]: 6,
  [intakeMessages.emailConsent]: 6,
  [intakeMessages.height]: 7,
  [intakeMessages.weight]: 7,
  [intakeMessages.dobIncomplete]: 8,
  [intakeMessages.dobInvalid]: 8,
  [intakeMessages.desiredWeight]: 9,
  [intakeMessages.desiredBelowCurrent]: 9,
};

export function reportPath(desiredWeight: number): string {
  return `/weight-loss-report?desired_weight=${encodeURIComponent(String(desiredWeight))}`;
}

export async function submitIntake(payload: IntakePersonInput): Promise<SubmitOutcome> {
  let answer;
  try {
    answer = await callApi(intakeForm, { body: payload });
  } catch (error) {
    const failure = toApiError(error);
    // A 400 carries the broken rule's text (its first failing field's, else its message),
    // which tells the visitor what to fix.
    const message =
      failure.status === 400 && failure.kind === 'http'
        ? (failure.fields[0]?.message ?? failure.serverMessage)
        : null;
    if (message) return { kind: 'error', message, step: stepOfMessage[message] };
    if (failure.kind === 'malformed')
      console.error('Unexpected intake-form answer.', failure.issues);
    return { kind: 'error', message: intakeMessages.submitError };
  }
  const report = reportPath(Number(payload.desired_weight));
  switch (answer.status) {
    case 'success':
      setSession({ token: answer.token, user: answer.user });
      return { kind: 'navigate', to: report };
    case 'disqualified':
      return { kind: 'navigate', to: `/sorry?message=${encodeURIComponent(answer.message)}` };
    case 'existing_account':
      // The login page shows `notice` and returns to the report after the login.
      return {
        kind: 'navigate',
        to: `/login?page_ref=${encodeURIComponent(report)}&notice=${encodeURIComponent(answer.message)}`,
      };
  }
}
