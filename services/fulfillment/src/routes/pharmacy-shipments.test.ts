/**
 * The pharmacy's work on real accounts and real events: an accepted prescription becomes a
 * shipment the pharmacist places, pauses, ships and delivers; each step an event and an email;
 * steps out of order, bad carriers and tracking numbers refused with nothing changed.
 */
import { eq, sql } from 'drizzle-orm';
import {
  assessmentDenied,
  orderNumber,
  orderNumberHint,
  paymentSucceeded,
  pharmacyMessages,
  renewalSupplyUpcoming,
  pharmacyProcessingDay,
  stateRulesChanged,
  stateRulesSeed,
  subscriptionCancelled,
  trackingUrl,
} from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { prescriptions, shipments, supplies } from '../db/schema';
import {
  startFulfillment,
  type AcceptedOrder,
  upsTrackingNumber,
  type FulfillmentHarness,
  type StaffUnderTest,
} from '../testing';

let h: FulfillmentHarness;
let pharmacist: StaffUnderTest;

beforeAll(async () => {
  h = await startFulfillment();
  pharmacist = await h.staff('pharmacy');
});
afterAll(async () => {
  await h.close();
});

const step = (id: number, name: string, body: unknown = {}, as = pharmacist) =>
  h.post(`/api/console/pharmacy/shipments/${id}/${name}`, body, as);

it('makes one shipment of an accepted prescription, even when the acceptance comes twice', async () => {
  const order = await h.acceptedOrder({ state: 'TX' });
  await h.accept(order);
  await h.accept(order);
  await eventually(async () => {
    const queue = await h.get('/api/console/pharmacy/shipments?filter=to-place', pharmacist);
    const listed = queue.body.shipments.find(
      (s: { shipmentId: number }) => s.shipmentId === order.shipmentId,
    );
    expect(listed).toMatchObject({
      orderId: order.orderId,
      orderNumber: orderNumber(order.orderId),
      patientName: 'Avery Stone',
      kind: 'first',
      status: 'prescription_received',
      coldChain: true,
      vials: 3,
    });
  });
  expect(await h.shipmentsOf(order.orderId)).toHaveLength(1);
  // The queue names the patient and the medication: the pharmacist's list read is on the trail,
  // once however often the queue refreshes within 15 minutes.
  await h.get('/api/console/pharmacy/shipments?filter=to-place', pharmacist);
  await h.get('/api/console/pharmacy/shipments?filter=to-place', pharmacist);
  const { entries: queueReads } = await h.service.runtime.audit.page(h.service.runtime.db, {
    action: 'shipment.list',
    refs: { shipment: order.shipmentId },
    limit: 10,
  });
  expect(queueReads).toMatchObject([
    { subject: 'queue: to-place', orderId: order.orderId, staff: { id: pharmacist.id } },
  ]);
  const created = await h.outboxEvents('shipment-created');
  expect(created.filter((e) => e.data.orderId === order.orderId)).toHaveLength(1);
});

