/**
 * One recording from the camera's stream: a MediaRecorder at the device's bitrate in the first
 * container type the browser records, its pieces gathered into one file when it stops. An empty
 * recording or a recorder error is a failure, never a file.
 */
import { videoConstants } from './videoRules';

const recorderTypes = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return undefined;
  return recorderTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

export interface RecordingEvents {
  /** Whether the dialog is still open: a recording that stops after it closed is dropped. */
  live(): boolean;
  stopped(): void;
  failed(): void;
  recorded(file: File, seconds: number): void;
}

/** Starts recording, or answers null when the browser refuses to make a recorder. */
export function startMediaRecording(
  camera: MediaStream,
  bitrate: number,
  events: RecordingEvents,
): MediaRecorder | null {
  const mimeType = recorderType();
  let media: MediaRecorder;
  try {
    media = new MediaRecorder(camera, {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond: bitrate,
    });
  } catch {
    return null;
  }
  const chunks: Blob[] = [];
  const startedAt = Date.now();
  let failed = false;
  media.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  media.onerror = () => {
    failed = true;
    events.failed();
  };
  media.onstop = () => {
    events.stopped();
    if (failed || !events.live()) return;
    const type = (media.mimeType || mimeType || 'video/webm').split(';')[0] ?? 'video/webm';
    const blob = new Blob(chunks, { type });
    if (blob.size === 0) {
      events.failed();
      return;
    }
    const seconds = Math.min(videoConstants.recordSeconds, (Date.now() - startedAt) / 1000);
    const extension = type === 'video/mp4' ? 'mp4' : 'webm';
    events.recorded(
      new File([blob], `identity-video-${startedAt}.${extension}`, { type }),
      seconds,
    );
  };
  media.start(1000);
  return media;
}
