/**
 * Weekly doses missed in a row in the clinician's queue (issue 31, item 3): the second week a
 * patient misses puts their case in the waiting queue with a 24-hour deadline, after the urgent
 * side-effect reports, and any clinician may answer it once, as a Doctor on Demand note.
 */
import { and, eq } from 'drizzle-orm';
import { clinicMessages, missedDosesFlagged, type EventData } from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import type { FormsPatient } from '@clinic/forms/testing';
import { missedDoseFlags } from '../db/schema';
import { startClinic, type ClinicHarness, type StaffMemberUnderTest } from '../testing';

const HOUR = 3_600_000;
/** Longer than the local queue's 250 ms poll: a due job would have run by then. */
const QUEUE_WOULD_HAVE_RUN_MS = 700;

describe('missed doses for the clinician', () => {
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
  async function at(iso: string) {
    h.forms.clock.set(iso);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
  }
  /** Forms' flag, as its dose reminder publishes it. */
  const flag = (data: EventData<typeof missedDosesFlagged>) =>
    h.forms.service.runtime.transaction((_tx, events) => events.publish(missedDosesFlagged, data));
  const queue = async () =>
    (await h.get('/api/console/cases?filter=waiting', casey)).body.cases as {
      orderId: number;
      sideEffect: { urgent: boolean } | null;
      missedDoses: { dueDay: string; missedInARow: number; dueAt: string } | null;
    }[];

  it('queues the case at the second missed week with its 24-hour deadline, after urgent reports', async () => {
    await at('2026-11-24T15:00:00Z');
    const early = await h.submittedCase();
    const missed = await prescribedCase();
    const urgent = await prescribedCase();
    await h.forms.deliver(missed.patient, missed.orderId);
    // Wednesdays, 9 AM in New York (14:00 UTC in winter); the first is tomorrow.
    const day = { weekday: 'wednesday', time: '09:00', time_zone: 'America/New_York' };
    await eventually(async () =>
      expect((await h.forms.put('/api/care/injection-day', day, missed.patient)).status).toBe(200),
    );
    // Two Wednesdays go by with no dose logged; the second one's follow-up flags the case.
    await at('2026-11-25T14:00:00Z');
    await at('2026-11-26T14:00:00Z');
    await at('2026-12-02T14:00:00Z');
    expect((await queue()).some((c) => c.orderId === missed.orderId)).toBe(false);
    await at('2026-12-03T14:00:00Z');
    await eventually(async () =>
      expect((await queue()).find((c) => c.orderId === missed.orderId)?.missedDoses).toEqual({
        dueDay: '2026-12-02',
        missedInARow: 2,
        dueAt: new Date(Date.parse('2026-12-03T14:00:00Z') + 24 * HOUR).toISOString(),
      }),
    );

    // An urgent report (4 hours) comes first; then by deadline: the early assessment's (overdue),
    // the missed doses', and an assessment submitted an hour after the flag.
    await at('2026-12-03T15:00:00Z');
    await report(urgent.orderId, urgent.patient);
    const late = await h.submittedCase();
    await eventually(async () => {
      const ids = (await queue()).map((c) => c.orderId);
      expect(
        ids.filter((id) => [early, missed, urgent, late].some((c) => c.orderId === id)),
      ).toEqual([urgent.orderId, early.orderId, missed.orderId, late.orderId]);
    });

    const view = await h.get(`/api/console/cases/${missed.orderId}`, robin);
    expect(view.status).toBe(200);
    expect(view.body.view.case.missedDoses).toMatchObject({
      dueDay: '2026-12-02',
      missedInARow: 2,
    });
    expect(view.body.view.care.adherence).toMatchObject({ missed: 2, missedInARow: 2 });
  });

  it('lets any clinician answer once; the answer becomes a Doctor on Demand note', async () => {
    const { orderId, patient } = await prescribedCase();
    const never = await prescribedCase();
    const now = h.forms.clock.now().getTime();
    const flagged = {
      orderId,
      userId: patient.id,
      missedInARow: 2,
      dueDay: '2026-12-09',
      flaggedAt: new Date(now).toISOString(),
      dueAt: new Date(now + 24 * HOUR).toISOString(),
    };
    await flag(flagged);
    await eventually(async () =>
      expect((await queue()).find((c) => c.orderId === orderId)?.missedDoses?.dueDay).toBe(
        '2026-12-09',
      ),
    );
    const path = `/api/console/cases/${orderId}/missed-doses/answer`;
    const message =
      'Please do not restart on your own: take 2.5 mg next Wednesday, then message me.';
    const notes = (await h.outboxEvents('clinician-note-written')).length;

    // Bad input and cases with nothing to answer change nothing.
    expect((await h.post(path, { message: '   ' }, robin)).status).toBe(400);
    expect((await h.post(path, {}, robin)).status).toBe(400);
    const notFlagged = await h.post(
      `/api/console/cases/${never.orderId}/missed-doses/answer`,
      { message },
      robin,
    );
    expect(notFlagged.status).toBe(404);
    expect(notFlagged.body.message).toBe(clinicMessages.missedDosesNotFlagged);
    const noCase = await h.post(
      '/api/console/cases/987654/missed-doses/answer',
      { message },
      robin,
    );
    expect(noCase.status).toBe(404);
    expect(noCase.body.message).toBe(clinicMessages.caseNotFound);
    expect(await h.outboxEvents('clinician-note-written')).toHaveLength(notes);
    expect((await queue()).find((c) => c.orderId === orderId)?.missedDoses).not.toBeNull();

    const answered = await h.post(path, { message }, robin);
    expect(answered.status).toBe(200);
    expect(answered.body.case.missedDoses).toBeNull();
    const written = await h.outboxEvents('clinician-note-written');
    expect(written).toHaveLength(notes + 1);
    expect(written[written.length - 1]!.data).toMatchObject({ orderId, message });
    const { entries } = await h.service.runtime.audit.page(h.service.runtime.db, {
      orderId,
      limit: 20,
    });
    expect(entries.filter((l) => l.action === 'missed-doses.answer')).toMatchObject([
      { staff: { id: robin.id }, patientId: patient.id, subject: '2026-12-09' },
    ]);
    await eventually(async () => {
      const mail = await h.forms.engines.mailbox.list({ to: patient.email });
      const told = mail.find((m) => m.subject === 'Your clinician wrote about your missed doses');
      expect(told?.body).toContain('/home?tab=doctor-on-demand');
    });

    const again = await h.post(path, { message }, casey);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(clinicMessages.missedDosesAnswered);
    expect((await queue()).some((c) => c.orderId === orderId)).toBe(false);

    // The same flag delivered again stays answered; a later streak is a new flag.
    await flag(flagged);
    await flag({ ...flagged, dueDay: '2026-12-30', missedInARow: 2 });
    await eventually(async () =>
      expect((await queue()).find((c) => c.orderId === orderId)?.missedDoses?.dueDay).toBe(
        '2026-12-30',
      ),
    );
    const [first] = await h.service.runtime.db
      .select()
      .from(missedDoseFlags)
      .where(and(eq(missedDoseFlags.orderId, orderId), eq(missedDoseFlags.dueDay, '2026-12-09')));
    expect(first).toMatchObject({ answeredBy: robin.id });
    expect(first!.answeredAt).not.toBeNull();
  });

  /** An urgent side-effect report, once forms has the prescription. */
  async function report(orderId: number, patient: FormsPatient) {
    await eventually(async () => {
      const res = await h.forms.post(
        '/api/care/side-effects',
        {
          order_id: orderId,
          symptom: 'stomach_pain',
          severity: 'severe',
          duration: 'under_1_day',
        },
        patient,
      );
      expect(res.status).toBe(200);
    });
  }
});
