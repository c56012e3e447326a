import { act } from 'react';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, flush, ok, submit, type, type FakeApi } from '../../verify/testing/harness';
import {
  buttonNamed,
  caseView,
  meAnswer,
  openConsole,
  summary,
  until,
  viewAnswer,
  where,
} from './testing';
import { when } from './format';

let api: FakeApi;
let view: Rendered | undefined;
const NOW = Date.parse('2026-11-24T12:00:00.000Z');

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer());
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

const rows = () => [...view!.container.querySelectorAll<HTMLTableRowElement>('tbody tr')];
const cell = (row: Element, name: string) => row.querySelector(`.cq__${name}`)?.textContent;

async function key(target: Element, key: string) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  await flush();
}

const waiting = [
  summary({
    orderId: 3,
    patientName: 'Cara Later',
    dueAt: '2026-11-25T08:00:00.000Z',
    claimedBy: { id: 2, name: 'Dana Doctor' },
  }),
  summary({
    orderId: 1,
    patientName: 'Abe Overdue',
    state: 'FL',
    drug: 'tirzepatide',
    plan: '3-month plan',
    paymentTerms: 3,
    dueAt: '2026-11-24T10:00:00.000Z',
    adjustmentRequested: true,
  }),
  summary({
    orderId: 2,
    patientName: 'Bea Soon',
    dueAt: '2026-11-24T17:30:00.000Z',
    refillCheckIn: true,
  }),
];

