/**
 * The portal's order view as a pure function of one checkout order's events (BRIEF section 4,
 * "The order's life"): what GET /api/order-items shows of the order itself (`order-{id}`) and of
 * each refill or reship shipment (`shipment-{id}`).
 *
 * The events of an order come from several services on several topics, so they may arrive in
 * any order. The projection never depends on arrival: it folds the order's logged events sorted
 * by the time they happened (then by their place in the log), and the gateway folds the whole
 * order again whenever one of its events arrives. So the same events always give the same items,
 * a late event lands where it belongs in the order's history instead of moving it backwards, and
 * replaying the log from scratch gives exactly the live view.
 *
 * A refill waits for its check-in: from refill-check-in-due the refill shipment's item walks the
 * review steps itself (the refill questionnaire, the clinician's approval, the patient's
 * acceptance) while the order's own item stays where its first shipment is; shipment-released
 * hands the refill to the pharmacy.
 *
 * Each item also carries what its card needs to offer the next step (issue 26): whether the
 * identity video is still missing (asked for by the state's rule in form-submitted, or by the
 * clinician in appointment-required, and not uploaded since), what the clinician asked for, and
 * for a delivered parcel the end of its 7-day reship window and its latest reship request; and
 * when the clinician last wrote to the patient (the chat's doctor-note-posted) while the order is
 * at the doctor's step and the patient has not written back since (patient-wrote-to-doctor), so
 * the card sends the patient to Doctor on Demand to read and answer it.
 */
import {
  appointmentRequired,
  applicationWithdrawn,
  assessmentDenied,
  clinicalRecordOpened,
  doctorNotePosted,
  doseAdjustmentSubmitted,
  formSubmitted,
  identityVideoUploaded,
  orderDelivered,
  orderNumber,
  orderPlaced,
  orderShipped,
  patientWroteToDoctor,
  paymentSucceeded,
  prescriptionAccepted,
  prescriptionApproved,
  refillCancelled,
  refillCheckInDue,
  reshipApproved,
  reshipRefused,
  reshipRequested,
  reshipWindowDays,
  shipmentCreated,
  shipmentReleased,
  shippingPaused,
  submittedValues,
  type EventData,
  type EventDefinition,
  type OrderStatus,
  type PrescriptionEntry,
  type PrescriptionItem,
  type ProgressItem,
  type ReshipRequestState,
  type ShipmentKind,
} from '@clinic/contracts';
import { shipmentNumber } from './shipment-number';

/** Every event the view is built from: checkout's, forms', the clinic's and fulfilment's. */
export const orderViewEvents = [
  paymentSucceeded,
  formSubmitted,
  identityVideoUploaded,
  applicationWithdrawn,
  appointmentRequired,
  assessmentDenied,
  clinicalRecordOpened,
  prescriptionApproved,
  prescriptionAccepted,
  doseAdjustmentSubmitted,
  shipmentCreated,
  orderPlaced,
  shippingPaused,
  orderShipped,
  orderDelivered,
  refillCheckInDue,
  refillCancelled,
  shipmentReleased,
  reshipRequested,
  reshipApproved,
  reshipRefused,
  doctorNotePosted,
  patientWroteToDoctor,
] as const;

/** One event as the gateway's log keeps it. */
export interface LoggedEvent {
  /** Its place in the log: breaks ties between events of the same instant. */
  logId: number;
  name: string;
  version: number;
  occurredAt: Date;
  orderId: number;
  userId: number | null;
  data: unknown;
}

/** One row of the projection: the item as sent, with the columns the route and rebuild use. */
export interface ItemRow {
  itemId: string;
  orderId: number;
  userId: number;
  kind: ShipmentKind;
  shipmentId: number | null;
  status: OrderStatus;
  statusAt: Date;
  submitted: number;
  createdAt: Date;
  updatedAt: Date;
  answer: ProgressItem;
}

/** The order and user an event is about, for the log's columns. */
export function eventSubject(data: { orderId: number; userId: number | null }): {
  orderId: number;
  userId: number | null;
} {
  return { orderId: data.orderId, userId: data.userId };
}

