import { act, type createElement as CreateElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setSession } from '../../session/session';
import { orderItemsQuery } from '../orderItemsApi';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { orderItemsAnswer, progressItem, rxEntry } from '../orders/fixtures';
import { doseEntry } from '../care/fixtures';
import { DosageTab } from './DosageTab';

// The chart library draws on a canvas jsdom lacks: the lazy chart is a stub that shows its points.
jest.mock('./WeightChart', () => {
  const { createElement } = jest.requireActual<{ createElement: typeof CreateElement }>('react');
  const Stub = ({ weights }: { weights: { pounds: number }[] }) =>
    createElement('div', {
      className: 'weight-chart-stub',
      'data-points': weights.map((w) => w.pounds).join(','),
    });
  return { __esModule: true, default: Stub, WeightChart: Stub };
});

let view: Rendered | undefined;
let fetchMock: FetchMock;
let body: unknown;
let weights: { status: number; body: unknown };
/** What GET /api/care/doses answers. */
let doses: { status: number; body: unknown };

async function settle() {
  for (let i = 0; i < 5; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <DosageTab query={orderItemsQuery} />
    </QueryClientProvider>,
  );
  await settle();
  return view;
}

const tabs = () => [...view!.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const panel = () => view!.container.querySelector<HTMLElement>('[role="tabpanel"]')!;
const months = () =>
  [...panel().querySelectorAll('.dosage-months__row')].map((li) =>
    [
      li.querySelector('.dosage-months__month')?.textContent,
      li.querySelector('.dosage-months__mg')?.textContent,
      li.querySelector('.dosage-months__label')?.textContent,
    ].join(' | '),
  );

const semaglutide = progressItem({
  id: 20,
  product_name: 'Semaglutide',
  status: 'order_shipped',
  created_at: '2026-03-05T12:00:00.000Z',
  prescription_data: [
    rxEntry('Semaglutide S1-S5', 0.5, 2, 'Inject 0.5 mg under the skin once a week.'),
    rxEntry('Semaglutide S1-S5', 0.25, 1, 'Inject 0.25 mg under the skin once a week.'),
    rxEntry('Semaglutide S1-S5', 1, 3, 'Inject 1 mg under the skin once a week.'),
    rxEntry('Ondansetron 4mg ODT', null, null, 'Dissolve one tablet on the tongue for nausea.'),
  ],
});
const tirzepatide = progressItem({
  id: 21,
  status: 'prescription_received',
  created_at: '2026-11-20T12:00:00.000Z',
  prescription_data: [
    rxEntry('Tirzepatide T1-T6', 2.5, 1, 'Inject 2.5 mg once a week.'),
    rxEntry('Tirzepatide T1-T6', 5, 2, 'Inject 5 mg once a week.'),
  ],
});

beforeEach(() => {
  setSession(testSession({ token: 't' }));
  body = orderItemsAnswer([]);
  weights = { status: 200, body: { weights: [] } };
  doses = { status: 200, body: { doses: [] } };
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0];
    if (path === '/api/order-items') return jsonResponse(200, body);
    if (path === '/api/weight-history') return jsonResponse(weights.status, weights.body);
    if (path === '/api/care/doses') return jsonResponse(doses.status, doses.body);
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('DosageTab', () => {
  it('describes the supply as the pharmacy does: the prescription\'s vials, 3 every 90 days, not "6 vials × 3"', async () => {
    const name = 'Compounded Semaglutide injection, 6 vials';
    body = orderItemsAnswer([
      progressItem({
        id: 30,
        created_at: '2026-03-05T12:00:00.000Z',
        prescription_data: [
          rxEntry(name, 0.25, 1, 'Inject once a week.'),
          rxEntry(name, 0.5, 2, 'Inject once a week.'),
          rxEntry(name, 1, 3, 'Inject once a week.'),
        ],
      }),
    ]);
    await show();
    const medication = [
      ...panel().querySelectorAll('.dosage-supply:not(.dosage-supply--supporting) li'),
    ].map((li) => [...li.children].map((c) => c.textContent));
    expect(medication).toEqual([['Compounded Semaglutide injection', '6 vials: 3 every 90 days']]);
    expect(panel().textContent).not.toContain('\u00d7');
    expect([...panel().querySelectorAll('.dosage-months__name')].map((n) => n.textContent)).toEqual(
      [
        'Compounded Semaglutide injection',
        'Compounded Semaglutide injection',
        'Compounded Semaglutide injection',
      ],
    );
  });

  it("has one sub-tab per order with a prescription, named 'Drug (date)', newest first", async () => {
    body = orderItemsAnswer([semaglutide, progressItem({ id: 22 }), tirzepatide]);
    await show();
    expect(tabs().map((t) => t.textContent)).toEqual([
      'Tirzepatide (Nov 20, 2026)',
      'Semaglutide (Mar 5, 2026)',
    ]);
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs()[0]!.id);
    expect(months()).toEqual(['Month 1 | 2.5 mg | strength T1', 'Month 2 | 5 mg | strength T2']);
  });

  it('shows the months by strength with S labels, the supply apart from the medication, and directions', async () => {
    body = orderItemsAnswer([semaglutide]);
    await show();
    expect(months()).toEqual([
      'Month 1 | 0.25 mg | strength S1',
      'Month 2 | 0.5 mg | strength S2',
      'Month 3 | 1 mg | strength S3',
    ]);
    // the size tokens are gone from the names
    expect(panel().querySelector('.dosage-months__name')?.textContent).toBe('Semaglutide');
    const medication = [
      ...panel().querySelectorAll('.dosage-supply:not(.dosage-supply--supporting) li'),
    ];
    // Three months of strengths are one medication, not "× 3".
    expect(medication.map((li) => li.textContent)).toEqual(['Semaglutide']);
    const supporting = [...panel().querySelectorAll('.dosage-supply--supporting li')];
    expect(supporting.map((li) => li.textContent)).toEqual(['Ondansetron 4mg ODT']);
    // ondansetron is no month of the progression
    expect(panel().querySelector('.dosage-months')?.textContent).not.toContain('Ondansetron');
    const directions = [...panel().querySelectorAll('.dosage-directions dd')].map(
      (dd) => dd.textContent,
    );
    expect(directions).toContain('Inject 0.25 mg under the skin once a week.');
    expect(directions).toContain('Dissolve one tablet on the tongue for nausea.');
  });

  it('switches sub-tabs by click and by arrow keys', async () => {
    body = orderItemsAnswer([semaglutide, tirzepatide]);
    await show();
    await act(async () => tabs()[1]!.click());
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs()[1]!.id);
    expect(months()[0]).toBe('Month 1 | 0.25 mg | strength S1');

    await act(async () =>
      tabs()[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })),
    );
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs()[0]);
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1]);
  });

  it("says 'No prescription found' when no order has one", async () => {
    body = orderItemsAnswer([progressItem({ id: 23 })]);
    await show();
    expect(tabs()).toHaveLength(0);
    expect(view!.container.textContent).toContain('No prescription found');
  });
});

