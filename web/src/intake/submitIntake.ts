/**
 * Sends the finished quiz (POST /api/intake-form) and turns the answer into where the visitor
 * goes next (spec 000 section 4, "Intake"), or the message to show on the last step.
 */
import {
  errorResponseSchema,
  intakeForm,
  intakeFormResponseSchema,
  intakeMessages,
  type IntakePersonInput,
} from '@clinic/contracts';
import { ApiError, apiFetch } from '../api/client';
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

/** The rule text of the first failing field when the server names one, else its message. */
function serverMessage(error: ApiError): string | undefined {
  const parsed = errorResponseSchema.safeParse(error.body);
  if (!parsed.success) return undefined;
  const first = parsed.data.fields?.[0]?.message;
  return first || parsed.data.message || undefined;
}

export function reportPath(desiredWeight: number): string {
  return `/weight-loss-report?desired_weight=${encodeURIComponent(String(desiredWeight))}`;
}

export async function submitIntake(payload: IntakePersonInput): Promise<SubmitOutcome> {
  let body: unknown;
  try {
    body = await apiFetch(intakeForm.path, { method: 'POST', json: payload });
  } catch (error) {
    // A 400 carries the broken rule's text, which tells the visitor what to fix.
    const message = error instanceof ApiError && error.status === 400 && serverMessage(error);
    if (message) return { kind: 'error', message, step: stepOfMessage[message] };
    return { kind: 'error', message: intakeMessages.submitError };
  }

  const parsed = intakeFormResponseSchema.safeParse(body);
  if (!parsed.success) {
    console.error('Unexpected intake-form answer.', parsed.error);
    return { kind: 'error', message: intakeMessages.submitError };
  }
  const answer = parsed.data;
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
