import { compressVideo, frameCap, MIN_BITRATE, scaledSize, targetBitrate } from './compressVideo';

const MB = 1024 * 1024;

describe('making a video smaller', () => {
  it('caps the frame by how much smaller the file must get', () => {
    expect(frameCap(0.3)).toEqual({ width: 480, height: 320 });
    expect(frameCap(0.5)).toEqual({ width: 640, height: 480 });
    expect(frameCap(0.9)).toEqual({ width: 854, height: 480 });
  });

  it('keeps the picture’s shape, upright or sideways, in even sizes', () => {
    expect(scaledSize(1920, 1080, 0.9)).toEqual({ width: 854, height: 480 });
    expect(scaledSize(1080, 1920, 0.9)).toEqual({ width: 480, height: 854 });
    expect(scaledSize(1280, 720, 0.3)).toEqual({ width: 480, height: 270 });
    // never larger than the original
    expect(scaledSize(320, 240, 0.9)).toEqual({ width: 320, height: 240 });
  });

  it('fits the bitrate to the target, at least 100 kbps', () => {
    expect(targetBitrate(10 * MB, 60)).toBe(Math.floor((10 * MB * 8 * 0.85) / 60));
    // a 480p picture needs no more than 2.5 Mbps
    expect(targetBitrate(60 * MB, 10)).toBe(2_500_000);
    expect(targetBitrate(1000, 60)).toBe(MIN_BITRATE);
    expect(MIN_BITRATE).toBe(100_000);
  });

  it('leaves a file within the target alone', async () => {
    const file = new File(['x'], 'small.mp4', { type: 'video/mp4' });
    await expect(compressVideo(file, { targetBytes: 10 })).resolves.toBe(file);
  });

  it('says Device Not Supported without MediaRecorder or canvas capture', async () => {
    const file = new File(['x'.repeat(100)], 'big.mp4', { type: 'video/mp4' });
    await expect(compressVideo(file, { targetBytes: 10 })).rejects.toMatchObject({
      problem: { title: 'Device Not Supported' },
    });
  });
});
