import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { prescriptionMessages } from '@clinic/contracts';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { $, click, fail, fakeApi, flush, ok, type FakeApi } from '../medical-form/testing/harness';
import { PrescriptionPage, prescriptionTexts } from './PrescriptionPage';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </output>
  );
}

async function open(id = '5') {
  view = await render(
    <MemoryRouter initialEntries={[`/prescription/${id}`]}>
      <Routes>
        <Route path="/prescription/:id" element={<PrescriptionPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}

const where = () => root().querySelector('[data-testid="where"]')?.textContent;
const approve = () => $<HTMLButtonElement>(root(), '#rx-approve');
const decline = () => $<HTMLButtonElement>(root(), '#rx-decline');

const pending = ok({
  success: true,
  prescription: [
    { rxId: '9-1', name: 'Tirzepatide T1 injection', directions: 'Inject 2.5 mg weekly.' },
    { rxId: '9-2', name: 'Ondansetron 4 mg tablets', directions: 'Take 1 tablet as needed.' },
    { rxId: '9-3', name: 'Cyanocobalamin S3', directions: 'Inject 1 mL monthly.' },
  ],
});

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

describe('the prescription confirmation page', () => {
  it('shows the texts and the cleaned items without ondansetron, each with an image', async () => {
    api.on('GET /api/prescription-pending/5', pending);
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('Confirm Prescription');
    const text = root().textContent ?? '';
    expect(text).toContain('Congrats! Your prescription has been approved.');
    expect(text).toContain("'Decline & Update with Doctor'");
    expect(text).toContain(
      "If we don't hear from you within 12 hours, your order will be shipped as written.",
    );
    const items = [...root().querySelectorAll('.rx-item')];
    expect(items.map((i) => i.querySelector('.rx-item__name')?.textContent)).toEqual([
      'Tirzepatide injection',
      'Cyanocobalamin',
    ]);
    expect(items.map((i) => i.querySelector('.rx-item__directions')?.textContent)).toEqual([
      'Inject 2.5 mg weekly.',
      'Inject 1 mL monthly.',
    ]);
    expect(items.map((i) => i.querySelector('img')?.getAttribute('src'))).toEqual([
      '/products/tirzepatide.svg',
      '/products/medication.svg',
    ]);
    expect(text).not.toMatch(/ondansetron/i);
    expect(approve().textContent).toBe('Approve');
    expect(decline().textContent).toBe('Decline & Update with Doctor');
  });

  it('Approve posts accept true, both buttons read Processing... and are disabled, then /home', async () => {
    api.on('GET /api/prescription-pending/5', pending);
    api.on('POST /api/prescription-update/5', 'hang');
    await open();
    await click(approve());
    expect(approve().textContent).toBe('Processing...');
    expect(decline().textContent).toBe('Processing...');
    expect(approve().disabled).toBe(true);
    expect(decline().disabled).toBe(true);
    expect(api.sent('POST /api/prescription-update/5')).toEqual([{ order_id: '5', accept: true }]);
    // A second click while it posts sends nothing more.
    await click(decline());
    expect(api.sent('POST /api/prescription-update/5')).toHaveLength(1);

    await view!.unmount();
    api.on(
      'POST /api/prescription-update/5',
      ok({ success: true, message: prescriptionMessages.accepted, redirect: '/home' }),
    );
    await open();
    await click(approve());
    expect(where()).toBe('/home');
  });

  it('Decline posts accept false and goes to /adjust-doses/{id} with the drug', async () => {
    api.on('GET /api/prescription-pending/5', pending);
    api.on(
      'POST /api/prescription-update/5',
      ok({ success: true, message: prescriptionMessages.declined, redirect: '/adjust-doses/5' }),
    );
    await open();
    await click(decline());
    expect(api.sent('POST /api/prescription-update/5')).toEqual([{ order_id: '5', accept: false }]);
    expect(where()).toBe('/adjust-doses/5');
    expect(root().querySelector('[data-testid="where"]')?.getAttribute('data-state')).toBe(
      JSON.stringify({ drug: 'tirzepatide' }),
    );
  });

  it('a failed answer is logged and the patient stays, told so, with the buttons back', async () => {
    api.on('GET /api/prescription-pending/5', pending);
    api.on('POST /api/prescription-update/5', fail(500), 'network');
    await open();
    await click(approve());
    expect(where()).toBe('/prescription/5');
    expect(console.error).toHaveBeenCalled();
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      prescriptionTexts.answerFailed,
    );
    expect(approve().disabled).toBe(false);
    expect(approve().textContent).toBe('Approve');
    await click(decline());
    expect(where()).toBe('/prescription/5');
    expect(root().querySelector('[role="alert"]')?.textContent).toMatch(/connection/i);
  });

  it.each([404, 409])(
    'no prescription waiting (%i) goes to /sorry with its message',
    async (status) => {
      api.on('GET /api/prescription-pending/5', fail(status, prescriptionMessages.noPrescription));
      await open();
      expect(where()).toBe(
        `/sorry?message=${encodeURIComponent(prescriptionMessages.noPrescription)}`,
      );
    },
  );

  it('a failed load offers Try Again', async () => {
    api.on('GET /api/prescription-pending/5', 'network', pending);
    await open();
    expect(root().textContent).toContain(prescriptionTexts.loadFailed);
    await click($(root(), '#rx-retry'));
    await act(async () => undefined);
    expect(root().querySelectorAll('.rx-item')).toHaveLength(2);
  });
});
