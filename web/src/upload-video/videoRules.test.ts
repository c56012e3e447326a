import {
  detectDevice,
  formatSeconds,
  isVideoFile,
  readDuration,
  recordingBitrate,
  validateVideo,
} from './videoRules';

describe('the video rules', () => {
  it('tells phones, iOS and Android apart', () => {
    const iphone = detectDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile');
    const android = detectDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari');
    const ipad = detectDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 5);
    const mac = detectDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 0);
    expect(iphone).toEqual({ ios: true, android: false, phone: true });
    expect(android).toEqual({ ios: false, android: true, phone: true });
    expect(ipad).toEqual({ ios: true, android: false, phone: true });
    expect(mac).toEqual({ ios: false, android: false, phone: false });
    expect(recordingBitrate(iphone)).toBe(800_000);
    expect(recordingBitrate(android)).toBe(1_000_000);
    expect(recordingBitrate(mac)).toBe(2_000_000);
  });

  it('knows a video by its type, or by its extension when it has none', () => {
    const file = (name: string, type: string) => new File(['x'], name, { type });
    expect(isVideoFile(file('a.mov', 'video/quicktime'))).toBe(true);
    expect(isVideoFile(file('a.avi', ''))).toBe(true);
    expect(isVideoFile(file('a.webm', 'application/octet-stream'))).toBe(true);
    expect(isVideoFile(file('a.mp4', 'image/png'))).toBe(false);
    expect(isVideoFile(file('a.txt', ''))).toBe(false);
  });

  it('writes seconds as m:ss', () => {
    expect(formatSeconds(7.9)).toBe('0:07');
    expect(formatSeconds(65)).toBe('1:05');
  });
});

describe("reading a video's duration", () => {
  const clip = () => new File(['x'], 'clip.mp4', { type: 'video/mp4' });
  let answer: (video: HTMLMediaElement) => void;

  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:clip');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      answer(this);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const failWith = (code: number) => (video: HTMLMediaElement) => {
    Object.defineProperty(video, 'error', { value: { code }, configurable: true });
    video.dispatchEvent(new Event('error'));
  };

  it('reads it from the hidden video, which then leaves the page', async () => {
    answer = (video) => {
      expect(video.isConnected).toBe(true);
      Object.defineProperty(video, 'duration', { value: 42.5 });
      video.dispatchEvent(new Event('loadedmetadata'));
    };
    await expect(readDuration(clip())).resolves.toBe(42.5);
    expect(document.querySelector('video')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:clip');
  });

  it('assumes 8 seconds for a format the browser cannot play', async () => {
    answer = failWith(4);
    await expect(readDuration(clip())).resolves.toBe(8);
  });

  it('says Cannot Read Video when the file cannot be read', async () => {
    answer = failWith(2);
    await expect(validateVideo(clip())).rejects.toMatchObject({
      problem: { title: 'Cannot Read Video' },
    });
  });

  it('says Video Analysis Failed when the browser cannot open files', async () => {
    URL.createObjectURL = jest.fn(() => {
      throw new TypeError('not available');
    });
    await expect(validateVideo(clip())).rejects.toMatchObject({
      problem: { title: 'Video Analysis Failed' },
    });
  });
});