it('places, pauses with a reason, resumes, ships with UPS and delivers, telling the patient each time', async () => {
  const { patient, shipmentId, orderId } = await h.acceptedOrder();
  const view = await h.get(`/api/console/pharmacy/shipments/${shipmentId}`, pharmacist);
  expect(view.status).toBe(200);
  expect(view.body.view.address).toMatchObject({ city: 'Springfield', state: 'CA' });
  expect(view.body.view.items.map((i: { name: string }) => i.name)).toEqual([
    'Tirzepatide T1 injection',
    'Ondansetron 4 mg tablets',
  ]);

  const placed = await step(shipmentId, 'place');
  expect(placed.status).toBe(200);
  const now = h.forms.clock.now();
  expect(placed.body.shipment).toMatchObject({
    status: 'order_placed',
    processingDay: pharmacyProcessingDay(now).date,
    sameDay: pharmacyProcessingDay(now).sameDay,
  });
  expect((await step(shipmentId, 'place')).status).toBe(409);

  const paused = await step(shipmentId, 'pause', {
    reason: 'We are waiting for a fresh lot of vials; your order will ship on Monday.',
  });
  expect(paused.body.shipment.status).toBe('shipping_paused');
  expect(
    (await step(shipmentId, 'ship', { carrier: 'UPS', tracking_number: upsTrackingNumber })).status,
  ).toBe(409);
  expect((await step(shipmentId, 'place')).body.shipment.status).toBe('order_placed');

  const shipped = await step(shipmentId, 'ship', {
    carrier: 'UPS',
    tracking_number: '1z 999 aa1 0123 4567 84',
  });
  expect(shipped.status).toBe(200);
  expect(shipped.body.shipment).toMatchObject({
    status: 'order_shipped',
    carrier: 'UPS',
    trackingNumber: upsTrackingNumber,
  });
  const delivered = await step(shipmentId, 'deliver');
  expect(delivered.body.shipment.status).toBe('order_delivered');

  const names = async (name: string) =>
    (await h.outboxEvents(name)).filter((e) => e.data.orderId === orderId).map((e) => e.data);
  expect(await names('order-placed')).toEqual([
    expect.objectContaining({ resumed: false }),
    expect.objectContaining({ resumed: true }),
  ]);
  const [pausedEvent] = await names('shipping-paused');
  expect(JSON.stringify(pausedEvent)).not.toMatch(/fresh lot/);
  expect(await names('order-shipped')).toEqual([
    expect.objectContaining({ carrier: 'UPS', trackingNumber: upsTrackingNumber, overnight: true }),
  ]);
  expect(await names('order-delivered')).toHaveLength(1);

  await eventually(async () => {
    const mail = await h.mail(patient);
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Your order is with our pharmacy',
        'Your shipment is on hold',
        'Your order is moving again',
        'Your order is on its way',
        'Your order was delivered',
      ]),
    );
    // Each names the order by the one number the portal and the console show.
    const number = orderNumber(orderId);
    const bodyOf = (subject: string) => mail.find((m) => m.subject === subject)?.body;
    expect(bodyOf('Your order is with our pharmacy')).toContain(`Your order ${number} is with`);
    expect(bodyOf('Your shipment is on hold')).toContain(`your order ${number} on hold`);
    expect(bodyOf('Your order is moving again')).toContain(`your order ${number} is no longer`);
    expect(bodyOf('Your order is on its way')).toContain(`Your order ${number} has shipped`);
    expect(bodyOf('Your order was delivered')).toContain(`Your order ${number} was delivered`);
    const hold = mail.find((m) => m.subject === 'Your shipment is on hold')!;
    expect(hold.body).toContain('fresh lot of vials');
    const onItsWay = mail.find((m) => m.subject === 'Your order is on its way')!;
    expect(onItsWay.body).toContain(trackingUrl('UPS', upsTrackingNumber));
    expect(onItsWay.body).toContain('overnight');
  });

  const history = await h.get(`/api/console/pharmacy/shipments/${shipmentId}`, pharmacist);
  expect(history.body.view.history.map((s: { step: string }) => s.step)).toEqual([
    'created (first)',
    'placed',
    'paused',
    'resumed',
    `shipped (UPS ${upsTrackingNumber})`,
    'delivered',
  ]);
  const { entries: audited } = await h.service.runtime.audit.page(h.service.runtime.db, {
    refs: { shipment: shipmentId },
    limit: 100,
  });
  expect(audited.map((a) => a.action)).toEqual(
    expect.arrayContaining([
      'shipment.read',
      'shipment.place',
      'shipment.ship',
      'shipment.deliver',
    ]),
  );
});

