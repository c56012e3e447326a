/**
 * The identity video's emails (issue 26): asked once when a Texas bare-medication assessment is
 * sent, reminded once 24 hours later only while the video is missing, nothing once it is in or
 * the order ended; and a clinician's ask (appointment-required, kind video) lets the patient
 * upload it where the state did not ask, with one reminder a day later. Forms runs on the
 * embedded engines with a manual clock: the local queue schedules by it.
 */
import { eq, sql } from 'drizzle-orm';
import { assessmentDenied } from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { eventually, sleep } from '@clinic/kit/testing';
import { assessments, orders } from '../db/schema';
import {
  clinicianAsks,
  startForms,
  submittedAssessment,
  type FormsHarness,
  type FormsPatient,
} from '../testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longer than the local queue's 250 ms poll: a due job would have run by then. */
const QUEUE_WOULD_HAVE_RUN_MS = 600;

/** An MP4 by its first bytes: what the server checks. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(0x20 - 12),
  Buffer.alloc(2048, 1),
]);

const ASK = 'Please record your identity video';
const REMINDER = 'Reminder: your identity video';

describe('the identity video’s ask and its one reminder', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  const mailOf = async (patient: FormsPatient) =>
    (await h.engines.mailbox.list({ to: patient.email })).filter(
      (m) => m.subject === ASK || m.subject === REMINDER,
    );

  async function uploadVideo(patient: FormsPatient, orderId: number) {
    const video = await h.upload(
      patient,
      { name: 'me.mp4', contentType: 'video/mp4', bytes: mp4 },
      orderId,
    );
    return h.post(
      '/api/upload-av-video',
      { s3FileName: video.fileName, uniqueId: String(orderId) },
      patient,
    );
  }

  /** How many appointment-required events forms handled (raw: the inbox is the kit's table). */
  const asksHandled = async () =>
    (
      await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from forms.inbox where subscriber = 'require-identity-video'`,
      )
    )[0]?.n ?? 0;

  /** Moves the clock and lets the queue run whatever came due. */
  async function advance(ms: number) {
    h.clock.advance(ms);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
  }

  it('asks at once with the video page’s link, then reminds once after 24 hours while it is missing', async () => {
    const { patient, orderId } = await submittedAssessment(h, 'TX');
    await eventually(async () =>
      expect((await mailOf(patient)).map((m) => m.subject)).toEqual([ASK]),
    );
    const [ask] = await mailOf(patient);
    expect(ask!.body).toContain('Texas regulations ask us to see and hear you');
    expect(ask!.body).toContain(`https://clinic.test/upload-video/${orderId}?state=TX`);
    expect(ask!.body).toContain('Orders tab of your patient portal: https://clinic.test/home');

    await advance(24 * HOUR - MINUTE);
    expect(await mailOf(patient)).toHaveLength(1);
    h.clock.advance(MINUTE);
    await eventually(async () =>
      expect((await mailOf(patient)).map((m) => m.subject).sort()).toEqual([ASK, REMINDER]),
    );
    const reminder = (await mailOf(patient)).find((m) => m.subject === REMINDER)!;
    expect(reminder.body).toContain('We have not received your identity video yet.');
    expect(reminder.body).toContain(`/upload-video/${orderId}?state=TX`);

    // Once: no second reminder, however long it stays missing.
    await advance(72 * HOUR);
    expect(await mailOf(patient)).toHaveLength(2);
  });

  it('sends no reminder once the video is in, nor for an order that ended', async () => {
    const uploaded = await submittedAssessment(h, 'TX');
    const denied = await submittedAssessment(h, 'TX');
    await eventually(async () => {
      expect(await mailOf(uploaded.patient)).toHaveLength(1);
      expect(await mailOf(denied.patient)).toHaveLength(1);
    });
    expect((await uploadVideo(uploaded.patient, uploaded.orderId)).status).toBe(200);
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(assessmentDenied, {
        orderId: denied.orderId,
        userId: denied.patient.id,
        reason: null,
        deniedAt: h.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, denied.orderId));
      expect(row?.status).toBe('denied');
    });
    await advance(25 * HOUR);
    expect((await mailOf(uploaded.patient)).map((m) => m.subject)).toEqual([ASK]);
    expect((await mailOf(denied.patient)).map((m) => m.subject)).toEqual([ASK]);
  });

  it('takes the video the clinician asks for where the state did not, and reminds once a day later', async () => {
    const { patient, orderId } = await submittedAssessment(h, 'CA');
    // California asks for no video: none is taken, no email goes.
    expect((await uploadVideo(patient, orderId)).status).toBe(409);
    const requiredAt = h.clock.now().toISOString();
    const before = await asksHandled();
    // Published twice (a clinician's double click reaching the bus twice): one reminder.
    for (let i = 0; i < 2; i += 1) await clinicianAsks(h, patient, orderId, 'video', requiredAt);
    await eventually(async () => expect(await asksHandled()).toBe(before + 2));
    const [row] = await h.db.select().from(assessments).where(eq(assessments.orderId, orderId));
    expect(row?.videoRequired).toBe(true);
    // The clinic's own email is the ask.
    await advance(24 * HOUR - MINUTE);
    expect(await mailOf(patient)).toEqual([]);
    h.clock.advance(MINUTE);
    await eventually(async () =>
      expect((await mailOf(patient)).map((m) => m.subject)).toEqual([REMINDER]),
    );
    const [reminder] = await mailOf(patient);
    expect(reminder!.body).toContain('Your doctor asked for a short identity video');
    expect(reminder!.body).toContain(`/upload-video/${orderId}?state=CA`);
    await advance(48 * HOUR);
    expect(await mailOf(patient)).toHaveLength(1);

    expect((await uploadVideo(patient, orderId)).status).toBe(200);
  });

  it('changes nothing for a visit', async () => {
    const { patient, orderId } = await submittedAssessment(h, 'CA');
    const before = await asksHandled();
    await clinicianAsks(h, patient, orderId, 'visit');
    await eventually(async () => expect(await asksHandled()).toBe(before + 1));
    await advance(25 * HOUR);
    expect(await mailOf(patient)).toEqual([]);
    expect((await uploadVideo(patient, orderId)).status).toBe(409);
  });
});
