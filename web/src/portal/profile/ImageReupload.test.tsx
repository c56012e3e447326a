/**
 * The portal's image re-upload refuses what is no photo when it is chosen (issue 26 item 5), in
 * the medical form's words, and shows the server's own words when it refuses an uploaded photo;
 * other failures keep the spec's re-upload texts and Try Again.
 */
import { photoMessages, reuploadMessages, uploadMessages } from '@clinic/contracts';
import { chooseFile } from '../../medical-form/testing/harness';
import { FakeXhr, imageFile, installFakeXhr } from '../../test-utils/xhr';
import { setSession } from '../../session/session';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import {
  $,
  choose,
  click,
  fail,
  fakeApi,
  flush,
  ok,
  type FakeApi,
} from '../../verify/testing/harness';
import { ImageReupload } from './ImageReupload';
import { resizeImage } from './resizeImage';

// jsdom cannot draw an image: the resize answers a JPEG as a browser's canvas would.
jest.mock('./resizeImage', () => ({ resizeImage: jest.fn() }));
const resize = resizeImage as jest.MockedFunction<typeof resizeImage>;

const signedCall = 'POST /api/get-signed-url';
const replaceCall = 'POST /api/upload-image-again';
const logCall = 'POST /api/log-upload-attempt';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const realXhr = globalThis.XMLHttpRequest;
const message = () => root().querySelector('#reupload-form .form-message')?.textContent ?? null;
const saveButton = () => $<HTMLButtonElement>(root(), '#reupload-save');
const picker = () => $<HTMLInputElement>(root(), '#reupload-file');

async function open() {
  view = await render(<ImageReupload orders={[{ id: 41, label: 'Order 41' }]} />);
  await flush();
}

/** Chooses `file` and lets its byte check finish. */
async function pick(file: File) {
  await chooseFile(picker(), file);
  await flush();
}

/** The image type, a photo, Submit, and the PUT answered. */
async function send(file: File) {
  await choose($<HTMLSelectElement>(root(), '#reupload-type'), 'id_image');
  await pick(file);
  await click(saveButton());
  await flush();
  await FakeXhr.sent.at(-1)?.respond(200);
  for (let i = 0; i < 3; i++) await flush();
}

beforeEach(() => {
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  api.on(logCall, ok({ success: true }));
  api.on(
    signedCall,
    ok({
      success: true,
      url: 'https://files.example/put',
      upload_url: 'https://files.example/put',
      file_name: 'stored-id.jpg',
    }),
  );
  installFakeXhr();
  resize.mockReset();
  resize.mockImplementation(async () => imageFile('id.jpg', 900, 'image/jpeg'));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  globalThis.XMLHttpRequest = realXhr;
});

describe('the image re-upload', () => {
  it("refuses a text file named .png when it is chosen, in the patient's words, and sends nothing", async () => {
    await open();
    await pick(new File(['my notes, not a picture'], 'id.png', { type: 'image/png' }));
    expect(message()).toBe(photoMessages.notAPhoto);
    // The refused file is not kept: Submit asks for a photo.
    await choose($<HTMLSelectElement>(root(), '#reupload-type'), 'id_image');
    await click(saveButton());
    expect(message()).toBe(uploadMessages.selectFile);

    await pick(new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect(message()).toBe(uploadMessages.imageOnly);
    expect(api.calls()).not.toContain(signedCall);
    expect(resize).not.toHaveBeenCalled();
  });

  it("shows the server's words when it refuses the photo, drops it, and offers no Try Again", async () => {
    api.on(replaceCall, fail(400, photoMessages.notUploaded));
    await open();
    await send(imageFile('id.png'));
    expect(api.sent(replaceCall)).toEqual([
      { id: '41', file_name: 'stored-id.jpg', image_type: 'id_image' },
    ]);
    expect(message()).toBe(photoMessages.notUploaded);
    expect(saveButton().textContent).toBe('Submit');
    expect(root().textContent).not.toContain(reuploadMessages.hint);
    expect(api.sent(logCall)).toEqual([
      expect.objectContaining({ success: false, error: photoMessages.notUploaded }),
    ]);
    await click(saveButton());
    expect(message()).toBe(uploadMessages.selectFile);
  });

  it('keeps the spec’s text and Try Again for a failure that is not a refusal', async () => {
    api.on(replaceCall, fail(500, 'Internal error'), ok({ status: 'success', message: 'ok' }));
    await open();
    await send(imageFile('id.png'));
    expect(message()).toBe(reuploadMessages.unsuccessful);
    expect(saveButton().textContent).toBe('Try Again');
    expect(root().textContent).toContain(reuploadMessages.hint);
  });
});
