/**
 * The identity video's upload (spec 002 sections 4, 7, 8 and 9), for UploadVideoPage: the chosen
 * video checked (type, size, 5 to 60 seconds), the offer to make a large one smaller, the upload
 * with its retries and Cancel Upload, then the video recorded on the order and /home after
 * 'Video Uploaded Successfully!'. Every failure is one of the spec's titled problems, reported
 * to the server's log of failed uploads.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PortalHomeArrival } from '../portal';
import {
  compressionUnavailable,
  problemIn,
  validateVideo,
  validationProblems,
  videoConstants,
  type VideoProblem,
} from './videoRules';
import {
  logVideoFailure,
  problemOf,
  recordVideo,
  uploadProblems,
  uploadVideoFile,
  VideoUploadFailure,
  videoFileName,
} from './videoUpload';

/** How long 'Video Uploaded Successfully!' shows before /home. */
export const DONE_DELAY_MS = 1500;

export type Status =
  'idle' | 'checking' | 'ready' | 'compressing' | 'uploading' | 'retrying' | 'error' | 'done';

/** While the video is checked, made smaller or uploaded, and once it is in: no other choice. */
const busyStatuses: readonly Status[] = [
  'checking',
  'compressing',
  'uploading',
  'retrying',
  'done',
];

/** A preview URL of the file, revoked when the file changes or the page closes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? previewUrl(file) : null), [file]);
  useEffect(
    () => () => {
      if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function previewUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

const problemOfError = (error: unknown, fallback: VideoProblem) => problemIn(error) ?? fallback;

export function useVideoUpload(id: string) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<VideoProblem | null>(null);
  const [progress, setProgress] = useState(0);
  const [retry, setRetry] = useState(0);
  const [offer, setOffer] = useState(false);
  /** The patient answered the compression offer for the current file. */
  const offered = useRef(false);
  /** The stored name of the current file once uploaded (a retry then only records it). */
  const stored = useRef<{ file: File; name: string } | null>(null);
  const picking = useRef(0);
  const doneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Cancel Upload, and leaving the page, stop the upload under way. */
  const uploadControl = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(doneTimer.current);
      uploadControl.current?.abort();
    };
  }, []);
  const preview = useObjectUrl(file);

  const busy = busyStatuses.includes(status);

  function takeFile(chosen: File | null, length: number | null) {
    setFile(chosen);
    setSeconds(length);
    offered.current = false;
    stored.current = null;
  }

  async function pick(chosen: File | null | undefined, knownSeconds?: number) {
    if (busy) return;
    const turn = ++picking.current;
    setProblem(null);
    setProgress(0);
    setStatus('checking');
    try {
      const length = await validateVideo(chosen, knownSeconds);
      if (turn !== picking.current) return;
      takeFile(chosen ?? null, length);
      setStatus('ready');
    } catch (error) {
      if (turn !== picking.current) return;
      takeFile(null, null);
      setProblem(problemOfError(error, validationProblems.processingError));
      setStatus('idle');
    }
  }

  async function upload(video: File) {
    const filename = videoFileName(id, Date.now(), video.name);
    setStatus('uploading');
    setProblem(null);
    setProgress(0);
    setRetry(0);
    const control = new AbortController();
    uploadControl.current = control;
    try {
      let name = stored.current?.file === video ? stored.current.name : null;
      if (!name) {
        name = await uploadVideoFile(video, filename, id, {
          signal: control.signal,
          onProgress: setProgress,
          onRetry: (attempt) => {
            setRetry(attempt);
            setStatus('retrying');
          },
        });
        stored.current = { file: video, name };
      }
      if (control.signal.aborted) throw new VideoUploadFailure('record', 'cancelled', 0);
      await recordVideo(name, id);
      setStatus('done');
      // Home says the video arrived (a word carried by this navigation, not stored).
      const arrival: PortalHomeArrival = { portalNotice: 'video-received' };
      doneTimer.current = setTimeout(
        () => void navigate('/home', { replace: true, state: arrival }),
        DONE_DELAY_MS,
      );
    } catch (error) {
      const found =
        error instanceof VideoUploadFailure ? problemOf(error, video.size) : uploadProblems.generic;
      // The server refused the stored file (not a video): a retry uploads it again.
      if (error instanceof VideoUploadFailure && error.refused) stored.current = null;
      // Leaving the page cancels the upload: nothing to show or report then.
      if (!mounted.current) return;
      setProblem(found);
      setStatus('error');
      void logVideoFailure(found, video, filename, id);
    } finally {
      if (uploadControl.current === control) uploadControl.current = null;
    }
  }

  function start() {
    if (!file) {
      setProblem(validationProblems.noFile);
      return;
    }
    if (file.size > videoConstants.compressAboveBytes && !offered.current) {
      setOffer(true);
      return;
    }
    void upload(file);
  }

  async function compress() {
    if (!file) return;
    setOffer(false);
    offered.current = true;
    setProblem(null);
    setProgress(0);
    setStatus('compressing');
    let smaller: File;
    try {
      const { compressVideo } = await import('./compressVideo');
      smaller = await compressVideo(file, { onProgress: setProgress });
    } catch (error) {
      setProblem(problemOfError(error, compressionUnavailable));
      setStatus('ready');
      return;
    }
    setFile(smaller);
    void upload(smaller);
  }

  function uploadOriginal() {
    setOffer(false);
    offered.current = true;
    if (file) void upload(file);
  }
  const cancel = () => uploadControl.current?.abort();
  const closeOffer = () => setOffer(false);
  const state = { file, seconds, preview, status, problem, progress, retry, offer, busy };
  return { ...state, pick, start, compress, uploadOriginal, cancel, closeOffer };
}
