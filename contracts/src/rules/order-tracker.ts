/**
 * The Order tracking tab's rules (spec 002 section 2, "Order tracking tab", and section 4, "Order
 * statuses and tracker"), shared by the portal and the server: the tracker's steps in order,
 * which of them show for an order, where the order stands on them, the one action link of the
 * current step, the main status label, the invoice and carrier links.
 *
 * Decisions the spec leaves open (issue 17):
 * - `payment_failed` has no step of its own (the spec hides it): the order stands at Payment
 *   again, with its link to /payment.
 * - `appointment_required` means the clinician wants to see the patient before approving: the
 *   questionnaire is done and the order stands at Final Doctor Approval, with a note saying so.
 * - `denied` and `withdrawn` (ours: the two ends of a refund) have no current step: the steps the
 *   order went through stay done, the rest stay to come, a note says it was refunded, and the main
 *   label says 'Refunded' (the spec's 'Processing' would tell the patient something untrue).
 * - `order_delivered` is the end: every shown step is done and none is current.
 * - A reship (a replacement) is neither paid for nor reviewed: its tracker starts at Order Placed.
 */
import type { OrderStatus, ProgressItem, submittedValues } from '../api/portal';
import { trackingUrl } from './shipping';

// `submittedValues` of api/portal.ts, held to them by their types: these rules import no value
// from the route file, so a browser chunk that reads them does not take the route's schemas.
const notSubmitted: (typeof submittedValues)['notSubmitted'] = 0;
const prescriptionPending: (typeof submittedValues)['prescriptionPending'] = 4;

export const trackerStepKeys = [
  'payment',
  'pending_approval',
  'waiting_prescription',
  'prescription_received',
  'order_placed',
  'shipping_paused',
  'order_shipped',
  'order_delivered',
] as const;
export type TrackerStepKey = (typeof trackerStepKeys)[number];

/** What each step says: its title and, for some, a line under it. */
export const trackerStepTexts: Readonly<
  Record<TrackerStepKey, { title: string; detail?: string }>
> = {
  payment: { title: 'Payment' },
  pending_approval: { title: 'Medical Questionnaire' },
  waiting_prescription: { title: 'Final Doctor Approval' },
  prescription_received: { title: 'Prescription Received' },
  order_placed: {
    title: 'Order Placed',
    detail: 'Pharmacy fulfilling, 2-3 days except Sundays and holidays',
  },
  shipping_paused: { title: 'Shipping Paused' },
  order_shipped: { title: 'Order Shipped' },
  order_delivered: { title: 'Order Delivered' },
};

export type TrackerStepState = 'done' | 'current' | 'later';

export interface TrackerAction {
  label: string;
  href: string;
}

export interface TrackerStep {
  key: TrackerStepKey;
  title: string;
  detail?: string;
  state: TrackerStepState;
  /** The current step waits for the patient (pay, answer, review) or is held: an urgent icon. */
  urgent: boolean;
  /** Only on the current step, and only when the patient has something to do there. */
  action: TrackerAction | null;
}

export const trackerTexts = {
  payAction: 'Complete Payment',
  formAction: 'Complete Medical Questionnaire',
  adjustAction: 'Review & Adjust Doses',
  appointmentNote:
    'Your doctor would like to speak with you before approving your prescription. We will contact you to set up a short appointment.',
  paymentFailedNote: 'Your payment did not go through. Please complete your payment to continue.',
  deniedNote:
    'Your doctor did not approve this treatment. Your payment has been refunded to your original payment method.',
  withdrawnNote:
    'You withdrew this order. Your payment has been refunded to your original payment method.',
  pausedNote:
    'Shipping of this order is paused. Our team will contact you if anything is needed from you.',
  processingOn: (day: string) => `Processing at the pharmacy on ${day}`,
} as const;

/** The main status label (spec 002): the review, the end, and everything in between. */
export type OrderStatusLabel = 'Needs Review' | 'complete' | 'Processing' | 'Refunded';

export function orderStatusLabel(status: OrderStatus): OrderStatusLabel {
  if (status === 'pending_approval') return 'Needs Review';
  if (status === 'order_delivered') return 'complete';
  if (status === 'denied' || status === 'withdrawn') return 'Refunded';
  return 'Processing';
}

/**
 * The index in `trackerStepKeys` of the step the status stands at; `trackerStepKeys.length`
 * once delivered (all done); for a refund, the first step not reached.
 */
function standingIndex(item: Pick<ProgressItem, 'status' | 'submitted'>): number {
  const { status } = item;
  switch (status) {
    case 'payment':
    case 'payment_failed':
      return 0;
    case 'pending_approval':
      return 1;
    case 'appointment_required':
    case 'waiting_prescription':
      return 2;
    case 'denied':
      // The doctor reviewed the questionnaire: it is done; the approval never came.
      return 2;
    case 'withdrawn':
      // Paid; the questionnaire is done only if it was sent.
      return item.submitted === notSubmitted ? 1 : 2;
    case 'order_delivered':
      return trackerStepKeys.length;
    default:
      return trackerStepKeys.indexOf(status);
  }
}

