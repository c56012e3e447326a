import { submittedValues, type ProgressItem } from '../api/portal';
import { orderStatuses, trackerStepKeys, type OrderStatus } from './order-statuses';
import {
  carrierLink,
  currentStep,
  newestFirst,
  orderInvoiceHref,
  orderStatusLabel,
  processingDayText,
  reshipOffer,
  reshipRequestText,
  reshipTexts,
  trackerNote,
  trackerSteps,
  trackerTexts,
  visibleStepKeys,
} from './order-tracker';

function item(status: OrderStatus, over: Partial<ProgressItem> = {}): ProgressItem {
  return {
    id: 41,
    status,
    product_id: 3,
    created_at: '2026-11-20T12:00:00.000Z',
    prescription_data: [],
    external_visit_id: null,
    provider: null,
    payment_intent_id: 'pi_41',
    tracking_number: null,
    logistics_provider: null,
    submitted: 0,
    item_id: 'order-41',
    kind: 'first',
    product_name: 'Tirzepatide',
    order_number: null,
    processing_day: null,
    shipped_at: null,
    delivered_at: null,
    updated_at: '2026-11-20T12:00:00.000Z',
    identity_video: null,
    appointment: null,
    reship_until: null,
    reship_request: null,
    doctor_note_at: null,
    ...over,
  };
}

/** "payment:done pending_approval:current ..." */
function states(it: ProgressItem): string {
  return trackerSteps(it)
    .map((s) => `${s.key}:${s.state}`)
    .join(' ');
}

const normal = trackerStepKeys.filter((k) => k !== 'shipping_paused');

/**
 * What each status shows: the current step (null: none), the step a refund stopped at, the
 * links, and the main label.
 */
const expected: Record<
  OrderStatus,
  {
    current: string | null;
    stopped?: string;
    done: number;
    href: string | null;
    label: string;
  }
> = {
  payment: { current: 'payment', done: 0, href: '/payment', label: 'Processing' },
  payment_failed: { current: 'payment', done: 0, href: '/payment', label: 'Processing' },
  pending_approval: {
    current: 'pending_approval',
    done: 1,
    href: '/medical-form/41',
    label: 'Needs Review',
  },
  appointment_required: {
    current: 'waiting_prescription',
    done: 2,
    href: null,
    label: 'Processing',
  },
  waiting_prescription: {
    current: 'waiting_prescription',
    done: 2,
    href: null,
    label: 'Processing',
  },
  prescription_received: {
    current: 'prescription_received',
    done: 3,
    href: null,
    label: 'Processing',
  },
  order_placed: { current: 'order_placed', done: 4, href: null, label: 'Processing' },
  shipping_paused: { current: 'shipping_paused', done: 4, href: null, label: 'Processing' },
  order_shipped: { current: 'order_shipped', done: 5, href: null, label: 'Processing' },
  order_delivered: { current: null, done: 7, href: null, label: 'complete' },
  denied: {
    current: null,
    stopped: 'waiting_prescription',
    done: 2,
    href: '/rejected/41',
    label: 'Refunded',
  },
  withdrawn: { current: null, stopped: 'pending_approval', done: 1, href: null, label: 'Refunded' },
};

