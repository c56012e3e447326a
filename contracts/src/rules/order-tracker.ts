/**
 * The Order tracking tab's rules (spec 002 section 2, "Order tracking tab", and section 4, "Order
 * statuses and tracker"), shared by the portal and the server: the tracker's steps in order,
 * which of them show for an order, where the order stands on them, the one action link of the
 * current step, the main status label, the invoice and carrier links.
 *
 * Decisions the spec leaves open (issue 17):
 * - `payment_failed` has no step of its own (the spec hides it): the order stands at Payment
 *   again, with its link to /payment.
 * - `appointment_required` means the clinician wants more before approving: the questionnaire is
 *   done and the order stands at Final Doctor Approval, with a note saying what is asked (the
 *   identity video, a visit, a new visit after a missed one).
 * - `denied` and `withdrawn` (ours: the two ends of a refund) have no current step: the step the
 *   order ended at is 'stopped' and says how ('Not approved', 'Withdrawn'), the steps before it
 *   stay done, the rest stay to come, a note says it was refunded, and the main label says
 *   'Refunded' (the spec's 'Processing' would tell the patient something untrue).
 * - `order_delivered` is the end: every shown step is done and none is current.
 * - A reship (a replacement) is neither paid for nor reviewed: its tracker starts at Order Placed.
 *
 * Every next step is on the card (issue 26), never only in an email: the form, the identity
 * video while it is missing, the prescription to approve or decline (then the spec's adjust-doses
 * link), a new visit after a missed one, the doctor's decision on a denied order, and the reship
 * wizard while the 7-day window of a delivered parcel is open; and, while the order waits at the
 * doctor's step, the note the doctor wrote to the patient, read and answered in Doctor on Demand.
 */
import type { ProgressItem, submittedValues } from '../api/portal';
import { trackerStepKeys, type OrderStatus, type TrackerStepKey } from './order-statuses';
import { trackingUrl } from './shipping';

// `submittedValues` of api/portal.ts, held to them by their types: these rules import no value
// from the route file, so a browser chunk that reads them does not take the route's schemas.
const notSubmitted: (typeof submittedValues)['notSubmitted'] = 0;
const prescriptionPending: (typeof submittedValues)['prescriptionPending'] = 4;

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

/** 'stopped': the step a refunded order ended at (its `outcome` says how). */
export type TrackerStepState = 'done' | 'current' | 'stopped' | 'later';

export interface TrackerAction {
  label: string;
  href: string;
}

export interface TrackerStep {
  key: TrackerStepKey;
  title: string;
  detail?: string;
  state: TrackerStepState;
  /** How a stopped step ended ('Not approved', 'Withdrawn'); null otherwise. */
  outcome: string | null;
  /** The current step waits for the patient (pay, answer, review) or is held: an urgent icon. */
  urgent: boolean;
  /**
   * Only on the step the order stands at (current or stopped), and only when the patient has
   * something to do there or to read; the first is the main one.
   */
  actions: TrackerAction[];
}

/** The portal's Doctor on Demand tab, where the patient reads and answers their doctor. */
export const doctorTabPath = '/home?tab=doctor-on-demand';