it("does not place a shipment to a state an admin's rules stopped, until the rules allow it", async () => {
  const { shipmentId, orderId } = await h.acceptedOrder({ state: 'NV' });
  const rulesChanged = (version: number, noShippingStates: string[]) =>
    h.service.runtime.transaction((_tx, events) =>
      events.publish(stateRulesChanged, {
        version,
        rules: { ...stateRulesSeed, noShippingStates },
        changedAt: new Date().toISOString(),
      }),
    );
  /** Fulfilment's copy of the rules is at `version`, and every process's cache has seen it. */
  const copied = async (version: number) => {
    await eventually(async () => {
      const [copy] = await rows<{ version: number }>(
        h.service.runtime.db,
        sql`select version from fulfillment.settings where key = 'state-rules'`,
      );
      expect(copy?.version).toBe(version);
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
  };
  await rulesChanged(1, ['NV']);
  await copied(1);
  const refused = await step(shipmentId, 'place');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(pharmacyMessages.cannotShipTo('Nevada'));
  expect((await h.shipmentsOf(orderId))[0]?.status).toBe('prescription_received');
  await rulesChanged(2, []);
  await copied(2);
  expect((await step(shipmentId, 'place')).status).toBe(200);
});

it('refuses an unknown carrier, a tracking number of the wrong shape and a bad check digit, changing nothing', async () => {
  const { shipmentId } = await h.acceptedOrder();
  expect((await step(shipmentId, 'place')).status).toBe(200);
  const before = await h.service.runtime.db
    .select()
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  const cases: [unknown, RegExp | string][] = [
    [{ carrier: 'DHL', tracking_number: upsTrackingNumber }, pharmacyMessages.unknownCarrier],
    [{ carrier: 'UPS', tracking_number: '123456789012' }, /1Z followed by 16/],
    [{ carrier: 'UPS', tracking_number: '1Z999AA10123456785' }, /does not check out/],
    [{ carrier: 'FedEx', tracking_number: upsTrackingNumber }, /12, 15, 20 or 22 digits/],
    [{ carrier: 'UPS' }, /tracking_number/],
  ];
  for (const [body, message] of cases) {
    const res = await step(shipmentId, 'ship', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  }
  const after = await h.service.runtime.db
    .select()
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  expect(after).toEqual(before);
  expect((await step(shipmentId, 'pause', { reason: '   ' })).status).toBe(400);
  expect((await step(987654, 'place')).status).toBe(404);
  expect((await step(0, 'place')).status).toBe(400);
});

it('is for the pharmacy: patients and other staff roles are refused', async () => {
  const { patient, shipmentId } = await h.acceptedOrder();
  const clinician = await h.staff('clinician');
  expect((await h.get('/api/console/pharmacy/shipments', patient)).status).toBe(403);
  expect((await h.get('/api/console/pharmacy/shipments', clinician)).status).toBe(403);
  expect((await step(shipmentId, 'place', {}, clinician)).status).toBe(403);
  const admin = await h.staff('admin');
  expect((await h.get(`/api/console/pharmacy/shipments/${shipmentId}`, admin)).status).toBe(200);
});

it('ships nothing of a denied order', async () => {
  const patient = await h.forms.patient();
  await h.forms.shipTo(patient, 'CA');
  const orderId = await h.forms.paidOrder(patient);
  const prescriptionId = await h.forms.approve(patient, orderId);
  await h.forms.service.runtime.transaction((_tx, events) =>
    events.publish(assessmentDenied, {
      orderId,
      userId: patient.id,
      reason: null,
      deniedAt: h.forms.clock.now().toISOString(),
    }),
  );
  await h.accept({ patient, orderId, prescriptionId });
  const later = await h.acceptedOrder();
  expect(later.shipmentId).toBeGreaterThan(0);
  expect(await h.shipmentsOf(orderId)).toEqual([]);
});

it("holds a renewal's refill for the check-in, releases it with the clinician's next prescription, and opens the next one 7 days before day 90", async () => {
  const { patient, orderId, shipmentId, prescriptionId } = await h.acceptedOrder();
  const publishRenewal = (transactionId: string, supply: { shipOn: string; vials: number }[]) =>
    h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(paymentSucceeded, {
        kind: 'renewal',
        orderId,
        userId: patient.id,
        cartId: null,
        transactionId,
        amountCents: 89900,
        currency: 'USD',
        paymentTerms: 6,
        productName: 'Tirzepatide 6 months',
        planId: 'plan',
        prescriptionPreauths: [],
        conversionId: null,
        userName: null,
        supply,
      }),
    );
  const dayMs = 24 * 3600 * 1000;
  const now = h.forms.clock.now();
  const in90Days = new Date(now.getTime() + 90 * dayMs);
  const supply = [
    { shipOn: now.toISOString(), vials: 3 },
    { shipOn: in90Days.toISOString(), vials: 3 },
  ];
  await publishRenewal('ch_renewal_1', supply);
  await publishRenewal('ch_renewal_1', supply);
  await eventually(async () => {
    const made = await h.shipmentsOf(orderId);
    expect(made.map((s) => [s.kind, s.status, s.orderNumber])).toEqual([
      ['first', 'prescription_received', orderNumber(orderId)],
      ['refill', 'awaiting_check_in', `${orderNumber(orderId)} (refill 1)`],
    ]);
  });
  expect(shipmentId).toBe((await h.shipmentsOf(orderId))[0]!.id);
  const refill = (await h.shipmentsOf(orderId))[1]!;
  const due = (await h.outboxEvents('refill-check-in-due')).filter(
    (e) => e.data.orderId === orderId,
  );
  expect(due.map((e) => e.data.shipmentId)).toEqual([refill.id]);
  // The pharmacist cannot place it before the check-in is approved.
  const early = await step(refill.id, 'place');
  expect(early.status).toBe(409);
  expect(early.body.message).toBe(pharmacyMessages.waitingForCheckIn);
  await eventually(async () => {
    const mail = await h.mail(patient);
    const checkIn = mail.find((m) => m.subject === 'Time for your refill check-in');
    expect(checkIn?.body).toContain(`https://clinic.test/medical-form/${orderId}`);
    expect(checkIn?.body).toContain(`supply, order ${orderNumber(orderId)} (refill 1), is due`);
  });
  // Forms opens the refill questionnaire for the order.
  await eventually(async () => {
    const loader = await h.forms.get(`/forms/orders/${orderId}`, patient);
    expect(loader.status).toBe(200);
  });

  // The old prescription's acceptance arriving again releases nothing.
  await h.accept({ patient, orderId, prescriptionId });
  h.forms.clock.advance(60_000);
  const next = await h.forms.approve(patient, orderId, {
    prescriptionId: `rx-${orderId}-refill`,
    doseSchedule: [5, 7.5, 7.5],
  });
  expect((await h.shipmentsOf(orderId))[1]!.status).toBe('awaiting_check_in');
  const accepted = await h.forms.post(
    `/api/prescription-update/${orderId}`,
    { order_id: orderId, accept: true },
    patient,
  );
  expect(accepted.status).toBe(200);
  await eventually(async () => {
    const released = (await h.shipmentsOf(orderId))[1]!;
    expect([released.status, released.prescriptionId]).toEqual(['prescription_received', next]);
  });
  const releasedEvents = await h.outboxEvents('shipment-released');
  expect(releasedEvents.filter((e) => e.data.orderId === orderId)).toHaveLength(1);

  // The second supply of the 6 months opens its check-in 7 days before day 90.
  h.forms.clock.advance(82 * dayMs);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await h.shipmentsOf(orderId)).toHaveLength(2);
  h.forms.clock.advance(dayMs);
  await eventually(async () => {
    const made = await h.shipmentsOf(orderId);
    expect(made.map((s) => [s.kind, s.status, s.orderNumber])).toEqual([
      ['first', 'prescription_received', orderNumber(orderId)],
      ['refill', 'prescription_received', `${orderNumber(orderId)} (refill 1)`],
      ['refill', 'awaiting_check_in', `${orderNumber(orderId)} (refill 2)`],
    ]);
  }, 15_000);
});

/**
 * Checkout's renewal-supply-upcoming for a renewal 7 days from now paying for one supply on its
 * date, as the renewal notice publishes it; `announce` publishes it (again).
 */
function upcomingRenewal(patient: { id: number }, orderId: number) {
  const billing = new Date(h.forms.clock.now().getTime() + 7 * 24 * 3600 * 1000);
  const announce = () =>
    h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(renewalSupplyUpcoming, {
        subscriptionId: 9000 + orderId,
        orderId,
        userId: patient.id,
        billingDate: billing.toISOString(),
        supply: [{ shipOn: billing.toISOString(), vials: 3 }],
      }),
    );
  return { billing, announce };
}