describe('the tracker of each status (spec 002 section 4)', () => {
  it.each([...orderStatuses])('%s', (status) => {
    const want = expected[status];
    const steps = trackerSteps(item(status));
    expect(steps.filter((s) => s.state === 'done')).toHaveLength(want.done);
    expect(currentStep(steps)?.key ?? null).toBe(want.current);
    expect(steps.filter((s) => s.state === 'stopped').map((s) => s.key)).toEqual(
      want.stopped ? [want.stopped] : [],
    );
    // the done steps come first, then the current (or stopped) one, then the later ones
    const order = steps.map((s) => ['done', 'current', 'stopped', 'later'].indexOf(s.state));
    expect(order).toEqual([...order].sort());
    // only the step the order stands at has links
    const links = steps.filter((s) => s.actions.length > 0);
    expect(links.flatMap((s) => s.actions.map((a) => a.href))).toEqual(
      want.href ? [want.href] : [],
    );
    for (const link of links) expect(['current', 'stopped']).toContain(link.state);
    expect(orderStatusLabel(status)).toBe(want.label);
    // payment_failed never has a step of its own
    expect(steps.map((s) => s.key)).not.toContain('payment_failed');
  });

  it('shows the eight steps in the spec order, titled as the spec names them', () => {
    expect(trackerStepKeys).toEqual([
      'payment',
      'pending_approval',
      'waiting_prescription',
      'prescription_received',
      'order_placed',
      'shipping_paused',
      'order_shipped',
      'order_delivered',
    ]);
    const steps = trackerSteps(item('order_placed'));
    expect(steps.map((s) => s.title)).toEqual([
      'Payment',
      'Medical Questionnaire',
      'Final Doctor Approval',
      'Prescription Received',
      'Order Placed',
      'Order Shipped',
      'Order Delivered',
    ]);
    expect(steps[4]!.detail).toBe('Pharmacy fulfilling, 2-3 days except Sundays and holidays');
  });

  it('every step is done once delivered', () => {
    expect(states(item('order_delivered'))).toBe(normal.map((k) => `${k}:done`).join(' '));
  });
});

describe('shipping paused (spec 002: the paused step replaces Order Placed)', () => {
  it('shows the paused step, current and urgent, and hides Order Placed', () => {
    const steps = trackerSteps(item('shipping_paused'));
    expect(steps.map((s) => s.key)).toEqual([
      'payment',
      'pending_approval',
      'waiting_prescription',
      'prescription_received',
      'shipping_paused',
      'order_shipped',
      'order_delivered',
    ]);
    expect(currentStep(steps)).toMatchObject({ key: 'shipping_paused', urgent: true });
    expect(trackerNote(item('shipping_paused'))).toBe(trackerTexts.pausedNote);
  });

  it.each(orderStatuses.filter((s) => s !== 'shipping_paused'))(
    'hides the paused step and shows Order Placed when %s',
    (status) => {
      const keys = visibleStepKeys(item(status));
      expect(keys).not.toContain('shipping_paused');
      expect(keys).toContain('order_placed');
    },
  );
});

