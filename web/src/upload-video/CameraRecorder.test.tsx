import { act } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { $, advance, click, flush } from '../medical-form/testing/harness';
import { CameraRecorder } from './CameraRecorder';

/** A stand-in for MediaRecorder: records the options, gives one chunk on stop. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => type === 'video/webm';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: MediaRecorderOptions,
  ) {
    this.mimeType = options.mimeType ?? 'video/webm';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frames'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

const track = { stop: jest.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;
const getUserMedia = jest.fn<Promise<MediaStream>, [MediaStreamConstraints]>();
const recorded = jest.fn<void, [File, number]>();
const closed = jest.fn();
let view: Rendered | undefined;

const phase = () => document.querySelector('.uv-camera')?.getAttribute('data-phase');
const problemTitle = () => document.querySelector('.uv-problem__title')?.textContent ?? null;
const problemHint = () => document.querySelector('.uv-problem__hint')?.textContent ?? null;
function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`No button ${text}`);
  return found;
}
const buttons = () => [...document.querySelectorAll('.uv-camera button')].map((b) => b.textContent);

async function openRecorder(ios = false, bitrate = 2_000_000) {
  view = await render(
    <CameraRecorder bitrate={bitrate} ios={ios} onClose={closed} onRecorded={recorded} />,
  );
  await flush();
}

function deny(name: string) {
  getUserMedia.mockRejectedValueOnce(new DOMException('camera', name));
}

beforeEach(() => {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  FakeRecorder.last = null;
  track.stop.mockReset();
  recorded.mockReset();
  closed.mockReset();
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue(stream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  globalThis.MediaRecorder = FakeRecorder as unknown as typeof MediaRecorder;
  URL.createObjectURL = jest.fn(() => 'blob:recording');
  URL.revokeObjectURL = jest.fn();
});

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

describe('the camera dialog', () => {
  it('counts down 3 seconds, records with a timer at the bitrate given, stops at 60 s', async () => {
    await openRecorder(false, 800_000);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: true,
    });
    expect(phase()).toBe('ready');

    await click(button('Start Recording'));
    expect(phase()).toBe('countdown');
    expect($(document, '.uv-camera__count').textContent).toBe('3');
    await advance(1000);
    expect($(document, '.uv-camera__count').textContent).toBe('2');
    await advance(1000);
    expect($(document, '.uv-camera__count').textContent).toBe('1');
    expect(FakeRecorder.last).toBeNull();
    await advance(1000);
    expect(phase()).toBe('recording');
    expect(FakeRecorder.last?.options).toEqual({
      mimeType: 'video/webm',
      videoBitsPerSecond: 800_000,
    });
    expect($(document, '.uv-camera__timer').textContent).toBe('0:00 / 1:00');
    await advance(12_000);
    expect($(document, '.uv-camera__timer').textContent).toBe('0:12 / 1:00');
    expect(buttons()).toEqual(['Stop Recording']);

    await advance(48_000);
    expect(phase()).toBe('review');
    expect(buttons()).toEqual(['Use This Video', 'Retake', 'Cancel']);
    await click(button('Use This Video'));
    expect(recorded).toHaveBeenCalledTimes(1);
    const [file, seconds] = recorded.mock.calls[0]!;
    expect(file.type).toBe('video/webm');
    expect(file.name).toMatch(/^identity-video-\d+\.webm$/);
    expect(seconds).toBe(60);
  });

  it('stops when asked and offers Retake, which records again', async () => {
    await openRecorder();
    await click(button('Start Recording'));
    await advance(3000);
    await advance(7000);
    await click(button('Stop Recording'));
    expect(phase()).toBe('review');
    await click(button('Retake'));
    expect(phase()).toBe('ready');
    await click(button('Start Recording'));
    await advance(3000);
    await advance(20_000);
    await click(button('Stop Recording'));
    await click(button('Use This Video'));
    expect(recorded.mock.calls[0]![1]).toBe(20);
  });

  it('stops the camera when it closes', async () => {
    await openRecorder();
    await view!.unmount();
    view = undefined;
    expect(track.stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', false, 'Camera Permission Denied', 'address bar'],
    ['NotAllowedError', true, 'Camera Permission Denied', 'Settings > Safari'],
    ['NotFoundError', false, 'No Camera Found', null],
    ['NotReadableError', false, 'Camera In Use', null],
    ['NotSupportedError', false, 'Camera Not Supported', null],
    ['UnknownError', false, 'Could Not Access Camera', null],
  ] as const)('names a %s (iOS %s) "%s"', async (name, ios, title, hint) => {
    deny(name);
    await openRecorder(ios);
    expect(phase()).toBe('error');
    expect(problemTitle()).toBe(title);
    if (hint) expect(problemHint()).toContain(hint);
    // Try Again asks for the camera again
    await click(button('Try Again'));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(phase()).toBe('ready');
  });

  it('retries incompatible settings with basic settings after 2 s', async () => {
    deny('OverconstrainedError');
    await openRecorder();
    expect(problemTitle()).toBe('Camera Settings Not Compatible');
    await advance(1999);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: true, audio: true });
    expect(phase()).toBe('ready');
  });

  it('says when the browser cannot record', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await openRecorder();
    expect(problemTitle()).toBe('Camera Not Supported');
  });

  it('says when recording fails', async () => {
    await openRecorder();
    await click(button('Start Recording'));
    await advance(3000);
    await act(async () => FakeRecorder.last?.onerror?.());
    await flush();
    expect(phase()).toBe('error');
    expect(document.querySelector('.uv-problem__message')?.textContent).toBe(
      'Recording failed. Please try again.',
    );
  });
});