describe('DosageTab: Your progress', () => {
  const progress = () => view!.container.querySelector<HTMLElement>('.progress')!;
  const weight = (at: string, pounds: number, source = 'refill') => ({ at, pounds, source });

  it('charts the reported weights with the starting and latest weight, the change, and the numbers as text', async () => {
    body = orderItemsAnswer([tirzepatide]);
    weights = {
      status: 200,
      body: {
        weights: [
          weight('2026-08-01T12:00:00.000Z', 212, 'intake'),
          weight('2026-08-02T12:00:00.000Z', 209, 'assessment'),
          weight('2026-09-01T12:00:00.000Z', 204),
          weight('2026-10-01T12:00:00.000Z', 200),
        ],
      },
    };
    await show();
    expect(progress().querySelector('h3')?.textContent).toBe('Your progress');
    const figures = [...progress().querySelectorAll('.progress-figures div')].map(
      (d) => d.textContent,
    );
    expect(figures).toEqual(['Starting weight212 lb', 'Latest weight200 lb']);
    expect(progress().querySelector('.progress-change')?.textContent).toBe(
      '\u221212 lb since you started',
    );
    // the chart (loaded lazily) gets every weight, oldest first
    expect(progress().querySelector('.weight-chart-stub')?.getAttribute('data-points')).toBe(
      '212,209,204,200',
    );
    // its text alternative: a sentence and a table of the numbers
    expect(progress().querySelector('figcaption')?.textContent).toBe(
      '4 weights reported: 212 lb on Aug 1, 2026, latest 200 lb on Oct 1, 2026, \u221212 lb since you started.',
    );
    const rows = [...progress().querySelectorAll('.progress-table tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | '),
    );
    expect(rows).toEqual([
      'Aug 1, 2026 | 212 | Intake quiz',
      'Aug 2, 2026 | 209 | Medical assessment',
      'Sep 1, 2026 | 204 | Refill check-in',
      'Oct 1, 2026 | 200 | Refill check-in',
    ]);
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input) === '/api/weight-history'),
    ).toHaveLength(1);
  });

  it('shows a friendly note instead of an empty chart with fewer than two weights', async () => {
    body = orderItemsAnswer([tirzepatide]);
    weights = {
      status: 200,
      body: { weights: [weight('2026-08-01T12:00:00.000Z', 212, 'intake')] },
    };
    await show();
    expect(progress().querySelector('.weight-chart-stub')).toBeNull();
    expect(progress().querySelector('.progress-table')).toBeNull();
    expect(progress().textContent).toContain('Starting weight212 lb');
    expect(progress().textContent).toContain(
      'Your weight chart appears once you have reported your weight twice.',
    );

    await view!.unmount();
    weights = { status: 200, body: { weights: [] } };
    await show();
    expect(progress().querySelector('.weight-chart-stub')).toBeNull();
    expect(progress().querySelector('.progress-figures')).toBeNull();
    expect(progress().textContent).toContain('Your weight chart appears once');
  });

  it("shows the selected prescription's strength month by month and its order's shipments", async () => {
    const firstShipment = { ...tirzepatide, status: 'order_delivered' as const };
    firstShipment.shipped_at = '2026-11-21T12:00:00.000Z';
    firstShipment.delivered_at = '2026-11-24T12:00:00.000Z';
    const refill = progressItem({
      id: 21,
      item_id: 'shipment-9',
      kind: 'refill',
      status: 'order_shipped',
      created_at: '2026-12-18T12:00:00.000Z',
      shipped_at: '2026-12-19T12:00:00.000Z',
      prescription_data: tirzepatide.prescription_data,
    });
    const otherOrder = { ...semaglutide, shipped_at: '2026-03-10T12:00:00.000Z' };
    body = orderItemsAnswer([otherOrder, refill, firstShipment]);
    await show();
    const steps = [...progress().querySelectorAll('.dose-timeline__step')].map((li) =>
      [
        li.querySelector('.dose-timeline__month')?.textContent,
        li.querySelector('.dose-timeline__mg')?.textContent,
      ].join(' | '),
    );
    expect(steps).toEqual(['Month 1 | 2.5 mg', 'Month 2 | 5 mg']);
    const shipped = [...progress().querySelectorAll('.shipment-timeline__item')].map((li) =>
      [...li.querySelectorAll('span')].map((s) => s.textContent).join(' | '),
    );
    expect(shipped).toEqual([
      'First shipment | Shipped Nov 21, 2026 | Delivered Nov 24, 2026',
      'Refill | Shipped Dec 19, 2026',
    ]);

    // The other prescription: its own months and shipment.
    await act(async () => tabs()[1]!.click());
    expect(progress().querySelectorAll('.dose-timeline__step')).toHaveLength(3);
    expect(progress().querySelector('.shipment-timeline')?.textContent).toBe(
      'First shipmentShipped Mar 10, 2026',
    );
  });

  it('keeps the dosage plan when the weight history cannot be loaded', async () => {
    body = orderItemsAnswer([tirzepatide]);
    weights = { status: 500, body: { status: 'error', message: 'Internal error' } };
    await show();
    expect(progress().textContent).toContain('We could not load your weight history right now.');
    expect(progress().textContent).toContain('Nothing of this prescription has shipped yet.');
    expect(months()).toEqual(['Month 1 | 2.5 mg | strength T1', 'Month 2 | 5 mg | strength T2']);
  });
});