describe('the action links', () => {
  it('links the medical questionnaire only while it is not sent', () => {
    expect(currentStep(trackerSteps(item('pending_approval', { id: 7 })))!.actions).toEqual([
      { label: trackerTexts.formAction, href: '/medical-form/7' },
    ]);
    for (const submitted of [1, 4, 5])
      expect(currentStep(trackerSteps(item('pending_approval', { submitted })))!.actions).toEqual(
        [],
      );
  });

  it('offers the prescription first, then the spec’s adjust-doses link, when submitted is 4', () => {
    const at = (submitted: number) =>
      currentStep(trackerSteps(item('prescription_received', { id: 9, submitted })))!;
    expect(at(submittedValues.prescriptionPending).actions).toEqual([
      { label: 'Review your prescription', href: '/prescription/9' },
      { label: 'Review & Adjust Doses', href: '/adjust-doses/9' },
    ]);
    expect(at(submittedValues.prescriptionPending).urgent).toBe(true);
    expect(trackerNote(item('prescription_received', { submitted: 4 }))).toMatch(/12 hours/);
    for (const submitted of [0, 1, 5]) {
      expect(at(submitted).actions).toEqual([]);
      expect(at(submitted).urgent).toBe(false);
      expect(trackerNote(item('prescription_received', { submitted }))).toBeNull();
    }
    // a refill's check-in prescription is answered on the same pages
    expect(
      currentStep(
        trackerSteps(item('prescription_received', { id: 9, kind: 'refill', submitted: 4 })),
      )!.actions.map((a) => a.href),
    ).toEqual(['/prescription/9', '/adjust-doses/9']);
    // submitted 4 on another status gives no adjust link
    for (const status of orderStatuses.filter((s) => s !== 'prescription_received'))
      expect(
        trackerSteps(item(status, { submitted: 4 })).some((s) =>
          s.actions.some((a) => /^\/(adjust-doses|prescription)\//.test(a.href)),
        ),
      ).toBe(false);
  });

  it('links the payment page on a failed payment, with a note', () => {
    expect(currentStep(trackerSteps(item('payment_failed')))).toMatchObject({
      key: 'payment',
      urgent: true,
      actions: [{ href: '/payment' }],
    });
    expect(trackerNote(item('payment_failed'))).toBe(trackerTexts.paymentFailedNote);
  });

  it('says why an order waits for an appointment, and that a refunded one was refunded', () => {
    expect(trackerNote(item('appointment_required', { appointment: 'visit' }))).toBe(
      trackerTexts.appointmentNote,
    );
    expect(trackerNote(item('denied'))).toMatch(/refunded/);
    expect(trackerNote(item('withdrawn'))).toMatch(/refunded/);
    expect(trackerNote(item('order_shipped'))).toBeNull();
  });

  it('counts a withdrawn order’s questionnaire as done once it was sent', () => {
    expect(states(item('withdrawn', { submitted: 1 }))).toMatch(
      /^payment:done pending_approval:done waiting_prescription:stopped prescription_received:later/,
    );
    expect(states(item('withdrawn'))).toMatch(
      /^payment:done pending_approval:stopped waiting_prescription:later/,
    );
    const stopped = trackerSteps(item('withdrawn')).find((s) => s.state === 'stopped')!;
    expect(stopped).toMatchObject({ outcome: 'Withdrawn', actions: [], urgent: false });
  });
});

describe('a denied order (issue 26)', () => {
  it('shows the doctor’s step as decided, not approved, with the decision’s page', () => {
    const steps = trackerSteps(item('denied', { id: 12, submitted: 1 }));
    expect(steps.map((s) => `${s.key}:${s.state}`).slice(0, 4)).toEqual([
      'payment:done',
      'pending_approval:done',
      'waiting_prescription:stopped',
      'prescription_received:later',
    ]);
    const decided = steps.find((s) => s.key === 'waiting_prescription')!;
    expect(decided).toMatchObject({
      title: 'Final Doctor Approval',
      outcome: 'Not approved',
      urgent: false,
      actions: [{ label: "Read your doctor's decision", href: '/rejected/12' }],
    });
    expect(currentStep(steps)).toBeNull();
    expect(steps.filter((s) => s.outcome !== null)).toHaveLength(1);
  });
});

describe('the identity video (issue 26)', () => {
  const video = { label: 'Record your identity video', href: '/upload-video/30' };

  it('links the video page while the state’s video is missing after the questionnaire', () => {
    const waiting = item('pending_approval', { id: 30, submitted: 1, identity_video: 'missing' });
    expect(currentStep(trackerSteps(waiting))).toMatchObject({
      key: 'pending_approval',
      urgent: true,
      actions: [video],
    });
    expect(trackerNote(waiting)).toBe(trackerTexts.stateVideoNote);
    // before the questionnaire, the questionnaire comes first
    expect(
      currentStep(trackerSteps({ ...waiting, submitted: 0 }))!.actions.map((a) => a.href),
    ).toEqual(['/medical-form/30']);
    // once received, nothing more to do
    const received = item('waiting_prescription', { submitted: 1, identity_video: 'received' });
    expect(currentStep(trackerSteps(received))!.actions).toEqual([]);
    expect(trackerNote(received)).toBeNull();
  });

  it('says the doctor requires the video (not the visit text) and links it', () => {
    const asked = item('appointment_required', {
      id: 30,
      submitted: 1,
      appointment: 'video',
      identity_video: 'missing',
    });
    expect(currentStep(trackerSteps(asked))).toMatchObject({
      key: 'waiting_prescription',
      urgent: true,
      actions: [video],
    });
    expect(trackerNote(asked)).toBe(trackerTexts.doctorVideoNote);
    expect(trackerNote(asked)).not.toBe(trackerTexts.appointmentNote);
  });

  it('a visit: the visit text and nothing to click; a missed visit: a way to book again', () => {
    const visit = item('appointment_required', { submitted: 1, appointment: 'visit' });
    expect(currentStep(trackerSteps(visit))!.actions).toEqual([]);
    expect(trackerNote(visit)).toBe(trackerTexts.appointmentNote);
    const missed = item('appointment_required', { submitted: 1, appointment: 'visit-missed' });
    expect(currentStep(trackerSteps(missed))).toMatchObject({
      urgent: true,
      actions: [{ label: 'Book a new visit', href: '/meeting-missed' }],
    });
    expect(trackerNote(missed)).toBe(trackerTexts.meetingMissedNote);
  });
});

describe("the doctor's note (issue 26)", () => {
  const read = { label: "Read your doctor's message", href: '/home?tab=doctor-on-demand' };
  const wrote = { doctor_note_at: '2026-11-24T15:00:00.000Z', external_visit_id: 'E000000001' };

  it('a question: the card says the doctor wrote and opens Doctor on Demand', () => {
    const question = item('waiting_prescription', { submitted: 1, ...wrote });
    expect(currentStep(trackerSteps(question))).toMatchObject({
      key: 'waiting_prescription',
      urgent: true,
      actions: [read],
    });
    expect(trackerNote(question)).toBe(
      'Your doctor wrote to you. Please read their message and answer it in Doctor on Demand, so they can finish your review.',
    );
  });

  it('with the video or a visit, the ask comes first and the message after it', () => {
    const video = item('appointment_required', {
      id: 30,
      submitted: 1,
      appointment: 'video',
      identity_video: 'missing',
      ...wrote,
    });
    expect(currentStep(trackerSteps(video))!.actions).toEqual([
      { label: 'Record your identity video', href: '/upload-video/30' },
      read,
    ]);
    expect(trackerNote(video)).toBe(
      `${trackerTexts.doctorVideoNote} They wrote to you about it in Doctor on Demand.`,
    );
    const visit = item('appointment_required', { submitted: 1, appointment: 'visit', ...wrote });
    expect(currentStep(trackerSteps(visit))).toMatchObject({ urgent: true, actions: [read] });
    expect(trackerNote(visit)).toBe(
      `${trackerTexts.appointmentNote} ${trackerTexts.doctorAlsoWroteNote}`,
    );
  });

  it('says nothing of it without the visit (no Doctor on Demand tab yet) or once decided', () => {
    const noVisit = item('waiting_prescription', {
      submitted: 1,
      ...wrote,
      external_visit_id: null,
    });
    expect(currentStep(trackerSteps(noVisit))!.actions).toEqual([]);
    expect(trackerNote(noVisit)).toBeNull();
    for (const status of ['prescription_received', 'denied', 'order_placed'] as const) {
      const decided = item(status, { submitted: 4, ...wrote });
      expect(trackerSteps(decided).flatMap((s) => s.actions)).not.toContainEqual(read);
      expect(trackerNote(decided) ?? '').not.toContain('Doctor on Demand');
    }
  });
});

describe('the reship wizard on a delivered parcel (issue 26)', () => {
  const delivered = item('order_delivered', {
    delivered_at: '2026-11-20T12:00:00.000Z',
    reship_until: '2026-11-27T12:00:00.000Z',
  });
  const at = (iso: string) => new Date(iso);

  it('links /replacement-request while the 7-day window is open', () => {
    expect(reshipOffer(delivered, at('2026-11-21T09:00:00.000Z'))).toEqual({
      action: { label: 'Request a Replacement', href: '/replacement-request' },
      until: '2026-11-27T12:00:00.000Z',
    });
    expect(reshipOffer(delivered, at('2026-11-27T11:59:59.000Z'))).not.toBeNull();
    expect(reshipOffer(delivered, at('2026-11-27T12:00:00.000Z'))).toBeNull();
  });

  it('offers nothing before delivery, while a request waits, or with no window known', () => {
    const now = at('2026-11-21T09:00:00.000Z');
    expect(reshipOffer({ ...delivered, status: 'order_shipped' }, now)).toBeNull();
    expect(reshipOffer({ ...delivered, reship_request: 'waiting' }, now)).toBeNull();
    expect(reshipOffer({ ...delivered, reship_until: null }, now)).toBeNull();
    // approved: the replacement has its own card; refused: the patient may ask again
    expect(reshipOffer({ ...delivered, reship_request: 'approved' }, now)).toBeNull();
    expect(reshipOffer({ ...delivered, reship_request: 'refused' }, now)).not.toBeNull();
  });

  it('says where the latest request stands', () => {
    expect(reshipRequestText(delivered)).toBeNull();
    expect(reshipRequestText({ reship_request: 'waiting' })).toBe(reshipTexts.waiting);
    expect(reshipRequestText({ reship_request: 'refused' })).toBe(reshipTexts.refused);
    expect(reshipRequestText({ reship_request: 'approved' })).toBe(reshipTexts.approved);
  });
});

describe('refills and reships', () => {
  it('a refill has the whole tracker; a reship starts at its approval', () => {
    expect(visibleStepKeys(item('order_placed', { kind: 'refill' }))).toEqual(normal);
    expect(visibleStepKeys(item('order_shipped', { kind: 'reship' }))).toEqual([
      'prescription_received',
      'order_placed',
      'order_shipped',
      'order_delivered',
    ]);
    expect(states(item('order_shipped', { kind: 'reship' }))).toBe(
      'prescription_received:done order_placed:done order_shipped:current order_delivered:later',
    );
    const approved = trackerSteps(item('prescription_received', { kind: 'reship' }));
    expect(approved.map((s) => [s.title, s.state])).toEqual([
      ['Replacement Approved', 'current'],
      ['Order Placed', 'later'],
      ['Order Shipped', 'later'],
      ['Order Delivered', 'later'],
    ]);
  });
});

describe('links and lines', () => {
  it('links the invoice by payment intent', () => {
    expect(orderInvoiceHref('pi_41')).toBe('/invoice/pi_41');
    expect(orderInvoiceHref(null)).toBeNull();
  });

  it('links FedEx to FedEx and every other carrier to UPS, once shipped', () => {
    const shipped = (logistics_provider: string | null, status: OrderStatus = 'order_shipped') =>
      carrierLink(item(status, { tracking_number: '1234 5678 9012', logistics_provider }));
    expect(shipped('FedEx')).toEqual({
      carrier: 'FedEx',
      trackingNumber: '1234 5678 9012',
      url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(shipped('fedex')!.url).toMatch(/^https:\/\/www\.fedex\.com\//);
    expect(shipped('UPS')!.url).toBe('https://www.ups.com/track?tracknum=123456789012');
    expect(shipped(null)).toMatchObject({ carrier: 'UPS', url: expect.stringMatching(/ups\.com/) });
    expect(shipped('USPS')!.url).toMatch(/ups\.com/);
    expect(shipped('FedEx', 'order_delivered')).not.toBeNull();
    expect(shipped('FedEx', 'order_placed')).toBeNull();
    expect(carrierLink(item('order_shipped'))).toBeNull();
  });

  it('says the pharmacy’s processing day while the order is placed', () => {
    expect(processingDayText(item('order_placed', { processing_day: '2026-11-23' }))).toBe(
      'Processing at the pharmacy on Monday, November 23',
    );
    expect(processingDayText(item('order_placed'))).toBeNull();
    expect(processingDayText(item('order_shipped', { processing_day: '2026-11-23' }))).toBeNull();
  });

  it('sorts newest first', () => {
    const a = item('payment', { item_id: 'a', created_at: '2026-01-01T00:00:00.000Z' });
    const b = item('payment', { item_id: 'b', created_at: '2026-03-01T00:00:00.000Z' });
    const c = item('payment', { item_id: 'c', created_at: '2026-02-01T00:00:00.000Z' });
    expect(newestFirst([a, b, c]).map((i) => i.item_id)).toEqual(['b', 'c', 'a']);
  });
});