export const trackerTexts = {
  payAction: 'Complete Payment',
  formAction: 'Complete Medical Questionnaire',
  adjustAction: 'Review & Adjust Doses',
  prescriptionAction: 'Review your prescription',
  videoAction: 'Record your identity video',
  meetingMissedAction: 'Book a new visit',
  rejectedAction: "Read your doctor's decision",
  doctorMessageAction: "Read your doctor's message",
  reshipAction: 'Request a Replacement',
  notApproved: 'Not approved',
  withdrawn: 'Withdrawn',
  appointmentNote:
    'Your doctor would like to speak with you before approving your prescription. We will contact you to set up a short appointment.',
  stateVideoNote:
    'Your state requires a short identity video before your doctor can review your assessment. It takes about a minute.',
  doctorVideoNote:
    'Your doctor needs a short identity video from you before approving your prescription. It takes about a minute.',
  meetingMissedNote:
    'You missed your visit with your doctor. Please book a new time so your doctor can finish your review.',
  prescriptionNote:
    "Your prescription is ready. Please approve it, or tell your doctor what you would like changed. If we don't hear from you within 12 hours, your order will be shipped as written.",
  doctorWroteNote:
    'Your doctor wrote to you. Please read their message and answer it in Doctor on Demand, so they can finish your review.',
  doctorAlsoWroteNote: 'They wrote to you about it in Doctor on Demand.',
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

type TrackedItem = Pick<
  ProgressItem,
  | 'id'
  | 'status'
  | 'submitted'
  | 'kind'
  | 'identity_video'
  | 'appointment'
  | 'doctor_note_at'
  | 'external_visit_id'
>;

/**
 * Whether the doctor wrote to the patient while the order waits at their step: the note is in
 * Doctor on Demand, which the order's visit opened (the tab exists with the health id the same
 * claim gave), so the card can send the patient there.
 */
export function doctorWrote(
  item: Pick<ProgressItem, 'status' | 'doctor_note_at' | 'external_visit_id'>,
): boolean {
  if (!item.doctor_note_at || !item.external_visit_id) return false;
  return item.status === 'waiting_prescription' || item.status === 'appointment_required';
}

/** Whether the order waits for the patient's identity video (the state's or the doctor's ask). */
export function awaitsIdentityVideo(
  item: Pick<ProgressItem, 'status' | 'submitted' | 'identity_video' | 'appointment'>,
): boolean {
  if (item.identity_video !== 'missing') return false;
  if (item.status === 'pending_approval') return item.submitted !== notSubmitted;
  return item.status === 'appointment_required' && item.appointment === 'video';
}

/** What the patient can do at the step the order stands at. */
function actionsFor(key: TrackerStepKey, item: TrackedItem): TrackerAction[] {
  const id = encodeURIComponent(String(item.id));
  // A refunded order's only page is the doctor's decision (a withdrawal has none).
  if (isRefunded(item.status))
    return item.status === 'denied'
      ? [{ label: trackerTexts.rejectedAction, href: `/rejected/${id}` }]
      : [];
  if (key === 'payment') return [{ label: trackerTexts.payAction, href: '/payment' }];
  if (awaitsIdentityVideo(item))
    return [{ label: trackerTexts.videoAction, href: `/upload-video/${id}` }];
  if (key === 'pending_approval' && item.submitted === notSubmitted)
    return [{ label: trackerTexts.formAction, href: `/medical-form/${id}` }];
  if (item.status === 'appointment_required' && item.appointment === 'visit-missed')
    return [{ label: trackerTexts.meetingMissedAction, href: '/meeting-missed' }];
  if (key === 'prescription_received' && item.submitted === prescriptionPending)
    return [
      { label: trackerTexts.prescriptionAction, href: `/prescription/${id}` },
      { label: trackerTexts.adjustAction, href: `/adjust-doses/${id}` },
    ];
  return [];
}

/** A replacement's first step: the pharmacy approved the request. */
const reshipApprovedStep = { title: 'Replacement Approved' };

/** The order's tracker: its shown steps, each done, current, stopped or later, and the links. */
export function trackerSteps(item: TrackedItem): TrackerStep[] {
  const standing = standingIndex(item);
  const refunded = isRefunded(item.status);
  return visibleStepKeys(item).map((key) => {
    const index = trackerStepKeys.indexOf(key);
    const state: TrackerStepState =
      index < standing ? 'done' : index === standing ? (refunded ? 'stopped' : 'current') : 'later';
    const actions = state === 'current' || state === 'stopped' ? actionsFor(key, item) : [];
    if (state === 'current' && key === 'waiting_prescription' && doctorWrote(item))
      actions.push({ label: trackerTexts.doctorMessageAction, href: doctorTabPath });
    return {
      key,
      ...(item.kind === 'reship' && key === 'prescription_received'
        ? reshipApprovedStep
        : trackerStepTexts[key]),
      state,
      outcome:
        state !== 'stopped'
          ? null
          : item.status === 'denied'
            ? trackerTexts.notApproved
            : trackerTexts.withdrawn,
      urgent: state === 'current' && (actions.length > 0 || key === 'shipping_paused'),
      actions,
    };
  });
}

/** The current step, if any. */
export function currentStep(steps: readonly TrackerStep[]): TrackerStep | null {
  return steps.find((s) => s.state === 'current') ?? null;
}

/**
 * A note under the tracker where the steps do not say it all, and that the doctor wrote to the
 * patient when they did.
 */
export function trackerNote(
  item: Pick<
    ProgressItem,
    | 'status'
    | 'submitted'
    | 'identity_video'
    | 'appointment'
    | 'doctor_note_at'
    | 'external_visit_id'
  >,
): string | null {
  const note = stepNote(item);
  if (!doctorWrote(item)) return note;
  return note ? `${note} ${trackerTexts.doctorAlsoWroteNote}` : trackerTexts.doctorWroteNote;
}

function stepNote(
  item: Pick<ProgressItem, 'status' | 'submitted' | 'identity_video' | 'appointment'>,
): string | null {
  if (awaitsIdentityVideo(item))
    return item.status === 'pending_approval'
      ? trackerTexts.stateVideoNote
      : trackerTexts.doctorVideoNote;
  switch (item.status) {
    case 'appointment_required':
      return item.appointment === 'visit-missed'
        ? trackerTexts.meetingMissedNote
        : trackerTexts.appointmentNote;
    case 'prescription_received':
      return item.submitted === prescriptionPending ? trackerTexts.prescriptionNote : null;
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

export interface ReshipOffer {
  action: TrackerAction;
  /** The last moment a request is taken (7 days after delivery). */
  until: string;
}

/**
 * The reship wizard's link on a delivered parcel while its 7-day window is open at `now`, unless
 * a request of it waits for the pharmacy (fulfilment takes one open request per parcel) or was
 * approved (the replacement is followed on its own card, and offers its own window once
 * delivered). A refused request leaves the link: the patient may ask again with better evidence.
 */
export function reshipOffer(
  item: Pick<ProgressItem, 'status' | 'reship_until' | 'reship_request'>,
  now: Date,
): ReshipOffer | null {
  if (item.status !== 'order_delivered' || !item.reship_until) return null;
  if (item.reship_request === 'waiting' || item.reship_request === 'approved') return null;
  if (Date.parse(item.reship_until) <= now.getTime()) return null;
  return {
    action: { label: trackerTexts.reshipAction, href: '/replacement-request' },
    until: item.reship_until,
  };
}

export const reshipTexts = {
  offer: (until: string) =>
    `Something missing or damaged? You can ask for a replacement until ${until}.`,
  waiting: 'Your replacement request is being reviewed. We will email you once it is decided.',
  approved: 'Your replacement was approved: it appears as its own order in this list.',
  refused: 'Your replacement request was not approved. We emailed you the reason.',
} as const;

/** What the card says of the parcel's latest replacement request, if any. */
export function reshipRequestText(item: Pick<ProgressItem, 'reship_request'>): string | null {
  return item.reship_request ? reshipTexts[item.reship_request] : null;
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
