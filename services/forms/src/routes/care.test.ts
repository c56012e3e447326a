import { assessmentDenied, subscriptionCancelled } from '@clinic/contracts';
import { eq } from 'drizzle-orm';
import { eventually } from '@clinic/kit/testing';
import { orders } from '../db/schema';
import { startForms, type FormsHarness, type FormsPatient } from '../testing';

const sundayNine = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };

describe('care between shipments: injection day, This week and the dose log', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  /** A patient whose tirzepatide order is prescribed and, unless told, delivered now. */
  async function treated(opts: { deliver?: boolean } = {}) {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await h.approve(patient, orderId);
    if (opts.deliver !== false) await h.deliver(patient, orderId);
    return { patient, orderId };
  }
  const thisWeek = async (p: FormsPatient) => {
    const res = await h.get('/api/care/this-week', p);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('opens the injection day only after the first delivery', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const nobody = await h.patient();
    expect((await thisWeek(nobody)).status).toBe('none');
    const { patient, orderId } = await treated({ deliver: false });
    expect(await thisWeek(patient)).toMatchObject({
      status: 'awaiting-delivery',
      order_id: orderId,
    });
    const early = await h.put('/api/care/injection-day', sundayNine, patient);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'You can pick your injection day once your first shipment has arrived.',
    );
    await h.deliver(patient, orderId);
    expect((await thisWeek(patient)).status).toBe('pick-day');
    expect((await h.get('/api/care/this-week')).status).toBe(401);
  });

  it('refuses an unknown zone, a bad day or time and a time skipped by daylight saving', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient } = await treated();
    const cases = [
      [{ ...sundayNine, time_zone: 'Mars/Olympus' }, 'Choose a time zone from the list'],
      [{ ...sundayNine, weekday: 'someday' }, 'Choose a day of the week'],
      [{ ...sundayNine, time: '25:00' }, 'Give a time as HH:MM'],
    ] as const;
    for (const [body, message] of cases) {
      const res = await h.put('/api/care/injection-day', body, patient);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // 2:30 AM does not exist in New York on Sunday, Mar 14, 2027: at odds with that night.
    const skipped = await h.put(
      '/api/care/injection-day',
      { ...sundayNine, time: '02:30' },
      patient,
    );
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe(
      '02:30 does not exist on Mar 14, 2027 where you live: the clocks jump forward an hour that night. Pick another time.',
    );
    expect((await thisWeek(patient)).status).toBe('pick-day');
    // 2:30 AM on Saturdays, or in Phoenix (no daylight saving), is fine.
    const phoenix = { ...sundayNine, time: '02:30', time_zone: 'America/Phoenix' };
    expect((await h.put('/api/care/injection-day', phoenix, patient)).status).toBe(200);
  });

  it('answers the next dose in the patient’s zone, across the daylight-saving change', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient } = await treated();
    const saved = await h.put('/api/care/injection-day', { ...sundayNine, time: '9:00' }, patient);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'scheduled',
      injection_day: { weekday: 'sunday', time: '9:00', time_zone: 'America/New_York' },
      current: null,
      next: { day: '2026-11-29', at: '2026-11-29T14:00:00.000Z', strength: 2.5 },
      suggested_site: 'abdomen',
      missed_dose: null,
    });
    // Months 2 and 3 of the schedule, then daylight time (UTC-4) from Mar 14, 2027.
    h.clock.set('2026-12-26T15:00:00Z');
    expect((await thisWeek(patient)).next).toMatchObject({ day: '2026-12-27', strength: 5 });
    h.clock.set('2027-03-10T15:00:00Z');
    expect((await thisWeek(patient)).next).toEqual({
      day: '2027-03-14',
      at: '2027-03-14T13:00:00.000Z',
      strength: 10,
    });
  });

  it('counts a refill prescription’s months from its approval, not the first delivery', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    await h.put('/api/care/injection-day', sundayNine, patient);
    h.clock.set('2027-01-20T15:00:00Z');
    await h.approve(patient, orderId, { doseSchedule: [5, 7.5, 10] });
    // The order was waiting for the patient's answer already: wait for the new schedule itself.
    await eventually(async () =>
      expect((await thisWeek(patient)).next).toMatchObject({ day: '2027-01-24', strength: 5 }),
    );
  });

  it('logs a dose of the caller’s own order, once a week, never in the future', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    const other = await treated();
    await h.put('/api/care/injection-day', sundayNine, patient);
    await h.put('/api/care/injection-day', sundayNine, other.patient);
    h.clock.set('2026-11-29T16:00:00Z');
    const dose = { order_id: orderId, taken_on: '2026-11-29', strength: '2.5', site: 'abdomen' };

    const refused = [
      [{ ...dose, taken_on: '2026-11-30' }, 400, 'cannot be in the future'],
      [{ ...dose, taken_on: '2026-11-20' }, 400, 'before your first shipment arrived'],
      [{ ...dose, site: 'ear' }, 400, 'Choose abdomen, thigh or upper arm'],
      [{ ...dose, strength: '-1' }, 400, 'Give the strength in mg'],
      [{ ...dose, order_id: other.orderId }, 404, 'Order not found.'],
    ] as const;
    for (const [body, status, message] of refused) {
      const res = await h.post('/api/care/doses', body, patient);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await h.get('/api/care/doses', patient)).body).toEqual({ doses: [] });

    const logged = await h.post('/api/care/doses', { ...dose, weight_lbs: '201.5' }, patient);
    expect(logged.status).toBe(200);
    expect(logged.body.dose).toMatchObject({
      order_id: orderId,
      taken_on: '2026-11-29',
      strength: 2.5,
      site: 'abdomen',
      weight_lbs: 201.5,
    });
    const again = await h.post('/api/care/doses', { ...dose, taken_on: '2026-11-28' }, patient);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'A dose is already logged for your injection day of Nov 29, 2026.',
    );

    const week = await thisWeek(patient);
    expect(week.current).toMatchObject({ day: '2026-11-29', logged: { site: 'abdomen' } });
    expect(week.suggested_site).toBe('thigh');
    expect((await h.get('/api/care/doses', patient)).body.doses).toHaveLength(1);
    expect((await h.get('/api/care/doses', other.patient)).body.doses).toEqual([]);
    const weights = (await h.get('/api/weight-history', patient)).body.weights;
    expect(weights).toContainEqual({
      at: '2026-11-29T16:00:00.000Z',
      pounds: 201.5,
      source: 'dose-log',
    });
  });

  it('ticks a dose logged early for the coming injection day', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    await h.put('/api/care/injection-day', sundayNine, patient);
    // Friday before Sunday's 9 AM dose.
    h.clock.set('2026-11-27T16:00:00Z');
    const early = { order_id: orderId, taken_on: '2026-11-27', strength: '0.25', site: 'thigh' };
    const logged = await h.post('/api/care/doses', early, patient);
    expect(logged.status).toBe(200);
    const week = await thisWeek(patient);
    expect(week.current).toMatchObject({ day: '2026-11-29', logged: { taken_on: '2026-11-27' } });
    expect(week.next).toMatchObject({ day: '2026-12-06' });
    expect(week.suggested_site).toBe('upper_arm');
  });

  it('says what to do about a missed dose by the label, and asks the clinician after two', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    await h.put('/api/care/injection-day', sundayNine, patient);
    h.clock.set('2026-11-29T20:00:00Z');
    await h.post(
      '/api/care/doses',
      { order_id: orderId, taken_on: '2026-11-29', strength: 2.5, site: 'abdomen' },
      patient,
    );
    // Dec 6 at 9 AM New York (14:00 UTC) is not logged. On the day itself nothing is missed yet.
    h.clock.set('2026-12-06T20:00:00Z');
    expect((await thisWeek(patient)).missed_dose).toBeNull();
    // Tirzepatide: within 96 hours it is still taken...
    h.clock.set('2026-12-10T14:00:00Z');
    expect(await thisWeek(patient)).toMatchObject({
      missed_in_a_row: 1,
      missed_dose: { action: 'take-now', take_by: '2026-12-10T14:00:00.000Z' },
    });
    // ...an hour later it is skipped.
    h.clock.set('2026-12-10T15:00:00Z');
    expect((await thisWeek(patient)).missed_dose).toMatchObject({ action: 'skip' });
    // Dec 13 missed too: two in a row, the patient waits for the clinician.
    h.clock.set('2026-12-14T15:00:00Z');
    const two = await thisWeek(patient);
    expect(two).toMatchObject({ missed_in_a_row: 2, missed_dose: { action: 'ask-clinician' } });
    expect(two.missed_dose.text).toContain('Do not restart tirzepatide on your own');
    // On the next injection day itself the advice stands: not "take your dose".
    h.clock.set('2026-12-20T15:00:00Z');
    expect(await thisWeek(patient)).toMatchObject({
      missed_in_a_row: 2,
      missed_dose: { action: 'ask-clinician' },
    });
  });

  it('does not count a dose due before the day was changed as missed', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    const mondays = { ...sundayNine, weekday: 'monday' };
    await h.put('/api/care/injection-day', mondays, patient);
    h.clock.set('2026-11-30T15:00:00Z');
    const dose = { order_id: orderId, taken_on: '2026-11-30', strength: 2.5, site: 'abdomen' };
    expect((await h.post('/api/care/doses', dose, patient)).status).toBe(200);
    // Wednesday 10 AM: moved to Wednesdays at 9 AM, an hour after this week's new moment.
    h.clock.set('2026-12-02T15:00:00Z');
    await h.put('/api/care/injection-day', { ...sundayNine, weekday: 'wednesday' }, patient);
    h.clock.set('2026-12-03T16:00:00Z');
    expect(await thisWeek(patient)).toMatchObject({
      current: null,
      missed_dose: null,
      missed_in_a_row: 0,
      next: { day: '2026-12-09' },
    });
  });

  it("keeps the labels' gap after the last dose when the injection day moves", async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const { patient, orderId } = await treated();
    const mondays = { ...sundayNine, weekday: 'monday' };
    await h.put('/api/care/injection-day', mondays, patient);
    // Monday Nov 30, 9 AM New York: the dose is taken and logged.
    h.clock.set('2026-11-30T15:00:00Z');
    const dose = { order_id: orderId, taken_on: '2026-11-30', strength: 2.5, site: 'abdomen' };
    expect((await h.post('/api/care/doses', dose, patient)).status).toBe(200);
    // Tirzepatide needs 72 hours: Tuesday tomorrow is too soon, the first is a week later.
    const tuesday = await h.put(
      '/api/care/injection-day',
      { ...sundayNine, weekday: 'tuesday' },
      patient,
    );
    expect(tuesday.status).toBe(200);
    expect(tuesday.body).toMatchObject({ current: null, next: { day: '2026-12-08' } });
    // Nothing is missed on the Tuesday skipped.
    h.clock.set('2026-12-02T16:00:00Z');
    expect(await thisWeek(patient)).toMatchObject({
      missed_dose: null,
      missed_in_a_row: 0,
      next: { day: '2026-12-08' },
    });
    // Thursday 9 AM is exactly 72 hours after Monday's: it may be the first.
    h.clock.set('2026-11-30T16:00:00Z');
    const thursday = await h.put(
      '/api/care/injection-day',
      { ...sundayNine, weekday: 'thursday' },
      patient,
    );
    expect(thursday.body.next).toMatchObject({ day: '2026-12-03', at: '2026-12-03T14:00:00.000Z' });
    // At 8 AM it would be 71 hours: the week after.
    const earlier = await h.put(
      '/api/care/injection-day',
      { ...sundayNine, weekday: 'thursday', time: '08:00' },
      patient,
    );
    expect(earlier.body.next).toMatchObject({ day: '2026-12-10' });
  });

  it('stops when the subscription ends or the order is denied', async () => {
    h.clock.set('2026-11-24T15:00:00Z');
    const cancelled = await treated();
    await h.put('/api/care/injection-day', sundayNine, cancelled.patient);
    // Another order of the same patient, whose subscription is the one that ends.
    const old = await h.paidOrder(cancelled.patient);
    h.clock.advance(60_000);
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(subscriptionCancelled, {
        subscriptionId: old,
        userId: cancelled.patient.id,
        by: 'patient',
        paymentTerms: 1,
        orderId: old,
      }),
    );
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, old));
      expect(row?.careStoppedAt).not.toBeNull();
    });
    // The patient's other order keeps its care.
    expect((await thisWeek(cancelled.patient)).status).not.toBe('stopped');
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(subscriptionCancelled, {
        subscriptionId: cancelled.orderId,
        userId: cancelled.patient.id,
        by: 'patient',
        paymentTerms: 1,
        orderId: cancelled.orderId,
      }),
    );
    const denied = await treated();
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(assessmentDenied, {
        orderId: denied.orderId,
        userId: denied.patient.id,
        reason: null,
        deniedAt: h.clock.now().toISOString(),
      }),
    );
    for (const { patient, orderId } of [cancelled, denied]) {
      await eventually(async () => expect((await thisWeek(patient)).status).toBe('stopped'));
      const res = await h.post(
        '/api/care/doses',
        { order_id: orderId, taken_on: '2026-11-24', strength: 2.5, site: 'thigh' },
        patient,
      );
      expect(res.status).toBe(409);
    }
  });
});
