/**
 * The events of one order's life as the services publish them, for the order view's tests: a
 * patient pays, submits the assessment, the clinic approves, the patient accepts, fulfilment
 * ships; and the other turns (video, appointment, denial, withdrawal, adjustment, refill,
 * reship, pause).
 */
import { randomUUID } from 'node:crypto';
import {
  type EventData,
  type EventDefinition,
  type EventEnvelope,
  appointmentRequired,
  doctorNotePosted,
  patientWroteToDoctor,
  applicationWithdrawn,
  assessmentDenied,
  clinicalRecordOpened,
  doseAdjustmentSubmitted,
  formSubmitted,
  identityVideoUploaded,
  orderDelivered,
  orderPlaced,
  orderShipped,
  paymentSucceeded,
  prescriptionAccepted,
  prescriptionApproved,
  reshipApproved,
  reshipRefused,
  reshipRequested,
  shipmentCreated,
  shippingPaused,
} from '@clinic/contracts';
import type { LoggedEvent } from './projection';

const base = Date.parse('2026-03-02T15:00:00.000Z');
/** A time `minutes` after the order's start. */
export const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

export interface OrderEvent<E extends EventDefinition = EventDefinition> {
  def: E;
  data: EventData<E>;
  occurredAt: string;
}

const event = <E extends EventDefinition>(
  def: E,
  data: EventData<E>,
  occurredAt: string,
): OrderEvent => ({ def, data, occurredAt });

/** The envelope a service's outbox would publish. */
export function envelopeOf(e: OrderEvent, id: string = randomUUID()): EventEnvelope {
  return {
    id,
    name: e.def.name,
    version: e.def.version,
    occurredAt: e.occurredAt,
    data: e.data,
    metadata: { correlationId: `test-${id}`, causationId: null },
  };
}

/** As the gateway's log keeps it (the log id is its place in the list). */
export function logged(events: readonly OrderEvent[]): LoggedEvent[] {
  return events.map((e, i) => {
    const data = e.data as { orderId: number; userId: number | null };
    return {
      logId: i + 1,
      name: e.def.name,
      version: e.def.version,
      occurredAt: new Date(e.occurredAt),
      orderId: data.orderId,
      userId: data.userId,
      data: e.data,
    };
  });
}

