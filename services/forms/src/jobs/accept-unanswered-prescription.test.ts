/**
 * The 12-hour rule (spec 002): a prescription the patient has not answered within 12 hours is
 * accepted as written, once, and never after the patient answered or once a newer prescription
 * replaced it. Forms runs on the embedded engines with a manual clock: the local queue schedules
 * the job by it, so the 12 hours are stepped through rather than slept.
 */
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { prescriptionAnswerHours } from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { eventually, sleep, startServiceForTest } from '@clinic/kit/testing';
import { formsService } from '../app';
import { orders, prescriptions } from '../db/schema';
import { startForms, tinyPng, type FormsHarness, type FormsPatient } from '../testing';
import { acceptUnansweredPrescriptionJob } from './accept-unanswered-prescription';
import {
  acceptUnansweredPrescription,
  acceptUnansweredPrescriptionJobId,
  prescriptionAnswerMs,
} from './definitions/accept-unanswered-prescription';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longer than the local queue's 250 ms poll: a due job would have run by then. */
const QUEUE_WOULD_HAVE_RUN_MS = 600;

interface JobRow {
  id: string;
  status: string;
  run_at: string | Date;
  payload: { orderId: number; prescriptionId: string; approvedAt: string };
}

/** The accept-unanswered-prescription jobs of an order (the queue is the kit's table). */
async function jobsOf(h: FormsHarness, orderId: number): Promise<JobRow[]> {
  const found = await rows<JobRow>(
    h.db,
    sql`select id, status, run_at, payload from forms.jobs
        where name = ${acceptUnansweredPrescription.name} and (payload->>'orderId')::int = ${orderId}
        order by run_at`,
  );
  return found.map((j) => ({
    ...j,
    payload: typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload,
  }));
}

/** Waits until every job of the order has run (nothing of it due or running any more). */
async function jobsRan(h: FormsHarness, orderId: number, count: number): Promise<void> {
  await eventually(async () => {
    const completed = (await jobsOf(h, orderId)).filter((j) => j.status === 'completed');
    expect(completed).toHaveLength(count);
  });
}

async function acceptedEvents(h: FormsHarness, orderId: number) {
  return (await h.outboxEvents('prescription-accepted'))
    .map((e) => e.data as { orderId: number; acceptedBy: string })
    .filter((d) => d.orderId === orderId);
}