/** The log's order: when it happened, then when the gateway logged it. */
export function compareLogged(a: LoggedEvent, b: LoggedEvent): number {
  return a.occurredAt.getTime() - b.occurredAt.getTime() || a.logId - b.logId;
}

function is<E extends EventDefinition>(
  event: LoggedEvent,
  def: E,
): event is LoggedEvent & { data: EventData<E> } {
  return event.name === def.name && event.version === def.version;
}

/**
 * The prescription as the portal lists it (spec 002 section 3): the GLP-1 once per month of its
 * dose schedule, the other items (the anti-nausea tablets) as they are.
 */
export function prescriptionEntries(
  items: readonly PrescriptionItem[],
  doseSchedule: readonly number[],
  transactionId: string | null,
): PrescriptionEntry[] {
  return items.flatMap((item): PrescriptionEntry[] =>
    item.strength === null
      ? [
          {
            name: item.name,
            directions: item.directions,
            medId: item.rxId,
            strength: null,
            rxId: item.rxId,
            transactionId,
            month: null,
          },
        ]
      : doseSchedule.map((mg, i) => ({
          name: item.name,
          directions: item.directions,
          medId: item.rxId,
          strength: mg,
          rxId: `${item.rxId}-m${i + 1}`,
          transactionId,
          month: i + 1,
        })),
  );
}

interface Draft {
  itemId: string;
  kind: ShipmentKind;
  shipmentId: number | null;
  status: OrderStatus;
  statusAt: Date;
  submitted: number;
  createdAt: Date;
  updatedAt: Date;
  productId: number | null;
  productName: string | null;
  prescriptionData: PrescriptionEntry[];
  externalVisitId: string | null;
  paymentIntentId: string | null;
  trackingNumber: string | null;
  logisticsProvider: string | null;
  orderNumber: string | null;
  processingDay: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  reshipUntil: string | null;
  reshipRequest: ReshipRequestState | null;
}

function draft(itemId: string, kind: ShipmentKind, at: Date): Draft {
  return {
    itemId,
    kind,
    shipmentId: null,
    // Not shown before its payment is known (see `paid`).
    status: 'payment',
    statusAt: at,
    submitted: submittedValues.notSubmitted,
    createdAt: at,
    updatedAt: at,
    productId: null,
    productName: null,
    prescriptionData: [],
    externalVisitId: null,
    paymentIntentId: null,
    trackingNumber: null,
    logisticsProvider: null,
    orderNumber: null,
    processingDay: null,
    shippedAt: null,
    deliveredAt: null,
    reshipUntil: null,
    reshipRequest: null,
  };
}

const ended: ReadonlySet<OrderStatus> = new Set(['denied', 'withdrawn']);
const atPharmacy: ReadonlySet<OrderStatus> = new Set([
  'order_placed',
  'shipping_paused',
  'order_shipped',
  'order_delivered',
]);
/** Waiting for the clinician's decision (after the questionnaire). */
const atDoctorStep = (status: OrderStatus) =>
  status === 'waiting_prescription' || status === 'appointment_required';
/** Still in the clinician's hands: neither ended nor at the pharmacy. */
const inReview = (status: OrderStatus) => !ended.has(status) && !atPharmacy.has(status);

function touch(item: Draft, at: Date): void {
  if (at > item.updatedAt) item.updatedAt = at;
}

function setStatus(item: Draft, status: OrderStatus, at: Date): void {
  if (item.status !== status) {
    item.status = status;
    item.statusAt = at;
  }
  touch(item, at);
}

const iso = (value: string) => new Date(value).toISOString();

/** Fulfilment takes a reship request until this long after delivery. */
const reshipWindowMs = reshipWindowDays * 24 * 60 * 60 * 1000;

