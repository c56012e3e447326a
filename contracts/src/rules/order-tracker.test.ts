import { orderStatuses, submittedValues, type OrderStatus, type ProgressItem } from '../api/portal';
import {
  carrierLink,
  currentStep,
  newestFirst,
  orderInvoiceHref,
  orderStatusLabel,
  processingDayText,
  trackerNote,
  trackerStepKeys,
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

/** What each status shows: the current step (null: none), its link, and the main label. */
const expected: Record<
  OrderStatus,
  { current: string | null; done: number; href: string | null; label: string }
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
  denied: { current: null, done: 2, href: null, label: 'Refunded' },
  withdrawn: { current: null, done: 1, href: null, label: 'Refunded' },
};

describe('the tracker of each status (spec 002 section 4)', () => {
  it.each([...orderStatuses])('%s', (status) => {
    const want = expected[status];
    const steps = trackerSteps(item(status));
    expect(steps.filter((s) => s.state === 'done')).toHaveLength(want.done);
    expect(currentStep(steps)?.key ?? null).toBe(want.current);
    // the done steps come first, then the current one, then the later ones
    const order = steps.map((s) => ['done', 'current', 'later'].indexOf(s.state));
    expect(order).toEqual([...order].sort());
    // only the current step has a link
    const links = steps.filter((s) => s.action);
    expect(links.map((s) => s.action!.href)).toEqual(want.href ? [want.href] : []);
    for (const link of links) expect(link.state).toBe('current');
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
    expect(trackerNote('shipping_paused')).toBe(trackerTexts.pausedNote);
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
    expect(currentStep(trackerSteps(item('pending_approval', { id: 7 })))!.action).toEqual({
      label: trackerTexts.formAction,
      href: '/medical-form/7',
    });
    for (const submitted of [1, 4, 5])
      expect(currentStep(trackerSteps(item('pending_approval', { submitted })))!.action).toBe(null);
  });

  it('links adjust-doses on Prescription Received only when submitted is 4', () => {
    const at = (submitted: number) =>
      currentStep(trackerSteps(item('prescription_received', { id: 9, submitted })))!;
    expect(at(submittedValues.prescriptionPending).action).toEqual({
      label: trackerTexts.adjustAction,
      href: '/adjust-doses/9',
    });
    expect(at(submittedValues.prescriptionPending).urgent).toBe(true);
    for (const submitted of [0, 1, 5]) {
      expect(at(submitted).action).toBeNull();
      expect(at(submitted).urgent).toBe(false);
    }
    // submitted 4 on another status gives no adjust link
    for (const status of orderStatuses.filter((s) => s !== 'prescription_received'))
      expect(
        trackerSteps(item(status, { submitted: 4 })).some((s) =>
          s.action?.href.startsWith('/adjust-doses'),
        ),
      ).toBe(false);
  });

  it('links the payment page on a failed payment, with a note', () => {
    expect(currentStep(trackerSteps(item('payment_failed')))).toMatchObject({
      key: 'payment',
      urgent: true,
      action: { href: '/payment' },
    });
    expect(trackerNote('payment_failed')).toBe(trackerTexts.paymentFailedNote);
  });

  it('says why an order waits for an appointment, and that a refunded one was refunded', () => {
    expect(trackerNote('appointment_required')).toBe(trackerTexts.appointmentNote);
    expect(trackerNote('denied')).toMatch(/refunded/);
    expect(trackerNote('withdrawn')).toMatch(/refunded/);
    expect(trackerNote('order_shipped')).toBeNull();
  });

  it('counts a withdrawn order’s questionnaire as done once it was sent', () => {
    expect(states(item('withdrawn', { submitted: 1 }))).toMatch(
      /^payment:done pending_approval:done waiting_prescription:later/,
    );
    expect(states(item('withdrawn'))).toMatch(/^payment:done pending_approval:later/);
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
