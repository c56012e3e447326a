import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setSession } from '../../session/session';
import { orderItemsQuery } from '../orderItemsApi';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { orderItemsAnswer, progressItem, rxEntry } from '../orders/fixtures';
import { DosageTab } from './DosageTab';

let view: Rendered | undefined;
let fetchMock: FetchMock;
let body: unknown;

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
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) =>
    String(input).split('?')[0] === '/api/order-items'
      ? jsonResponse(200, body)
      : jsonResponse(404, { status: 'error', message: 'Not found' }),
  );
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('DosageTab', () => {
  it("has one sub-tab per order with a prescription, named 'Drug (date)', newest first", async () => {
    body = orderItemsAnswer([semaglutide, progressItem({ id: 22 }), tirzepatide]);
    await show();
    expect(tabs().map((t) => t.textContent)).toEqual([
      'Tirzepatide (11/20/2026)',
      'Semaglutide (03/05/2026)',
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
    expect(medication.map((li) => li.textContent)).toEqual(['Semaglutide× 3']);
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