describe('accept-unanswered-prescription: no answer within 12 hours ships it as written', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function approved() {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    const prescriptionId = await h.approve(patient, orderId);
    return { patient, orderId, prescriptionId };
  }

  const statusOf = async (orderId: number) =>
    (await h.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.status;

  const answer = (patient: FormsPatient, orderId: number, accept: boolean) =>
    h.post(`/api/prescription-update/${orderId}`, { accept }, patient);

  async function adjust(patient: FormsPatient, orderId: number) {
    const photo = await h.upload(
      patient,
      { name: `${orderId}_prescription_photo.png`, contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    return h.post(
      '/api/submit-adjust-doses-form',
      {
        answers: [],
        images: [{ id: 'prescription_photo', answer: photo.fileName }],
        patientPreference: ['2.5', '5', '5'],
        form_id: orderId,
      },
      patient,
    );
  }

  it('is 12 hours, as the spec says', () => {
    expect(prescriptionAnswerHours).toBe(12);
    expect(prescriptionAnswerMs).toBe(12 * HOUR);
  });

  it('accepts an unanswered prescription once, after exactly 12 hours, and then refuses the patient', async () => {
    const { patient, orderId, prescriptionId } = await approved();
    const approvedAt = h.clock.now().toISOString();
    const [job] = await jobsOf(h, orderId);
    expect(job?.id).toBe(
      acceptUnansweredPrescriptionJobId({ orderId, prescriptionId, approvedAt }),
    );
    expect(job?.payload).toEqual({ orderId, prescriptionId, approvedAt });

    h.clock.advance(12 * HOUR - MINUTE);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
    expect(await h.service.runtime.queue.state(job!.id)).toBe('delayed');
    expect(await acceptedEvents(h, orderId)).toEqual([]);
    expect((await h.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(200);

    h.clock.advance(MINUTE);
    await jobsRan(h, orderId, 1);
    expect(await acceptedEvents(h, orderId)).toEqual([
      {
        orderId,
        userId: patient.id,
        prescriptionId,
        acceptedBy: 'timeout',
        acceptedAt: h.clock.now().toISOString(),
      },
    ]);
    expect(await statusOf(orderId)).toBe('prescription_accepted');
    const [row] = await h.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
    expect(row).toMatchObject({ answer: 'accepted', answeredAt: h.clock.now() });

    // Nothing waits for the patient any more: both answers are refused.
    expect((await h.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(404);
    expect((await answer(patient, orderId, true)).status).toBe(409);
    expect((await answer(patient, orderId, false)).status).toBe(409);
    expect((await adjust(patient, orderId)).status).toBe(409);

    // Run again (a crash re-run, a redelivery, the same job enqueued again): nothing changes.
    const handler = acceptUnansweredPrescriptionJob(h.service.runtime);
    await handler.handle(job!.payload, { jobId: job!.id, attempt: 2 });
    await handler.handle(job!.payload, { jobId: job!.id, attempt: 3 });
    const handle = h.service.runtime.queue.job(handler);
    await handle.enqueue(job!.payload, { jobId: job!.id });
    const again = await handle.enqueue(job!.payload, { jobId: `${job!.id}.again` });
    await eventually(async () =>
      expect(await h.service.runtime.queue.state(again)).toBe('completed'),
    );
    h.clock.advance(13 * HOUR);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
    expect(await acceptedEvents(h, orderId)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('prescription_accepted');
  });

  it('sends nothing at 12 hours when the patient approved it at 6', async () => {
    const { patient, orderId, prescriptionId } = await approved();
    h.clock.advance(6 * HOUR);
    expect((await answer(patient, orderId, true)).status).toBe(200);
    const acceptedAt = h.clock.now().toISOString();

    h.clock.advance(6 * HOUR);
    await jobsRan(h, orderId, 1);
    expect(await acceptedEvents(h, orderId)).toEqual([
      { orderId, userId: patient.id, prescriptionId, acceptedBy: 'patient', acceptedAt },
    ]);
    expect(await statusOf(orderId)).toBe('prescription_accepted');
  });

  it("lets exactly one of the patient's answer and the timeout win when they meet", async () => {
    for (const accept of [true, false]) {
      const { patient, orderId } = await approved();
      const [job] = await jobsOf(h, orderId);
      const handler = acceptUnansweredPrescriptionJob(h.service.runtime);
      const [patientAnswer] = await Promise.all([
        answer(patient, orderId, accept),
        handler.handle(job!.payload, { jobId: job!.id, attempt: 1 }),
      ]);
      const events = await acceptedEvents(h, orderId);
      if (patientAnswer.status === 200) {
        // The patient came first: the timeout found the prescription answered.
        expect(events.map((e) => e.acceptedBy)).toEqual(accept ? ['patient'] : []);
        expect(await statusOf(orderId)).toBe(
          accept ? 'prescription_accepted' : 'awaiting_dose_adjustment',
        );
      } else {
        expect(patientAnswer.status).toBe(409);
        expect(events.map((e) => e.acceptedBy)).toEqual(['timeout']);
        expect(await statusOf(orderId)).toBe('prescription_accepted');
      }
    }
  });

  it('sends nothing when the patient declined, and the adjustment still goes to the doctor', async () => {
    const { patient, orderId } = await approved();
    h.clock.advance(HOUR);
    expect((await answer(patient, orderId, false)).status).toBe(200);

    h.clock.advance(11 * HOUR);
    await jobsRan(h, orderId, 1);
    expect(await acceptedEvents(h, orderId)).toEqual([]);
    expect(await statusOf(orderId)).toBe('awaiting_dose_adjustment');

    expect((await adjust(patient, orderId)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('dose_adjustment_submitted');
    h.clock.advance(12 * HOUR);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
    expect(await acceptedEvents(h, orderId)).toEqual([]);
  });

  it('sends nothing when the patient asked for other doses straight away', async () => {
    const { patient, orderId } = await approved();
    h.clock.advance(2 * HOUR);
    expect((await adjust(patient, orderId)).status).toBe(200);
    h.clock.advance(10 * HOUR);
    await jobsRan(h, orderId, 1);
    expect(await acceptedEvents(h, orderId)).toEqual([]);
    expect(await statusOf(orderId)).toBe('dose_adjustment_submitted');
  });

  it('gives a newer prescription after an adjustment its own 12 hours; the old one does nothing', async () => {
    const { patient, orderId, prescriptionId: first } = await approved();
    h.clock.advance(HOUR);
    expect((await answer(patient, orderId, false)).status).toBe(200);
    expect((await adjust(patient, orderId)).status).toBe(200);
    h.clock.advance(HOUR);
    const second = await h.approve(patient, orderId, { doseSchedule: [2.5, 5, 5] });
    expect(second).not.toBe(first);
    const jobs = await jobsOf(h, orderId);
    expect(jobs.map((j) => j.payload.prescriptionId)).toEqual([first, second]);

    // The first prescription's 12 hours: its job runs and leaves the new one waiting.
    h.clock.advance(10 * HOUR);
    await jobsRan(h, orderId, 1);
    expect(await acceptedEvents(h, orderId)).toEqual([]);
    expect(await statusOf(orderId)).toBe('prescription_received');
    expect((await h.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(200);

    h.clock.advance(2 * HOUR - MINUTE);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
    expect(await acceptedEvents(h, orderId)).toEqual([]);

    h.clock.advance(MINUTE);
    await jobsRan(h, orderId, 2);
    expect(await acceptedEvents(h, orderId)).toEqual([
      {
        orderId,
        userId: patient.id,
        prescriptionId: second,
        acceptedBy: 'timeout',
        acceptedAt: h.clock.now().toISOString(),
      },
    ]);
  });
});

describe('accept-unanswered-prescription across a restart', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(async () => {
    await h.identity.close();
    await h.engines.close();
  });

  it('still accepts the prescription once when forms restarted in the 12 hours', async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    const prescriptionId = await h.approve(patient, orderId);
    h.clock.advance(HOUR);
    // Forms stops (its queue worker with it); another forms process starts on the same database.
    await h.service.close();
    const restarted = await startServiceForTest(
      formsService,
      { identity: h.directory, storage: h.storage, publicUrl: 'https://clinic.test' },
      { engines: h.engines, start: false },
    );
    try {
      // The bus already has forms' consumer (the first process): only the rest starts.
      await restarted.runtime.run();
      h.clock.advance(11 * HOUR - MINUTE);
      await sleep(QUEUE_WOULD_HAVE_RUN_MS);
      expect(await acceptedEvents(h, orderId)).toEqual([]);

      h.clock.advance(MINUTE);
      await jobsRan(h, orderId, 1);
      expect(await acceptedEvents(h, orderId)).toEqual([
        {
          orderId,
          userId: patient.id,
          prescriptionId,
          acceptedBy: 'timeout',
          acceptedAt: h.clock.now().toISOString(),
        },
      ]);
      const pending = await request(restarted.app)
        .get(`/api/prescription-pending/${orderId}`)
        .set(patient.headers);
      expect(pending.status).toBe(404);
    } finally {
      await restarted.close();
    }
  });
});
