import { pharmacyMessages, type ShipmentSummary } from '@clinic/contracts';
import { choose, type } from '../../intake/testing/dom';
import { typeText } from '../../medical-form/testing/harness';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, type Answer, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click, labelled, shipment, shipmentView, stepAnswer, viewAnswer } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const text = () => root().textContent ?? '';
const panel = () => root().querySelector<HTMLElement>('#ph-panel-actions')!;
const alert = () => panel().querySelector('[role="alert"]')?.textContent ?? null;
const BASE = '/api/console/pharmacy/shipments/12';

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('pharmacy'));
  api.on('GET /api/console/pharmacy/shipments?filter=to-place', {
    status: 200,
    body: {
      status: 'success',
      cutoff: { processingDay: '2026-11-24', sameDay: true },
      shipments: [],
    },
  });
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function openShipment(status: ShipmentSummary['status'], ...then: Answer[]) {
  api.on(`GET ${BASE}`, viewAnswer(shipmentView({}, { status })), ...then);
  view = await openConsole('/console/shipments/12', 'pharmacy');
  await until(view, () => root().querySelector('.cv-head') !== null);
}

describe('a shipment', () => {
  it('shows the patient, address, items with directions, dose schedule and history', async () => {
    await openShipment('prescription_received');
    expect(root().querySelector('h1')?.textContent).toBe('Pat Patient');
    expect(text()).toContain('Order #1012 · Semaglutide injection · 1 vial · TX');
    expect(text()).toContain('(512) 555-0100');
    expect(root().querySelector('[data-testid="address"]')?.textContent).toBe(
      '100 Main St, Apt 4Austin, TX 78701',
    );
    expect(text()).toContain('Semaglutide 2.5 mg/mL vial');
    expect(text()).toContain('Inject 0.25 mg weekly for 4 weeks.');
    expect(text()).toContain('Month 1: 0.25 mg · Month 2: 0.5 mg · Month 3: 1 mg');
    expect(text()).toContain('Prescription received');
    expect(root().querySelector('.cv-head .ph-cold')?.textContent).toBe(
      'Cold chain · ships overnight',
    );
    expect(text()).toContain('Placed now: processed today (Tuesday, November 24).');
  });

  it("writes the prescription's vials as the patient's Dosage tab does, beside this shipment's 3", async () => {
    api.on(
      `GET ${BASE}`,
      viewAnswer(
        shipmentView(
          {
            items: [
              {
                name: 'Compounded Semaglutide injection, 6 vials',
                directions: 'Inject under the skin once a week.',
              },
            ],
          },
          { vials: 3 },
        ),
      ),
    );
    view = await openConsole('/console/shipments/12', 'pharmacy');
    await until(view, () => root().querySelector('.cv-head') !== null);
    expect(root().querySelector('.cv-head')?.textContent).toContain('3 vials');
    expect(root().querySelector('.ph-item__name')?.textContent).toBe(
      'Compounded Semaglutide injection · 6 vials: 3 every 90 days',
    );
  });

  it('says there is no address yet', async () => {
    api.on(`GET ${BASE}`, viewAnswer(shipmentView({ address: null })));
    view = await openConsole('/console/shipments/12', 'pharmacy');
    await until(view, () => root().querySelector('.cv-head') !== null);
    expect(text()).toContain(pharmacyMessages.noAddress);
  });

  it('waits for the check-in without any action', async () => {
    await openShipment('awaiting_check_in');
    expect(panel().textContent).toContain(pharmacyMessages.waitingForCheckIn);
    expect(panel().querySelectorAll('button')).toHaveLength(0);
  });

  it('places the order, then shows the next step', async () => {
    await openShipment(
      'prescription_received',
      viewAnswer(shipmentView({}, { status: 'order_placed' })),
    );
    api.on(`POST ${BASE}/place`, stepAnswer(shipment({ status: 'order_placed' })));
    await click(buttonNamed(panel(), 'Place order'));
    await until(view!, () => root().querySelector('form[aria-label="Ship"]') !== null);
    expect(api.sent(`POST ${BASE}/place`)).toEqual([undefined]);
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'Order placed. The patient was told when.',
    );
    expect(panel().querySelector('h2')?.textContent).toBe('Placed');
  });

  it("resumes a paused shipment, and shows the server's refusal word for word (409)", async () => {
    await openShipment('shipping_paused');
    api.on(`POST ${BASE}/place`, fail(409, pharmacyMessages.notNow('order_shipped')));
    await click(buttonNamed(panel(), 'Resume and place order'));
    expect(api.sent(`POST ${BASE}/place`)).toHaveLength(1);
    expect(alert()).toBe('This shipment is order shipped; that step does not apply now.');
  });

  it('pauses with a reason, which is required', async () => {
    await openShipment('prescription_received');
    api.on(`POST ${BASE}/pause`, stepAnswer(shipment({ status: 'shipping_paused' })));
    await click(buttonNamed(panel(), 'Pause'));
    await click(buttonNamed(panel(), 'Pause shipping'));
    expect(panel().textContent).toContain('Say why the shipment is paused.');
    expect(api.sent(`POST ${BASE}/pause`)).toHaveLength(0);

    await typeText(
      labelled<HTMLTextAreaElement>(panel(), 'Why is the shipment paused?'),
      '  Waiting for the new lot of vials.  ',
    );
    await click(buttonNamed(panel(), 'Pause shipping'));
    expect(api.sent(`POST ${BASE}/pause`)).toEqual([
      { reason: 'Waiting for the new lot of vials.' },
    ]);
  });

  it('ships with the carrier and the tracking number as the carrier writes it', async () => {
    await openShipment('order_placed');
    api.on(
      `POST ${BASE}/ship`,
      stepAnswer(shipment({ status: 'order_shipped', carrier: 'UPS', trackingNumber: 'x' })),
    );
    await click(buttonNamed(panel(), 'Ship'));
    expect(panel().textContent).toContain(pharmacyMessages.unknownCarrier);
    expect(panel().textContent).toContain('Enter the tracking number.');

    await choose(labelled<HTMLSelectElement>(panel(), 'Carrier'), 'UPS');
    await type(labelled<HTMLInputElement>(panel(), 'Tracking number'), '1z 999 aa1 0123 4567 84');
    expect(panel().querySelector('.field__error')).toBeNull();
    await click(buttonNamed(panel(), 'Ship'));
    expect(api.sent(`POST ${BASE}/ship`)).toEqual([
      { carrier: 'UPS', tracking_number: '1Z999AA10123456784' },
    ]);
  });

  it("refuses a bad UPS number before sending, in the rule's words", async () => {
    await openShipment('order_placed');
    await choose(labelled<HTMLSelectElement>(panel(), 'Carrier'), 'UPS');
    const input = labelled<HTMLInputElement>(panel(), 'Tracking number');
    await type(input, '1Z999AA1012');
    expect(panel().querySelector('.field__error')?.textContent).toBe(
      'A UPS tracking number is 1Z followed by 16 letters and digits.',
    );
    await type(input, '1Z999AA10123456785');
    expect(panel().querySelector('.field__error')?.textContent).toBe(
      'This UPS tracking number does not check out: please look at it again.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await click(buttonNamed(panel(), 'Ship'));
    expect(api.calls().filter((c) => c.startsWith('POST'))).toEqual([]);

    // A FedEx number is digits only.
    await choose(labelled<HTMLSelectElement>(panel(), 'Carrier'), 'FedEx');
    expect(panel().querySelector('.field__error')?.textContent).toBe(
      'A FedEx tracking number is 12, 15, 20 or 22 digits.',
    );
  });

  it("shows the server's 400 message when it refuses the number", async () => {
    await openShipment('order_placed');
    api.on(`POST ${BASE}/ship`, fail(400, 'This tracking number is already used.'));
    await choose(labelled<HTMLSelectElement>(panel(), 'Carrier'), 'FedEx');
    await type(labelled<HTMLInputElement>(panel(), 'Tracking number'), '123456789012');
    await click(buttonNamed(panel(), 'Ship'));
    expect(api.sent(`POST ${BASE}/ship`)).toEqual([
      { carrier: 'FedEx', tracking_number: '123456789012' },
    ]);
    expect(panel().querySelector('[role="alert"]')?.textContent).toBe(
      'This tracking number is already used.',
    );
  });

  it('marks a shipped one delivered', async () => {
    api.on(
      `GET ${BASE}`,
      viewAnswer(
        shipmentView(
          {},
          { status: 'order_shipped', carrier: 'FedEx', trackingNumber: '123456789012' },
        ),
      ),
      viewAnswer(shipmentView({}, { status: 'order_delivered' })),
    );
    api.on(`POST ${BASE}/deliver`, stepAnswer(shipment({ status: 'order_delivered' })));
    view = await openConsole('/console/shipments/12', 'pharmacy');
    await until(view, () => root().querySelector('.cv-head') !== null);
    expect(panel().querySelector('a.ph-tracking')?.getAttribute('href')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    await click(buttonNamed(panel(), 'Mark delivered'));
    await until(view, () => panel().querySelector('h2')?.textContent === 'Delivered');
    expect(api.sent(`POST ${BASE}/deliver`)).toEqual([undefined]);
    expect(panel().querySelectorAll('button')).toHaveLength(0);
  });

  it("shows the server's message when the shipment cannot be read", async () => {
    api.on(`GET ${BASE}`, fail(404, pharmacyMessages.shipmentNotFound));
    view = await openConsole('/console/shipments/12', 'pharmacy');
    await until(view, () => root().querySelector('[role="alert"]') !== null);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe('No such shipment.');
  });
});
