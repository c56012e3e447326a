import { photoMessages, reshipMessages } from '@clinic/contracts';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { chooseFile, typeText } from '../medical-form/testing/harness';
import { FakeXhr, imageFile, installFakeXhr } from '../test-utils/xhr';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { $, click, fail, fakeApi, flush, ok, type FakeApi } from '../verify/testing/harness';
import { ReplacementRequestPage } from './ReplacementRequestPage';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const realXhr = globalThis.XMLHttpRequest;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function open() {
  view = await render(
    <MemoryRouter initialEntries={['/replacement-request']}>
      <Routes>
        <Route path="/replacement-request" element={<ReplacementRequestPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}

const where = () => root().querySelector('[data-testid="where"]')?.textContent;
const sorry = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;
const button = (id: string) => $<HTMLButtonElement>(root(), `#${id}`);
const step = () => root().querySelector('main')?.getAttribute('data-step');
const heading = () => root().querySelector('h1')?.textContent;
const boxes = () => [...root().querySelectorAll<HTMLInputElement>('.rs-item input')];
const reasonBox = () => $<HTMLTextAreaElement>(root(), '[data-testid="rs-reason"]');
const fileInput = () => $<HTMLInputElement>(root(), 'input[type="file"]');
const fieldError = () => root().querySelector('.field__error')?.textContent ?? null;

const shipped = ok({
  success: true,
  items: [
    {
      orders: [
        {
          external_order_number: '#1012',
          med_name: 'Semaglutide injection',
          delivered_at: '2026-11-20T18:00:00.000Z',
          reship_until: '2026-11-27T18:00:00.000Z',
        },
        {
          external_order_number: '#1013 (refill 1)',
          med_name: 'Ondansetron 4 mg',
          delivered_at: '2026-11-21T18:00:00.000Z',
          reship_until: '2026-11-28T18:00:00.000Z',
        },
      ],
    },
  ],
});

const signed = ok({
  success: true,
  url: 'https://files.example/put',
  upload_url: 'https://files.example/put',
  file_name: 'stored-evidence.png',
});

/** The server's check of the stored photo, right after its PUT. */
const checkCall = 'POST /api/uploads/stored-evidence.png/check';

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  api.on(checkCall, ok({ success: true }));
  installFakeXhr();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  globalThis.XMLHttpRequest = realXhr;
  jest.restoreAllMocks();
});

/** Through steps 1 and 2: the first item chosen and a reason given. */
async function toEvidence() {
  api.on('GET /api/get-shipped-items', shipped);
  await open();
  await click(boxes()[0]!);
  await click(button('rs-continue'));
  await typeText(reasonBox(), 'The vial arrived cracked.');
  await click(button('rs-continue'));
  expect(step()).toBe('evidence');
}

async function storeFile(status = 200) {
  await act(async () => FakeXhr.sent.at(-1)!.respond(status));
  await flush();
}

