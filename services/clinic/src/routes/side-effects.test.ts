/**
 * Side-effect reports in the clinician's queue and case (issue 31): an urgent report puts its
 * case first in the waiting queue with its 4-hour deadline, the case view shows the report, the
 * adherence and the weights, and any clinician may answer it once, as a Doctor on Demand note.
 */
import { clinicMessages } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import type { FormsPatient } from '@clinic/forms/testing';
import { startClinic, type ClinicHarness, type StaffMemberUnderTest } from '../testing';

const HOUR = 3_600_000;

describe('side-effect reports for the clinician', () => {
  let h: ClinicHarness;
  let casey: StaffMemberUnderTest;
  let robin: StaffMemberUnderTest;
  beforeAll(async () => {
    h = await startClinic();
    casey = await h.staff('clinician', 'Casey');
    robin = await h.staff('clinician', 'Robin');
  });
  afterAll(() => h.close());

  const prescribedCase = () => h.prescribedCase(casey);
  /** The patient's report, once forms has the prescription (from the approval's event). */
  async function report(orderId: number, patient: FormsPatient, body: object) {
    let res: Awaited<ReturnType<typeof h.forms.post>> | undefined;
    await eventually(async () => {
      res = await h.forms.post('/api/care/side-effects', { order_id: orderId, ...body }, patient);
      expect(res.status).toBe(200);
    });
    return res!;
  }
  const queue = async () =>
    (await h.get('/api/console/cases?filter=waiting', casey)).body.cases as {
      orderId: number;
      sideEffect: { reportId: number; urgent: boolean; dueAt: string } | null;
    }[];

  it('puts an urgent report first with its 4-hour deadline, and a 24-hour one among the rest', async () => {
    const urgent = await prescribedCase();
    const moderate = await prescribedCase();
    const waiting = await h.submittedCase();
    h.forms.clock.advance(60_000);
    const severe = await report(urgent.orderId, urgent.patient, {
      symptom: 'stomach_pain',
      severity: 'severe',
      duration: 'under_1_day',
    });
    const reportedAt = h.forms.clock.now().getTime();
    await report(moderate.orderId, moderate.patient, {
      symptom: 'nausea',
      severity: 'moderate',
      duration: '1_to_3_days',
    });
    await eventually(async () => {
      const cases = await queue();
      expect(cases[0]).toMatchObject({
        orderId: urgent.orderId,
        sideEffect: {
          reportId: severe.body.report.id,
          urgent: true,
          dueAt: new Date(reportedAt + 4 * HOUR).toISOString(),
        },
      });
      const ids = cases.map((c) => c.orderId);
      // The waiting assessment's 24 hours end before the moderate report's.
      expect(ids.indexOf(waiting.orderId)).toBeLessThan(ids.indexOf(moderate.orderId));
      expect(cases.find((c) => c.orderId === moderate.orderId)?.sideEffect?.urgent).toBe(false);
    });

    const view = await h.get(`/api/console/cases/${urgent.orderId}`, robin);
    expect(view.status).toBe(200);
    expect(view.body.view.care.sideEffects[0]).toMatchObject({
      symptom: 'stomach_pain',
      severity: 'severe',
      level: 'urgent',
      answered_at: null,
    });
    expect(view.body.view.care.adherence).toEqual({
      weeks: 0,
      logged: 0,
      missed: 0,
      missedInARow: 0,
    });
  });

  it('lets any clinician answer once; the answer becomes a Doctor on Demand note', async () => {
    const { orderId, patient } = await prescribedCase();
    const reported = await report(orderId, patient, {
      symptom: 'vomiting',
      severity: 'moderate',
      duration: 'under_1_day',
      red_flags: ['dehydration'],
    });
    const reportId = reported.body.report.id as number;
    await eventually(async () =>
      expect((await queue()).find((c) => c.orderId === orderId)?.sideEffect?.urgent).toBe(true),
    );
    const path = `/api/console/cases/${orderId}/side-effects/${reportId}/answer`;
    const message = 'Please stop the injection and go to urgent care now; I will call you at 3.';

    expect((await h.post(path, { message: '   ' }, robin)).status).toBe(400);
    const missing = await h.post(
      `/api/console/cases/${orderId}/side-effects/987654/answer`,
      { message },
      robin,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(clinicMessages.sideEffectReportNotFound);

    const notes = (await h.outboxEvents('clinician-note-written')).length;
    const answered = await h.post(path, { message }, robin);
    expect(answered.status).toBe(200);
    expect(answered.body.case.sideEffect).toBeNull();
    const written = await h.outboxEvents('clinician-note-written');
    expect(written).toHaveLength(notes + 1);
    expect(written[written.length - 1]!.data).toMatchObject({ orderId, message });

    const again = await h.post(path, { message }, casey);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(clinicMessages.sideEffectAnswered);
    expect((await queue()).some((c) => c.orderId === orderId)).toBe(false);
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.body.view.care.sideEffects[0].answered_at).not.toBeNull();
  });
});
