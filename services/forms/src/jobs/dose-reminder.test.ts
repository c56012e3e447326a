/**
 * The weekly injection reminder and its missed-dose follow-up (issue 31): at the dose's moment in
 * the patient's zone, daylight saving included; a text to a patient who agreed to texts, else an
 * email; the follow-up only while the dose is not logged; nothing after the subscription ended;
 * the second week missed in a row flags the case for the clinician, once.
 * Forms runs on the embedded engines with a manual clock: the local queue schedules by it.
 */
import { subscriptionCancelled } from '@clinic/contracts';
import { sleep } from '@clinic/kit/testing';
import { startForms, type FormsHarness, type FormsPatient } from '../testing';

/** Longer than the local queue's 250 ms poll: a due job would have run by then. */
const QUEUE_WOULD_HAVE_RUN_MS = 700;
const DUE = 'Today is your injection day';
const MISSED = 'We have not seen this week’s dose';

describe('dose reminders', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());
  afterEach(() => jest.restoreAllMocks());

  async function at(iso: string) {
    h.clock.set(iso);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
  }
  const subjectsOf = async (p: FormsPatient) =>
    // The mailbox lists newest first.
    (await h.engines.mailbox.list({ to: p.email }))
      .reverse()
      .map((m) => m.subject)
      .filter((s) => s === DUE || s === MISSED);

  async function scheduled(day: { weekday: string; time: string; time_zone: string }) {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await h.approve(patient, orderId);
    await h.deliver(patient, orderId);
    const res = await h.put('/api/care/injection-day', day, patient);
    expect(res.status).toBe(200);
    return { patient, orderId };
  }

  it('reminds at the moment, follows up a missed dose the next day, and stops after a cancellation', async () => {
    await at('2026-11-24T15:00:00Z');
    const ny = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };
    const { patient, orderId } = await scheduled(ny);

    await at('2026-11-29T13:59:00Z');
    expect(await subjectsOf(patient)).toEqual([]);
    await at('2026-11-29T14:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE]);
    // Not logged: the next day says what to do (tirzepatide, within 4 days: take it).
    await at('2026-11-30T14:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE, MISSED]);
    const mail = await h.engines.mailbox.list({ to: patient.email });
    expect(mail.find((m) => m.subject === MISSED)?.body).toContain('Take it as soon as you can');

    // The next week's reminder came from the first; a logged dose gets no follow-up.
    await at('2026-12-06T14:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE, MISSED, DUE]);
    const logged = await h.post(
      '/api/care/doses',
      { order_id: orderId, taken_on: '2026-12-06', strength: 2.5, site: 'thigh' },
      patient,
    );
    expect(logged.status).toBe(200);
    await at('2026-12-07T14:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE, MISSED, DUE]);

    await h.service.runtime.transaction((_tx, events) =>
      events.publish(subscriptionCancelled, {
        subscriptionId: orderId,
        userId: patient.id,
        by: 'patient',
        paymentTerms: 1,
        orderId,
      }),
    );
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
    await at('2026-12-13T14:00:00Z');
    await at('2026-12-14T14:00:00Z');
    await at('2026-12-20T14:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE, MISSED, DUE]);
  });

  it('keeps the wall time across the spring-forward night, and texts a patient who agreed', async () => {
    await at('2027-03-02T15:00:00Z');
    const { patient } = await scheduled({
      weekday: 'sunday',
      time: '09:00',
      time_zone: 'America/New_York',
    });
    await h.identity.agreeToTexts(patient.id, '4155550142');
    // Sunday Mar 7 is standard time (9 AM = 14:00 UTC); Mar 14 daylight time (9 AM = 13:00 UTC).
    await at('2027-03-07T14:00:00Z');
    const texts = () => h.engines.mailbox.list({ to: '4155550142', channel: 'sms' });
    expect(await texts()).toHaveLength(1);
    await at('2027-03-08T14:00:00Z');
    await at('2027-03-14T12:59:00Z');
    expect(await texts()).toHaveLength(2);
    await at('2027-03-14T13:00:00Z');
    const sent = await texts();
    expect(sent).toHaveLength(3);
    for (const text of sent) expect(text.body).not.toMatch(/tirzepatide|mg/i);
    expect(await subjectsOf(patient)).toEqual([]);
  });

  it('pauses for a new order on its way and starts again at its delivery', async () => {
    await at('2027-05-01T15:00:00Z');
    const ny = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };
    const { patient } = await scheduled(ny);
    // A new prescribed order not delivered yet: the card waits for it.
    await at('2027-05-02T12:00:00Z');
    const second = await h.paidOrder(patient);
    await h.approve(patient, second);
    await at('2027-05-02T13:00:00Z');
    await at('2027-05-09T13:00:00Z');
    expect(await subjectsOf(patient)).toEqual([]);
    await at('2027-05-10T12:00:00Z');
    await h.deliver(patient, second);
    await at('2027-05-16T13:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE]);
  });

  it('flags the case for the clinician at the follow-up of the second missed week, once, even with no contact', async () => {
    await at('2027-06-01T15:00:00Z');
    const ny = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };
    const missing = await scheduled(ny);
    const logging = await scheduled(ny);
    const told = await scheduled(ny);
    // The patient who missed has no contact on file: the clinician must hear of it all the same.
    const contactOf = h.directory.patientContact.bind(h.directory);
    jest
      .spyOn(h.directory, 'patientContact')
      .mockImplementation(async (id) => (id === missing.patient.id ? null : contactOf(id)));
    const flagsOf = async (orderId: number) =>
      (await h.outboxEvents('missed-doses-flagged'))
        .map((e) => e.data as { orderId: number })
        .filter((d) => d.orderId === orderId);

    // Sunday Jun 6, 9 AM EDT: neither logs it; the first missed week is the label's advice only.
    await at('2027-06-06T13:00:00Z');
    await at('2027-06-07T13:00:00Z');
    expect(await flagsOf(missing.orderId)).toEqual([]);
    expect(await flagsOf(logging.orderId)).toEqual([]);
    // Jun 13: the second patient takes this week's dose, which ends their streak.
    await at('2027-06-13T13:00:00Z');
    const logged = await h.post(
      '/api/care/doses',
      { order_id: logging.orderId, taken_on: '2027-06-13', strength: 2.5, site: 'thigh' },
      logging.patient,
    );
    expect(logged.status).toBe(200);

    // The follow-up of Jun 13, the first's second week in a row: one flag, due in 24 hours.
    await at('2027-06-14T13:00:00Z');
    const flagged = {
      orderId: missing.orderId,
      userId: missing.patient.id,
      missedInARow: 2,
      dueDay: '2027-06-13',
      flaggedAt: '2027-06-14T13:00:00.000Z',
      dueAt: '2027-06-15T13:00:00.000Z',
    };
    expect(await flagsOf(missing.orderId)).toEqual([flagged]);
    expect(await subjectsOf(missing.patient)).toEqual([]);
    // A patient we can reach is told at once to wait for their clinician, not to take it.
    const ASK = 'Please talk to your clinician before your next dose';
    const toldSubjects = async () =>
      (await h.engines.mailbox.list({ to: told.patient.email })).map((m) => m.subject);
    expect(await flagsOf(told.orderId)).toHaveLength(1);
    expect((await toldSubjects()).filter((s) => s === ASK)).toHaveLength(1);

    // A third week in a row is the same streak: no second flag. The other patient's first missed
    // week after a logged dose flags nothing.
    await at('2027-06-20T13:00:00Z');
    await at('2027-06-21T13:00:00Z');
    expect(await flagsOf(missing.orderId)).toEqual([flagged]);
    expect(await flagsOf(logging.orderId)).toEqual([]);
    // Told again on the next injection day, not at its follow-up.
    expect((await toldSubjects()).filter((s) => s === ASK)).toHaveLength(2);
  });

  it('a changed day stops the old day’s reminders', async () => {
    await at('2027-04-01T15:00:00Z');
    const ny = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };
    const { patient } = await scheduled(ny);
    expect(
      (await h.put('/api/care/injection-day', { ...ny, weekday: 'monday' }, patient)).status,
    ).toBe(200);
    await at('2027-04-04T13:00:00Z');
    await at('2027-04-04T13:00:00Z');
    expect(await subjectsOf(patient)).toEqual([]);
    await at('2027-04-05T13:00:00Z');
    expect(await subjectsOf(patient)).toEqual([DUE]);
  });
});
