/**
 * Record Now on a computer (spec 002 sections 2, 4, 8 and 9): the camera in a dialog
 * (getUserMedia, front camera, sound), a 3-second countdown, recording with a timer (stopped by
 * the patient or at 60 s), then Retake or Use This Video. The recording's bitrate is the
 * device's (0.8 Mbps iOS, 1 Mbps Android, 2 Mbps elsewhere). Camera failures are the spec's
 * titled problems; incompatible settings are retried with basic settings after 2 s.
 *
 * Hooks for tests: .uv-camera[data-phase="starting|ready|countdown|recording|review|error"].
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Dialog } from '../ui';
import {
  cameraProblemOf,
  cameraProblems,
  formatSeconds,
  videoConstants,
  type VideoProblem,
} from './videoRules';
import { ProblemBox } from './ProblemBox';

type Phase = 'starting' | 'ready' | 'countdown' | 'recording' | 'review' | 'error';

interface Props {
  bitrate: number;
  ios: boolean;
  onClose(): void;
  /** The recording the patient chose, with its length in seconds. */
  onRecorded(file: File, seconds: number): void;
}

const recorderTypes = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return undefined;
  return recorderTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

const fullSettings: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: true,
};
const basicSettings: MediaStreamConstraints = { video: true, audio: true };

export function CameraRecorder({ bitrate, ios, onClose, onRecorded }: Props) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [problem, setProblem] = useState<VideoProblem | null>(null);
  const [count, setCount] = useState<number>(videoConstants.countdownSeconds);
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<{ file: File; url: string; seconds: number } | null>(
    null,
  );
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const live = useRef(true);

  function clearTimers() {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    clearInterval(ticker.current);
  }

  function stopCamera() {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }

  async function openCamera(basic = false) {
    clearTimers();
    setProblem(null);
    setPhase('starting');
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem(cameraProblems.notSupported);
      setPhase('error');
      return;
    }
    try {
      const opened = await navigator.mediaDevices.getUserMedia(
        basic ? basicSettings : fullSettings,
      );
      if (!live.current) {
        opened.getTracks().forEach((track) => track.stop());
        return;
      }
      stopCamera();
      stream.current = opened;
      setPhase('ready');
    } catch (error) {
      if (!live.current) return;
      const found = cameraProblemOf(error, ios);
      setProblem(found);
      setPhase('error');
      if (found === cameraProblems.incompatible && !basic)
        timers.current.push(
          setTimeout(() => void openCamera(true), videoConstants.basicSettingsRetryMs),
        );
    }
  }

  useEffect(() => {
    live.current = true;
    void openCamera();
    return () => {
      live.current = false;
      clearTimers();
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      stopCamera();
    };
    // Opens the camera once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The live picture while the camera is on.
  useEffect(() => {
    const video = preview.current;
    if (!video || phase === 'review') return;
    if (video.srcObject !== stream.current) video.srcObject = stream.current;
  }, [phase]);

  useEffect(
    () => () => {
      if (recording) URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  function startRecording() {
    const camera = stream.current;
    if (!camera) return;
    const mimeType = recorderType();
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(camera, {
        ...(mimeType ? { mimeType } : {}),
        videoBitsPerSecond: bitrate,
      });
    } catch {
      setProblem(cameraProblems.recordingFailed);
      setPhase('error');
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    let failed = false;
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onerror = () => {
      failed = true;
      clearTimers();
      setProblem(cameraProblems.recordingFailed);
      setPhase('error');
    };
    media.onstop = () => {
      clearTimers();
      if (failed || !live.current) return;
      const type = (media.mimeType || mimeType || 'video/webm').split(';')[0] ?? 'video/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setProblem(cameraProblems.recordingFailed);
        setPhase('error');
        return;
      }
      const seconds = Math.min(videoConstants.recordSeconds, (Date.now() - startedAt) / 1000);
      const file = new File(
        [blob],
        `identity-video-${startedAt}.${type === 'video/mp4' ? 'mp4' : 'webm'}`,
        {
          type,
        },
      );
      setRecording({ file, url: URL.createObjectURL(file), seconds });
      setPhase('review');
    };
    recorder.current = media;
    media.start(1000);
    setElapsed(0);
    setPhase('recording');
    ticker.current = setInterval(() => {
      setElapsed(Math.min(videoConstants.recordSeconds, (Date.now() - startedAt) / 1000));
    }, 250);
    timers.current.push(setTimeout(() => stopRecording(), videoConstants.recordSeconds * 1000));
  }

  function stopRecording() {
    const media = recorder.current;
    if (media && media.state !== 'inactive') media.stop();
  }

  function countDown() {
    clearTimers();
    setCount(videoConstants.countdownSeconds);
    setPhase('countdown');
    for (let left = videoConstants.countdownSeconds - 1; left >= 0; left -= 1) {
      const at = (videoConstants.countdownSeconds - left) * 1000;
      timers.current.push(
        setTimeout(() => {
          if (left > 0) setCount(left);
          else startRecording();
        }, at),
      );
    }
  }

  function retake() {
    setRecording(null);
    setElapsed(0);
    if (stream.current) setPhase('ready');
    else void openCamera();
  }

  const busy = phase === 'recording';
  return (
    <Dialog title="Record Your Video" onClose={onClose} busy={busy} className="uv-camera-dialog">
      <div className="uv-camera" data-phase={phase}>
        <div className="uv-camera__frame">
          {phase === 'review' && recording ? (
            <video
              className="uv-camera__video"
              src={recording.url}
              controls
              playsInline
              aria-label="Your recording"
            />
          ) : (
            <video
              ref={preview}
              className="uv-camera__video uv-camera__video--mirror"
              autoPlay
              muted
              playsInline
              aria-label="Camera preview"
            />
          )}
          {phase === 'starting' && <p className="uv-camera__overlay">Starting your camera...</p>}
          {phase === 'countdown' && (
            <p className="uv-camera__overlay uv-camera__count" aria-live="assertive">
              {count}
            </p>
          )}
          {phase === 'recording' && (
            <p className="uv-camera__timer" role="timer" aria-live="off">
              <span className="uv-camera__dot" aria-hidden="true" />
              {formatSeconds(elapsed)} / {formatSeconds(videoConstants.recordSeconds)}
            </p>
          )}
        </div>

        {phase === 'ready' && (
          <p className="uv-camera__tip">
            Say your full name and date of birth, then why you are seeking weight loss medication.
          </p>
        )}
        {phase === 'error' && problem && <ProblemBox problem={problem} />}

        <div className="portal-modal__actions">
          {phase === 'ready' && <Button onClick={countDown}>Start Recording</Button>}
          {phase === 'recording' && (
            <Button variant="danger" onClick={stopRecording}>
              Stop Recording
            </Button>
          )}
          {phase === 'review' && recording && (
            <Button onClick={() => onRecorded(recording.file, recording.seconds)}>
              Use This Video
            </Button>
          )}
          {phase === 'review' && (
            <Button variant="secondary" onClick={retake}>
              Retake
            </Button>
          )}
          {phase === 'error' && problem !== cameraProblems.incompatible && (
            <Button onClick={() => (stream.current ? retake() : void openCamera())}>
              Try Again
            </Button>
          )}
          {phase !== 'recording' && (
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