describe('the review queue', () => {
  it('lists the waiting cases oldest first, with the time left, badges and holder', async () => {
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: waiting }));
    view = await openConsole('/console/review-queue');

    expect(view.container.querySelector('h1')?.textContent).toBe('Review queue');
    expect(rows().map((r) => cell(r, 'name'))).toEqual(['Abe Overdue', 'Bea Soon', 'Cara Later']);
    const [abe, bea, cara] = [rows()[0]!, rows()[1]!, rows()[2]!];
    expect(cell(abe, 'state')).toBe('FL');
    expect(cell(abe, 'drug')).toBe('Tirzepatide');
    expect(cell(abe, 'plan')).toBe('3-month plan3 months');
    expect(cell(abe, 'due')).toBe('Overdue by 2 h');
    expect(abe.querySelector('.cq__overdue')).not.toBeNull();
    expect(abe.querySelector('.cq-badge')?.textContent).toBe('Adjustment requested');
    expect(bea.querySelector('.cq-badge')?.textContent).toBe('Refill check-in');
    expect(cell(abe, 'holder')).toBe('Unclaimed');
    expect(cell(bea, 'due')).toBe('5 h 30 min left');
    expect(bea.querySelector('.cq__overdue')).toBeNull();
    expect(cell(cara, 'holder')).toBe('Dana Doctor');
    expect(cell(cara, 'status')).toBe('Waiting');
  });

  it('puts an urgent side-effect report first, in red with its deadline, and a 24-hour one plainly', async () => {
    const reported = [
      ...waiting,
      summary({
        orderId: 5,
        patientName: 'Nia Nausea',
        status: 'accepted',
        dueAt: '2026-11-10T10:00:00.000Z',
        decidedAt: '2026-11-10T09:00:00.000Z',
        sideEffect: { reportId: 12, urgent: false, dueAt: '2026-11-25T09:00:00.000Z' },
      }),
      summary({
        orderId: 4,
        patientName: 'Uma Urgent',
        status: 'accepted',
        dueAt: '2026-11-10T10:00:00.000Z',
        decidedAt: '2026-11-10T09:00:00.000Z',
        sideEffect: { reportId: 11, urgent: true, dueAt: '2026-11-24T11:00:00.000Z' },
      }),
    ];
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: reported }));
    view = await openConsole('/console/review-queue');

    expect(rows().map((r) => cell(r, 'name'))).toEqual([
      'Uma Urgent',
      'Abe Overdue',
      'Bea Soon',
      'Cara Later',
      'Nia Nausea',
    ]);
    const uma = rows()[0]!;
    expect(uma.querySelector('.cq-badge--urgent')?.textContent).toBe('Urgent');
    const umaDue = uma.querySelector('.cq__side-effect')!;
    expect(umaDue.textContent).toBe(
      `Side effect: answer by ${when('2026-11-24T11:00:00.000Z')} (overdue)`,
    );
    expect(umaDue.classList.contains('cq__overdue')).toBe(true);
    // A decided case back for a report counts down to the report's answer, not to its old
    // review promise (two weeks past).
    expect(cell(uma, 'due')).toBe('Overdue by 1 h');
    expect(cell(uma, 'status')).toContain('Accepted');

    const nia = rows()[4]!;
    expect(nia.querySelector('.cq-badge--urgent')).toBeNull();
    const niaDue = nia.querySelector('.cq__side-effect')!;
    expect(niaDue.textContent).toBe(`Side effect: answer by ${when('2026-11-25T09:00:00.000Z')}`);
    expect(niaDue.classList.contains('cq__overdue')).toBe(false);
    // The other rows are as they were.
    expect(rows()[1]!.querySelector('.cq__side-effect')).toBeNull();
    expect(cell(rows()[1]!, 'due')).toBe('Overdue by 2 h');
  });

  it('shows missed doses with their badge and deadline, after urgent reports, among the rest by deadline', async () => {
    const flagged = [
      ...waiting,
      summary({
        orderId: 6,
        patientName: 'Mo Missed',
        status: 'accepted',
        dueAt: '2026-11-10T10:00:00.000Z',
        decidedAt: '2026-11-10T09:00:00.000Z',
        missedDoses: { dueDay: '2026-11-22', missedInARow: 2, dueAt: '2026-11-24T16:00:00.000Z' },
      }),
      summary({
        orderId: 7,
        patientName: 'Lou Late',
        status: 'accepted',
        dueAt: '2026-11-10T10:00:00.000Z',
        decidedAt: '2026-11-10T09:00:00.000Z',
        missedDoses: { dueDay: '2026-11-22', missedInARow: 3, dueAt: '2026-11-24T11:30:00.000Z' },
      }),
      summary({
        orderId: 4,
        patientName: 'Uma Urgent',
        status: 'accepted',
        dueAt: '2026-11-10T10:00:00.000Z',
        decidedAt: '2026-11-10T09:00:00.000Z',
        sideEffect: { reportId: 11, urgent: true, dueAt: '2026-11-24T15:00:00.000Z' },
      }),
    ];
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: flagged }));
    view = await openConsole('/console/review-queue');

    expect(rows().map((r) => cell(r, 'name'))).toEqual([
      'Uma Urgent',
      'Abe Overdue',
      'Lou Late',
      'Mo Missed',
      'Bea Soon',
      'Cara Later',
    ]);
    const [lou, mo] = [rows()[2]!, rows()[3]!];
    expect(mo.querySelector('.cq-badge--missed-doses')?.textContent).toBe('Missed doses');
    const moDue = mo.querySelector('.cq__missed-doses')!;
    expect(moDue.textContent).toBe(`2 weeks missed: answer by ${when('2026-11-24T16:00:00.000Z')}`);
    expect(moDue.classList.contains('cq__overdue')).toBe(false);
    // A decided case back for missed doses counts down to their answer, not its old review.
    expect(cell(mo, 'due')).toBe('4 h left');
    expect(mo.querySelector('.cq-badge--urgent')).toBeNull();
    expect(lou.querySelector('.cq__missed-doses')?.textContent).toBe(
      `3 weeks missed: answer by ${when('2026-11-24T11:30:00.000Z')} (overdue)`,
    );
    expect(cell(lou, 'due')).toBe('Overdue by 30 min');
    // The others have no missed doses.
    expect(rows()[0]!.querySelector('.cq__missed-doses')).toBeNull();
    expect(rows()[1]!.querySelector('.cq-badge--missed-doses')).toBeNull();
  });

  it('moves through the rows with the arrow keys and j / k, and opens one with Enter', async () => {
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: waiting }));
    api.on('GET /api/console/cases/2', viewAnswer(caseView({}, { orderId: 2 })));
    view = await openConsole('/console/review-queue');
    const first = rows()[0]!;
    expect(first.tabIndex).toBe(0);
    // j outside the table starts at the current row.
    await key(document.body, 'j');
    expect(document.activeElement).toBe(first);

    await key(first, 'ArrowDown');
    expect(document.activeElement).toBe(rows()[1]);
    await key(rows()[1]!, 'j');
    expect(document.activeElement).toBe(rows()[2]);
    await key(rows()[2]!, 'j'); // the last row stays
    expect(document.activeElement).toBe(rows()[2]);
    await key(rows()[2]!, 'k');
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);

    await key(rows()[1]!, 'Enter');
    await until(view, () => view!.container.querySelector('.cv-head') !== null);
    expect(where(view)).toBe('/console/review-queue/2');
    expect(view.container.querySelector('h1')?.textContent).toBe('Pat Patient');
    // The navigation still marks the queue as the open section.
    expect(view.container.querySelector('nav a[aria-current="page"]')?.textContent).toBe(
      'Review queue',
    );
  });

  it('opens a case on a click, and asks for each tab', async () => {
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: [] }));
    api.on(
      'GET /api/console/cases?filter=mine',
      ok({ status: 'success', cases: [summary({ orderId: 8, claimedBy: { id: 9, name: 'Me' } })] }),
    );
    api.on('GET /api/console/cases/8', viewAnswer(caseView({}, { orderId: 8 })));
    view = await openConsole('/console/review-queue');
    expect(view.container.textContent).toContain('Cases waiting for review will appear here.');

    await act(async () => buttonNamed(view!.container, 'Mine').click());
    await until(view, () => rows().length === 1);
    expect(where(view)).toBe('/console/review-queue?filter=mine');
    expect(buttonNamed(view.container, 'Mine').getAttribute('aria-selected')).toBe('true');

    await act(async () => rows()[0]!.click());
    await until(view, () => view!.container.querySelector('.cv-head') !== null);
    expect(where(view)).toBe('/console/review-queue/8');
  });

  it("shows the server's message when the queue fails", async () => {
    api.on('GET /api/console/cases?filter=waiting', fail(403, 'This is for clinicians only.'));
    view = await openConsole('/console/review-queue');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'This is for clinicians only.',
    );
  });

  it('lists the decided cases newest first in Decisions, and the approved ones in Prescriptions', async () => {
    const decided = [
      summary({
        orderId: 5,
        patientName: 'Old',
        status: 'denied',
        decidedAt: '2026-11-20T10:00:00.000Z',
      }),
      summary({
        orderId: 6,
        patientName: 'New',
        status: 'approved',
        decidedAt: '2026-11-23T10:00:00.000Z',
      }),
    ];
    api.on('GET /api/console/cases?filter=decided', ok({ status: 'success', cases: decided }));
    view = await openConsole('/console/decisions');
    expect(rows().map((r) => cell(r, 'name'))).toEqual(['New', 'Old']);
    await view.unmount();

    view = await openConsole('/console/prescriptions');
    expect(rows().map((r) => cell(r, 'name'))).toEqual(['New']);
  });
});

