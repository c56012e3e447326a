/**
 * The weekly injection reminder and its missed-dose follow-up (issue 31): at the dose's moment in
 * the patient's zone, daylight saving included; a text to a patient who agreed to texts, else an
 * email; the follow-up only while the dose is not logged; nothing after the subscription ended.
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
