/**
 * What the Order tracking tab shows of an order at each step of its life, from the events alone;
 * and that the order they arrive in never matters.
 */
import {
  formSubmitted,
  paymentSucceeded,
  progressItemSchema,
  type EventData,
  refillCancelled,
  refillCheckInDue,
  shipmentReleased,
} from '@clinic/contracts';
import { at, deliveredOrder, logged, orderLife, type OrderEvent } from './order-events.fixtures';
import { latestHealthId, prescriptionEntries, projectOrder } from './projection';

const project = (events: OrderEvent[]) => projectOrder(logged(events));
const answers = (events: OrderEvent[]) => project(events).map((row) => row.answer);
const only = (events: OrderEvent[]) => {
  const items = answers(events);
  expect(items).toHaveLength(1);
  return items[0]!;
};

describe('the order view of one order', () => {
  const life = orderLife(7, 42);

  it('shows a paid checkout as pending_approval, not submitted, with its product and payment', () => {
    const item = only([life.paid]);
    expect(item).toEqual({
      id: 7,
      status: 'pending_approval',
      product_id: 1,
      created_at: at(0),
      prescription_data: [],
      external_visit_id: null,
      provider: null,
      payment_intent_id: 'pi_7',
      tracking_number: null,
      logistics_provider: null,
      submitted: 0,
      item_id: 'order-7',
      kind: 'first',
      product_name: 'Tirzepatide',
      // The one order number, from the moment it is paid (contracts' orderNumber).
      order_number: '#0007',
      processing_day: null,
      shipped_at: null,
      delivered_at: null,
      updated_at: at(0),
      identity_video: null,
      appointment: null,
      reship_until: null,
      reship_request: null,
      doctor_note_at: null,
    });
    expect(progressItemSchema.safeParse(item).success).toBe(true);
  });

  it('shows nothing for an order whose checkout payment is not known, nor for an add-on', () => {
    expect(answers([life.submitted()])).toEqual([]);
    expect(only([life.paid, life.addOn])).toMatchObject({ payment_intent_id: 'pi_7' });
  });

  it('waits for the prescription once the assessment is in', () => {
    expect(only([life.paid, life.submitted()])).toMatchObject({
      status: 'waiting_prescription',
      submitted: 1,
      updated_at: at(10),
    });
  });

  it('holds an assessment that needs the identity video in pending_approval until the video is in', () => {
    expect(only([life.paid, life.submitted(true)])).toMatchObject({
      status: 'pending_approval',
      submitted: 1,
    });
    expect(only([life.paid, life.submitted(true), life.video])).toMatchObject({
      status: 'waiting_prescription',
      submitted: 1,
    });
    // The video may come first.
    expect(only([life.paid, life.video, life.submitted(true)]).status).toBe('waiting_prescription');
  });

  it('says the identity video is missing until it is in, so the card can link it (issue 26)', () => {
    expect(only([life.paid]).identity_video).toBeNull();
    expect(only([life.paid, life.submitted()]).identity_video).toBeNull();
    expect(only([life.paid, life.submitted(true)]).identity_video).toBe('missing');
    expect(only([life.paid, life.submitted(true), life.video]).identity_video).toBe('received');
  });

  it('says what the clinician asked for; a video asked for is missing until a new one is in', () => {
    const asked = only([life.paid, life.submitted(), life.asked('video')]);
    expect(asked).toMatchObject({
      status: 'appointment_required',
      appointment: 'video',
      identity_video: 'missing',
    });
    // A video uploaded before the clinician asked does not answer the ask; one after does.
    const [early, late] = [life.videoAt(20), life.videoAt(40)];
    expect(only([life.paid, life.submitted(true), early, life.asked('video', 30)])).toMatchObject({
      status: 'appointment_required',
      identity_video: 'missing',
    });
    expect(
      only([life.paid, life.submitted(true), early, life.asked('video', 30), late]),
    ).toMatchObject({
      status: 'waiting_prescription',
      identity_video: 'received',
      appointment: null,
    });
    expect(only([life.paid, life.submitted(), life.asked('visit')])).toMatchObject({
      appointment: 'visit',
      identity_video: null,
    });
    expect(only([life.paid, life.submitted(), life.asked('visit-missed')]).appointment).toBe(
      'visit-missed',
    );
    // Decided: the ask is over.
    expect(only([life.paid, life.submitted(), life.asked('visit'), life.denied]).appointment).toBe(
      null,
    );
  });

  it('says when the doctor wrote to the patient while the order waits for them, until they decide (issue 26)', () => {
    const asking = [life.paid, life.submitted(), life.recordOpened, life.notePosted(26)];
    expect(only(asking)).toMatchObject({
      status: 'waiting_prescription',
      doctor_note_at: at(26),
      updated_at: at(26),
    });
    // With a visit asked for; the latest note counts, whatever order the events come in.
    const visit = [...asking, life.asked('visit', 25), life.notePosted(40)];
    expect(only(visit)).toMatchObject({ status: 'appointment_required', doctor_note_at: at(40) });
    expect(only([...visit].reverse())).toEqual(only(visit));
    // Approved or denied: the note is answered; asked again after an adjustment, it is new.
    expect(only([...asking, life.approved(30)]).doctor_note_at).toBeNull();
    expect(only([...asking, life.denied]).doctor_note_at).toBeNull();
    expect(only([...asking, life.approved(30), life.adjusted])).toMatchObject({
      status: 'waiting_prescription',
      doctor_note_at: null,
    });
    // The patient wrote back: answered, until the doctor writes again.
    const answered = [...asking, life.patientWrote(28)];
    expect(only(answered)).toMatchObject({ doctor_note_at: null, updated_at: at(28) });
    expect(only([...answered, life.notePosted(35)]).doctor_note_at).toBe(at(35));
    // A message the patient wrote before the note does not answer it.
    expect(only([...asking, life.patientWrote(20)]).doctor_note_at).toBe(at(26));
    // A note that reaches an order no longer in review changes nothing.
    expect(
      only([life.paid, life.submitted(), life.denied, life.notePosted(40)]).doctor_note_at,
    ).toBeNull();
  });

  it("names the clinician's encounter, and the patient's health id", () => {
    const events = [life.paid, life.submitted(), life.recordOpened];
    expect(only(events).external_visit_id).toBe('enc-7');
    expect(latestHealthId(logged(events))).toEqual({
      healthId: 'H-42',
      openedAt: new Date(at(20)),
    });
  });

  it('shows appointment_required, denied and withdrawn', () => {
    expect(only([life.paid, life.submitted(), life.appointment]).status).toBe(
      'appointment_required',
    );
    expect(only([life.paid, life.submitted(), life.denied]).status).toBe('denied');
    expect(only([life.paid, life.withdrawn]).status).toBe('withdrawn');
    // Ended is ended: nothing the clinic publishes later reopens it.
    expect(only([life.paid, life.submitted(), life.denied, life.approved(45)]).status).toBe(
      'denied',
    );
  });

  it('lists the approved prescription month by month (submitted 4), then accepted (submitted 5)', () => {
    const approved = only([life.paid, life.submitted(), life.approved()]);
    expect(approved).toMatchObject({ status: 'prescription_received', submitted: 4 });
    expect(approved.prescription_data).toEqual([
      {
        name: 'Tirzepatide',
        directions: 'Inject under the skin once a week.',
        medId: 'tirz',
        strength: 2.5,
        rxId: 'tirz-m1',
        transactionId: 'pi_7',
        month: 1,
      },
      expect.objectContaining({ strength: 5, rxId: 'tirz-m2', month: 2, medId: 'tirz' }),
      expect.objectContaining({ strength: 7.5, rxId: 'tirz-m3', month: 3 }),
      {
        name: 'Ondansetron 4 mg',
        directions: 'One tablet when needed for nausea.',
        medId: 'ondansetron',
        strength: null,
        rxId: 'ondansetron',
        transactionId: 'pi_7',
        month: null,
      },
    ]);
    expect(only([life.paid, life.submitted(), life.approved(), life.accepted()])).toMatchObject({
      status: 'prescription_received',
      submitted: 5,
    });
  });

  it('goes back to waiting_prescription when the patient declines and adjusts the doses', () => {
    const adjusted = only([life.paid, life.submitted(), life.approved(), life.adjusted]);
    expect(adjusted).toMatchObject({
      status: 'waiting_prescription',
      submitted: 1,
      prescription_data: [],
    });
    const again = only([
      life.paid,
      life.submitted(),
      life.approved(),
      life.adjusted,
      life.approved(45, [2.5, 2.5, 5]),
      life.accepted(50, 45),
    ]);
    expect(again).toMatchObject({ status: 'prescription_received', submitted: 5 });
    expect(again.prescription_data.map((e) => e.strength)).toEqual([2.5, 2.5, 5, null]);
  });

  it('follows the first shipment on the order itself: placed, paused, resumed, shipped, delivered', () => {
    const toShipment = [life.paid, life.submitted(), life.approved(), life.accepted()];
    expect(only([...toShipment, life.shipment()])).toMatchObject({
      status: 'prescription_received',
      order_number: '#0007',
    });
    expect(only([...toShipment, life.shipment(), life.placed()])).toMatchObject({
      status: 'order_placed',
      processing_day: '2026-03-02',
    });
    expect(only([...toShipment, life.shipment(), life.placed(), life.paused()]).status).toBe(
      'shipping_paused',
    );
    expect(
      only([
        ...toShipment,
        life.shipment(),
        life.placed(),
        life.paused(),
        life.placed(70, 57, true),
      ]).status,
    ).toBe('order_placed');
    expect(only(deliveredOrder(7, 42))).toMatchObject({
      status: 'order_delivered',
      tracking_number: '1Z999AA10123456784',
      logistics_provider: 'UPS',
      shipped_at: at(60),
      delivered_at: at(24 * 60),
      updated_at: at(24 * 60),
      submitted: 5,
    });
  });

  it('shows a refill and a reship as items of their own, with the order prescription and their own steps', () => {
    const events = [
      ...deliveredOrder(7, 42),
      life.shipment('reship', 71, 25 * 60),
      life.placed(71, 25 * 60 + 5),
      life.shipment('refill', 72, 90 * 24 * 60, 'check-in'),
    ];
    const items = answers(events);
    expect(items.map((i) => [i.item_id, i.kind, i.status, i.id, i.submitted])).toEqual([
      ['order-7', 'first', 'order_delivered', 7, 5],
      ['shipment-71', 'reship', 'order_placed', 7, 5],
      ['shipment-72', 'refill', 'pending_approval', 7, 5],
    ]);
    const reship = items[1]!;
    expect(reship).toMatchObject({
      product_id: 1,
      product_name: 'Tirzepatide',
      order_number: 'RX-71',
      payment_intent_id: null,
      external_visit_id: 'enc-7',
      created_at: at(25 * 60),
      tracking_number: null,
    });
    expect(reship.prescription_data).toEqual(items[0]!.prescription_data);
    // A refill made after a renewal links that renewal's invoice.
    const paid = life.paid.data as EventData<typeof paymentSucceeded>;
    const renewal: OrderEvent = {
      def: paymentSucceeded,
      data: { ...paid, kind: 'renewal', transactionId: 'pi_7_renewal_2' },
      occurredAt: at(90 * 24 * 60 - 1),
    };
    const refill = answers([...events, renewal]).find((i) => i.item_id === 'shipment-72')!;
    expect(refill.payment_intent_id).toBe('pi_7_renewal_2');
  });

  it('links a refill announced before its renewal to that renewal, and drops one cancelled before it was charged', () => {
    const day = 24 * 60;
    const ref = { shipmentId: 72, orderNumber: 'RX-72', orderId: 7, userId: 42 };
    const announced = [
      ...deliveredOrder(7, 42),
      life.shipment('refill', 72, 83 * day, 'check-in'),
      {
        def: refillCheckInDue,
        data: { ...ref, shipOn: at(90 * day), dueAt: at(83 * day) },
        occurredAt: at(83 * day),
      },
    ];
    const refillOf = (events: OrderEvent[]) =>
      answers(events).find((i) => i.item_id === 'shipment-72');
    // Waiting for its check-in, the refill is not paid by the first checkout's renewal-to-come.
    const paid = life.paid.data as EventData<typeof paymentSucceeded>;
    const renewal: OrderEvent = {
      def: paymentSucceeded,
      data: { ...paid, kind: 'renewal', transactionId: 'pi_7_renewal_4' },
      occurredAt: at(90 * day),
    };
    expect(refillOf([...announced, renewal])!.payment_intent_id).toBe('pi_7_renewal_4');
    const cancelled: OrderEvent = {
      def: refillCancelled,
      data: { ...ref, cancelledAt: at(85 * day) },
      occurredAt: at(85 * day),
    };
    expect(refillOf([...announced, cancelled])).toBeUndefined();
    expect(answers([...announced, cancelled]).map((i) => i.item_id)).toEqual(['order-7']);
  });

  it('reads the "GLP-{order}-{n}" numbers fulfilment announced before as the one order number', () => {
    const legacy = (e: OrderEvent, n: number): OrderEvent => ({
      ...e,
      data: { ...(e.data as object), orderNumber: `GLP-7-${n}` },
    });
    const items = answers([
      ...deliveredOrder(7, 42).map((e) => (e.def.name === 'shipment-created' ? legacy(e, 1) : e)),
      legacy(life.shipment('reship', 71, 25 * 60), 2),
      legacy(life.shipment('refill', 72, 90 * 24 * 60, 'check-in'), 3),
      legacy(life.shipment('refill', 73, 180 * 24 * 60, 'check-in'), 4),
    ]);
    expect(items.map((i) => [i.item_id, i.order_number])).toEqual([
      ['order-7', '#0007'],
      ['shipment-71', '#0007 (replacement 1)'],
      ['shipment-72', '#0007 (refill 1)'],
      ['shipment-73', '#0007 (refill 2)'],
    ]);
  });

  it("walks a refill through its own check-in: questionnaire, clinician's next strengths, acceptance, then the pharmacy", () => {
    const day = 24 * 60;
    const refillAt = 83 * day;
    const ref = { shipmentId: 72, orderNumber: 'RX-72', orderId: 7, userId: 42 };
    const checkInDue: OrderEvent = {
      def: refillCheckInDue,
      data: { ...ref, shipOn: at(90 * day), dueAt: at(refillAt) },
      occurredAt: at(refillAt),
    };
    const refillForm: OrderEvent = {
      def: formSubmitted,
      data: {
        orderId: 7,
        userId: 42,
        assessmentId: 99,
        form: 'refill',
        questionnaireVersion: '1',
        drug: 'tirzepatide',
        state: 'CA',
        videoRequired: false,
        submittedAt: at(refillAt + 60),
      },
      occurredAt: at(refillAt + 60),
    };
    const released: OrderEvent = {
      def: shipmentReleased,
      data: { ...ref, prescriptionId: `rx-7-${refillAt + 120}`, releasedAt: at(refillAt + 200) },
      occurredAt: at(refillAt + 200),
    };
    const refill = (events: OrderEvent[]) =>
      answers([
        ...deliveredOrder(7, 42),
        life.shipment('refill', 72, refillAt, 'check-in'),
        ...events,
      ]).find((i) => i.item_id === 'shipment-72')!;
    const steps = [
      [[checkInDue], 'pending_approval', 0],
      [[checkInDue, refillForm], 'waiting_prescription', 1],
      [
        [checkInDue, refillForm, life.approved(refillAt + 120, [5, 7.5, 7.5])],
        'prescription_received',
        4,
      ],
      [
        [
          checkInDue,
          refillForm,
          life.approved(refillAt + 120, [5, 7.5, 7.5]),
          life.accepted(refillAt + 150, refillAt + 120),
        ],
        'prescription_received',
        5,
      ],
      [
        [
          checkInDue,
          refillForm,
          life.approved(refillAt + 120, [5, 7.5, 7.5]),
          life.accepted(refillAt + 150, refillAt + 120),
          released,
          life.placed(72, refillAt + 300),
        ],
        'order_placed',
        5,
      ],
    ] as const;
    for (const [events, status, submitted] of steps) {
      const item = refill([...events]);
      expect([item.status, item.submitted]).toEqual([status, submitted]);
    }
    const approvedRefill = refill([
      checkInDue,
      refillForm,
      life.approved(refillAt + 120, [5, 7.5, 7.5]),
    ]);
    expect(
      approvedRefill.prescription_data.filter((e) => e.month !== null).map((e) => e.strength),
    ).toEqual([5, 7.5, 7.5]);
    // The order's own item stays delivered with its first prescription.
    const order = answers([
      ...deliveredOrder(7, 42),
      life.shipment('refill', 72, refillAt, 'check-in'),
      checkInDue,
      refillForm,
      life.approved(refillAt + 120, [5, 7.5, 7.5]),
    ]).find((i) => i.item_id === 'order-7')!;
    expect([order.status, order.submitted]).toEqual(['order_delivered', 5]);
    expect(order.prescription_data.filter((e) => e.month !== null).map((e) => e.strength)).toEqual([
      2.5, 5, 7.5,
    ]);
  });

  it('gives a delivered parcel its 7-day reship window and its latest request (issue 26)', () => {
    const delivered = deliveredOrder(7, 42);
    expect(only(delivered)).toMatchObject({
      delivered_at: at(24 * 60),
      reship_until: at(8 * 24 * 60),
      reship_request: null,
    });
    expect(only([...delivered, life.reshipAsked(25 * 60)])).toMatchObject({
      reship_request: 'waiting',
      updated_at: at(25 * 60),
    });
    expect(
      only([...delivered, life.reshipAsked(25 * 60), life.reshipRefused(26 * 60)]),
    ).toMatchObject({ reship_request: 'refused' });
    const approved = answers([
      ...delivered,
      life.reshipAsked(25 * 60),
      life.reshipApproved(26 * 60, 71),
      life.shipment('reship', 71, 26 * 60),
    ]);
    expect(approved.map((i) => [i.item_id, i.status, i.reship_request, i.reship_until])).toEqual([
      ['order-7', 'order_delivered', 'approved', at(8 * 24 * 60)],
      ['shipment-71', 'prescription_received', null, null],
    ]);
    // A replacement is a parcel too: delivered, it has its own window and requests.
    const replacement = answers([
      ...delivered,
      life.shipment('reship', 71, 26 * 60),
      life.delivered(71, 30 * 60),
      life.reshipAsked(31 * 60, 71, 2),
    ]).find((i) => i.item_id === 'shipment-71')!;
    expect(replacement).toMatchObject({
      reship_until: at(30 * 60 + 7 * 24 * 60),
      reship_request: 'waiting',
    });
    // Whatever order the events arrive in.
    const events = [...delivered, life.reshipAsked(25 * 60), life.reshipRefused(26 * 60)];
    expect(project([...events].reverse())).toEqual(project(events));
  });

  it('applies a step that arrives before its shipment-created once the shipment is known', () => {
    const base = [life.paid, life.submitted(), life.approved(), life.accepted()];
    // Logged first, but it happened after the shipment was created.
    const placedFirst = [...base, life.placed(), life.shipment()];
    expect(only(placedFirst)).toMatchObject({ status: 'order_placed', order_number: '#0007' });
    // Stamped before its shipment-created (another service's clock): it waits for the shipment.
    const skewed = [...base, life.placed(70, 50), life.shipment('first', 70, 52)];
    expect(only(skewed)).toMatchObject({ status: 'order_placed', processing_day: '2026-03-02' });
    // The shipment-created not logged yet: the step waits, the order stays as it was.
    expect(only([...base, life.placed()])).toMatchObject({
      status: 'prescription_received',
      order_number: '#0007',
    });
  });

  it('gives the same items whatever order the events arrive in', () => {
    const events = [
      ...deliveredOrder(7, 42),
      life.shipment('reship', 71, 25 * 60),
      life.placed(71, 25 * 60 + 5),
    ];
    const inOrder = project(events);
    const shuffles = [
      [...events].reverse(),
      [...events.slice(4), ...events.slice(0, 4)],
      events.filter((_, i) => i % 2 === 0).concat(events.filter((_, i) => i % 2 === 1)),
    ];
    for (const arrival of shuffles) expect(project(arrival)).toEqual(inOrder);
  });

  it('never lets a late event move the order backwards', () => {
    // The form's event comes in last, after the clinic approved and fulfilment shipped.
    const events = [
      life.paid,
      life.approved(),
      life.accepted(),
      life.shipment(),
      life.placed(),
      life.submitted(),
    ];
    expect(only(events)).toMatchObject({ status: 'order_placed', submitted: 5 });
  });
});

describe('prescription entries', () => {
  it('repeat the GLP-1 for each month of the schedule, other items once', () => {
    const entries = prescriptionEntries(
      [{ rxId: 's', name: 'Semaglutide', directions: 'Weekly.', strength: 0.25 }],
      [0.25, 0.5],
      null,
    );
    expect(entries.map((e) => [e.rxId, e.strength, e.month, e.transactionId])).toEqual([
      ['s-m1', 0.25, 1, null],
      ['s-m2', 0.5, 2, null],
    ]);
  });
});