/** The refill check-in approved with the next strengths and accepted, as fulfilment records it. */
async function refillAccepted(patient: AcceptedOrder['patient'], orderId: number, id: string) {
  h.forms.clock.advance(60_000);
  const next = await h.forms.approve(patient, orderId, {
    prescriptionId: id,
    doseSchedule: [5, 7.5, 7.5],
  });
  const accepted = await h.forms.post(
    `/api/prescription-update/${orderId}`,
    { order_id: orderId, accept: true },
    patient,
  );
  expect(accepted.status).toBe(200);
  await eventually(async () => {
    const [rx] = await h.service.runtime.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.prescriptionId, next));
    expect(rx?.acceptedAt).toBeTruthy();
  });
  return next;
}

it("opens a monthly plan's refill check-in 7 days before the renewal that pays for it, and ships it only once that renewal is paid", async () => {
  const { patient, orderId } = await h.acceptedOrder();
  const { billing, announce } = upcomingRenewal(patient, orderId);
  await announce();
  await announce();
  await eventually(async () => {
    const made = await h.shipmentsOf(orderId);
    expect(made.map((s) => [s.kind, s.status, s.orderNumber])).toEqual([
      ['first', 'prescription_received', orderNumber(orderId)],
      ['refill', 'awaiting_check_in', `${orderNumber(orderId)} (refill 1)`],
    ]);
  });
  const refill = (await h.shipmentsOf(orderId))[1]!;
  const due = (await h.outboxEvents('refill-check-in-due')).filter(
    (e) => e.data.orderId === orderId,
  );
  expect(due.map((e) => [e.data.shipmentId, e.data.shipOn])).toEqual([
    [refill.id, billing.toISOString()],
  ]);

  // The check-in is approved and accepted before the charge: the shipment still waits for it.
  await eventually(async () => {
    expect((await h.forms.get(`/forms/orders/${orderId}`, patient)).status).toBe(200);
  });
  const next = await refillAccepted(patient, orderId, `rx-${orderId}-monthly-refill`);
  expect((await h.shipmentsOf(orderId))[1]!.status).toBe('awaiting_check_in');
  expect((await step(refill.id, 'place')).status).toBe(409);

  // The renewal is charged on its day: the announced supply is its, and the shipment leaves.
  h.forms.clock.set(new Date(billing.getTime() + 30 * 60_000));
  const paidAt = h.forms.clock.now().toISOString();
  const renewal = () =>
    h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(paymentSucceeded, {
        kind: 'renewal',
        orderId,
        userId: patient.id,
        cartId: null,
        transactionId: `ch_monthly_${orderId}`,
        amountCents: 29900,
        currency: 'USD',
        paymentTerms: 1,
        productName: 'Semaglutide monthly',
        planId: 'plan',
        prescriptionPreauths: [],
        conversionId: null,
        userName: null,
        supply: [{ shipOn: paidAt, vials: 3 }],
      }),
    );
  await renewal();
  await renewal();
  await eventually(async () => {
    const released = (await h.shipmentsOf(orderId))[1]!;
    expect([released.status, released.prescriptionId]).toEqual(['prescription_received', next]);
  });
  // The announcement arriving after the charge makes nothing more.
  await announce();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await h.shipmentsOf(orderId)).toHaveLength(2);
  const released = (await h.outboxEvents('shipment-released')).filter(
    (e) => e.data.orderId === orderId,
  );
  expect(released).toHaveLength(1);
  const recorded = await h.service.runtime.db
    .select()
    .from(supplies)
    .where(eq(supplies.orderId, orderId))
    .orderBy(supplies.shipOn);
  expect(recorded.map((r) => [r.transactionId, r.paid, r.shipmentId])).toEqual([
    [expect.any(String), true, (await h.shipmentsOf(orderId))[0]!.id],
    [`ch_monthly_${orderId}`, true, refill.id],
  ]);
});

