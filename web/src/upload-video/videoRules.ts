/**
 * The identity video's rules (spec 002 sections 5, 8 and 9): the limits, the titled problems a
 * patient can meet (title, message, hint), the checks of a chosen file (type, size, duration read
 * through a hidden <video>), the device (phone or desktop, iOS or Android) and its recording
 * bitrate. No React here.
 */
import { videoLimits } from '@clinic/contracts';

/** Spec 002 section 9, "Video". */
export const videoConstants = {
  ...videoLimits,
  /** Over this, an upload that times out is too large for the connection. */
  largeUploadBytes: 50 * 1024 * 1024,
  /** Over this a failed upload is called "Upload Failed" rather than "Upload Error". */
  failedUploadBytes: 20 * 1024 * 1024,
  /** The duration assumed when the browser cannot read it, and how long it is waited for. */
  assumedSeconds: 8,
  durationWaitMs: 10_000,
  retries: 3,
  retryDelayMs: 2_000,
  signedUrlTimeoutMs: 30_000,
  uploadTimeoutMs: 300_000,
  countdownSeconds: 3,
  recordSeconds: 60,
  /** Spec 002 section 8: an incompatible camera setting is retried with basic settings after 2 s. */
  basicSettingsRetryMs: 2_000,
} as const;

/** What a patient is told when something stops them: a title, what happened, what to do. */
export interface VideoProblem {
  title: string;
  message: string;
  hint?: string;
}

/** A problem thrown through promises (validation, compression, upload). */
export class VideoError extends Error {
  override readonly name = 'VideoError';
  constructor(readonly problem: VideoProblem) {
    super(`${problem.title}: ${problem.message}`);
  }
}

const accepted = ['.mp4', '.mov', '.webm', '.avi'];

/** The checks of a chosen file (spec 002 section 5, "Identity video"). */
export const validationProblems = {
  noFile: {
    title: 'No File Selected',
    message: 'Please choose a video file to upload.',
    hint: 'Tap Record Now or Upload From Gallery to pick your video.',
  },
  wrongType: {
    title: 'Wrong File Type',
    message: 'Please select a video file from your phone or camera.',
    hint: 'Look for a file ending in .mp4, .mov, .webm or .avi. Photos and documents cannot be used.',
  },
  tooLarge: {
    title: 'Video File Too Large',
    message: 'Your video is larger than 100MB.',
    hint: 'Record a shorter video (30 to 60 seconds is plenty), or use Record Now.',
  },
  tooShort: {
    title: 'Video Too Short',
    message: 'Your video must be at least 5 seconds long.',
    hint: 'Say your full name, your date of birth and why you are seeking treatment.',
  },
  tooLong: {
    title: 'Video Too Long',
    message: 'Your video is longer than 60 seconds.',
    hint: 'Please record a shorter video; 30 to 60 seconds is enough.',
  },
  cannotRead: {
    title: 'Cannot Read Video',
    message: 'We could not open this video. It may be damaged or still saving.',
    hint: 'Choose the video again, or record a new one with Record Now.',
  },
  analysisFailed: {
    title: 'Video Analysis Failed',
    message: 'We could not check the length of this video.',
    hint: 'Please choose the video again. If it keeps happening, record a new one.',
  },
  formatIssue: {
    title: 'Video Format Issue',
    message: 'Your browser cannot play this type of video.',
    hint: 'Please use an .mp4, .mov or .webm video, or record one with Record Now.',
  },
  memoryLow: {
    title: 'Device Memory Low',
    message: 'Your device ran out of memory while opening the video.',
    hint: 'Close other apps or tabs, then try again.',
  },
  processingError: {
    title: 'Video Processing Error',
    message: 'Something went wrong while preparing your video.',
    hint: 'Please try again, or record a new video with Record Now.',
  },
} satisfies Record<string, VideoProblem>;