export function orderLife(
  orderId: number,
  userId: number,
  shipmentId = orderId * 10,
  /** When the order starts (ms since the epoch). */
  start = base,
) {
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const ref = { shipmentId, orderNumber: `RX-${shipmentId}`, orderId, userId };
  return {
    paid: event(
      paymentSucceeded,
      {
        kind: 'checkout',
        orderId,
        userId,
        cartId: null,
        transactionId: `pi_${orderId}`,
        amountCents: 22499,
        currency: 'USD',
        paymentTerms: 1,
        productName: 'Tirzepatide',
        planId: 'tirz_plan_1',
        prescriptionPreauths: [{ orderId, product_id: 1, product_name: 'Tirzepatide' }],
        conversionId: null,
        userName: 'Pat',
        supply: [{ shipOn: at(0), vials: 1 }],
      },
      at(0),
    ),
    addOn: event(
      paymentSucceeded,
      {
        kind: 'add-on',
        orderId,
        userId,
        cartId: null,
        transactionId: `pi_${orderId}_addon`,
        amountCents: 4999,
        currency: 'USD',
        paymentTerms: 1,
        productName: 'Anti-nausea',
        planId: 'anti_nausea',
        prescriptionPreauths: [],
        conversionId: null,
        userName: 'Pat',
        supply: [],
      },
      at(1),
    ),
    submitted: (videoRequired = false) =>
      event(
        formSubmitted,
        {
          orderId,
          userId,
          assessmentId: orderId,
          form: 'bareMeds',
          questionnaireVersion: '1',
          drug: 'tirzepatide',
          state: videoRequired ? 'TX' : 'CA',
          videoRequired,
          submittedAt: at(10),
        },
        at(10),
      ),
    video: event(identityVideoUploaded, { orderId, userId, uploadedAt: at(15) }, at(15)),
    recordOpened: event(
      clinicalRecordOpened,
      { userId, orderId, healthId: `H-${userId}`, encounterId: `enc-${orderId}`, openedAt: at(20) },
      at(20),
    ),
    appointment: event(
      appointmentRequired,
      { orderId, userId, kind: 'visit', requiredAt: at(25) },
      at(25),
    ),
    /** The clinician asks for the video, a visit, or records a missed visit. */
    asked: (kind: 'video' | 'visit' | 'visit-missed', minutes = 25) =>
      event(appointmentRequired, { orderId, userId, kind, requiredAt: at(minutes) }, at(minutes)),
    /** The chat posted a clinician's note to the patient's Doctor on Demand thread. */
    notePosted: (minutes = 26) =>
      event(
        doctorNotePosted,
        { orderId, userId, messageId: 900 + minutes, postedAt: at(minutes) },
        at(minutes),
      ),
    /** The patient wrote in Doctor on Demand on the order's visit. */
    patientWrote: (minutes: number) =>
      event(
        patientWroteToDoctor,
        { orderId, userId, messageId: 950 + minutes, writtenAt: at(minutes) },
        at(minutes),
      ),
    /** The identity video uploaded at `minutes`. */
    videoAt: (minutes: number) =>
      event(identityVideoUploaded, { orderId, userId, uploadedAt: at(minutes) }, at(minutes)),
    denied: event(assessmentDenied, { orderId, userId, reason: null, deniedAt: at(30) }, at(30)),
    withdrawn: event(applicationWithdrawn, { orderId, userId, withdrawnAt: at(30) }, at(30)),
    approved: (minutes = 30, doseSchedule = [2.5, 5, 7.5]) =>
      event(
        prescriptionApproved,
        {
          orderId,
          userId,
          prescriptionId: `rx-${orderId}-${minutes}`,
          drug: 'tirzepatide',
          items: [
            {
              rxId: 'tirz',
              name: 'Tirzepatide',
              directions: 'Inject under the skin once a week.',
              strength: 2.5,
            },
            {
              rxId: 'ondansetron',
              name: 'Ondansetron 4 mg',
              directions: 'One tablet when needed for nausea.',
              strength: null,
            },
          ],
          doseSchedule,
          maintenanceDose: null,
          approvedAt: at(minutes),
        },
        at(minutes),
      ),
    adjusted: event(
      doseAdjustmentSubmitted,
      {
        orderId,
        userId,
        prescriptionId: `rx-${orderId}-30`,
        doseSchedule: [2.5, 2.5, 5],
        maintenanceDose: 5,
        submittedAt: at(35),
      },
      at(35),
    ),
    accepted: (minutes = 40, approvedAt = 30) =>
      event(
        prescriptionAccepted,
        {
          orderId,
          userId,
          prescriptionId: `rx-${orderId}-${approvedAt}`,
          acceptedBy: 'patient',
          acceptedAt: at(minutes),
        },
        at(minutes),
      ),
    shipment: (
      kind: 'first' | 'refill' | 'reship' = 'first',
      id = shipmentId,
      minutes = 41,
      waitingOn: 'pharmacy' | 'check-in' = 'pharmacy',
    ) =>
      event(
        shipmentCreated,
        {
          ...ref,
          shipmentId: id,
          orderNumber: `RX-${id}`,
          kind,
          replaces: kind === 'reship' ? shipmentId : null,
          vials: 1,
          medName: 'Tirzepatide',
          waitingOn,
          createdAt: at(minutes),
        },
        at(minutes),
      ),
    placed: (id = shipmentId, minutes = 50, resumed = false) =>
      event(
        orderPlaced,
        {
          ...ref,
          shipmentId: id,
          orderNumber: `RX-${id}`,
          processingDay: '2026-03-02',
          sameDay: true,
          resumed,
          placedAt: at(minutes),
        },
        at(minutes),
      ),
    paused: (id = shipmentId, minutes = 55) =>
      event(
        shippingPaused,
        { ...ref, shipmentId: id, orderNumber: `RX-${id}`, pausedAt: at(minutes) },
        at(minutes),
      ),
    shipped: (id = shipmentId, minutes = 60) =>
      event(
        orderShipped,
        {
          ...ref,
          shipmentId: id,
          orderNumber: `RX-${id}`,
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          overnight: true,
          shippedAt: at(minutes),
        },
        at(minutes),
      ),
    delivered: (id = shipmentId, minutes = 24 * 60) =>
      event(
        orderDelivered,
        { ...ref, shipmentId: id, orderNumber: `RX-${id}`, deliveredAt: at(minutes) },
        at(minutes),
      ),
    reshipAsked: (minutes: number, id = shipmentId, reshipId = 1) =>
      event(
        reshipRequested,
        { ...ref, shipmentId: id, orderNumber: `RX-${id}`, reshipId, requestedAt: at(minutes) },
        at(minutes),
      ),
    reshipApproved: (minutes: number, newShipmentId: number, id = shipmentId, reshipId = 1) =>
      event(
        reshipApproved,
        {
          ...ref,
          shipmentId: id,
          orderNumber: `RX-${id}`,
          reshipId,
          newShipmentId,
          approvedAt: at(minutes),
        },
        at(minutes),
      ),
    reshipRefused: (minutes: number, id = shipmentId, reshipId = 1) =>
      event(
        reshipRefused,
        { ...ref, shipmentId: id, orderNumber: `RX-${id}`, reshipId, refusedAt: at(minutes) },
        at(minutes),
      ),
  };
}

/** An order from payment to delivery, in the order the services publish it. */
export function deliveredOrder(orderId: number, userId: number, start = base): OrderEvent[] {
  const life = orderLife(orderId, userId, orderId * 10, start);
  return [
    life.paid,
    life.submitted(),
    life.recordOpened,
    life.approved(),
    life.accepted(),
    life.shipment(),
    life.placed(),
    life.shipped(),
    life.delivered(),
  ];
}