it('cancels a refill whose renewal will not be charged because the subscription ended first', async () => {
  const { patient, orderId } = await h.acceptedOrder();
  const { announce } = upcomingRenewal(patient, orderId);
  await announce();
  await eventually(async () => expect(await h.shipmentsOf(orderId)).toHaveLength(2));
  const refill = (await h.shipmentsOf(orderId))[1]!;
  const cancel = () =>
    h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(subscriptionCancelled, {
        subscriptionId: 9500 + orderId,
        userId: patient.id,
        by: 'patient',
        paymentTerms: 1,
        orderId,
      }),
    );
  await cancel();
  await cancel();
  await eventually(async () => {
    const cancelled = (await h.shipmentsOf(orderId))[1]!;
    expect(cancelled.cancelledAt).toBeTruthy();
  });
  const events = (await h.outboxEvents('refill-cancelled')).filter(
    (e) => e.data.orderId === orderId,
  );
  expect(events.map((e) => e.data.shipmentId)).toEqual([refill.id]);
  const queue = await h.get('/api/console/pharmacy/shipments?filter=to-place', pharmacist);
  expect(queue.body.shipments.map((s: { shipmentId: number }) => s.shipmentId)).not.toContain(
    refill.id,
  );
  // A late announcement makes no new refill; an approved check-in releases nothing.
  await announce();
  await refillAccepted(patient, orderId, `rx-${orderId}-cancelled-refill`);
  const after = await h.shipmentsOf(orderId);
  expect(after.map((s) => [s.kind, s.status])).toEqual([
    ['first', 'prescription_received'],
    ['refill', 'awaiting_check_in'],
  ]);
  expect(
    (await h.outboxEvents('shipment-released')).filter((e) => e.data.orderId === orderId),
  ).toEqual([]);
});