/** Whether the file is a video by its type or, when the type is missing, by its extension. */
export function isVideoFile(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type.startsWith('video/')) return true;
  if (type !== '' && type !== 'application/octet-stream') return false;
  const name = file.name.toLowerCase();
  return accepted.some((extension) => name.endsWith(extension));
}

/** The problem of a file before its duration is known (presence, type, size), or null. */
export function fileProblem(file: File | null | undefined): VideoProblem | null {
  if (!file) return validationProblems.noFile;
  if (!isVideoFile(file)) return validationProblems.wrongType;
  if (file.size > videoConstants.maxBytes) return validationProblems.tooLarge;
  if (file.size === 0) return validationProblems.cannotRead;
  return null;
}

/** The problem of a duration in seconds, or null. */
export function durationProblem(seconds: number): VideoProblem | null {
  if (seconds < videoConstants.minSeconds) return validationProblems.tooShort;
  if (seconds > videoConstants.maxSeconds) return validationProblems.tooLong;
  return null;
}

/** The content type the file is signed and PUT with: its own, or video/mp4 when it has none. */
export function contentTypeOf(file: File): string {
  const type = file.type.trim().toLowerCase();
  return type.startsWith('video/') ? (type.split(';')[0] ?? type) : 'video/mp4';
}

function objectUrl(file: File): string {
  try {
    return URL.createObjectURL(file);
  } catch (cause) {
    const text = cause instanceof Error ? `${cause.name} ${cause.message}` : '';
    throw new VideoError(
      /memory|quota|range/i.test(text)
        ? validationProblems.memoryLow
        : validationProblems.analysisFailed,
    );
  }
}

/**
 * The video's duration in seconds, read with a hidden <video> element's loadedmetadata. When it
 * cannot be read (no metadata within 10 s, a format the browser cannot play, an endless
 * duration) 8 seconds are assumed (spec 002 section 5). A file the browser cannot open at all
 * is a "Cannot Read Video" problem.
 */
export function readDuration(
  file: File,
  waitMs: number = videoConstants.durationWaitMs,
): Promise<number> {
  const url = objectUrl(file);
  const video = document.createElement('video');
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.remove();
      try {
        URL.revokeObjectURL(url);
      } catch {
        // nothing to release
      }
      outcome();
    };
    const timer = setTimeout(() => finish(() => resolve(videoConstants.assumedSeconds)), waitMs);
    video.preload = 'metadata';
    video.muted = true;
    video.playsInline = true;
    // In the page but unseen: some mobile browsers load no metadata for a detached element.
    video.setAttribute('aria-hidden', 'true');
    video.style.cssText =
      'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
    document.body.appendChild(video);
    video.addEventListener('loadedmetadata', () => {
      const seconds = video.duration;
      finish(() =>
        resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : videoConstants.assumedSeconds),
      );
    });
    video.addEventListener('error', () => {
      const code = video.error?.code;
      // 4: the browser cannot decode it (an .avi, an HEVC .mov) but it may well be a video.
      if (code === 4 || code === undefined) finish(() => resolve(videoConstants.assumedSeconds));
      else finish(() => reject(new VideoError(validationProblems.cannotRead)));
    });
    try {
      video.src = url;
      video.load();
    } catch {
      // jsdom and some old browsers: the timer decides.
    }
  });
}

/** Full checks of a chosen file: resolves with its duration or rejects with a VideoError. */
export async function validateVideo(
  file: File | null | undefined,
  knownSeconds?: number,
): Promise<number> {
  const early = fileProblem(file);
  if (early || !file) throw new VideoError(early ?? validationProblems.noFile);
  let seconds: number;
  try {
    seconds = knownSeconds ?? (await readDuration(file));
  } catch (cause) {
    if (cause instanceof VideoError) throw cause;
    throw new VideoError(validationProblems.processingError);
  }
  const problem = durationProblem(seconds);
  if (problem) throw new VideoError(problem);
  return seconds;
}