/** The items of one checkout order, from its events (in any order: they are sorted here). */
export function projectOrder(events: readonly LoggedEvent[]): ItemRow[] {
  const sorted = [...events].sort(compareLogged);
  const first = sorted[0];
  if (!first) return [];
  const orderId = first.orderId;
  const order = draft(`order-${orderId}`, 'first', first.occurredAt);
  order.orderNumber = orderNumber(orderId);
  let paid = false;
  let userId: number | null = null;
  let videoRequired = false;
  let videoReceived = false;
  let appointmentKind: ProgressItem['appointment'] = null;
  /** The clinician's latest note while the order waits at their step (cleared by a decision or
   * the patient's answer). */
  let doctorNoteAt: Date | null = null;
  let prescriptionId: string | null = null;
  /** The refill whose check-in is open: the review events are its own until it is released. */
  let checkIn: Draft | null = null;
  /** The renewal charge a refill made now was paid by (its invoice). */
  let renewalTransactionId: string | null = null;
  let checkInPrescriptionId: string | null = null;
  const firstShipments = new Set<number>();
  const shipments = new Map<number, Draft>();
  /** Steps of a shipment whose shipment-created is not in the log yet. */
  const parked = new Map<number, (LoggedEvent & { data: { shipmentId: number } })[]>();

  const shipmentStep = (event: LoggedEvent & { data: { shipmentId: number } }) => {
    const target = firstShipments.has(event.data.shipmentId)
      ? order
      : shipments.get(event.data.shipmentId);
    if (!target) {
      const waiting = parked.get(event.data.shipmentId) ?? [];
      waiting.push(event);
      parked.set(event.data.shipmentId, waiting);
      return;
    }
    if (ended.has(target.status)) return;
    const at = event.occurredAt;
    if (is(event, orderPlaced)) {
      setStatus(target, 'order_placed', at);
      target.processingDay = event.data.processingDay;
    } else if (is(event, shippingPaused)) {
      setStatus(target, 'shipping_paused', at);
    } else if (is(event, orderShipped)) {
      setStatus(target, 'order_shipped', at);
      target.trackingNumber = event.data.trackingNumber;
      target.logisticsProvider = event.data.carrier;
      target.shippedAt = iso(event.data.shippedAt);
    } else if (is(event, orderDelivered)) {
      setStatus(target, 'order_delivered', at);
      const deliveredAt = new Date(event.data.deliveredAt);
      target.deliveredAt = deliveredAt.toISOString();
      target.reshipUntil = new Date(deliveredAt.getTime() + reshipWindowMs).toISOString();
    } else if (is(event, reshipRequested)) {
      target.reshipRequest = 'waiting';
      touch(target, at);
    } else if (is(event, reshipApproved)) {
      target.reshipRequest = 'approved';
      touch(target, at);
    } else if (is(event, reshipRefused)) {
      target.reshipRequest = 'refused';
      touch(target, at);
    }
  };

  for (const event of sorted) {
    const at = event.occurredAt;
    if (userId === null && event.userId !== null) userId = event.userId;
    if (is(event, paymentSucceeded)) {
      // An add-on changes nothing shown; a renewal's supplies come as refill shipments.
      if (event.data.kind === 'renewal') {
        renewalTransactionId = event.data.transactionId;
        // A refill announced before its renewal (its check-in opened first) is paid by this one.
        if (checkIn && inReview(checkIn.status)) checkIn.paymentIntentId = renewalTransactionId;
      }
      if (event.data.kind !== 'checkout') continue;
      paid = true;
      order.createdAt = at;
      order.paymentIntentId = event.data.transactionId;
      const preauth = event.data.prescriptionPreauths.find((p) => p.orderId === orderId);
      order.productId = preauth?.product_id ?? null;
      order.productName = preauth?.product_name ?? null;
      // Paid: the medical questionnaire is next.
      if (order.status === 'payment') setStatus(order, 'pending_approval', at);
      touch(order, at);
    } else if (is(event, refillCheckInDue)) {
      const item = shipments.get(event.data.shipmentId);
      if (item && item.status === 'pending_approval') {
        checkIn = item;
        checkInPrescriptionId = null;
        item.submitted = submittedValues.notSubmitted;
        touch(item, at);
      }
    } else if (is(event, refillCancelled)) {
      // Its renewal will not be charged: no refill is coming, so the patient sees none.
      const item = shipments.get(event.data.shipmentId);
      if (item && inReview(item.status)) {
        shipments.delete(event.data.shipmentId);
        if (checkIn === item) checkIn = null;
      }
    } else if (is(event, shipmentReleased)) {
      const item = shipments.get(event.data.shipmentId);
      if (item && inReview(item.status)) {
        item.submitted = submittedValues.prescriptionAccepted;
        setStatus(item, 'prescription_received', at);
      }
      if (checkIn === item) checkIn = null;
    } else if (is(event, formSubmitted)) {
      // A refill's check-in form is the refill shipment's business, not the order's.
      if (event.data.form === 'refill') {
        if (checkIn?.status === 'pending_approval') {
          checkIn.submitted = submittedValues.submitted;
          setStatus(checkIn, 'waiting_prescription', at);
        }
        continue;
      }
      videoRequired = event.data.videoRequired;
      if (order.status !== 'payment' && order.status !== 'pending_approval') continue;
      order.submitted = submittedValues.submitted;
      setStatus(
        order,
        videoRequired && !videoReceived ? 'pending_approval' : 'waiting_prescription',
        at,
      );
    } else if (is(event, identityVideoUploaded)) {
      videoReceived = true;
      const heldForVideo =
        (order.status === 'pending_approval' && order.submitted >= submittedValues.submitted) ||
        (order.status === 'appointment_required' && appointmentKind === 'video');
      if (heldForVideo) setStatus(order, 'waiting_prescription', at);
    } else if (is(event, appointmentRequired)) {
      if (!inReview(order.status) || order.status === 'prescription_received') continue;
      appointmentKind = event.data.kind;
      // The clinician asks for a (new) video: the one before, if any, does not answer it.
      if (appointmentKind === 'video') {
        videoRequired = true;
        videoReceived = false;
      }
      setStatus(order, 'appointment_required', at);
    } else if (is(event, doctorNotePosted)) {
      if (!inReview(order.status) || order.status === 'prescription_received') continue;
      doctorNoteAt = at;
      touch(order, at);
    } else if (is(event, patientWroteToDoctor)) {
      // The patient wrote back after the note: it is answered.
      if (doctorNoteAt && at >= doctorNoteAt) {
        doctorNoteAt = null;
        touch(order, at);
      }
    } else if (is(event, assessmentDenied)) {
      if (inReview(order.status)) setStatus(order, 'denied', at);
    } else if (is(event, applicationWithdrawn)) {
      if (inReview(order.status)) setStatus(order, 'withdrawn', at);
    } else if (is(event, clinicalRecordOpened)) {
      order.externalVisitId = event.data.encounterId;
      touch(order, at);
    } else if (is(event, prescriptionApproved)) {
      if (checkIn && checkIn.submitted >= submittedValues.submitted) {
        // The clinician's next strengths for the refill in check-in.
        checkInPrescriptionId = event.data.prescriptionId;
        checkIn.submitted = submittedValues.prescriptionPending;
        checkIn.prescriptionData = prescriptionEntries(
          event.data.items,
          event.data.doseSchedule,
          checkIn.paymentIntentId,
        );
        setStatus(checkIn, 'prescription_received', at);
        continue;
      }
      if (!inReview(order.status)) continue;
      // Decided: what the doctor asked before is answered.
      doctorNoteAt = null;
      prescriptionId = event.data.prescriptionId;
      order.submitted = submittedValues.prescriptionPending;
      order.prescriptionData = prescriptionEntries(
        event.data.items,
        event.data.doseSchedule,
        order.paymentIntentId,
      );
      setStatus(order, 'prescription_received', at);
    } else if (is(event, prescriptionAccepted)) {
      if (checkIn && checkInPrescriptionId === event.data.prescriptionId) {
        checkIn.submitted = submittedValues.prescriptionAccepted;
        touch(checkIn, at);
        continue;
      }
      if (
        order.submitted === submittedValues.prescriptionPending &&
        (prescriptionId === null || prescriptionId === event.data.prescriptionId)
      ) {
        order.submitted = submittedValues.prescriptionAccepted;
        touch(order, at);
      }
    } else if (is(event, doseAdjustmentSubmitted)) {
      // The patient declined the prescription: back in the clinician's queue.
      if (checkIn && checkInPrescriptionId === event.data.prescriptionId) {
        checkIn.submitted = submittedValues.submitted;
        setStatus(checkIn, 'waiting_prescription', at);
        continue;
      }
      if (order.status !== 'prescription_received') continue;
      order.submitted = submittedValues.submitted;
      order.prescriptionData = [];
      setStatus(order, 'waiting_prescription', at);
    } else if (is(event, shipmentCreated)) {
      const { shipmentId } = event.data;
      if (event.data.kind === 'first') {
        firstShipments.add(shipmentId);
        touch(order, at);
      } else if (!shipments.has(shipmentId)) {
        const item = draft(`shipment-${shipmentId}`, event.data.kind, at);
        item.shipmentId = shipmentId;
        item.status =
          event.data.waitingOn === 'pharmacy' ? 'prescription_received' : 'pending_approval';
        item.submitted = submittedValues.prescriptionAccepted;
        item.productId = order.productId;
        item.productName = order.productName;
        item.prescriptionData = order.prescriptionData.map((entry) => ({ ...entry }));
        item.externalVisitId = order.externalVisitId;
        // A replacement is not paid for; a refill was paid by the renewal before it.
        item.paymentIntentId =
          event.data.kind === 'reship' ? null : (renewalTransactionId ?? order.paymentIntentId);
        item.orderNumber = shipmentNumber(sorted, event.data);
        shipments.set(shipmentId, item);
      }
      const waiting = parked.get(shipmentId);
      parked.delete(shipmentId);
      for (const step of waiting ?? []) shipmentStep(step);
    } else if (
      is(event, orderPlaced) ||
      is(event, shippingPaused) ||
      is(event, orderShipped) ||
      is(event, orderDelivered) ||
      is(event, reshipRequested) ||
      is(event, reshipApproved) ||
      is(event, reshipRefused)
    ) {
      shipmentStep(event);
    }
  }

  if (userId === null) return [];
  const owner = userId;
  // Only the order's own item is reviewed: a refill's check-in asks for no video.
  const identityVideo = videoRequired ? (videoReceived ? 'received' : 'missing') : null;
  const row = (item: Draft): ItemRow => ({
    itemId: item.itemId,
    orderId,
    userId: owner,
    kind: item.kind,
    shipmentId: item.shipmentId,
    status: item.status,
    statusAt: item.statusAt,
    submitted: item.submitted,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    answer: {
      id: orderId,
      status: item.status,
      product_id: item.productId,
      created_at: item.createdAt.toISOString(),
      prescription_data: item.prescriptionData,
      external_visit_id: item.externalVisitId,
      // The built-in chat: no outside provider is named by any event.
      provider: null,
      payment_intent_id: item.paymentIntentId,
      tracking_number: item.trackingNumber,
      logistics_provider: item.logisticsProvider,
      submitted: item.submitted,
      item_id: item.itemId,
      kind: item.kind,
      product_name: item.productName,
      order_number: item.orderNumber,
      processing_day: item.processingDay,
      shipped_at: item.shippedAt,
      delivered_at: item.deliveredAt,
      updated_at: item.updatedAt.toISOString(),
      identity_video: item === order ? identityVideo : null,
      appointment:
        item === order && item.status === 'appointment_required' ? appointmentKind : null,
      reship_until: item.reshipUntil,
      reship_request: item.reshipRequest,
      doctor_note_at:
        item === order && doctorNoteAt && atDoctorStep(item.status)
          ? doctorNoteAt.toISOString()
          : null,
    },
  });
  return [...(paid ? [row(order)] : []), ...[...shipments.values()].map(row)];
}

/** The health id the events give a patient: the latest clinical record opened for them. */
export function latestHealthId(
  events: readonly LoggedEvent[],
): { healthId: string; openedAt: Date } | null {
  let latest: { healthId: string; openedAt: Date } | null = null;
  for (const event of [...events].sort(compareLogged))
    if (is(event, clinicalRecordOpened))
      latest = { healthId: event.data.healthId, openedAt: event.occurredAt };
  return latest;
}
