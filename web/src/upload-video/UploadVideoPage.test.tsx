import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { cartLinkSession, testSession } from '../test-utils/session';
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
} from '../medical-form/testing/harness';
import { FakeXhr, installFakeXhr } from '../test-utils/xhr';
import { compressionProblems, CompressionError, compressVideo } from './compressVideo';
import { GALLERY_ACCEPT, UploadVideoPage } from './UploadVideoPage';

jest.mock('./compressVideo', () => ({
  ...jest.requireActual<object>('./compressVideo'),
  compressVideo: jest.fn(),
}));
const compress = compressVideo as jest.MockedFunction<typeof compressVideo>;

const MB = 1024 * 1024;
const signedCall = 'POST /api/get-signed-url';
const recordCall = 'POST /api/upload-av-video';
const logCall = 'POST /api/log-upload-attempt';
const askCall = 'GET /forms/orders/5/identity-video';
const storedName = 'k3x9_5_av_video_1700000000000_clip.mp4';
const signedAt = (url: string) =>
  ok({ success: true, url, upload_url: url, file_name: storedName });
/** Same origin as the page (jsdom's http://localhost). */
const signed = signedAt('/uploads/put?sig=1');

/** How the hidden <video> answers: metadata with `duration`, nothing at all, or an error. */
let media: 'metadata' | 'silent' = 'metadata';
let duration = 20;

function videoFile(name = 'clip.mp4', size = 5 * MB, type = 'video/mp4'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </output>
  );
}

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const where = () => root().querySelector('[data-testid="where"]')?.textContent;
const heading = () => root().querySelector('h1')?.textContent;
const uploadButton = () => $<HTMLButtonElement>(root(), '#uv-upload');
const gallery = () => $<HTMLInputElement>(root(), '#uv-gallery');
const problem = () => {
  const box = document.querySelector('.uv-problem');
  if (!box) return null;
  return {
    title: box.querySelector('.uv-problem__title')?.textContent,
    message: box.querySelector('.uv-problem__message')?.textContent,
    hint: box.querySelector('.uv-problem__hint')?.textContent,
  };
};
const lastPut = () => FakeXhr.sent[FakeXhr.sent.length - 1]!;

