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
    id,
    at: '2026-11-24T10:00:00.000Z',
    staff: { id: 3, name: 'Casey Clinician', role: 'clinician' },
    action: 'file.read',
    orderId: 41,
    patientId: 7,
    subject: 'photo-1.jpg',
    ip: '10.0.0.5',
    ...over,
  };
}

const ids = () =>
  [...root().querySelectorAll('tbody tr')].map((r) => Number(r.getAttribute('data-entry-id')));

async function click(element: Element) {
  await act(async () => (element as HTMLElement).click());
  await flush();
}

function labelled(name: string): HTMLInputElement {
  const label = [...root().querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
  return document.getElementById(label!.htmlFor) as HTMLInputElement;
}

describe('the audit trail', () => {
  it('lists the entries and pages back with `next`', async () => {
    api.on(
      'GET /api/console/audit?limit=50',
      ok({
        status: 'success',
        entries: [entry(30), entry(29, { action: 'case.approve' })],
        next: 29,
      }),
    );
    api.on(
      'GET /api/console/audit?before=29&limit=50',
      ok({ status: 'success', entries: [entry(28)], next: null }),
    );
    view = await openConsole('/console/audit-trail', 'admin');
    expect(root().querySelector('h1')?.textContent).toBe('Audit trail');
    expect(root().querySelector('nav a[aria-current="page"]')?.textContent).toBe('Audit trail');
    expect(ids()).toEqual([30, 29]);
    const cells = [...root().querySelectorAll('tbody tr:first-child td')].map((c) => c.textContent);
    expect(cells.slice(1)).toEqual([
      'Casey Clinician Clinician',
      'Opened a file',
      '#0041',
      '7',
      'photo-1.jpg',
      '10.0.0.5',
    ]);

    await click(buttonNamed(root(), 'Older'));
    await until(view, () => ids()[0] === 28);
    expect(ids()).toEqual([28]);
    expect(() => buttonNamed(root(), 'Older')).toThrow();

    await click(buttonNamed(root(), 'Newer'));
    await until(view, () => ids()[0] === 30);
    expect(ids()).toEqual([30, 29]);
  });

  it('filters by patient, order and staff member', async () => {
    api.on(
      'GET /api/console/audit?limit=50',
      ok({ status: 'success', entries: [entry(30)], next: null }),
    );
    api.on(
      'GET /api/console/audit?patientId=7&staffId=3&limit=50',
      ok({ status: 'success', entries: [], next: null }),
    );
    view = await openConsole('/console/audit-trail', 'admin');
    await type(labelled('Patient id'), '7');
    await type(labelled('Staff id'), '3');
    await act(async () => root().querySelector('form')!.requestSubmit());
    await until(view, () => root().textContent!.includes('No entries'));
    expect(api.calls()).toContain('GET /api/console/audit?patientId=7&staffId=3&limit=50');

    await type(labelled('Order number'), 'abc');
    await act(async () => root().querySelector('form')!.requestSubmit());
    expect(root().textContent).toContain('Enter an order number, like #1042.');

    // The order by its number, however it is typed.
    api.on(
      'GET /api/console/audit?patientId=7&orderId=41&staffId=3&limit=50',
      ok({ status: 'success', entries: [], next: null }),
    );
    await type(labelled('Order number'), 'GLP-0041');
    await act(async () => root().querySelector('form')!.requestSubmit());
    await flush();
    expect(api.calls()).toContain(
      'GET /api/console/audit?patientId=7&orderId=41&staffId=3&limit=50',
    );
  });
});