/** The device as far as recording goes. */
export interface Device {
  ios: boolean;
  android: boolean;
  /** A phone or tablet: Record Now opens its camera app rather than the page's camera. */
  phone: boolean;
}

export function detectDevice(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  touchPoints: number = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints || 0,
): Device {
  // iPadOS reports a Mac; its touch screen tells it apart.
  const ios =
    /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  const android = /Android/i.test(userAgent);
  const phone = ios || android || /Mobi|Mobile/i.test(userAgent);
  return { ios, android, phone };
}

/** Spec 002 section 9: 0.8 Mbps on iOS, 1 Mbps on Android, 2 Mbps elsewhere. */
export function recordingBitrate(device: Device): number {
  if (device.ios) return 800_000;
  if (device.android) return 1_000_000;
  return 2_000_000;
}

/** "1:05", "0:07". */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Spec 002 section 8, camera errors of the in-page recorder. */
export const cameraProblems = {
  notSupported: {
    title: 'Camera Not Supported',
    message: 'Your browser cannot record video on this page.',
    hint: 'Use Upload From Gallery instead, or open this page in Chrome, Safari or Edge.',
  },
  permissionDenied: {
    title: 'Camera Permission Denied',
    message: 'We need your permission to use your camera and microphone.',
    hint: 'Click the camera icon in the address bar, allow the camera and microphone, then tap Try Again.',
  },
  permissionDeniedIos: {
    title: 'Camera Permission Denied',
    message: 'We need your permission to use your camera and microphone.',
    hint: 'Open Settings > Safari > Camera (and Microphone), choose Allow, then reload this page.',
  },
  noCamera: {
    title: 'No Camera Found',
    message: 'We could not find a camera on this device.',
    hint: 'Connect a webcam, or upload a video you recorded on your phone.',
  },
  incompatible: {
    title: 'Camera Settings Not Compatible',
    message: 'Your camera does not support the settings we asked for.',
    hint: 'Trying again with basic settings...',
  },
  inUse: {
    title: 'Camera In Use',
    message: 'Your camera is being used by another app.',
    hint: 'Close other apps or tabs that use the camera (a video call, for example), then tap Try Again.',
  },
  generic: {
    title: 'Could Not Access Camera',
    message: 'We could not start your camera.',
    hint: 'Tap Try Again, or upload a video from your gallery instead.',
  },
  recordingFailed: {
    title: 'Recording Failed',
    message: 'Recording failed. Please try again.',
    hint: 'Tap Try Again to start the camera again.',
  },
} satisfies Record<string, VideoProblem>;

/** The camera problem of a getUserMedia failure (by the error's name). */
export function cameraProblemOf(error: unknown, ios: boolean): VideoProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return ios ? cameraProblems.permissionDeniedIos : cameraProblems.permissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return cameraProblems.noCamera;
    case 'NotSupportedError':
      return cameraProblems.notSupported;
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return cameraProblems.incompatible;
    case 'NotReadableError':
    case 'TrackStartError':
      return cameraProblems.inUse;
    default:
      return cameraProblems.generic;
  }
}

/** Loading the compression code failed (offline, a new release): the original can still go. */
export const compressionUnavailable: VideoProblem = {
  title: 'Compression Not Available',
  message: 'We could not load the tool that makes videos smaller.',
  hint: 'Check your connection, or upload the original video with Upload Video.',
};

/** The problem an error carries (a VideoError, or compressVideo's own), or null. */
export function problemIn(error: unknown): VideoProblem | null {
  if (typeof error !== 'object' || error === null || !('problem' in error)) return null;
  const { problem } = error as { problem: unknown };
  if (typeof problem !== 'object' || problem === null) return null;
  const { title, message } = problem as Partial<VideoProblem>;
  return typeof title === 'string' && typeof message === 'string'
    ? (problem as VideoProblem)
    : null;
}