describe('DosageTab: Dose log', () => {
  const log = () => panel().querySelector<HTMLElement>('.care-log')!;

  it('says no dose is logged yet, beside the progress and the schedule', async () => {
    body = orderItemsAnswer([tirzepatide]);
    await show();
    expect(log().querySelector('h4')?.textContent).toBe('Dose log');
    expect(log().getAttribute('aria-labelledby')).toBe(log().querySelector('h4')?.id);
    expect(log().textContent).toContain('No doses logged yet.');
    expect(panel().querySelector('.progress')).not.toBeNull();
    expect(months()).toEqual(['Month 1 | 2.5 mg | strength T1', 'Month 2 | 5 mg | strength T2']);
  });

  it('lists the logged doses newest first: day, strength, site and weight', async () => {
    body = orderItemsAnswer([tirzepatide]);
    doses = {
      status: 200,
      body: {
        doses: [
          doseEntry({ id: 1, taken_on: '2026-03-01', site: 'abdomen', weight_lbs: 190 }),
          doseEntry({ id: 3, taken_on: '2026-03-15', strength: 5, site: 'upper_arm' }),
          doseEntry({ id: 2, taken_on: '2026-03-08', site: 'thigh', weight_lbs: 187.46 }),
        ],
      },
    };
    await show();
    const rows = [...log().querySelectorAll('li')].map((li) =>
      [...li.querySelectorAll('span')].map((s) => s.textContent).join(' | '),
    );
    expect(rows).toEqual([
      'Mar 15, 2026 | 5 mg | Upper arm',
      'Mar 8, 2026 | 2.5 mg | Thigh | 187.5 lb',
      'Mar 1, 2026 | 2.5 mg | Abdomen (stomach area) | 190 lb',
    ]);
    expect(log().textContent).not.toContain('No doses logged yet.');
  });

  it('keeps the plan when the dose log cannot be loaded', async () => {
    body = orderItemsAnswer([tirzepatide]);
    doses = { status: 500, body: { status: 'error', message: 'Internal error' } };
    await show();
    expect(log().textContent).toContain('We could not load your dose log.');
    expect(months()).toEqual(['Month 1 | 2.5 mg | strength T1', 'Month 2 | 5 mg | strength T2']);
  });
});
