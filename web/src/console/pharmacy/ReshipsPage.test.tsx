import { pharmacyMessages } from '@clinic/contracts';
import { typeText } from '../../medical-form/testing/harness';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until, where } from '../clinic/testing';
import { click, labelled, reship, shipmentView, viewAnswer } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const cards = () => [...root().querySelectorAll<HTMLElement>('.ph-reship')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('pharmacy'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

const waiting = [
  reship({
    reshipId: 7,
    patientName: 'Newer Request',
    orderNumber: '#2000 (refill 1)',
    requestedAt: '2026-11-23T09:00:00.000Z',
    hasImage: false,
  }),
  reship({
    items: [
      { id: '#1012', name: 'Semaglutide injection' },
      { id: '#1012', name: 'Ondansetron 4 mg' },
    ],
  }),
];
const reships = (list: unknown[]) => ok({ status: 'success', reships: list });

async function openWaiting(...after: unknown[][]) {
  api.on(
    'GET /api/console/pharmacy/reships?filter=waiting',
    reships(waiting),
    ...after.map((list) => reships(list)),
  );
  view = await openConsole('/console/reships', 'pharmacy');
}

describe('reships', () => {
  it('lists the waiting requests oldest first with what the pharmacist decides on', async () => {
    await openWaiting();
    expect(root().querySelector('h1')?.textContent).toBe('Reships');
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Pat Patient',
      'Newer Request',
    ]);
    const first = cards()[0]!;
    expect(first.textContent).toContain('Order #1012');
    expect([...first.querySelectorAll('.ph-reship__items li')].map((li) => li.textContent)).toEqual(
      ['Semaglutide injection', 'Ondansetron 4 mg'],
    );
    expect(first.textContent).toContain('The vial arrived cracked.');
    expect(first.textContent).toContain('Delivered');
    expect(first.textContent).toContain('Nov 20, 2026');
    expect(first.textContent).toContain('Nov 21, 2026');
    expect(buttonNamed(first, 'View photo')).toBeTruthy();
    expect(cards()[1]!.textContent).toContain('No photo');
  });

  it('opens the photo through its signed URL', async () => {
    await openWaiting();
    api.on(
      'GET /api/console/pharmacy/reships/5/evidence-url',
      ok({
        status: 'success',
        url: 'https://files.example/evidence.jpg?sig=1',
        expiresAt: '2026-11-24T12:05:00.000Z',
      }),
    );
    await click(buttonNamed(cards()[0]!, 'View photo'));
    expect(dialog()?.querySelector('img')?.getAttribute('src')).toBe(
      'https://files.example/evidence.jpg?sig=1',
    );
    expect(dialog()?.querySelector('a')?.getAttribute('href')).toBe(
      'https://files.example/evidence.jpg?sig=1',
    );
    await click(buttonNamed(dialog()!, 'Close'));
    expect(dialog()).toBeNull();
  });

  it('approves: the replacement shipment is linked, ready to place', async () => {
    await openWaiting([waiting[0]]);
    api.on(
      'POST /api/console/pharmacy/reships/5/approve',
      ok({
        status: 'success',
        reship: reship({
          status: 'approved',
          decidedBy: 'Parker Pharmacy',
          decidedAt: '2026-11-24T12:00:00.000Z',
          newShipmentId: 31,
          newOrderNumber: '#1012 (replacement 1)',
        }),
      }),
    );
    api.on(
      'GET /api/console/pharmacy/shipments/31',
      viewAnswer(shipmentView({}, { shipmentId: 31, kind: 'reship' })),
    );
    await click(buttonNamed(cards()[0]!, 'Approve'));
    await until(view!, () => cards().length === 1);
    expect(api.sent('POST /api/console/pharmacy/reships/5/approve')).toEqual([undefined]);
    const last = root().querySelector('[data-testid="last-decision"]')!;
    expect(last.textContent).toContain("Approved Pat Patient's request for order #1012.");
    const link = last.querySelector('a')!;
    // The replacement by its order number, never a second, internal number.
    expect(link.textContent).toBe('Replacement: order #1012 (replacement 1)');
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'Approved. A replacement shipment is ready to place.',
    );

    await click(link);
    await until(view!, () => root().querySelector('.cv-head') !== null);
    expect(where(view!)).toBe('/console/orders-to-place/31');
  });

  it("shows the server's message when the request was already decided (409)", async () => {
    await openWaiting();
    api.on(
      'POST /api/console/pharmacy/reships/5/approve',
      fail(409, pharmacyMessages.reshipDecided),
    );
    await click(buttonNamed(cards()[0]!, 'Approve'));
    expect(cards()[0]!.querySelector('[role="alert"]')?.textContent).toBe(
      'This reship request was already decided.',
    );
  });

  it('refuses with a reason, which is required and emailed to the patient', async () => {
    await openWaiting([waiting[0]]);
    api.on(
      'POST /api/console/pharmacy/reships/5/refuse',
      ok({
        status: 'success',
        reship: reship({
          status: 'refused',
          refusalReason: 'The photo shows the vial intact.',
          decidedAt: '2026-11-24T12:00:00.000Z',
        }),
      }),
    );
    await click(buttonNamed(cards()[0]!, 'Refuse'));
    expect(dialog()?.textContent).toContain(
      'Your reason is emailed to the patient, word for word.',
    );
    await click(buttonNamed(dialog()!, 'Refuse and email the patient'));
    expect(dialog()?.textContent).toContain('Say why the request is refused.');
    expect(api.sent('POST /api/console/pharmacy/reships/5/refuse')).toHaveLength(0);

    await typeText(
      labelled<HTMLTextAreaElement>(dialog()!, 'Reason'),
      'The photo shows the vial intact.',
    );
    await click(buttonNamed(dialog()!, 'Refuse and email the patient'));
    expect(api.sent('POST /api/console/pharmacy/reships/5/refuse')).toEqual([
      { reason: 'The photo shows the vial intact.' },
    ]);
    await until(view!, () => cards().length === 1);
    expect(dialog()).toBeNull();
    expect(root().querySelector('[data-testid="last-decision"]')?.textContent).toContain(
      "Refused Pat Patient's request for order #1012.",
    );
  });

  it('lists the decided requests with their decision', async () => {
    api.on(
      'GET /api/console/pharmacy/reships?filter=decided',
      reships([
        reship({
          status: 'refused',
          decidedBy: 'Parker Pharmacy',
          decidedAt: '2026-11-22T12:00:00.000Z',
          refusalReason: 'Outside the window.',
        }),
        reship({
          reshipId: 6,
          status: 'approved',
          newShipmentId: 40,
          decidedAt: '2026-11-22T10:00:00.000Z',
        }),
      ]),
    );
    view = await openConsole('/console/reships?filter=decided', 'pharmacy');
    expect(cards().map((c) => c.querySelector('.ph-decision')?.textContent)).toEqual([
      'Refused',
      'Approved',
    ]);
    expect(cards()[0]!.textContent).toContain('Outside the window.');
    expect(cards()[0]!.textContent).toContain('Parker Pharmacy');
    expect(cards()[1]!.querySelector('a.ph-replacement')?.getAttribute('href')).toBe(
      '/console/orders-to-place/40',
    );
    expect(cards()[0]!.querySelectorAll('button')).toHaveLength(1); // View photo only
  });
});
