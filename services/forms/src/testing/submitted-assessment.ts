/**
 * What the tests of a sent assessment start from: a paid order with its first assessment sent as
 * the browser sends it (a woman's answers, tirzepatide, every photo uploaded), Texas's
 * bare-medication form or California's medical one; and a clinician's ask for more as the clinic
 * publishes it.
 */
import { appointmentRequired, type EventData } from '@clinic/contracts';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import { completeAnswers, submissionOf } from './complete-answers';
import type { FormsHarness, FormsPatient } from './forms-harness';

export async function submittedAssessment(
  h: FormsHarness,
  state: 'TX' | 'CA',
): Promise<{ patient: FormsPatient; orderId: number }> {
  const patient = await h.patient({ state });
  const orderId = await h.paidOrder(patient);
  await h.shipTo(patient, state);
  const bare = state === 'TX';
  const file = loadQuestionnaires()[bare ? 'bare-medication' : 'medical-integration'];
  const answers = await h.withUploads(
    completeAnswers(
      file,
      { form: 'first', state, gender: 'Female', bareMeds: bare },
      'tirzepatide',
    ),
    file,
    patient,
    orderId,
  );
  const res = await h.post(
    bare ? '/api/submit-bare-form' : '/api/submit-md-form',
    submissionOf(orderId, answers),
    patient,
  );
  if (res.status !== 200) throw new Error(`the assessment was not sent: ${res.status}`);
  return { patient, orderId };
}

/** The clinician asks for more (the video or a visit) of the order: appointment-required. */
export const clinicianAsks = (
  h: FormsHarness,
  patient: FormsPatient,
  orderId: number,
  kind: EventData<typeof appointmentRequired>['kind'],
  requiredAt = h.clock.now().toISOString(),
) =>
  h.service.runtime.transaction((_tx, events) =>
    events.publish(appointmentRequired, { orderId, userId: patient.id, kind, requiredAt }),
  );
