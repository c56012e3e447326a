/**
 * The camera dialog's life (spec 002 sections 2, 4, 8 and 9): opening the front camera with
 * sound (retried with basic settings 2 s after an incompatible-settings refusal), the 3-second
 * countdown, recording with a timer that stops itself at 60 s, the review, and a retake. Closing
 * the dialog stops the camera, the recorder and every timer.
 */
import { useEffect, useRef, useState } from 'react';
import { startMediaRecording } from './mediaRecording';
import { cameraProblemOf, cameraProblems, videoConstants, type VideoProblem } from './videoRules';

export type CameraPhase = 'starting' | 'ready' | 'countdown' | 'recording' | 'review' | 'error';

export interface Recording {
  file: File;
  url: string;
  seconds: number;
}

const fullSettings: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: true,
};
const basicSettings: MediaStreamConstraints = { video: true, audio: true };

/** The countdown: each second shows the next number, and the last one starts recording. */
function countdownTimers(show: (left: number) => void, done: () => void) {
  const seconds = videoConstants.countdownSeconds;
  return Array.from({ length: seconds }, (_, step) => {
    const left = seconds - 1 - step;
    return setTimeout(() => (left > 0 ? show(left) : done()), (step + 1) * 1000);
  });
}

export function useCameraRecorder({ bitrate, ios }: { bitrate: number; ios: boolean }) {
  const [phase, setPhase] = useState<CameraPhase>('starting');
  const [problem, setProblem] = useState<VideoProblem | null>(null);
  const [count, setCount] = useState<number>(videoConstants.countdownSeconds);
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
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

  function fail(found: VideoProblem) {
    setProblem(found);
    setPhase('error');
  }

  async function openCamera(basic = false) {
    clearTimers();
    setProblem(null);
    setPhase('starting');
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      fail(cameraProblems.notSupported);
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
      fail(found);
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
    const startedAt = Date.now();
    const media = startMediaRecording(camera, bitrate, {
      live: () => live.current,
      stopped: clearTimers,
      failed: () => {
        clearTimers();
        fail(cameraProblems.recordingFailed);
      },
      recorded: (file, seconds) => {
        setRecording({ file, url: URL.createObjectURL(file), seconds });
        setPhase('review');
      },
    });
    if (!media) {
      fail(cameraProblems.recordingFailed);
      return;
    }
    recorder.current = media;
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
    timers.current.push(...countdownTimers(setCount, startRecording));
  }

  function retake() {
    setRecording(null);
    setElapsed(0);
    if (stream.current) setPhase('ready');
    else void openCamera();
  }

  const tryAgain = () => (stream.current ? retake() : void openCamera());

  return {
    phase,
    problem,
    count,
    elapsed,
    recording,
    preview,
    countDown,
    stopRecording,
    retake,
    tryAgain,
  };
}
