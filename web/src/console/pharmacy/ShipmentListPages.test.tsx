import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, submit, type, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until, where } from '../clinic/testing';
import { click, key, labelled, queueAnswer, shipment, shipmentView, viewAnswer } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const NOW = Date.parse('2026-11-24T12:30:00.000Z');

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('pharmacy'));
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

const rows = () => [...root().querySelectorAll<HTMLTableRowElement>('tbody tr')];
const cell = (row: Element, name: string) => row.querySelector(`.ph-row__${name}`)?.textContent;

const toPlace = [
  shipment({
    shipmentId: 3,
    patientName: 'Cara Later',
    readyAt: '2026-11-24T12:00:00.000Z',
    kind: 'reship',
    coldChain: false,
  }),
  shipment({ shipmentId: 1, patientName: 'Abe Oldest', readyAt: '2026-11-22T09:15:00.000Z' }),
  shipment({
    shipmentId: 2,
    patientName: 'Bea Middle',
    kind: 'refill',
    vials: 3,
    readyAt: '2026-11-24T07:10:00.000Z',
  }),
];

describe('orders to place', () => {
  it('lists the orders oldest first under the same-day cut-off, with their badges and wait', async () => {
    api.on('GET /api/console/pharmacy/shipments?filter=to-place', queueAnswer(toPlace));
    view = await openConsole('/console/orders-to-place', 'pharmacy');

    expect(root().querySelector('h1')?.textContent).toBe('Orders to place');
    expect(root().querySelector('[data-testid="cutoff"]')?.textContent).toBe(
      'Orders placed before 3 PM Pacific, Monday to Thursday, are processed the same day. Placed now: processed today (Tuesday, November 24).',
    );
    expect(rows().map((r) => r.querySelector('.ph-row__name')?.textContent)).toEqual([
      'Abe Oldest',
      'Bea Middle',
      'Cara Later',
    ]);
    const [abe, bea, cara] = [rows()[0]!, rows()[1]!, rows()[2]!];
    expect(cell(abe, 'when')).toBe('2 d 3 h');
    expect(cell(bea, 'when')).toBe('5 h 20 min');
    expect(cell(cara, 'when')).toBe('30 min');
    expect(abe.querySelector('.ph-cold')?.textContent).toBe('Cold chain · ships overnight');
    expect(abe.querySelector('.ph-kind')).toBeNull();
    expect(bea.querySelector('.ph-kind')?.textContent).toBe('Refill');
    expect(cell(bea, 'med')).toBe('Semaglutide injection3 vials');
    expect(cara.querySelector('.ph-kind')?.textContent).toBe('Reship');
    expect(cara.querySelector('.ph-cold')).toBeNull();
    expect(cell(abe, 'patient')).toBe('Abe OldestOrder #1012 · TX');
  });

  it('says the next processing day after the cut-off', async () => {
    api.on(
      'GET /api/console/pharmacy/shipments?filter=to-place',
      queueAnswer([], { processingDay: '2026-11-30', sameDay: false }),
    );
    view = await openConsole('/console/orders-to-place', 'pharmacy');
    expect(root().querySelector('[data-testid="cutoff"]')?.textContent).toContain(
      'Placed now: processed Monday, November 30.',
    );
    expect(root().textContent).toContain('Approved orders waiting to be placed will appear here.');
  });

  it('moves through the rows with the arrow keys and j / k, and opens one with Enter', async () => {
    api.on('GET /api/console/pharmacy/shipments?filter=to-place', queueAnswer(toPlace));
    api.on(
      'GET /api/console/pharmacy/shipments/2',
      viewAnswer(shipmentView({}, { shipmentId: 2, patientName: 'Bea Middle' })),
    );
    view = await openConsole('/console/orders-to-place', 'pharmacy');
    const first = rows()[0]!;
    expect(first.tabIndex).toBe(0);
    await key(document.body, 'j');
    expect(document.activeElement).toBe(first);
    await key(first, 'ArrowDown');
    expect(document.activeElement).toBe(rows()[1]);
    await key(rows()[1]!, 'j');
    expect(document.activeElement).toBe(rows()[2]);
    await key(rows()[2]!, 'j');
    expect(document.activeElement).toBe(rows()[2]);
    await key(rows()[2]!, 'k');
    await key(rows()[1]!, 'ArrowUp');
    expect(document.activeElement).toBe(rows()[0]);
    await key(rows()[0]!, 'ArrowDown');
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);

    await key(rows()[1]!, 'Enter');
    await until(view, () => root().querySelector('.cv-head') !== null);
    expect(where(view)).toBe('/console/orders-to-place/2');
    expect(root().querySelector('a.cv-back')?.textContent).toBe('← Orders to place');
    expect(root().querySelector('nav a[aria-current="page"]')?.textContent).toBe('Orders to place');
  });

  it("shows the server's message when the queue fails", async () => {
    api.on(
      'GET /api/console/pharmacy/shipments?filter=to-place',
      fail(403, 'This is for the pharmacy only.'),
    );
    view = await openConsole('/console/orders-to-place', 'pharmacy');
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'This is for the pharmacy only.',
    );
  });

  it('opens for an admin too', async () => {
    api.on('GET /api/console/me', meAnswer('admin'));
    api.on('GET /api/console/pharmacy/shipments?filter=to-place', queueAnswer(toPlace));
    view = await openConsole('/console/orders-to-place', 'admin');
    expect(rows()).toHaveLength(3);
  });
});

