import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { prescriptionMessages, uploadMessages } from '@clinic/contracts';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import {
  $,
  choose,
  chooseFile,
  click,
  fail,
  fakeApi,
  flush,
  ok,
  type FakeApi,
} from '../medical-form/testing/harness';
import { FakeXhr, imageFile, installFakeXhr } from '../test-utils/xhr';
import { AdjustDosesPage } from './AdjustDosesPage';
import { adjustTexts } from './adjustDoses';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function open(state?: unknown) {
  view = await render(
    <MemoryRouter initialEntries={[{ pathname: '/adjust-doses/5', state }]}>
      <Routes>
        <Route path="/adjust-doses/:id" element={<AdjustDosesPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}

const where = () => root().querySelector('[data-testid="where"]')?.textContent;
const question = () =>
  root().querySelector('main[data-page="adjust-doses"]')?.getAttribute('data-question');
const select = (month: number) => $<HTMLSelectElement>(root(), `#mf-dose-month-${month}`);
const values = () => [1, 2, 3].map((m) => select(m).value);
const choices = (month: number) =>
  [...select(month).options].filter((o) => !o.disabled).map((o) => o.value);
const maintenance = () => $<HTMLSelectElement>(root(), '#mf-dose-maintenance');
const goBack = () => root().querySelector<HTMLButtonElement>('.mf-back');
const next = () => click($(root(), '#mf-next'));
const submit = () => click($(root(), '#rx-submit'));

const order = (overrides: object = {}) =>
  ok({
    success: true,
    product_id: 11,
    drug: 'tirzepatide',
    doseSchedule: [5, 7.5, 10],
    maintenanceDose: 12.5,
    ...overrides,
  });

const signed = ok({
  success: true,
  url: 'u',
  upload_url: 'https://files.example/put',
  file_name: '5_prescription_photo_abc.png',
});

/**
 * Chooses and uploads a photo; the answer is taken half a second after the PUT succeeds and the
 * server's check passes.
 */
async function uploadPhoto() {
  api.on('POST /api/uploads/5_prescription_photo_abc.png/check', ok({ success: true }));
  await chooseFile($<HTMLInputElement>(root(), 'input[type="file"]'), imageFile());
  await click($(root(), '#mf-upload-confirm'));
  await act(async () => FakeXhr.sent[FakeXhr.sent.length - 1]!.respond(200));
  await act(async () => {
    jest.advanceTimersByTime(500);
  });
  await flush();
}

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  installFakeXhr();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('adjust-doses: the dose schedule', () => {
  it('starts from the prescribed schedule, month 1 offering every strength, later months one step around', async () => {
    api.on('GET /api/prescription-getorder/5', order());
    await open();
    expect(question()).toBe('doses');
    expect(root().querySelector('h1')?.textContent).toBe('Customize Your Dosage Schedule:');
    expect(root().textContent).toContain(
      'This is our recommended dosage based on the scenario above by feel free to customize (within dosing parameters)',
    );
    expect(values()).toEqual(['5', '7.5', '10']);
    expect(maintenance().value).toBe('12.5');
    expect(choices(1)).toEqual(['2.5', '5', '7.5', '10', '12.5', '15']);
    expect(choices(2)).toEqual(['2.5', '5', '7.5']);
    expect(choices(3)).toEqual(['5', '7.5', '10']);
    // Go Back only from the second question on.
    expect(goBack()).toBeNull();

    // A later month no longer offered after a change is emptied, and Next waits for it.
    await choose(select(1), '12.5');
    expect(values()).toEqual(['12.5', '', '10']);
    expect(choices(2)).toEqual(['10', '12.5', '15']);
    expect($<HTMLButtonElement>(root(), '#mf-next').disabled).toBe(true);
    await choose(select(2), '15');
    expect(values()).toEqual(['12.5', '15', '']);
    expect(choices(3)).toEqual(['12.5', '15']);
    await choose(select(3), '15');
    expect($<HTMLButtonElement>(root(), '#mf-next').disabled).toBe(false);
  });

  it.each([
    ['tirzepatide', ['2.5', '5', '7.5'], '10'],
    ['semaglutide', ['0.25', '0.5', '1'], '2.4'],
  ] as const)(
    'when the order cannot load, %s (from the confirmation page) gets its defaults',
    async (drug, months, kept) => {
      api.on('GET /api/prescription-getorder/5', fail(500));
      await open({ drug });
      expect(values()).toEqual(months);
      expect(maintenance().value).toBe(kept);
      expect(choices(1)).toHaveLength(drug === 'tirzepatide' ? 6 : 5);
    },
  );

  it('with nothing to derive the drug from, tirzepatide defaults; an empty prescribed schedule too', async () => {
    api.on('GET /api/prescription-getorder/5', 'network');
    await open();
    expect(values()).toEqual(['2.5', '5', '7.5']);
    expect(maintenance().value).toBe('10');
    await view!.unmount();

    api.on(
      'GET /api/prescription-getorder/5',
      order({ drug: 'semaglutide', doseSchedule: [], maintenanceDose: null }),
    );
    await open();
    expect(values()).toEqual(['0.25', '0.5', '1']);
    expect(maintenance().value).toBe('2.4');
    expect(choices(1)).toEqual(['0.25', '0.5', '1', '1.7', '2.4']);
  });
});

describe('adjust-doses: the photo and the submission', () => {
  it('shows the photo question with Go Back, which returns to the doses as chosen', async () => {
    api.on('GET /api/prescription-getorder/5', order());
    await open();
    await choose(select(3), '7.5');
    await next();
    expect(question()).toBe('photo');
    expect(root().querySelector('h1')?.textContent).toBe(adjustTexts.photoTitle);
    expect(root().textContent).toMatch(/must include your name/);
    expect(root().textContent).toMatch(/will not consider starting you at a higher dose/);
    expect(root().textContent).toContain('Drop image here or click to upload');
    expect(goBack()).not.toBeNull();
    await click(goBack()!);
    expect(question()).toBe('doses');
    expect(values()).toEqual(['5', '7.5', '7.5']);
    expect(goBack()).toBeNull();
  });

  it('requires the photo before submitting', async () => {
    api.on('GET /api/prescription-getorder/5', order());
    await open();
    await next();
    await submit();
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      prescriptionMessages.photoRequired,
    );
    expect(api.calls()).not.toContain('POST /api/submit-adjust-doses-form');
    expect(where()).toBe('/adjust-doses/5');
  });

  it('submits the months, the maintenance dose and the photo, then goes where the answer says', async () => {
    api.on('GET /api/prescription-getorder/5', order());
    api.on('POST /api/get-signed-url', signed);
    api.on(
      'POST /api/submit-adjust-doses-form',
      ok({ success: true, message: prescriptionMessages.adjustmentSent, redirect: '/home' }),
    );
    jest.useFakeTimers();
    await open();
    await choose(maintenance(), '15');
    await next();
    await uploadPhoto();
    expect(FakeXhr.sent[0]!.url).toBe('https://files.example/put');
    await submit();
    const [body] = api.sent('POST /api/submit-adjust-doses-form') as Record<string, unknown>[];
    expect(body).toMatchObject({
      answers: [],
      images: [
        {
          id: 'prescription_photo',
          question: 'prescription_photo',
          answer: '5_prescription_photo_abc.png',
          type: 'image_upload',
          label: adjustTexts.photoTitle,
        },
      ],
      patientPreference: [5, 7.5, 10],
      selectedDoses: [5, 7.5, 10],
      maintanenceDose: 15,
      product_id: 11,
      form_id: '5',
      productPurchased: 'Tirzepatide',
      isRefil: false,
      formType: 'adjustDose',
    });
    expect(where()).toBe('/home');
  });

  it("a failed submit shows the server's message and stays", async () => {
    api.on('GET /api/prescription-getorder/5', order());
    api.on('POST /api/get-signed-url', signed);
    api.on(
      'POST /api/submit-adjust-doses-form',
      fail(400, 'The dose schedule may change by at most one strength a month.'),
    );
    jest.useFakeTimers();
    await open();
    await next();
    await uploadPhoto();
    await submit();
    expect(where()).toBe('/adjust-doses/5');
    expect(question()).toBe('photo');
    expect(root().querySelector('.mf-overlay')).toBeNull();
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'The dose schedule may change by at most one strength a month.',
    );
    expect($<HTMLButtonElement>(root(), '#rx-submit').disabled).toBe(false);
  });

  it('any failed upload says the upload was unsuccessful', async () => {
    api.on('GET /api/prescription-getorder/5', order());
    api.on('POST /api/get-signed-url', 'network');
    await open();
    await next();
    await chooseFile($<HTMLInputElement>(root(), 'input[type="file"]'), imageFile());
    await click($(root(), '#mf-upload-confirm'));
    // A connection failure, yet the adjust-doses text, and only that one.
    const messages = [...root().querySelectorAll('.rx-upload .form-message--error')];
    expect(messages.map((m) => m.textContent)).toEqual([uploadMessages.unsuccessful]);
    expect($(root(), '#mf-upload-confirm').textContent).toBe('Try Again');
  });
});
