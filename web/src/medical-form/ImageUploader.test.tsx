import { act } from 'react';
import { maxImageBytes, photoMessages, uploadMessages } from '@clinic/contracts';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { ImageUploader } from './ImageUploader';
import {
  $,
  advance,
  chooseFile,
  click,
  fail,
  fakeApi,
  flush,
  ok,
  type FakeApi,
} from './testing/harness';
import { FakeXhr, imageFile, installFakeXhr } from '../test-utils/xhr';

let api: FakeApi;
let view: Rendered | undefined;
const uploaded = jest.fn();
const root = () => view!.container;
const input = () => $<HTMLInputElement>(root(), 'input[type="file"]');
const confirm = () => $<HTMLButtonElement>(root(), '#mf-upload-confirm');
const alert = () => root().querySelector('[role="alert"]')?.textContent ?? null;
const state = () => $(root(), '.mf-upload').getAttribute('data-state');
const signedCall = 'POST /api/get-signed-url';
const logCall = 'POST /api/log-upload-attempt';
const checkCall = 'POST /api/uploads/5_prescription_photo_1700000000000_rx.png/check';
const signed = ok({
  success: true,
  url: 'https://files.example/put?sig=1',
  upload_url: 'https://files.example/put?sig=1',
  file_name: '5_prescription_photo_1700000000000_rx.png',
});

beforeEach(async () => {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  installFakeXhr();
  uploaded.mockReset();
  view = await render(
    <ImageUploader formId="5" questionKey="prescription_photo" onUploaded={uploaded} />,
  );
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

describe('the image uploader', () => {
  it('shows the drop zone texts and Confirm Upload', () => {
    expect(root().textContent).toContain('Drop image here or click to upload');
    expect(root().textContent).toContain('Maximum file size: 5 MB');
    expect(confirm().textContent).toBe('Confirm Upload');
    expect(input().accept).toBe('image/*');
  });

  it('asks for a file, refuses other types and files over 5 MB', async () => {
    await click(confirm());
    expect(alert()).toBe(uploadMessages.selectFile);
    await chooseFile(input(), imageFile('notes.pdf', 1000, 'application/pdf'));
    expect(alert()).toBe(uploadMessages.imageOnly);
    await chooseFile(input(), imageFile('big.jpg', maxImageBytes + 1, 'image/jpeg'));
    expect(alert()).toBe(uploadMessages.tooLarge);
    expect(root().querySelector('.mf-upload__preview')).toBeNull();
    await chooseFile(input(), imageFile('ok.jpg', maxImageBytes, 'image/jpeg'));
    expect(alert()).toBeNull();
    expect(api.calls()).toEqual([]);
  });

  it('refuses a text file named .png when it is chosen, in the patient’s words, and uploads nothing', async () => {
    const notes = new File(['Shopping list\n- milk\n'], 'photo.png', { type: 'image/png' });
    await chooseFile(input(), notes);
    expect(alert()).toBe(photoMessages.notAPhoto);
    expect(state()).toBe('idle');
    expect(root().querySelector('.mf-upload__preview')).toBeNull();
    await click(confirm());
    expect(alert()).toBe(uploadMessages.selectFile);
    expect(api.calls()).toEqual([]);
    expect(FakeXhr.sent).toEqual([]);
    expect(uploaded).not.toHaveBeenCalled();

    // A real photo chosen next goes through.
    await chooseFile(input(), imageFile('rx.png'));
    expect(alert()).toBeNull();
    expect(state()).toBe('ready');
  });

  it('drops a file the server’s check refuses, says why, and never answers with it', async () => {
    api.on(signedCall, signed);
    api.on(checkCall, fail(400, photoMessages.notAPhoto));
    await chooseFile(input(), imageFile('rx.png', 2048));
    await click(confirm());
    await act(async () => FakeXhr.sent[0]!.respond(200));
    await flush();
    expect(alert()).toBe(photoMessages.notAPhoto);
    expect(state()).toBe('idle');
    expect(root().querySelector('.mf-upload__preview')).toBeNull();
    expect(confirm().textContent).toBe('Confirm Upload');
    await advance(1000);
    expect(uploaded).not.toHaveBeenCalled();
  });

  it('uploads: signed URL, one PUT with progress, the check, Uploaded!, then the answer after 0.5 s', async () => {
    api.on(signedCall, signed);
    api.on(checkCall, ok({ success: true }));
    await chooseFile(input(), imageFile('rx.png', 1536 * 1024));
    expect($(root(), '.mf-upload__name').textContent).toBe('rx.png');
    expect($(root(), '.mf-upload__size').textContent).toBe('1.5 MB');
    expect(state()).toBe('ready');

    await click(confirm());
    expect(api.sent(signedCall)).toEqual([
      {
        filename: '5_prescription_photo_1700000000000_rx.png',
        content_type: 'image/png',
        form_id: '5',
      },
    ]);
    const put = FakeXhr.sent[0]!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('https://files.example/put?sig=1');
    expect(put.headers['Content-Type']).toBe('image/png');
    // One PUT per link: the storage refuses a second one.
    expect(put.headers['If-None-Match']).toBe('*');
    expect(confirm().textContent).toBe('Uploading...');
    expect(confirm().disabled).toBe(true);

    await act(async () => put.progress(40, 100));
    expect(root().querySelector('.mf-upload__percent')?.textContent).toBe('Uploading... 40%');
    expect($(root(), '[role="progressbar"]').getAttribute('aria-valuenow')).toBe('40');

    await act(async () => put.respond(200));
    await flush();
    expect(confirm().textContent).toBe('Uploaded!');
    await advance(499);
    expect(uploaded).not.toHaveBeenCalled();
    await advance(1);
    expect(uploaded).toHaveBeenCalledWith('5_prescription_photo_1700000000000_rx.png');
    expect(api.calls()).toContain(checkCall);
    expect(api.calls()).not.toContain(logCall);
  });

  it.each([
    ['the signed URL is refused', fail(500), 'put-ok', uploadMessages.preparing],
    ['no answer for the signed URL', 'network' as const, 'put-ok', uploadMessages.connection],
    ['storage refuses the file', signed, 403, uploadMessages.storing],
    ['the PUT loses its connection', signed, 'put-error', uploadMessages.connection],
  ] as const)(
    'when %s says so, logs the attempt and offers Try Again',
    async (_, answer, put, text) => {
      api.on(signedCall, answer);
      api.on(logCall, fail(500));
      await chooseFile(input(), imageFile('rx.png', 2048));
      await click(confirm());
      const xhr = FakeXhr.sent[0];
      if (put === 'put-error') await act(async () => xhr!.fail());
      else if (typeof put === 'number') await act(async () => xhr!.respond(put));
      await flush();
      expect(alert()).toBe(text);
      expect(root().textContent).toContain(uploadMessages.tryAgainHint);
      expect(confirm().textContent).toBe('Try Again');
      expect(api.sent(logCall)).toEqual([
        expect.objectContaining({
          success: false,
          error: text,
          fileSize: 2048,
          imageType: 'prescription_photo',
          idOfForm: '5',
        }),
      ]);

      // Try Again uploads the same file anew
      api.on(signedCall, signed);
      api.on(checkCall, ok({ success: true }));
      await click(confirm());
      const again = FakeXhr.sent[FakeXhr.sent.length - 1]!;
      await act(async () => again.respond(200));
      await flush();
      expect(confirm().textContent).toBe('Uploaded!');
    },
  );
});