describe('shipments', () => {
  it('lists the placed ones first, and each tab with its carrier and tracking link', async () => {
    api.on(
      'GET /api/console/pharmacy/shipments?filter=placed',
      queueAnswer([shipment({ status: 'order_placed' })]),
    );
    api.on(
      'GET /api/console/pharmacy/shipments?filter=shipped',
      queueAnswer([
        shipment({
          shipmentId: 8,
          status: 'order_shipped',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        }),
        shipment({
          shipmentId: 9,
          status: 'order_shipped',
          carrier: 'FedEx',
          trackingNumber: '123456789012',
        }),
      ]),
    );
    api.on(
      'GET /api/console/pharmacy/shipments/8',
      viewAnswer(shipmentView({}, { shipmentId: 8, status: 'order_shipped' })),
    );
    view = await openConsole('/console/shipments', 'pharmacy');
    expect(root().querySelector('h1')?.textContent).toBe('Shipments');
    expect(rows()).toHaveLength(1);
    expect(cell(rows()[0]!, 'tags')).toContain('Placed');

    await click(buttonNamed(root(), 'Shipped'));
    await until(view, () => rows().length === 2);
    expect(where(view)).toBe('/console/shipments?filter=shipped');
    const links = rows().map((r) => r.querySelector<HTMLAnchorElement>('a.ph-tracking')!);
    expect(links.map((a) => a.href)).toEqual([
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    ]);
    expect(cell(rows()[0]!, 'when')).toBe('UPS 1Z999AA10123456784');

    await click(rows()[0]!);
    await until(view, () => root().querySelector('.cv-head') !== null);
    expect(where(view)).toBe('/console/shipments/8');
  });

  it('says when a tab is empty', async () => {
    api.on('GET /api/console/pharmacy/shipments?filter=paused', queueAnswer([]));
    view = await openConsole('/console/shipments?filter=paused', 'pharmacy');
    expect(root().textContent).toContain('No paused shipments');
  });
});

describe('finding an order by its number', () => {
  const FIND = 'GET /api/console/pharmacy/shipments?number=%231042';
  const search = async (typed: string) => {
    await type(labelled<HTMLInputElement>(root(), 'Find an order'), typed);
    await submit(root().querySelector<HTMLFormElement>('form[role="search"]')!);
    await until(view!, () => root().querySelector('[aria-busy="true"]') === null);
  };

  it('shows every shipment of the order however its number is typed, and all again after', async () => {
    api.on('GET /api/console/pharmacy/shipments?filter=placed', queueAnswer(toPlace));
    api.on(
      FIND,
      queueAnswer([
        shipment({
          shipmentId: 20,
          orderId: 1042,
          orderNumber: '#1042',
          status: 'order_delivered',
        }),
        shipment({
          shipmentId: 21,
          orderId: 1042,
          orderNumber: '#1042 (refill 1)',
          kind: 'refill',
          status: 'prescription_received',
        }),
      ]),
    );
    view = await openConsole('/console/shipments', 'pharmacy');
    expect(rows()).toHaveLength(3);

    await search('GLP-1042');
    expect(api.calls()).toContain(FIND);
    expect(where(view)).toBe('/console/shipments?number=GLP-1042');
    expect(root().querySelector('[role="status"]')?.textContent).toBe('Order #1042 · 2 shipments');
    expect(rows().map((r) => r.querySelector('.ph-row__sub')?.textContent)).toEqual([
      'Order #1042 · TX',
      'Order #1042 (refill 1) · TX',
    ]);
    expect(root().querySelector('[role="tablist"]')).toBeNull();
    await click(rows()[1]!);
    expect(where(view)).toBe('/console/shipments/21');
  });

  it('says so clearly when no shipment has the number, and refuses what is not a number', async () => {
    api.on('GET /api/console/pharmacy/shipments?filter=to-place', queueAnswer(toPlace));
    api.on(FIND, queueAnswer([]));
    view = await openConsole('/console/orders-to-place', 'pharmacy');

    await search('Abe Oldest');
    expect(root().querySelector('.co-field__error')?.textContent).toBe(
      'Enter an order number, like #1042.',
    );
    expect(api.calls().filter((c) => c.includes('number='))).toEqual([]);
    expect(rows()).toHaveLength(3);

    await search('1042');
    expect(root().querySelector('.console-empty__title')?.textContent).toBe(
      'No shipment for order #1042',
    );
    await click(buttonNamed(root(), 'Show all'));
    expect(where(view)).toBe('/console/orders-to-place');
    expect(rows()).toHaveLength(3);
  });
});
