import { affiliateMessages, type AffiliateConversion } from '@clinic/contracts';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const rows = () => [...root().querySelectorAll<HTMLElement>('.af-row')];
const LIST = 'GET /api/console/marketing/affiliate-conversions';

function conversion(over: Partial<AffiliateConversion> = {}): AffiliateConversion {
  return {
    reference: 'cv_0123456789abcdef0123456789abcdef',
    c_id: 'aff-sent',
    amount: 1349.82,
    payment_terms: 6,
    createdAt: '2026-11-24T10:00:00.000Z',
    status: 'sent',
    attempts: [
      {
        number: 1,
        startedAt: '2026-11-24T10:00:00.000Z',
        finishedAt: '2026-11-24T10:00:01.000Z',
        outcome: 'success',
        httpStatus: 200,
      },
    ],
    ...over,
  };
}

const failedOne = conversion({
  reference: 'cv_ffffffffffffffffffffffffffffffff',
  c_id: 'aff-failed',
  amount: 249.97,
  payment_terms: 1,
  status: 'failed',
  createdAt: '2026-11-24T08:59:00.000Z',
  attempts: [1, 2, 3].map((number) => ({
    number,
    startedAt: number === 3 ? '2026-11-25T09:00:00.000Z' : '2026-11-24T09:00:00.000Z',
    finishedAt: '2026-11-24T09:00:01.000Z',
    outcome: number === 2 ? ('unexpected' as const) : ('error' as const),
    httpStatus: number === 1 ? 503 : null,
  })),
});

const page = (conversions: AffiliateConversion[], total = conversions.length) =>
  ok({ status: 'success', page: 1, pageSize: 25, total, conversions });

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

async function open(path = '/console/affiliate-conversions') {
  view = await openConsole(path, 'marketing');
  await until(view, () => rows().length > 0 || root().querySelector('.console-empty') !== null);
}

describe('affiliate conversions', () => {
  it('lists each conversion by reference with its c_id, amount, terms, status and attempts', async () => {
    api.on(`${LIST}?page=1`, page([conversion(), failedOne]));
    await open();

    expect(root().querySelector('h1')?.textContent).toBe('Affiliate conversions');
    const [sent, failed] = rows();
    expect(sent!.querySelector('code')?.textContent).toBe('cv_0123456789abcdef0123456789abcdef');
    expect(sent!.textContent).toContain('aff-sent');
    expect(sent!.textContent).toContain('$1,349.82');
    expect(sent!.textContent).toContain('6 months');
    expect(sent!.textContent).toContain('Nov 24, 2026');
    expect(sent!.querySelector('.af-status')?.textContent).toBe('Sent');
    expect(sent!.querySelector('summary')?.textContent).toBe('1 attempt');
    expect(sent!.querySelectorAll('button')).toHaveLength(0);

    expect(failed!.querySelector('.af-status')?.textContent).toBe('Failed');
    expect(failed!.textContent).toContain('1 month');
    // Every attempt: its number, time (its day too when not the order's), outcome and HTTP status.
    expect(
      [...failed!.querySelectorAll('.af-attempts__list li')].map((li) => li.textContent),
    ).toEqual([
      '#1 9:00 AM · Error · HTTP 503',
      '#2 9:00 AM · Unexpected answer',
      '#3 Nov 25, 2026, 9:00 AM · Error',
    ]);
    expect(buttonNamed(failed!, 'Retry')).toBeTruthy();
  });

  it('retries a failed conversion and shows the list again', async () => {
    api.on(`${LIST}?page=1`, page([failedOne]), page([{ ...failedOne, status: 'retrying' }]));
    api.on(
      `POST /api/console/marketing/affiliate-conversions/${failedOne.reference}/retry`,
      ok({ status: 'success', conversion: { ...failedOne, status: 'retrying' } }),
    );
    await open();
    await click(buttonNamed(rows()[0]!, 'Retry'));
    await until(view!, () => rows()[0]?.querySelector('.af-status')?.textContent === 'Retrying');

    expect(api.calls()).toContain(
      `POST /api/console/marketing/affiliate-conversions/${failedOne.reference}/retry`,
    );
    expect(rows()[0]!.querySelector('.af-status')?.textContent).toBe('Retrying');
    expect(rows()[0]!.querySelectorAll('button')).toHaveLength(0);
    expect(document.body.textContent).toContain(`Retry queued for ${failedOne.reference}.`);
  });

  it("shows the server's message when a retry is refused", async () => {
    api.on(`${LIST}?page=1`, page([failedOne]));
    api.on(
      `POST /api/console/marketing/affiliate-conversions/${failedOne.reference}/retry`,
      fail(400, affiliateMessages.notFailed('retrying')),
    );
    await open();
    await click(buttonNamed(rows()[0]!, 'Retry'));
    await until(view!, () => rows()[0]!.textContent!.includes('only a failed'));

    expect(rows()[0]!.textContent).toContain(affiliateMessages.notFailed('retrying'));
    expect(buttonNamed(rows()[0]!, 'Retry').disabled).toBe(false);
  });

  it('filters by status and shows the empty state when none', async () => {
    api.on(`${LIST}?page=1`, page([conversion()]));
    api.on(`${LIST}?page=1&status=failed`, page([]));
    await open();
    const tab = [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (t) => t.textContent === 'Failed',
    )!;
    await click(tab);
    await until(view!, () => root().querySelector('.console-empty') !== null);

    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(root().querySelector('.console-empty__title')?.textContent).toBe(
      'No affiliate conversions yet',
    );
    expect(root().textContent).toContain(
      'Orders that arrived with an affiliate conversion id will appear here.',
    );
  });

  it('pages through older conversions', async () => {
    api.on(`${LIST}?page=1`, page([conversion()], 30));
    api.on(`${LIST}?page=2`, page([failedOne], 30));
    await open();
    expect(root().textContent).toContain('Page 1 of 2');
    await click(buttonNamed(root(), 'Older'));
    await until(view!, () => root().textContent!.includes('Page 2 of 2'));
    expect(rows()[0]!.textContent).toContain('aff-failed');
  });
});