describe('finding a case by its order number', () => {
  const FIND = 'GET /api/console/cases?number=%230042';
  const search = async (typed: string) => {
    const label = [...view!.container.querySelectorAll('label')].find(
      (l) => l.textContent === 'Find an order',
    )!;
    await type(document.getElementById(label.htmlFor) as HTMLInputElement, typed);
    await submit(view!.container.querySelector<HTMLFormElement>('form[role="search"]')!);
    await until(view!, () => view!.container.querySelector('[aria-busy="true"]') === null);
  };

  it('shows the case by the number the patient reads, whatever its tab, and opens it', async () => {
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: waiting }));
    api.on(
      FIND,
      ok({
        status: 'success',
        cases: [summary({ orderId: 42, patientName: 'Dee Decided', status: 'denied' })],
      }),
    );
    view = await openConsole('/console/review-queue');
    // Every row names its order by the one number.
    expect(rows().map((r) => cell(r, 'order'))).toEqual([
      'Order #0001',
      'Order #0002',
      'Order #0003',
    ]);

    await search('GLP-42');
    expect(api.calls()).toContain(FIND);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('Order #0042');
    const found = view.container.querySelector('table[aria-label="Case of order #0042"]')!;
    expect(found.querySelector('.cq__name')?.textContent).toBe('Dee Decided');
    await act(async () => found.querySelector<HTMLElement>('tbody tr')!.click());
    await flush();
    expect(where(view)).toBe('/console/review-queue/42');
  });

  it('says plainly when no case has the number, and refuses a name', async () => {
    api.on('GET /api/console/cases?filter=waiting', ok({ status: 'success', cases: waiting }));
    api.on(FIND, ok({ status: 'success', cases: [] }));
    view = await openConsole('/console/review-queue');

    await search('Abe');
    expect(view.container.querySelector('.co-field__error')?.textContent).toBe(
      'Enter an order number, like #1042.',
    );
    await search('0042');
    expect(view.container.querySelector('.console-empty__title')?.textContent).toBe(
      'No case for order #0042',
    );
    await act(async () => buttonNamed(view!.container, 'Show all').click());
    await flush();
    expect(where(view)).toBe('/console/review-queue');
  });
});