describe('the replacement request wizard', () => {
  it('goes through the four steps and sends the items, reason and stored photo', async () => {
    api.on('GET /api/get-shipped-items', shipped);
    api.on('POST /api/get-signed-url', signed);
    api.on('POST /api/submit-reship-request', ok({ success: true, message: 'Received.' }));
    await open();

    // 1: the items, Continue disabled until one is chosen.
    expect(heading()).toBe('Replacement Request Form');
    expect(root().querySelector('[aria-current="step"] .stepper__label')?.textContent).toBe(
      'Items',
    );
    expect(boxes()).toHaveLength(2);
    expect(root().textContent).toContain('Ondansetron 4 mg');
    expect(root().textContent).toContain('Order #1012 · Delivered Nov 20, 2026');
    expect(button('rs-continue').disabled).toBe(true);
    expect(root().textContent).toContain('Please select at least one item to continue.');
    await click(boxes()[1]!);
    expect(button('rs-continue').disabled).toBe(false);
    expect(root().textContent).not.toContain('Please select at least one item to continue.');
    await click(button('rs-continue'));

    // 2: the reason, required, with its counter.
    expect(heading()).toBe('Why You Need A Reship');
    expect(root().querySelector('[aria-current="step"] .stepper__label')?.textContent).toBe(
      'Reason',
    );
    expect(root().querySelector('.rs-counter')?.textContent).toBe('0/1000');
    await typeText(reasonBox(), '   ');
    await click(button('rs-continue'));
    expect(fieldError()).toBe('Please enter a reason to continue.');
    expect(step()).toBe('reason');
    await typeText(reasonBox(), 'The box was empty.');
    expect(root().querySelector('.rs-counter')?.textContent).toBe('18/1000');
    expect(reasonBox().maxLength).toBe(1000);
    await click(button('rs-continue'));

    // 3: the photo, then Submit.
    expect(heading()).toBe('Submit Evidence');
    expect(root().textContent).toContain('Drop image here or click to upload');
    expect(root().textContent).toContain('Maximum file size: 5 MB');
    await click(button('rs-submit'));
    expect(fieldError()).toBe('Please upload an image to continue.');
    expect(api.calls()).not.toContain('POST /api/get-signed-url');

    await chooseFile(fileInput(), imageFile('box.png', 2048));
    expect(root().querySelector('[data-testid="rs-file"]')?.textContent).toContain('box.png');
    await click(button('rs-submit'));
    expect(button('rs-submit').textContent).toBe('Submitting...');
    expect(button('rs-submit').disabled).toBe(true);
    expect(api.sent('POST /api/get-signed-url')).toEqual([
      {
        filename: expect.stringMatching(/^reship_evidence_\d+_box\.png$/) as unknown,
        content_type: 'image/png',
      },
    ]);
    expect(FakeXhr.sent[0]!.method).toBe('PUT');
    expect(FakeXhr.sent[0]!.url).toBe('https://files.example/put');
    await storeFile();
    expect(api.calls()).toContain(checkCall);

    expect(api.sent('POST /api/submit-reship-request')).toEqual([
      {
        reason: 'The box was empty.',
        image: 'stored-evidence.png',
        items: [{ name: 'Ondansetron 4 mg', id: '#1013 (refill 1)' }],
      },
    ]);

    // 4: the thank-you.
    expect(step()).toBe('done');
    expect(root().querySelector('[data-testid="rs-thanks"]')?.textContent).toBe(
      reshipMessages.thankYou,
    );
    expect(root().querySelectorAll('[data-state="done"]')).toHaveLength(4);
    await click(button('rs-dashboard'));
    expect(where()).toBe('/home');
  });

  it('goes back a step keeping what was entered', async () => {
    await toEvidence();
    await click(button('rs-back'));
    expect(reasonBox().value).toBe('The vial arrived cracked.');
    await click(button('rs-back'));
    expect(boxes().map((b) => b.checked)).toEqual([true, false]);
  });

  it('refuses a file that is not an image, or over 5 MB, and removes a chosen one', async () => {
    await toEvidence();
    await chooseFile(fileInput(), imageFile('notes.pdf', 2048, 'application/pdf'));
    expect(fieldError()).toBe('Please select an image file.');
    expect(root().querySelector('[data-testid="rs-file"]')).toBeNull();

    await chooseFile(fileInput(), imageFile('big.jpg', 5_242_881, 'image/jpeg'));
    expect(fieldError()).toBe('File size must be less than 5MB.');

    await chooseFile(fileInput(), imageFile('exact.jpg', 5_242_880, 'image/jpeg'));
    expect(fieldError()).toBeNull();
    expect(root().querySelector('[data-testid="rs-file"]')?.textContent).toContain('exact.jpg');

    await click($(root(), 'button[aria-label="Remove exact.jpg"]'));
    expect(root().querySelector('[data-testid="rs-file"]')).toBeNull();
    expect(root().textContent).toContain('Drop image here or click to upload');
  });

  it("refuses a text file named .png when chosen, in the patient's words, before any upload", async () => {
    await toEvidence();
    api.on('POST /api/get-signed-url', signed);
    const notes = new File(['The box arrived warm.'], 'cracked.png', { type: 'image/png' });
    await chooseFile(fileInput(), notes);
    await flush();
    expect(fieldError()).toBe(photoMessages.notAPhoto);
    expect(root().querySelector('[data-testid="rs-file"]')).toBeNull();
    await click(button('rs-submit'));
    expect(fieldError()).toBe(reshipMessages.uploadImage);
    expect(api.calls()).not.toContain('POST /api/get-signed-url');

    // A real photo is taken.
    await chooseFile(fileInput(), imageFile('cracked.jpg', 2048, 'image/jpeg'));
    await flush();
    expect(fieldError()).toBeNull();
    expect(root().querySelector('[data-testid="rs-file"]')?.textContent).toContain('cracked.jpg');
  });

  it("drops a photo the server's check refuses and says why in its words, never sending the request", async () => {
    await toEvidence();
    api.on('POST /api/get-signed-url', signed);
    api.on(checkCall, fail(400, photoMessages.notAPhoto), ok({ success: true }));
    api.on('POST /api/submit-reship-request', ok({ success: true, message: 'Received.' }));
    await chooseFile(fileInput(), imageFile('odd.png'));
    await flush();
    await click(button('rs-submit'));
    await storeFile();
    expect(fieldError()).toBe(photoMessages.notAPhoto);
    expect(root().querySelector('[data-testid="rs-file"]')).toBeNull();
    expect(root().textContent).not.toContain('Error submitting request');
    expect(api.calls()).not.toContain('POST /api/submit-reship-request');
    expect(step()).toBe('evidence');

    // Another photo is uploaded anew and the request goes.
    await chooseFile(fileInput(), imageFile('box.png'));
    await flush();
    expect(fieldError()).toBeNull();
    await click(button('rs-submit'));
    await storeFile();
    expect(FakeXhr.sent).toHaveLength(2);
    expect(api.sent('POST /api/submit-reship-request')).toHaveLength(1);
    expect(step()).toBe('done');
  });

  it("says why a submit failed in the server's words, and retries without uploading again", async () => {
    await toEvidence();
    api.on('POST /api/get-signed-url', signed);
    api.on(
      'POST /api/submit-reship-request',
      fail(409, reshipMessages.alreadyRequested),
      ok({ success: true, message: 'Received.' }),
    );
    await chooseFile(fileInput(), imageFile());
    await click(button('rs-submit'));
    await storeFile();
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      `Error submitting request: ${reshipMessages.alreadyRequested}`,
    );
    expect(step()).toBe('evidence');
    expect(button('rs-submit').textContent).toBe('Submit');

    await click(button('rs-submit'));
    expect(api.sent('POST /api/get-signed-url')).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(api.sent('POST /api/submit-reship-request')).toHaveLength(2);
    expect(step()).toBe('done');
  });

  it('says so when the photo cannot be stored', async () => {
    await toEvidence();
    api.on('POST /api/get-signed-url', signed);
    await chooseFile(fileInput(), imageFile());
    await click(button('rs-submit'));
    await storeFile(500);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'Error submitting request: Error uploading file. Please try again.',
    );
    expect(api.calls()).not.toContain('POST /api/submit-reship-request');
  });

  it('goes to /sorry when no item can be replaced', async () => {
    api.on('GET /api/get-shipped-items', ok({ success: true, items: [{ orders: [] }] }));
    await open();
    expect(where()).toBe(sorry(reshipMessages.noItems));
  });

  it('goes to /sorry when the list is missing altogether', async () => {
    api.on('GET /api/get-shipped-items', ok({ success: true, items: [] }));
    await open();
    expect(where()).toBe(sorry(reshipMessages.noItems));
  });

  it('goes to /sorry when the items cannot be loaded', async () => {
    api.on('GET /api/get-shipped-items', fail(500, 'Boom'));
    await open();
    expect(where()).toBe(sorry(reshipMessages.itemsFailed));
  });
});
