/**
 * Record Now on a computer (spec 002 sections 2, 4, 8 and 9): the camera in a dialog
 * (getUserMedia, front camera, sound), a 3-second countdown, recording with a timer (stopped by
 * the patient or at 60 s), then Retake or Use This Video. The recording's bitrate is the
 * device's (0.8 Mbps iOS, 1 Mbps Android, 2 Mbps elsewhere). Camera failures are the spec's
 * titled problems; incompatible settings are retried with basic settings after 2 s. The dialog's
 * life is useCameraRecorder's; this file is what the patient sees.
 *
 * Hooks for tests: .uv-camera[data-phase="starting|ready|countdown|recording|review|error"].
 */
import { Button, Dialog } from '../ui';
import { ProblemBox } from './ProblemBox';
import { useCameraRecorder } from './useCameraRecorder';
import { cameraProblems, formatSeconds, videoConstants } from './videoRules';

interface Props {
  bitrate: number;
  ios: boolean;
  onClose(): void;
  /** The recording the patient chose, with its length in seconds. */
  onRecorded(file: File, seconds: number): void;
}

export function CameraRecorder({ bitrate, ios, onClose, onRecorded }: Props) {
  const camera = useCameraRecorder({ bitrate, ios });
  const { phase, problem, count, elapsed, recording } = camera;
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
              ref={camera.preview}
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
          {phase === 'ready' && <Button onClick={camera.countDown}>Start Recording</Button>}
          {phase === 'recording' && (
            <Button variant="danger" onClick={camera.stopRecording}>
              Stop Recording
            </Button>
          )}
          {phase === 'review' && recording && (
            <Button onClick={() => onRecorded(recording.file, recording.seconds)}>
              Use This Video
            </Button>
          )}
          {phase === 'review' && (
            <Button variant="secondary" onClick={camera.retake}>
              Retake
            </Button>
          )}
          {phase === 'error' && problem !== cameraProblems.incompatible && (
            <Button onClick={camera.tryAgain}>Try Again</Button>
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