it('finds an order by its number however it is typed, every shipment of it whatever its step', async () => {
  const { orderId, shipmentId } = await h.acceptedOrder();
  const other = await h.acceptedOrder();
  expect((await step(shipmentId, 'place')).status).toBe(200);
  const padded = orderNumber(orderId);
  const search = (typed: string) =>
    h.get(
      `/api/console/pharmacy/shipments?filter=delivered&number=${encodeURIComponent(typed)}`,
      pharmacist,
    );
  for (const typed of [padded, String(orderId), `GLP-${orderId}`, `order ${padded} (refill 1)`]) {
    const found = await search(typed);
    expect(found.status).toBe(200);
    expect(found.body.shipments).toEqual([
      expect.objectContaining({ shipmentId, orderNumber: padded, status: 'order_placed' }),
    ]);
  }
  expect((await search(String(other.orderId))).body.shipments).toEqual([
    expect.objectContaining({ shipmentId: other.shipmentId }),
  ]);
  // An order with no shipment is an empty list; a name or a word is not a number.
  expect((await search('987654321')).body.shipments).toEqual([]);
  const refused = await search('Avery');
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain(orderNumberHint);
});

it('texts a patient who agreed to texts when the order ships and a refill check-in is due, with the emails', async () => {
  const { patient, orderId, shipmentId } = await h.acceptedOrder();
  const phone = `415555${String(orderId).padStart(4, '0').slice(-4)}`;
  await h.forms.identity.agreeToTexts(patient.id, phone);
  await h.forms.service.runtime.transaction((_tx, events) =>
    events.publish(paymentSucceeded, {
      kind: 'renewal',
      orderId,
      userId: patient.id,
      cartId: null,
      transactionId: `ch_texts_${orderId}`,
      amountCents: 89900,
      currency: 'USD',
      paymentTerms: 3,
      productName: 'Tirzepatide 3 months',
      planId: 'plan',
      prescriptionPreauths: [],
      conversionId: null,
      userName: null,
      supply: [{ shipOn: h.forms.clock.now().toISOString(), vials: 3 }],
    }),
  );
  expect((await step(shipmentId, 'place')).status).toBe(200);
  expect(
    (await step(shipmentId, 'ship', { carrier: 'UPS', tracking_number: upsTrackingNumber })).status,
  ).toBe(200);

  const number = orderNumber(orderId);
  await eventually(async () => {
    const texts = await h.forms.engines.mailbox.list({ to: phone });
    expect(texts).toHaveLength(2);
    const [checkIn, shipped] = texts.map((t) => t.body).sort((a, b) => a.localeCompare(b));
    expect(checkIn).toMatch(
      new RegExp(
        `^GLP Clinic: time for your refill check-in\\. Order ${number} \\(refill 1\\) ships on .+ once it is done: https://clinic\\.test/medical-form/${orderId} Reply STOP to opt out\\.$`,
      ),
    );
    expect(shipped).toBe(
      `GLP Clinic: your order ${number} has shipped with UPS. Track it: ${trackingUrl('UPS', upsTrackingNumber)} Reply STOP to opt out.`,
    );
  });
  // The emails still come with the texts: they hold the tracking, storage and check-in details.
  await eventually(async () => {
    const subjects = (await h.mail(patient)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your order is with our pharmacy',
        'Your order is on its way',
        'Time for your refill check-in',
      ]),
    );
  });
});
