import {
  SMALL_CELL_TEXT,
  funnelSteps,
  marketingMessages,
  type FunnelGroup,
  type FunnelReport,
} from '@clinic/contracts';
import { act } from 'react';
import { input, type } from '../../account/testing/kit';
import type { Rendered } from '../../test-utils/render';
import { fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until, where } from '../clinic/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const text = () => root().textContent ?? '';

const range = 'from=2026-11-01&to=2026-11-30';
const funnelCall = (query: string) => `GET /api/console/marketing/funnel?${query}`;

function group(value: string, people: Record<string, number | '<11'>, money = {}): FunnelGroup {
  return {
    value,
    steps: funnelSteps.map((step) => ({
      step,
      people: people[step] ?? 0,
      events: people[step] ?? 0,
      amountCents: step === 'paid' ? 956800 : 0,
      rate: step === 'paid' ? 0.8 : null,
    })),
    grossCents: 956800,
    refundsCents: 328900,
    netCents: 627900,
    refundRate: 0.34375,
    ...money,
  };
}

const report = (over: Partial<FunnelReport> = {}): FunnelReport => ({
  status: 'success',
  from: '2026-11-01',
  to: '2026-11-30',
  groupBy: 'campaign',
  total: group('', { visit: 400, 'lead-qualified': 83, 'cart-saved': 40, paid: 33 }),
  groups: [
    group('summer', { 'lead-qualified': 80, 'cart-saved': 40, paid: 32 }),
    group(
      'tiny',
      { 'lead-qualified': SMALL_CELL_TEXT, paid: SMALL_CELL_TEXT },
      { grossCents: SMALL_CELL_TEXT, refundsCents: 0, netCents: SMALL_CELL_TEXT, refundRate: null },
    ),
  ],
  details: [
    { step: 'paid', detail: '6', label: '6 months', people: 33, amountCents: 976700 },
    {
      step: 'lead-disqualified',
      detail: 'under_18',
      label: 'Under 18',
      people: '<11',
      amountCents: 0,
    },
  ],
  cohorts: [
    {
      week: '2026-11-02',
      leads: 83,
      paid: 33,
      approved: 0,
      renewed: SMALL_CELL_TEXT,
      paidRate: 33 / 83,
    },
  ],
  offers: [
    { variant: 'default', leads: 40, paid: 12, rate: 0.3, low: 0.18, high: 0.45, comparison: null },
    {
      variant: 'A',
      leads: 40,
      paid: 20,
      rate: 0.5,
      low: 0.35,
      high: 0.65,
      comparison: {
        difference: 0.2,
        low: -0.01,
        high: 0.39,
        pValue: 0.0679,
        verdict: 'no-difference',
      },
    },
  ],
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('marketing'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function open(query = `${range}&groupBy=campaign`) {
  view = await openConsole(`/console/conversion-funnel?${query}`, 'marketing');
  await until(view, () => root().querySelector('.mk-chart, .console-empty') !== null);
}

describe('the conversion funnel page', () => {
  it('draws the funnel and its tables from the report, small cells as <11', async () => {
    api.on(funnelCall(`${range}&groupBy=campaign`), ok(report()));
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('Conversion funnel');
    const bars = [...root().querySelectorAll('.mk-chart__step')].map((li) => li.textContent);
    expect(bars[3]).toBe('Paid3380.0%');
    const rows = [...root().querySelectorAll('table[aria-label="Funnel by campaign"] tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['summer', 'tiny', 'All']);
    expect(rows[0]!.textContent).toContain('$9,568.00');
    expect(rows[0]!.textContent).toContain('34.4%');
    expect(rows[1]!.textContent).toContain(SMALL_CELL_TEXT);
    expect(text()).toContain('Counts of 1 to 10 people show as “<11”');
    expect(text()).toContain('Nov 2, 2026');
    expect(text()).toContain('No significant difference yet');
    expect(text()).toContain('+20.0 pts');
    // Under their steps, the breakdowns.
    const details = [...root().querySelectorAll('.mk-table__detail')].map((r) => r.textContent);
    expect(details).toEqual(['Under 18<11—', '6 months33$9,767.00']);
  });

  it('asks again when the grouping changes, keeping it in the address', async () => {
    api.on(funnelCall(`${range}&groupBy=campaign`), ok(report()));
    api.on(funnelCall(`${range}&groupBy=state`), ok(report({ groupBy: 'state', groups: [] })));
    await open();
    const select = root().querySelector<HTMLSelectElement>('.mk-controls select')!;
    await act(async () => {
      select.value = 'state';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(view!, () => text().includes('By state'));
    expect(where(view!)).toContain('groupBy=state');
    expect(api.calls()).toContain(funnelCall(`${range}&groupBy=state`));
  });

  it('refuses an inverted range on the page, without asking the server', async () => {
    api.on(funnelCall(`${range}&groupBy=campaign`), ok(report()));
    await open();
    await type(input(view!, 'From'), '2026-12-15');
    await act(async () => buttonNamed(root(), 'Show').click());
    expect(text()).toContain(marketingMessages.invertedRange);
    expect(api.calls().filter((c) => c.startsWith('GET /api/console/marketing/'))).toHaveLength(1);
  });

  it('says when nothing was counted in the range', async () => {
    api.on(
      funnelCall(`${range}&groupBy=campaign`),
      ok(report({ total: group('', {}), groups: [] })),
    );
    await open();
    expect(text()).toContain('Nothing counted in this range');
    expect(root().querySelector('.mk-chart')).toBeNull();
  });

  it('downloads a table as CSV', async () => {
    api.on(funnelCall(`${range}&groupBy=campaign`), ok(report()));
    await open();
    const created = jest.fn(() => 'blob:funnel');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const csvAsked: string[] = [];
    const answer = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (input, init) => {
      if (!String(input).includes('/funnel.csv')) return answer(input, init);
      csvAsked.push(String(input));
      const csv = new Blob(['week,leads\r\n'], { type: 'text/csv' });
      return { ok: true, status: 200, blob: () => Promise.resolve(csv) } as Response;
    });
    const cohorts = root().querySelector('section[aria-labelledby="mk-cohorts-title"]')!;
    await act(async () => buttonNamed(cohorts, 'Download CSV').click());
    await until(view!, () => clicked.mock.calls.length === 1 || text().includes('rror'));
    expect(cohorts.querySelector('[role="alert"]')?.textContent ?? '').toBe('');
    expect(csvAsked).toEqual([
      `/api/console/marketing/funnel.csv?${range}&groupBy=campaign&table=cohorts`,
    ]);
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked.mock.instances[0]).toMatchObject({
      download: 'funnel-cohorts-2026-11-01-to-2026-11-30-by-campaign.csv',
    });
  });
});
