/**
 * The intake person payload (spec 000 section 3) built from a quiz that passed every step. The
 * derived values (height in inches, BMI, MM/DD/YYYY, age) are sent because the spec's payload has
 * them; the server recomputes them. No IP address: the server reads it from the connection.
 */
import {
  ageOn,
  bmiOf,
  formatDob,
  heightInInches,
  type Gender,
  type IntakePersonInput,
  type TrackingData,
} from '@clinic/contracts';
import { toAnswers, type IntakeDraft } from './draft';

export interface PayloadContext {
  today: Date;
  trackingSessionId: string;
  userAgent: string;
  tracking?: TrackingData;
}

export function buildIntakePayload(draft: IntakeDraft, context: PayloadContext): IntakePersonInput {
  const a = toAnswers(draft);
  // Steps 1 and 6 do not advance without these; the server refuses a submission without them.
  if (!a.agreedToTerms || !a.emailConsent) throw new Error('The quiz has not been agreed to.');
  const dob = { mm: a.dob.mm ?? 0, dd: a.dob.dd ?? 0, yyyy: a.dob.yyyy ?? 0 };
  const totalInches = heightInInches(a.feet, a.inches);
  const { areaCode, prefix, line } = a.phone;
  return {
    first_name: a.firstName.trim(),
    last_name: a.lastName.trim(),
    // Lower-cased like the login form's email (spec 000 section 5), so the two always match.
    email: a.email.trim().toLowerCase(),
    phone: `${areaCode}${prefix}${line}`,
    phone_parts: { areaCode, prefix, line },
    height: { foot: a.feet, inches: a.inches },
    heightInInches: totalInches,
    weight: a.weight,
    bmi: bmiOf(a.weight, totalInches),
    gender: a.gender as Gender,
    agreed_to_text: 'Yes',
    agreed_to_email: true,
    agreed_to_terms: true,
    // The step-1 agreement (terms, privacy, telehealth) is the form's only agreement step.
    form_step2_agree: true,
    dobMMDDYYYY: formatDob(dob),
    dob,
    age: ageOn(dob, context.today),
    desired_weight: a.desiredWeight,
    state: a.state,
    source_web: 2,
    tracking_session_id: context.trackingSessionId,
    user_agent: context.userAgent.slice(0, 512),
    is_completed: true,
    ...(context.tracking ? { tracking: context.tracking } : {}),
  };
}
