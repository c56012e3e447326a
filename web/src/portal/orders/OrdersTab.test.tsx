import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { formatUsDate } from '@clinic/contracts';
import { setSession } from '../../session/session';
import { orderItemsQuery } from '../orderItemsApi';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { orderItemsAnswer, progressItem } from './fixtures';
import { OrdersTab, ordersTexts } from './OrdersTab';

let view: Rendered | undefined;
let fetchMock: FetchMock;
let answer: { status: number; body: unknown };

/** Lets the fetch mock answer, the query settle and React commit (timers included). */
async function settle() {
  for (let i = 0; i < 5; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <OrdersTab query={orderItemsQuery} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await settle();
  return view;
}

const cards = () => [...view!.container.querySelectorAll<HTMLElement>('article.order-card')];
const card = (itemId: string) =>
  view!.container.querySelector<HTMLElement>(`article.order-card[data-item-id="${itemId}"]`)!;
const steps = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>('li[data-step]')].map(
    (li) => `${li.dataset['step']}:${li.dataset['state']}`,
  );
const links = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLAnchorElement>('a.tracker__action')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);

beforeEach(() => {
  setSession(testSession({ token: 't' }));
  answer = { status: 200, body: orderItemsAnswer([]) };
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) => {
    if (String(input).split('?')[0] === '/api/order-items')
      return jsonResponse(answer.status, answer.body);
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('OrdersTab', () => {
  it('lists the orders newest first, each with its status, tracker and the links of its step', async () => {
    answer.body = orderItemsAnswer([
      progressItem({ id: 1, status: 'order_delivered', created_at: '2026-06-01T12:00:00.000Z' }),
      progressItem({
        id: 2,
        status: 'pending_approval',
        product_name: 'Semaglutide',
        created_at: '2026-11-20T12:00:00.000Z',
      }),
      progressItem({
        id: 3,
        status: 'prescription_received',
        submitted: 4,
        created_at: '2026-09-01T12:00:00.000Z',
        order_number: '#0003',
      }),
    ]);
    await show();

    expect(view!.container.querySelector('h2')?.textContent).toBe(
      'Order Tracking & Status Updates',
    );
    expect(cards().map((c) => c.dataset['itemId'])).toEqual(['order-2', 'order-3', 'order-1']);

    const review = card('order-2');
    expect(review.querySelector('h3')?.textContent).toBe('Semaglutide');
    expect(review.querySelector('.order-card__status')?.textContent).toBe('Needs Review');
    expect(review.querySelector('.order-card__meta')?.textContent).toContain('Order #0002');
    expect(review.querySelector('.order-card__meta')?.textContent).toContain('Nov 20, 2026');
    expect(steps(review)).toEqual([
      'payment:done',
      'pending_approval:current',
      'waiting_prescription:later',
      'prescription_received:later',
      'order_placed:later',
      'order_shipped:later',
      'order_delivered:later',
    ]);
    expect(links(review)).toEqual([['Complete Medical Questionnaire', '/medical-form/2']]);
    // accessible state of every step, the current one marked as such
    const current = review.querySelector('li[aria-current="step"]')!;
    expect(current.textContent).toContain('Medical Questionnaire: current step, action needed');
    expect(review.querySelector('li[data-step="payment"]')?.textContent).toBe('Payment: completed');
    expect(review.querySelector('li[data-step="order_delivered"]')?.textContent).toBe(
      'Order Delivered: not started yet',
    );
    // icons: a check for done, the urgent mark for the current step, open circles after it
    expect(review.querySelector('li[data-state="done"] .tracker__icon svg')).not.toBeNull();
    expect(review.querySelector('li[data-state="current"]')?.hasAttribute('data-urgent')).toBe(
      true,
    );
    expect(review.querySelector('li[data-state="later"] .tracker__icon svg')).toBeNull();

    const rx = card('order-3');
    expect(rx.querySelector('.order-card__meta')?.textContent).toContain('Order #0003');
    expect(rx.querySelector('.order-card__status')?.textContent).toBe('Processing');
    // the prescription to approve or decline first, then the spec's adjust-doses link
    expect(links(rx)).toEqual([
      ['Review your prescription', '/prescription/3'],
      ['Review & Adjust Doses', '/adjust-doses/3'],
    ]);

    const done = card('order-1');
    expect(done.querySelector('.order-card__status')?.textContent).toBe('complete');
    expect(links(done)).toEqual([]);
    expect(steps(done).every((s) => s.endsWith(':done'))).toBe(true);

    // the invoice of each
    expect(review.querySelector('a.order-card__invoice')?.getAttribute('href')).toBe(
      '/invoice/pi_2',
    );
    const call = fetchMock.mock.calls.find(([path]) => path === '/api/order-items');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer t');
  });

  it('shows no adjust-doses link before the prescription waits for the patient', async () => {
    answer.body = orderItemsAnswer([
      progressItem({ id: 5, status: 'prescription_received', submitted: 5 }),
      progressItem({ id: 6, status: 'pending_approval', submitted: 1 }),
    ]);
    await show();
    expect(links(card('order-5'))).toEqual([]);
    expect(links(card('order-6'))).toEqual([]);
    expect(card('order-6').querySelector('li[aria-current="step"]')?.textContent).toContain(
      'current step, in progress',
    );
  });

  it('shows the pharmacy’s processing day while placed', async () => {
    answer.body = orderItemsAnswer([
      progressItem({ id: 7, status: 'order_placed', processing_day: '2026-11-23' }),
    ]);
    await show();
    expect(card('order-7').textContent).toContain(
      'Processing at the pharmacy on Monday, November 23',
    );
    expect(card('order-7').querySelector('li[data-step="order_placed"]')?.textContent).toContain(
      'Pharmacy fulfilling, 2-3 days except Sundays and holidays',
    );
  });

  it('links the carrier’s tracking page once shipped: FedEx to FedEx, others to UPS', async () => {
    answer.body = orderItemsAnswer([
      progressItem({
        id: 8,
        status: 'order_shipped',
        tracking_number: '123456789012',
        logistics_provider: 'FedEx',
        created_at: '2026-11-02T12:00:00.000Z',
      }),
      progressItem({
        id: 9,
        status: 'order_shipped',
        tracking_number: '1Z999AA10123456784',
        logistics_provider: 'UPS',
        created_at: '2026-11-01T12:00:00.000Z',
      }),
    ]);
    await show();
    const fedex = card('order-8').querySelector<HTMLAnchorElement>('.order-card__carrier a')!;
    expect(card('order-8').querySelector('.order-card__carrier')?.textContent).toContain(
      'Shipped with FedEx',
    );
    expect(fedex.href).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(fedex.target).toBe('_blank');
    expect(card('order-9').querySelector<HTMLAnchorElement>('.order-card__carrier a')!.href).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
  });

  it('shows a paused order’s paused step instead of Order Placed', async () => {
    answer.body = orderItemsAnswer([progressItem({ id: 10, status: 'shipping_paused' })]);
    await show();
    const keys = steps(card('order-10'));
    expect(keys).toContain('shipping_paused:current');
    expect(keys.some((k) => k.startsWith('order_placed'))).toBe(false);
    expect(card('order-10').querySelector('.order-card__note')?.textContent).toMatch(/paused/);
  });

  it('shows refills and reships as their own cards, labelled as such', async () => {
    answer.body = orderItemsAnswer([
      progressItem({ id: 11, status: 'order_delivered', created_at: '2026-06-01T12:00:00.000Z' }),
      progressItem({
        id: 11,
        item_id: 'shipment-4',
        kind: 'refill',
        status: 'order_placed',
        created_at: '2026-07-01T12:00:00.000Z',
      }),
      progressItem({
        id: 11,
        item_id: 'shipment-5',
        kind: 'reship',
        status: 'order_shipped',
        payment_intent_id: null,
        created_at: '2026-08-01T12:00:00.000Z',
      }),
    ]);
    await show();
    expect(cards().map((c) => c.dataset['itemId'])).toEqual([
      'shipment-5',
      'shipment-4',
      'order-11',
    ]);
    expect(card('shipment-5').querySelector('.order-card__kind')?.textContent).toBe('Reship');
    expect(card('shipment-4').querySelector('.order-card__kind')?.textContent).toBe('Refill');
    expect(card('order-11').querySelector('.order-card__kind')).toBeNull();
    expect(steps(card('shipment-5'))).toEqual([
      'prescription_received:done',
      'order_placed:done',
      'order_shipped:current',
      'order_delivered:later',
    ]);
    expect(card('shipment-5').querySelector('a.order-card__invoice')).toBeNull();
  });

  it('names each order, refill and replacement by its one order number, the invoice link too', async () => {
    answer.body = orderItemsAnswer([
      // Paid, no shipment yet: the number the emails and the console already use.
      progressItem({ id: 42, order_number: null, created_at: '2026-06-01T12:00:00.000Z' }),
      progressItem({
        id: 1042,
        order_number: '#1042',
        status: 'order_delivered',
        created_at: '2026-07-01T12:00:00.000Z',
      }),
      progressItem({
        id: 1042,
        item_id: 'shipment-9',
        kind: 'refill',
        order_number: '#1042 (refill 2)',
        status: 'order_placed',
        created_at: '2026-08-01T12:00:00.000Z',
      }),
    ]);
    await show();
    const meta = (itemId: string) =>
      card(itemId).querySelector('.order-card__meta span')?.textContent;
    expect(meta('order-42')).toBe('Order #0042');
    expect(meta('order-1042')).toBe('Order #1042');
    expect(meta('shipment-9')).toBe('Order #1042 (refill 2)');
    expect(card('order-42').querySelector('a.order-card__invoice')?.textContent).toBe(
      `${ordersTexts.invoice} for order #0042`,
    );
    expect(view!.container.textContent).not.toMatch(/GLP-|#42\b/);
  });

  it('says a denied order was refunded: the doctor’s step not approved, with the decision', async () => {
    answer.body = orderItemsAnswer([progressItem({ id: 12, status: 'denied', submitted: 1 })]);
    await show();
    const denied = card('order-12');
    expect(denied.querySelector('.order-card__status')?.textContent).toBe('Refunded');
    expect(denied.querySelector('[aria-current]')).toBeNull();
    expect(denied.querySelector('.order-card__note')?.textContent).toMatch(/refunded/);
    const doctor = denied.querySelector<HTMLElement>('li[data-step="waiting_prescription"]')!;
    expect(doctor.dataset['state']).toBe('stopped');
    expect(doctor.textContent).toContain('Not approved');
    expect(doctor.textContent).not.toContain('not started yet');
    expect(links(denied)).toEqual([["Read your doctor's decision", '/rejected/12']]);
  });

  it('links the identity video while it is missing, and says who asks for it', async () => {
    answer.body = orderItemsAnswer([
      progressItem({
        id: 20,
        status: 'pending_approval',
        submitted: 1,
        identity_video: 'missing',
        created_at: '2026-11-02T12:00:00.000Z',
      }),
      progressItem({
        id: 21,
        status: 'appointment_required',
        submitted: 1,
        appointment: 'video',
        identity_video: 'missing',
        created_at: '2026-11-01T12:00:00.000Z',
      }),
      progressItem({
        id: 22,
        status: 'appointment_required',
        submitted: 1,
        appointment: 'visit-missed',
        created_at: '2026-10-01T12:00:00.000Z',
      }),
    ]);
    await show();
    const state = card('order-20');
    expect(links(state)).toEqual([['Record your identity video', '/upload-video/20']]);
    expect(state.querySelector('.order-card__note')?.textContent).toMatch(
      /Your state requires a short identity video/,
    );
    const doctor = card('order-21');
    expect(links(doctor)).toEqual([['Record your identity video', '/upload-video/21']]);
    const note = doctor.querySelector('.order-card__note')?.textContent;
    expect(note).toMatch(/Your doctor needs a short identity video/);
    expect(note).not.toMatch(/appointment/);
    expect(links(card('order-22'))).toEqual([['Book a new visit', '/meeting-missed']]);
  });

  it('says the doctor wrote to the patient and opens Doctor on Demand to read and answer it', async () => {
    const wrote = { doctor_note_at: '2026-11-24T15:00:00.000Z', external_visit_id: 'E000000031' };
    answer.body = orderItemsAnswer([
      progressItem({ id: 30, status: 'waiting_prescription', submitted: 1, ...wrote }),
      progressItem({
        id: 31,
        status: 'appointment_required',
        submitted: 1,
        appointment: 'visit',
        created_at: '2026-11-01T12:00:00.000Z',
        ...wrote,
      }),
    ]);
    await show();
    const question = card('order-30');
    expect(question.querySelector('.order-card__note')?.textContent).toBe(
      'Your doctor wrote to you. Please read their message and answer it in Doctor on Demand, so they can finish your review.',
    );
    expect(links(question)).toEqual([["Read your doctor's message", '/home?tab=doctor-on-demand']]);
    const visit = card('order-31');
    expect(visit.querySelector('.order-card__note')?.textContent).toMatch(
      /set up a short appointment\. They wrote to you about it in Doctor on Demand\.$/,
    );
    expect(links(visit)).toEqual([["Read your doctor's message", '/home?tab=doctor-on-demand']]);
  });

  it('links the reship wizard while a delivered parcel’s 7-day window is open', async () => {
    const day = 24 * 60 * 60 * 1000;
    const soon = new Date(Date.now() + 3 * day).toISOString();
    const past = new Date(Date.now() - day).toISOString();
    answer.body = orderItemsAnswer([
      progressItem({
        id: 30,
        status: 'order_delivered',
        reship_until: soon,
        created_at: '2026-11-03T12:00:00.000Z',
      }),
      progressItem({
        id: 31,
        status: 'order_delivered',
        reship_until: past,
        created_at: '2026-11-02T12:00:00.000Z',
      }),
      progressItem({
        id: 32,
        status: 'order_delivered',
        reship_until: soon,
        reship_request: 'waiting',
        created_at: '2026-11-01T12:00:00.000Z',
      }),
    ]);
    await show();
    const open = card('order-30').querySelector<HTMLAnchorElement>('a.order-card__reship')!;
    expect(open.textContent).toBe('Request a Replacement');
    expect(open.getAttribute('href')).toBe('/replacement-request');
    expect(card('order-30').textContent).toContain(
      `You can ask for a replacement until ${formatUsDate(soon)}.`,
    );
    expect(card('order-31').querySelector('a.order-card__reship')).toBeNull();
    expect(card('order-32').querySelector('a.order-card__reship')).toBeNull();
    expect(card('order-32').textContent).toContain('Your replacement request is being reviewed.');
  });

  it('says so when there are no orders', async () => {
    await show();
    expect(cards()).toHaveLength(0);
    expect(view!.container.textContent).toContain(ordersTexts.empty);
  });

  it('offers to try again when the list cannot be read', async () => {
    answer = { status: 503, body: { status: 'error', message: 'Try later.' } };
    await show();
    expect(view!.container.querySelector('[role="alert"]')?.textContent).toContain(
      ordersTexts.loadFailed,
    );
    answer = { status: 200, body: orderItemsAnswer([progressItem({ id: 13 })]) };
    const retry = [...view!.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    )!;
    await act(async () => retry.click());
    await settle();
    expect(cards()).toHaveLength(1);
  });
});
