/**
 * Making a large identity video smaller in the browser (spec 002 sections 5, 8 and 9): the video
 * plays (muted for the patient, its sound kept) into a canvas at a lower resolution, 15 frames a
 * second, and MediaRecorder records the canvas's stream at a lower bitrate (at least 100 kbps).
 * The resolution is capped by how much smaller the file must get: 480x320, 640x480 or 854x480.
 *
 * Loaded only when a patient accepts the offer (`import('./compressVideo')`): nothing of it is in
 * the page's first download.
 */
// Nothing of the page's own modules is imported here (types aside): a static import would make
// the page's chunk a shared one, which the route budget cannot name.
import { videoLimits } from '@clinic/contracts';
import type { VideoProblem } from './videoRules';

/** Spec 002 section 8, compression errors. */
export const compressionProblems = {
  unsupported: {
    title: 'Device Not Supported',
    message: 'This browser cannot make videos smaller.',
    hint: 'You can still upload the original video, or record a shorter one with Record Now.',
  },
  unavailable: {
    title: 'Compression Not Available',
    message: 'Making videos smaller is not available on this device.',
    hint: 'You can still upload the original video, or record a shorter one with Record Now.',
  },
  failed: {
    title: 'Compression Failed',
    message: 'We could not make your video smaller.',
    hint: 'You can still upload the original video, or record a shorter one with Record Now.',
  },
} satisfies Record<string, VideoProblem>;

/** A compression problem, thrown through the promise. */
export class CompressionError extends Error {
  override readonly name = 'CompressionError';
  constructor(readonly problem: VideoProblem) {
    super(`${problem.title}: ${problem.message}`);
  }
}

export const COMPRESSION_FPS = 15;
export const MIN_BITRATE = 100_000;

/** The largest frame for a compression ratio (target size / file size). */
export function frameCap(ratio: number): { width: number; height: number } {
  if (ratio < 0.4) return { width: 480, height: 320 };
  if (ratio < 0.7) return { width: 640, height: 480 };
  return { width: 854, height: 480 };
}

/** The video's frame scaled into the cap (its long side against the cap's long side). */
export function scaledSize(
  width: number,
  height: number,
  ratio: number,
): { width: number; height: number } {
  const cap = frameCap(ratio);
  const landscape = width >= height;
  const maxW = landscape ? cap.width : cap.height;
  const maxH = landscape ? cap.height : cap.width;
  const scale = Math.min(1, maxW / (width || maxW), maxH / (height || maxH));
  // Even sizes: some encoders refuse odd ones.
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width || maxW), height: even(height || maxH) };
}

/** The bitrate that fits the target in the duration, at least 100 kbps. */
export function targetBitrate(targetBytes: number, seconds: number): number {
  const bits = (targetBytes * 8 * 0.85) / Math.max(1, seconds);
  return Math.max(MIN_BITRATE, Math.min(2_500_000, Math.floor(bits)));
}

const mimeTypes = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
];

type CapturingVideo = HTMLVideoElement & {
  captureStream?: () => MediaStream;
  mozCaptureStream?: () => MediaStream;
};
type CapturingCanvas = HTMLCanvasElement & { captureStream?: (fps?: number) => MediaStream };

/** The sound of the playing video as tracks, when the browser can give it. */
function audioTracks(video: CapturingVideo): MediaStreamTrack[] {
  try {
    const stream = video.captureStream?.() ?? video.mozCaptureStream?.();
    if (stream) return stream.getAudioTracks();
  } catch {
    // fall through to Web Audio
  }
  try {
    const Context = window.AudioContext;
    if (!Context) return [];
    const context = new Context();
    const source = context.createMediaElementSource(video);
    const destination = context.createMediaStreamDestination();
    source.connect(destination);
    return destination.stream.getAudioTracks();
  } catch {
    return [];
  }
}

export interface CompressOptions {
  targetBytes?: number;
  onProgress?(percent: number): void;
}

/**
 * A smaller copy of `file` (webm or mp4, as the browser records), or the file itself when it is
 * already within the target or the copy is no smaller. Rejects with a CompressionError of
 * compressionProblems.
 */
export async function compressVideo(file: File, options: CompressOptions = {}): Promise<File> {
  const target = options.targetBytes ?? videoLimits.compressAboveBytes;
  if (file.size <= target) return file;
  const canvas = document.createElement('canvas') as CapturingCanvas;
  if (typeof MediaRecorder === 'undefined' || typeof canvas.captureStream !== 'function')
    throw new CompressionError(compressionProblems.unsupported);
  const mimeType = mimeTypes.find((type) => MediaRecorder.isTypeSupported?.(type));
  const context = canvas.getContext('2d');
  if (!mimeType || !context) throw new CompressionError(compressionProblems.unavailable);

  const url = URL.createObjectURL(file);
  const video = document.createElement('video') as CapturingVideo;
  video.muted = false;
  video.volume = 0;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  let frameTimer: ReturnType<typeof setInterval> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      video.onloadedmetadata = () => resolve();
      video.onerror = () => reject(new Error('unreadable'));
    });
    const seconds = Number.isFinite(video.duration) ? video.duration : videoLimits.maxSeconds;
    const size = scaledSize(video.videoWidth, video.videoHeight, target / file.size);
    canvas.width = size.width;
    canvas.height = size.height;
    const stream = canvas.captureStream(COMPRESSION_FPS);
    for (const track of audioTracks(video)) stream.addTrack(track);
    const recorder = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: targetBitrate(target, seconds),
      audioBitsPerSecond: 64_000,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const stopped = new Promise<void>((resolve, reject) => {
      recorder.onstop = () => resolve();
      recorder.onerror = () => reject(new Error('recorder failed'));
    });
    const draw = () => {
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      if (seconds > 0)
        options.onProgress?.(Math.min(99, Math.round((video.currentTime / seconds) * 100)));
    };
    video.onended = () => {
      clearInterval(frameTimer);
      if (recorder.state !== 'inactive') recorder.stop();
    };
    recorder.start(1000);
    frameTimer = setInterval(draw, 1000 / COMPRESSION_FPS);
    try {
      await video.play();
    } catch {
      // Autoplay with sound refused: play muted (the recording may lose its sound).
      video.muted = true;
      await video.play();
    }
    await stopped;
    for (const track of stream.getTracks()) track.stop();
    const type = mimeType.split(';')[0] ?? 'video/webm';
    const blob = new Blob(chunks, { type });
    options.onProgress?.(100);
    if (blob.size === 0 || blob.size >= file.size) return file;
    const base = file.name.replace(/\.[^.]+$/, '') || 'video';
    return new File([blob], `${base}-smaller.${type === 'video/mp4' ? 'mp4' : 'webm'}`, { type });
  } catch (cause) {
    if (cause instanceof CompressionError) throw cause;
    throw new CompressionError(compressionProblems.failed);
  } finally {
    clearInterval(frameTimer);
    video.pause();
    video.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}