/** Whether the order's refund ended it: no step is current. */
export function isRefunded(status: OrderStatus): boolean {
  return status === 'denied' || status === 'withdrawn';
}

/** The steps shown for an order (spec 002: payment_failed has none; paused replaces placed). */
export function visibleStepKeys(
  item: Pick<ProgressItem, 'status' | 'kind'>,
): readonly TrackerStepKey[] {
  const paused = item.status === 'shipping_paused';
  return trackerStepKeys.filter((key) => {
    if (key === 'shipping_paused') return paused;
    if (key === 'order_placed') return !paused;
    // A replacement is neither paid for nor reviewed: it starts once the pharmacy approved it.
    if (item.kind === 'reship') return trackerStepKeys.indexOf(key) >= 3;
    return true;
  });
}

function actionFor(
  key: TrackerStepKey,
  item: Pick<ProgressItem, 'id' | 'status' | 'submitted'>,
): TrackerAction | null {
  const id = encodeURIComponent(String(item.id));
  if (key === 'payment') return { label: trackerTexts.payAction, href: '/payment' };
  if (key === 'pending_approval' && item.submitted === notSubmitted)
    return { label: trackerTexts.formAction, href: `/medical-form/${id}` };
  if (key === 'prescription_received' && item.submitted === prescriptionPending)
    return { label: trackerTexts.adjustAction, href: `/adjust-doses/${id}` };
  return null;
}

/** A replacement's first step: the pharmacy approved the request. */
const reshipApprovedStep = { title: 'Replacement Approved' };

/** The order's tracker: its shown steps, each done, current or later, the current one's link. */
export function trackerSteps(
  item: Pick<ProgressItem, 'id' | 'status' | 'submitted' | 'kind'>,
): TrackerStep[] {
  const standing = standingIndex(item);
  const refunded = isRefunded(item.status);
  return visibleStepKeys(item).map((key) => {
    const index = trackerStepKeys.indexOf(key);
    const state: TrackerStepState =
      index < standing ? 'done' : index === standing && !refunded ? 'current' : 'later';
    const action = state === 'current' ? actionFor(key, item) : null;
    return {
      key,
      ...(item.kind === 'reship' && key === 'prescription_received'
        ? reshipApprovedStep
        : trackerStepTexts[key]),
      state,
      urgent: state === 'current' && (action !== null || key === 'shipping_paused'),
      action,
    };
  });
}

/** The current step, if any. */
export function currentStep(steps: readonly TrackerStep[]): TrackerStep | null {
  return steps.find((s) => s.state === 'current') ?? null;
}

/** A note under the tracker for the statuses whose step does not say it all. */
export function trackerNote(status: OrderStatus): string | null {
  switch (status) {
    case 'appointment_required':
      return trackerTexts.appointmentNote;
    case 'payment_failed':
      return trackerTexts.paymentFailedNote;
    case 'denied':
      return trackerTexts.deniedNote;
    case 'withdrawn':
      return trackerTexts.withdrawnNote;
    case 'shipping_paused':
      return trackerTexts.pausedNote;
    default:
      return null;
  }
}

/** The order's invoice page (spec 002: /invoice/{paymentIntentId}), when it was paid by one. */
export function orderInvoiceHref(paymentIntentId: string | null): string | null {
  return paymentIntentId ? `/invoice/${encodeURIComponent(paymentIntentId)}` : null;
}

export interface CarrierLink {
  /** The carrier as shown: FedEx for FedEx, the provider's name otherwise (UPS when none). */
  carrier: string;
  trackingNumber: string;
  url: string;
}

/**
 * The carrier and its tracking page, once the order is shipped (or delivered) with a tracking
 * number: FedEx's page for FedEx (any case), UPS's otherwise (spec 002).
 */
export function carrierLink(
  item: Pick<ProgressItem, 'status' | 'tracking_number' | 'logistics_provider'>,
): CarrierLink | null {
  const number = item.tracking_number?.trim();
  if (!number || (item.status !== 'order_shipped' && item.status !== 'order_delivered'))
    return null;
  const provider = item.logistics_provider?.trim() ?? '';
  const fedex = provider.toLowerCase() === 'fedex';
  return {
    carrier: fedex ? 'FedEx' : provider || 'UPS',
    trackingNumber: number,
    url: trackingUrl(fedex ? 'FedEx' : provider, number),
  };
}

/** "2026-11-23" as "Monday, November 23" (the calendar day, whatever the browser's zone). */
export function formatProcessingDay(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The same-day line while the pharmacy has the order (status order_placed with its day). */
export function processingDayText(
  item: Pick<ProgressItem, 'status' | 'processing_day'>,
): string | null {
  if (item.status !== 'order_placed' || !item.processing_day) return null;
  return trackerTexts.processingOn(formatProcessingDay(item.processing_day));
}

/** Orders newest first (spec 002), by creation, then by the item's latest change. */
export function newestFirst<T extends Pick<ProgressItem, 'created_at' | 'updated_at'>>(
  items: readonly T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      Date.parse(b.created_at) - Date.parse(a.created_at) ||
      Date.parse(b.updated_at) - Date.parse(a.updated_at),
  );
}