async function open(path = '/upload-video/5?state=TX') {
  view = await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/upload-video/:id" element={<UploadVideoPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}

/** Chooses a file in the gallery input and lets its checks finish. */
async function choose(file: File) {
  await chooseFile(gallery(), file);
  await flush();
}

beforeEach(() => {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7, state: 'IL' }));
  api = fakeApi();
  api.on(logCall, ok({ success: true }));
  api.on(askCall, ok({ asked_by: 'state' }));
  installFakeXhr();
  media = 'metadata';
  duration = 20;
  compress.mockReset();
  URL.createObjectURL = jest.fn(() => 'blob:video');
  URL.revokeObjectURL = jest.fn();
  Object.defineProperty(HTMLMediaElement.prototype, 'duration', {
    configurable: true,
    get: () => duration,
  });
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (media === 'metadata') this.dispatchEvent(new Event('loadedmetadata'));
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the identity video page', () => {
  it("names the state of the address, else the patient's own, by its full name", async () => {
    await open('/upload-video/5?state=TX');
    expect(heading()).toBe('A Quick Video is Required (Per Texas Regulations)');
    await view!.unmount();

    await open('/upload-video/5?state=New%20Jersey');
    expect(heading()).toBe('A Quick Video is Required (Per New Jersey Regulations)');
    await view!.unmount();

    await open('/upload-video/5');
    expect(heading()).toBe('A Quick Video is Required (Per Illinois Regulations)');
    await view!.unmount();

    setSession(cartLinkSession());
    await open('/upload-video/5');
    expect(heading()).toBe("A Quick Video is Required (Per Your State's Regulations)");
  });

  it('says the doctor asked for it where no state rule does, whatever state the link names', async () => {
    api.on(askCall, ok({ asked_by: 'clinician' }));
    // The doctor's reminder email links the page with the patient's state.
    await open('/upload-video/5?state=CA');
    expect(heading()).toBe('A Quick Video is Required (Requested by Your Doctor)');
    expect(root().textContent).not.toContain('Regulations');
    expect(root().textContent).not.toContain('your state asks');
    expect($(root(), '.uv-lead').textContent).toBe(
      'Your doctor asked to see and hear you before deciding on your treatment. It takes less than a minute.',
    );
  });

  it("names no reason until it knows who asks, then the state's if it cannot learn it", async () => {
    api.on(askCall, 'hang');
    await open('/upload-video/5?state=TX');
    expect(heading()).toBe('A Quick Video is Required');
    expect(root().querySelector('.uv-lead')).toBeNull();
    await view!.unmount();

    api.on(askCall, fail(500));
    await open('/upload-video/5?state=TX');
    expect(heading()).toBe('A Quick Video is Required (Per Texas Regulations)');
    expect($(root(), '.uv-lead').textContent).toContain('your state asks us to see and hear you');
  });

  it('says what to record and offers the gallery and, on a computer, the camera', async () => {
    await open();
    const text = root().textContent ?? '';
    expect(text).toContain('State your full name and date of birth.');
    expect(text).toContain('why you are seeking weight loss medication');
    expect(text).toContain('30-60 seconds at most');
    expect(text).toContain('Informal is fine');
    expect(gallery().accept).toBe(GALLERY_ACCEPT);
    expect(GALLERY_ACCEPT).toBe('video/*,.mp4,.mov,.avi,.webm');
    expect(root().querySelector('#uv-record')).not.toBeNull();
    expect(root().querySelector('#uv-capture')).toBeNull();
    expect(uploadButton().textContent).toBe('Upload Video');
  });

  it('uses the front camera app on a phone', async () => {
    jest
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    await open();
    const capture = $<HTMLInputElement>(root(), '#uv-capture');
    expect(capture.getAttribute('capture')).toBe('user');
    expect(capture.accept).toBe('video/*');
    expect(root().querySelector('#uv-record')).toBeNull();
  });

  it('checks the video: a file, a video, 100 MB, 5 to 60 seconds', async () => {
    await open();
    await click(uploadButton());
    expect(problem()).toEqual({
      title: 'No File Selected',
      message: 'Please choose a video file to upload.',
      hint: expect.any(String),
    });

    await choose(videoFile('notes.pdf', 1000, 'application/pdf'));
    expect(problem()?.title).toBe('Wrong File Type');
    expect(problem()?.message).toBe('Please select a video file from your phone or camera.');
    for (const extension of ['.mp4', '.mov', '.webm', '.avi'])
      expect(problem()?.hint).toContain(extension);

    await choose(videoFile('huge.mp4', 100 * MB + 1));
    expect(problem()?.title).toBe('Video File Too Large');
    expect(problem()?.message).toBe('Your video is larger than 100MB.');

    duration = 3;
    await choose(videoFile('short.mp4'));
    expect(problem()?.title).toBe('Video Too Short');
    expect(problem()?.message).toBe('Your video must be at least 5 seconds long.');

    duration = 61;
    await choose(videoFile('long.mov', 5 * MB, 'video/quicktime'));
    expect(problem()?.title).toBe('Video Too Long');
    expect(problem()?.message).toBe('Your video is longer than 60 seconds.');
    expect(root().querySelector('.uv-file')).toBeNull();

    // A file without a type is judged by its extension.
    duration = 30;
    await choose(videoFile('phone.mov', 5 * MB, ''));
    expect(problem()).toBeNull();
    expect($(root(), '.uv-file__name').textContent).toBe('phone.mov');
    // Who asks for the video, and nothing else: checking a file uploads nothing.
    expect(api.calls()).toEqual([askCall]);
  });

  it('assumes 8 seconds when the duration cannot be read within 10 s', async () => {
    media = 'silent';
    await open();
    await choose(videoFile('odd.avi', 5 * MB, 'video/x-msvideo'));
    expect(root().querySelector('.uv')?.getAttribute('data-status')).toBe('checking');
    await advance(9_999);
    expect(root().querySelector('.uv-file')).toBeNull();
    await advance(1);
    expect(problem()).toBeNull();
    expect($(root(), '.uv-file__meta').textContent).toContain('0:08');
    expect(root().querySelector('.uv')?.getAttribute('data-status')).toBe('ready');

    // an endless duration (a browser's recording) is unreadable too
    media = 'metadata';
    duration = Infinity;
    await choose(videoFile('rec.webm', 5 * MB, 'video/webm'));
    expect(problem()).toBeNull();
    expect($(root(), '.uv-file__meta').textContent).toContain('0:08');
  });

  it('uploads, records the video on the order and goes to /home', async () => {
    api.on(signedCall, signed);
    api.on(recordCall, ok({ success: true, message: 'Video uploaded successfully!' }));
    await open();
    await choose(videoFile());
    await click(uploadButton());

    expect(api.sent(signedCall)).toEqual([
      { filename: '5_av_video_1700000000000_clip.mp4', content_type: 'video/mp4', form_id: '5' },
    ]);
    const put = lastPut();
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/uploads/put?sig=1');
    expect(put.headers['Content-Type']).toBe('video/mp4');
    // One PUT per link: the storage refuses a second one.
    expect(put.headers['If-None-Match']).toBe('*');
    expect((put as unknown as { timeout: number }).timeout).toBe(300_000);
    expect(uploadButton().textContent).toBe('Uploading Video...');
    expect(uploadButton().disabled).toBe(true);

    await act(async () => put.progress(30, 100));
    expect($(root(), '[role="progressbar"]').getAttribute('aria-valuenow')).toBe('30');

    await act(async () => put.respond(200));
    await flush();
    expect(api.sent(recordCall)).toEqual([{ s3FileName: storedName, uniqueId: '5' }]);
    expect(uploadButton().textContent).toBe('Video Uploaded Successfully!');
    expect(where()).toBe('/upload-video/5?state=TX');
    await advance(1500);
    expect(where()).toBe('/home');
    // The portal says the video arrived: the word rides on the navigation.
    expect(root().querySelector('[data-testid="where"]')?.getAttribute('data-state')).toBe(
      JSON.stringify({ portalNotice: 'video-received' }),
    );
    expect(api.calls()).not.toContain(logCall);
  });

  it('signs a file without a type as video/mp4', async () => {
    api.on(signedCall, signed);
    await open();
    await choose(videoFile('phone.mov', 5 * MB, ''));
    await click(uploadButton());
    expect(api.sent(signedCall)).toEqual([expect.objectContaining({ content_type: 'video/mp4' })]);
    expect(lastPut().headers['Content-Type']).toBe('video/mp4');
  });

  it('retries network failures 3 times, 2 s × the attempt apart, then succeeds', async () => {
    api.on(signedCall, signed);
    api.on(recordCall, ok({ success: true, message: 'ok' }));
    await open();
    await choose(videoFile());
    await click(uploadButton());

    for (const attempt of [1, 2, 3]) {
      await act(async () => lastPut().fail());
      await flush();
      expect(uploadButton().textContent).toBe(`Retrying Upload... (${attempt}/3)`);
      const before = FakeXhr.sent.length;
      await advance(2000 * attempt - 1);
      expect(FakeXhr.sent.length).toBe(before);
      await advance(1);
      expect(FakeXhr.sent.length).toBe(before + 1);
      expect(uploadButton().textContent).toBe(`Retrying Upload... (${attempt}/3)`);
    }
    await act(async () => lastPut().respond(200));
    await flush();
    expect(uploadButton().textContent).toBe('Video Uploaded Successfully!');
    // one signed URL for all the attempts
    expect(api.sent(signedCall)).toHaveLength(1);
    expect(api.sent(recordCall)).toHaveLength(1);
    expect(api.calls()).not.toContain(logCall);
  });

  it('takes "already stored" on a retry as the video stored by the attempt whose answer was lost', async () => {
    api.on(signedCall, signed);
    api.on(recordCall, ok({ success: true, message: 'ok' }));
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await act(async () => lastPut().fail());
    await advance(2000);
    await act(async () => lastPut().respond(412));
    await flush();
    expect(uploadButton().textContent).toBe('Video Uploaded Successfully!');
    expect(api.sent(recordCall)).toEqual([{ s3FileName: storedName, uniqueId: '5' }]);
  });

  it('after 3 retries says there is no connection, logs it and offers Try Again', async () => {
    api.on(signedCall, signed);
    await open();
    await choose(videoFile());
    await click(uploadButton());
    for (const attempt of [1, 2, 3]) {
      await act(async () => lastPut().fail());
      await advance(2000 * attempt);
    }
    await act(async () => lastPut().fail());
    await flush();
    expect(FakeXhr.sent).toHaveLength(4);
    expect(problem()?.title).toBe('No Internet Connection');
    expect(problem()?.message).toBe('Cannot reach our servers.');
    expect(uploadButton().textContent).toBe('Try Again');
    expect(api.sent(logCall)).toEqual([
      expect.objectContaining({
        success: false,
        error: 'No Internet Connection: Cannot reach our servers.',
        fileSize: 5 * MB,
        filename: '5_av_video_1700000000000_clip.mp4',
        imageType: 'av_video',
        idOfForm: '5',
      }),
    ]);
  });

  it.each([
    [413, 'Video File Too Big', null],
    [415, 'Video Format Not Supported', null],
    [401, 'Upload Not Authorized', 'Your session may have expired.'],
    [403, 'Upload Not Authorized', 'Your session may have expired.'],
    [500, 'Server Temporarily Down', null],
    [503, 'Server Temporarily Down', null],
  ])('names a %i from storage "%s", without retrying', async (status, title, message) => {
    api.on(signedCall, signed);
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await act(async () => lastPut().respond(status));
    await flush();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(problem()?.title).toBe(title);
    if (message) expect(problem()?.message).toBe(message);
    expect(problem()?.hint).toBeTruthy();
    expect(uploadButton().textContent).toBe('Try Again');
    expect(api.sent(logCall)).toHaveLength(1);
  });

  it('names a failed signed URL request by its status', async () => {
    api.on(signedCall, fail(500));
    await open();
    await choose(videoFile());
    await click(uploadButton());
    expect(problem()?.title).toBe('Server Temporarily Down');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it.each([
    [55 * MB, 'Large File Upload Failed', 'Your video is too large for your current connection.'],
    [10 * MB, 'Upload Taking Too Long', null],
  ])('names timeouts of a %i-byte video "%s"', async (size, title, message) => {
    api.on(signedCall, signed);
    await open();
    await choose(videoFile('clip.mp4', size));
    if (size > 60 * MB) throw new Error('no compression offer expected here');
    await click(uploadButton());
    for (const attempt of [1, 2, 3]) {
      await act(async () => lastPut().ontimeout?.());
      await advance(2000 * attempt);
    }
    await act(async () => lastPut().ontimeout?.());
    await flush();
    expect(problem()?.title).toBe(title);
    if (message) expect(problem()?.message).toBe(message);
  });

  it('gives up a signed URL request after 30 s and retries it', async () => {
    api.on(signedCall, 'hang', signed);
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await advance(29_999);
    expect(uploadButton().textContent).toBe('Uploading Video...');
    await advance(1);
    expect(uploadButton().textContent).toBe('Retrying Upload... (1/3)');
    await advance(2000);
    expect(api.sent(signedCall)).toHaveLength(2);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('cancels the upload, or the wait for a retry, when asked', async () => {
    api.on(signedCall, signed);
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await click($(root(), '#uv-cancel'));
    expect(problem()?.title).toBe('Upload Cancelled');
    expect(uploadButton().textContent).toBe('Try Again');
    expect(root().querySelector('#uv-cancel')).toBeNull();
    expect(api.sent(logCall)).toHaveLength(1);

    await click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastPut().fail());
    await flush();
    expect(uploadButton().textContent).toBe('Retrying Upload... (1/3)');
    await click($(root(), '#uv-cancel'));
    expect(problem()?.title).toBe('Upload Cancelled');
    await advance(10_000);
    expect(FakeXhr.sent).toHaveLength(2);
    expect(api.sent(recordCall)).toHaveLength(0);
  });

  it('calls a blocked upload to another origin a browser security issue', async () => {
    api.on(signedCall, signedAt('https://files.example/put?sig=1'));
    await open();
    await choose(videoFile());
    await click(uploadButton());
    for (const attempt of [1, 2, 3]) {
      await act(async () => lastPut().fail());
      await advance(2000 * attempt);
    }
    await act(async () => lastPut().fail());
    await flush();
    expect(problem()?.title).toBe('Browser Security Issue');
  });

  it("shows the server's message when it refuses the uploaded file; Try Again uploads anew", async () => {
    api.on(signedCall, signed);
    api.on(
      recordCall,
      fail(400, 'Please select a video file.'),
      ok({ success: true, message: 'ok' }),
    );
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await act(async () => lastPut().respond(200));
    await flush();
    expect(problem()?.message).toBe('Please select a video file.');
    expect(uploadButton().textContent).toBe('Try Again');
    expect(api.sent(logCall)).toHaveLength(1);

    await click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastPut().respond(200));
    await flush();
    expect(uploadButton().textContent).toBe('Video Uploaded Successfully!');
  });

  it('retries only the recording when the upload itself went through', async () => {
    api.on(signedCall, signed);
    api.on(recordCall, fail(503), ok({ success: true, message: 'ok' }));
    await open();
    await choose(videoFile());
    await click(uploadButton());
    await act(async () => lastPut().respond(200));
    await flush();
    expect(problem()?.title).toBe('Server Temporarily Down');
    await click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(1);
    expect(api.sent(recordCall)).toHaveLength(2);
    expect(uploadButton().textContent).toBe('Video Uploaded Successfully!');
  });

  it('uploads a video recorded in the camera dialog as webm', async () => {
    class Recorder {
      static isTypeSupported = (type: string) => type === 'video/webm';
      static last: Recorder;
      state = 'inactive';
      mimeType = 'video/webm';
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(
        _stream: unknown,
        readonly options: MediaRecorderOptions,
      ) {
        Recorder.last = this;
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['frames'], { type: 'video/webm' }) });
        this.onstop?.();
      }
    }
    globalThis.MediaRecorder = Recorder as unknown as typeof MediaRecorder;
    const track = { stop: jest.fn() };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: jest.fn(async () => ({ getTracks: () => [track] })) },
    });
    api.on(signedCall, signed);
    await open();
    await click($(root(), '#uv-record'));
    const start = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Start Recording',
    )!;
    await click(start);
    await advance(3000);
    expect(Recorder.last.options.videoBitsPerSecond).toBe(2_000_000);
    await advance(15_000);
    const stop = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Stop Recording',
    )!;
    await click(stop);
    const use = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Use This Video',
    )!;
    await click(use);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    expect($(root(), '.uv-file__meta').textContent).toContain('0:15');
    await click(uploadButton());
    expect(api.sent(signedCall)).toEqual([expect.objectContaining({ content_type: 'video/webm' })]);
    expect(lastPut().headers['Content-Type']).toBe('video/webm');
  });

  describe('above 60 MB', () => {
    const big = () => videoFile('big.mp4', 70 * MB);

    it('offers to make it smaller, shows Making Video Smaller... and uploads the smaller copy', async () => {
      api.on(signedCall, signed);
      let finish: (file: File) => void = () => undefined;
      compress.mockImplementation(
        () =>
          new Promise<File>((resolve) => {
            finish = resolve;
          }),
      );
      await open();
      await choose(big());
      await click(uploadButton());
      const dialog = $(document, '[role="dialog"]');
      expect(dialog.textContent).toContain('Make Your Video Smaller?');
      expect(FakeXhr.sent).toHaveLength(0);

      await click($(document, '#uv-compress'));
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(uploadButton().textContent).toBe('Making Video Smaller...');
      expect(compress).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'big.mp4' }),
        expect.anything(),
      );

      await act(async () => finish(videoFile('big-smaller.webm', 30 * MB, 'video/webm')));
      await flush();
      expect(uploadButton().textContent).toBe('Uploading Video...');
      expect(api.sent(signedCall)).toEqual([
        {
          filename: '5_av_video_1700000000000_big-smaller.webm',
          content_type: 'video/webm',
          form_id: '5',
        },
      ]);
    });

    it('uploads the original when asked', async () => {
      api.on(signedCall, signed);
      await open();
      await choose(big());
      await click(uploadButton());
      await click($(document, '#uv-original'));
      expect(compress).not.toHaveBeenCalled();
      expect(api.sent(signedCall)).toEqual([
        expect.objectContaining({ filename: '5_av_video_1700000000000_big.mp4' }),
      ]);
    });

    it('says when compression fails and then uploads the original', async () => {
      api.on(signedCall, signed);
      compress.mockRejectedValue(new CompressionError(compressionProblems.failed));
      await open();
      await choose(big());
      await click(uploadButton());
      await click($(document, '#uv-compress'));
      expect(problem()?.title).toBe('Compression Failed');
      expect(uploadButton().textContent).toBe('Upload Video');
      await click(uploadButton());
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(api.sent(signedCall)).toEqual([
        expect.objectContaining({ filename: '5_av_video_1700000000000_big.mp4' }),
      ]);
    });

    it('does not offer it at 60 MB', async () => {
      api.on(signedCall, signed);
      await open();
      await choose(videoFile('edge.mp4', 60 * MB));
      await click(uploadButton());
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(api.sent(signedCall)).toHaveLength(1);
    });
  });
});
