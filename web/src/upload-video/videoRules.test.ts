import { detectDevice, formatSeconds, isVideoFile, recordingBitrate } from './videoRules';

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
