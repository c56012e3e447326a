/**
 * A refill check-in not done 3 days and 1 day before its shipment's date gets a reminder (issue
 * 31, item 5), and one still open on the day goes to support; a check-in sent gets none; the
 * portal's week answer lists the open check-in.
 * Forms runs on the embedded engines with a manual clock: the local queue schedules by it.
 */
import { eq } from 'drizzle-orm';
import { refillCancelled, refillCheckInDue } from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import { orders } from '../db/schema';
import { startForms, type FormsHarness, type FormsPatient } from '../testing';

const DAY = 24 * 3_600_000;
/** Longer than the local queue's 250 ms poll: a due job would have run by then. */
const QUEUE_WOULD_HAVE_RUN_MS = 700;
const REMINDER = 'Reminder: your refill check-in';

describe('refill check-in reminders', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function at(iso: string | Date) {
    h.clock.set(iso);
    await sleep(QUEUE_WOULD_HAVE_RUN_MS);
  }
  const reminders = async (p: FormsPatient) =>
    (await h.engines.mailbox.list({ to: p.email })).filter((m) => m.subject === REMINDER);

  /** An accepted prescription whose refill check-in opens now, for a shipment in 7 days. */
  async function checkInOpen() {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await h.approve(patient, orderId);
    expect(
      (await h.post(`/api/prescription-update/${orderId}`, { accept: true }, patient)).status,
    ).toBe(200);
    const shipOn = new Date(h.clock.now().getTime() + 7 * DAY);
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(refillCheckInDue, {
        shipmentId: orderId,
        orderNumber: `#${orderId}`,
        orderId,
        userId: patient.id,
        shipOn: shipOn.toISOString(),
        dueAt: h.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, orderId));
      expect(row?.status).toBe('pending_approval');
    });
    return { patient, orderId, shipOn };
  }

  it('reminds 3 days and 1 day before the shipment while the check-in is open', async () => {
    await at('2026-12-01T15:00:00Z');
    const { patient, orderId, shipOn } = await checkInOpen();
    const week = await h.get('/api/care/this-week', patient);
    expect(week.body.refill_check_in).toEqual({ order_id: orderId, ship_on: shipOn.toISOString() });

    await at(new Date(shipOn.getTime() - 3 * DAY - 60_000));
    expect(await reminders(patient)).toEqual([]);
    await at(new Date(shipOn.getTime() - 3 * DAY));
    await eventually(async () => expect(await reminders(patient)).toHaveLength(1));
    const [first] = await reminders(patient);
    expect(first!.body).toContain('due to ship in 3 days');
    expect(first!.body).toContain(`/medical-form/${orderId}`);
    await at(new Date(shipOn.getTime() - DAY));
    await eventually(async () => expect(await reminders(patient)).toHaveLength(2));
    expect((await reminders(patient))[0]!.body).toContain('due to ship tomorrow');
    // Still not done on the day: support is told (the chat puts it in the inbox).
    const missed = async () =>
      (await h.outboxEvents('refill-check-in-missed')).filter(
        (e) => (e.data as { orderId: number }).orderId === orderId,
      );
    expect(await missed()).toEqual([]);
    await at(shipOn);
    await eventually(async () =>
      expect((await missed()).map((e) => e.data)).toEqual([
        {
          orderId,
          userId: patient.id,
          shipOn: shipOn.toISOString(),
          missedAt: shipOn.toISOString(),
        },
      ]),
    );
    expect(await reminders(patient)).toHaveLength(2);
  });

  it('sends nothing once the check-in is sent', async () => {
    await at('2026-12-10T15:00:00Z');
    const { patient, orderId, shipOn } = await checkInOpen();
    // The check-in was sent: the order waits for the clinician now.
    await h.db.update(orders).set({ status: 'submitted' }).where(eq(orders.orderId, orderId));
    await at(new Date(shipOn.getTime() - 3 * DAY));
    await at(new Date(shipOn.getTime() - DAY));
    await at(shipOn);
    expect(await reminders(patient)).toEqual([]);
    expect(
      (await h.outboxEvents('refill-check-in-missed')).filter(
        (e) => (e.data as { orderId: number }).orderId === orderId,
      ),
    ).toEqual([]);
    expect((await h.get('/api/care/this-week', patient)).body.refill_check_in).toBeNull();
  });
  it('closes the check-in, and its reminders, when its refill is cancelled before the renewal is charged', async () => {
    await at('2026-12-01T15:00:00Z');
    const { patient, orderId, shipOn } = await checkInOpen();
    const cancel = () =>
      h.service.runtime.transaction((_tx, events) =>
        events.publish(refillCancelled, {
          shipmentId: orderId,
          orderNumber: `#${orderId}`,
          orderId,
          userId: patient.id,
          cancelledAt: h.clock.now().toISOString(),
        }),
      );
    await cancel();
    await cancel();
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, orderId));
      expect([row?.status, row?.refillShipOn]).toEqual(['prescription_accepted', null]);
    });
    // A check-in already sent (the clinic takes it out of its queue) closes the same way.
    const sent = await checkInOpen();
    await h.db.update(orders).set({ status: 'submitted' }).where(eq(orders.orderId, sent.orderId));
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(refillCancelled, {
        shipmentId: sent.orderId,
        orderNumber: `#${sent.orderId}`,
        orderId: sent.orderId,
        userId: sent.patient.id,
        cancelledAt: h.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, sent.orderId));
      expect(row?.status).toBe('prescription_accepted');
    });
    expect((await h.get('/api/care/this-week', patient)).body.refill_check_in).toBeNull();
    expect((await h.get(`/forms/orders/${orderId}`, patient)).status).toBe(404);
    await at(new Date(shipOn.getTime() - 3 * DAY));
    await at(new Date(shipOn.getTime() - DAY));
    expect(await reminders(patient)).toEqual([]);
  });
});
