import { act } from 'react';
import { type } from '../../intake/testing/dom';
import type { Rendered } from '../../test-utils/render';
import { fakeApi, flush, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('admin'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

function entry(id: number, over: object = {}) {
  return {
    service: 'clinic',
    id,
    at: '2026-11-24T10:00:00.000Z',
    staff: { id: 3, name: 'Casey Clinician', role: 'clinician' },
    action: 'file.read',
    orderId: 41,
    patientId: 7,
    subject: 'photo-1.jpg',
    refs: {},
    ip: '10.0.0.5',
    ...over,
  };
}

const page = (entries: object[], next: string | null = null, missing: string[] = []) =>
  ok({ status: 'success', entries, next, missing });

const ids = () => [...root().querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-entry'));

async function click(element: Element) {
  await act(async () => (element as HTMLElement).click());
  await flush();
}

function labelled(name: string): HTMLInputElement {
  const label = [...root().querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
  return document.getElementById(label!.htmlFor) as HTMLInputElement;
}

const cursor = '2026-11-24T10:00:00.000Z_chat_29';

describe('the audit trail', () => {
  it("lists every service's lines, each with where it was recorded, and pages back with `next`", async () => {
    api.on(
      'GET /api/console/audit?limit=50',
      page(
        [
          entry(30),
          entry(29, {
            service: 'chat',
            action: 'conversation.watch',
            staff: { id: 5, name: null, role: 'support' },
            orderId: null,
            subject: null,
            refs: { conversation: 12 },
          }),
        ],
        cursor,
      ),
    );
    api.on(
      `GET /api/console/audit?before=${encodeURIComponent(cursor)}&limit=50`,
      page([entry(28, { service: 'fulfillment', action: 'shipment.read' })]),
    );
    view = await openConsole('/console/audit-trail', 'admin');
    expect(root().querySelector('h1')?.textContent).toBe('Audit trail');
    expect(root().querySelector('nav a[aria-current="page"]')?.textContent).toBe('Audit trail');
    expect(ids()).toEqual(['clinic-30', 'chat-29']);
    const cells = (row: number) =>
      [...root().querySelectorAll(`tbody tr:nth-child(${row}) td`)].map((c) => c.textContent);
    expect(cells(1).slice(1)).toEqual([
      'Clinic',
      'Casey Clinician Clinician',
      'Opened a file',
      '#0041',
      '7',
      'photo-1.jpg',
      '10.0.0.5',
    ]);
    expect(cells(2).slice(1)).toEqual([
      'Chat',
      'Staff #5 Support',
      'Watched a support chat live',
      '—',
      '7',
      'conversation 12',
      '10.0.0.5',
    ]);

    await click(buttonNamed(root(), 'Older'));
    await until(view, () => ids()[0] === 'fulfillment-28');
    expect(cells(1)[1]).toBe('Pharmacy');
    expect(() => buttonNamed(root(), 'Older')).toThrow();

    await click(buttonNamed(root(), 'Newer'));
    await until(view, () => ids()[0] === 'clinic-30');
    expect(ids()).toEqual(['clinic-30', 'chat-29']);
  });

  it('says which part of the clinic did not answer: its lines are not in the list', async () => {
    api.on('GET /api/console/audit?limit=50', page([entry(30)], null, ['fulfillment', 'chat']));
    view = await openConsole('/console/audit-trail', 'admin');
    await until(view, () => ids().length === 1);
    expect(root().textContent).toContain(
      'Not included: Pharmacy, Chat did not answer. This list is incomplete; reload in a moment.',
    );
  });

  it('filters by person, patient, order, action and days', async () => {
    api.on('GET /api/console/audit?limit=50', page([entry(30)]));
    api.on('GET /api/console/audit?staffId=3&patientId=7&limit=50', page([]));
    view = await openConsole('/console/audit-trail', 'admin');
    await type(labelled('Patient id'), '7');
    await type(labelled('Staff id'), '3');
    await act(async () => root().querySelector('form')!.requestSubmit());
    await until(view, () => root().textContent!.includes('No entries'));
    expect(api.calls()).toContain('GET /api/console/audit?staffId=3&patientId=7&limit=50');

    await type(labelled('Order number'), 'abc');
    await act(async () => root().querySelector('form')!.requestSubmit());
    expect(root().textContent).toContain('Enter an order number, like #1042.');

    // The order by its number, however it is typed; an action; a range of days.
    const all =
      'GET /api/console/audit?staffId=3&patientId=7&orderId=41&action=case.list&from=2026-11-01&to=2026-11-24&limit=50';
    api.on(all, page([]));
    await type(labelled('Order number'), 'GLP-0041');
    const action = labelled('Action') as unknown as HTMLSelectElement;
    await act(async () => {
      action.value = 'case.list';
      action.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type(labelled('From (UTC)'), '2026-11-24');
    await type(labelled('To (UTC)'), '2026-11-01');
    await act(async () => root().querySelector('form')!.requestSubmit());
    expect(root().textContent).toContain('The last day is before the first.');
    await type(labelled('From (UTC)'), '2026-11-01');
    await type(labelled('To (UTC)'), '2026-11-24');
    await act(async () => root().querySelector('form')!.requestSubmit());
    await flush();
    expect(api.calls()).toContain(all);
  });

  it('downloads the same filtered list as CSV, named by the day', async () => {
    api.on('GET /api/console/audit?limit=50', page([entry(30)]));
    api.on('GET /api/console/audit?patientId=7&limit=50', page([entry(30)]));
    view = await openConsole('/console/audit-trail', 'admin');
    await type(labelled('Patient id'), '7');
    await act(async () => root().querySelector('form')!.requestSubmit());
    await flush();
    const created = jest.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const csvAsked: string[] = [];
    const answer = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (input, init) => {
      if (!String(input).includes('/audit.csv')) return answer(input, init);
      csvAsked.push(String(input));
      const csv = new Blob(['time_utc,service\r\n'], { type: 'text/csv' });
      return { ok: true, status: 200, blob: () => Promise.resolve(csv) } as Response;
    });
    await act(async () => buttonNamed(root(), 'Download CSV').click());
    await until(
      view,
      () => clicked.mock.calls.length === 1 || root().textContent!.includes('rror'),
    );
    expect(csvAsked).toEqual(['/api/console/audit.csv?patientId=7']);
    expect(clicked.mock.instances[0]).toMatchObject({
      download: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
    });
    clicked.mockRestore();
  });
});
