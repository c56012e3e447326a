/**
 * /upload-video/{id}, the identity video (spec 002 sections 2, 4, 5, 8 and 9). Login required
 * (routes.tsx). The patient records (on a computer in the page's camera dialog, on a phone with
 * the front camera) or picks a video; it is checked (a video, at most 100 MB, 5 to 60 seconds);
 * above 60 MB a dialog offers to make it smaller first (compressVideo.ts, downloaded only then);
 * then it is uploaded with progress and up to 3 retries, recorded with POST /api/upload-av-video,
 * and the patient goes to /home.
 *
 * The form id is the route's id; the state in the heading is the `state` query parameter or the
 * logged-in user's state, by its full name. Where no state rule asks for the video but the
 * patient's doctor did (in any state), the heading and its lead say so instead: the page asks the
 * forms service who asks (GET /forms/orders/{id}/identity-video) and names no reason until it
 * knows (the state's, as the spec does, if that call fails).
 *
 * Hooks for tests: main[data-page="upload-video"], .uv[data-status], #uv-upload, #uv-gallery,
 * #uv-capture (phones), #uv-record (computers), .uv-file, [role=progressbar].
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { usStates, type IdentityVideoAsker } from '@clinic/contracts';
import type { PortalHomeArrival } from '../portal/PortalHomePageNotice';
import { usePageTitle } from '../components/usePageTitle';
import { formatSize } from '../medical-form/upload';
import { accountUserOf, useSession } from '../session/session';
import { Button, Dialog, PageShell, ProgressBar } from '../ui';
import { CameraRecorder } from './CameraRecorder';
import { ProblemBox } from './ProblemBox';
import { ChosenVideo, VideoOptions, VideoSteps } from './VideoParts';
import {
  compressionUnavailable,
  problemIn,
  detectDevice,
  recordingBitrate,
  validateVideo,
  validationProblems,
  videoConstants,
  type VideoProblem,
} from './videoRules';
import {
  logVideoFailure,
  problemOf,
  readVideoAsker,
  recordVideo,
  uploadProblems,
  uploadVideoFile,
  VideoUploadFailure,
  videoFileName,
} from './videoUpload';
import './upload-video.css';

/** How long 'Video Uploaded Successfully!' shows before /home. */
export const DONE_DELAY_MS = 1500;

export { GALLERY_ACCEPT } from './VideoParts';

type Status =
  'idle' | 'checking' | 'ready' | 'compressing' | 'uploading' | 'retrying' | 'error' | 'done';

/** The state's full name from a code (TX) or a name (texas), or null when unknown. */
export function stateName(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const upper = value.toUpperCase();
  const byCode = Object.keys(usStates).find((name) => usStates[name] === upper);
  if (byCode) return byCode;
  return Object.keys(usStates).find((name) => name.toLowerCase() === value.toLowerCase()) ?? null;
}

export function videoHeading(state: string | null): string {
  return `A Quick Video is Required (Per ${state ?? "Your State's"} Regulations)`;
}

/** Ours, beside the spec's heading: the video the doctor asked for, and the lead of each. */
export const videoTexts = {
  /** While the page learns who asks: no reason named yet. */
  pendingHeading: 'A Quick Video is Required',
  doctorHeading: 'A Quick Video is Required (Requested by Your Doctor)',
  stateLead:
    'Before your doctor reviews your assessment, your state asks us to see and hear you. It takes less than a minute.',
  doctorLead:
    'Your doctor asked to see and hear you before deciding on your treatment. It takes less than a minute.',
} as const;

function buttonText(status: Status, retry: number): string {
  switch (status) {
    case 'uploading':
      return 'Uploading Video...';
    case 'retrying':
      return `Retrying Upload... (${retry}/${videoConstants.retries})`;
    case 'compressing':
      return 'Making Video Smaller...';
    case 'error':
      return 'Try Again';
    case 'done':
      return 'Video Uploaded Successfully!';
    default:
      return 'Upload Video';
  }
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

export function UploadVideoPage() {
  usePageTitle('Identity Video');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [device] = useState(() => detectDevice());

  const [file, setFile] = useState<File | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<VideoProblem | null>(null);
  const [progress, setProgress] = useState(0);
  const [retry, setRetry] = useState(0);
  const [offer, setOffer] = useState(false);
  const [camera, setCamera] = useState(false);
  /** Who asks for the video; undefined until known (the state's rule is named if the ask fails). */
  const [asker, setAsker] = useState<IdentityVideoAsker | null | undefined>(undefined);
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
  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => {
    let live = true;
    readVideoAsker(id).then(
      (found) => {
        if (live) setAsker(found);
      },
      () => {
        if (live) setAsker(null);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  const state = stateName(params.get('state')) ?? stateName(accountUserOf(session?.user)?.state);
  const byDoctor = asker === 'clinician';
  const heading =
    asker === undefined
      ? videoTexts.pendingHeading
      : byDoctor
        ? videoTexts.doctorHeading
        : videoHeading(state);
  const busy =
    status === 'checking' ||
    status === 'compressing' ||
    status === 'uploading' ||
    status === 'retrying' ||
    status === 'done';

  function takeFile(chosen: File | null, length: number | null) {
    setFile(chosen);
    setSeconds(length);
    setPreview(chosen ? previewUrl(chosen) : null);
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
    if (smaller !== file) {
      setFile(smaller);
      setPreview(previewUrl(smaller));
    }
    void upload(smaller);
  }

  function uploadOriginal() {
    setOffer(false);
    offered.current = true;
    if (file) void upload(file);
  }

  const uploading = status === 'uploading' || status === 'retrying' || status === 'done';
  return (
    <PageShell narrow className="uv" data-page="upload-video" data-status={status}>
      <section className="uv-card card">
        <p className="uv-eyebrow">Identity check</p>
        <h1 className="uv-title">{heading}</h1>
        {asker !== undefined && (
          <p className="uv-lead">{byDoctor ? videoTexts.doctorLead : videoTexts.stateLead}</p>
        )}

        <VideoSteps />

        <VideoOptions
          phone={device.phone}
          busy={busy}
          onPick={(chosen) => void pick(chosen)}
          onRecord={() => setCamera(true)}
        />

        {status === 'checking' && (
          <p className="uv-checking" role="status">
            Checking your video...
          </p>
        )}

        {file && <ChosenVideo file={file} preview={preview} seconds={seconds} />}

        {problem && <ProblemBox problem={problem} />}

        {(uploading || status === 'compressing') && (
          <div className="uv-progress">
            <ProgressBar
              className="uv-progress__bar"
              label={status === 'compressing' ? 'Making video smaller' : 'Upload progress'}
              percent={progress}
            />
            <p className="uv-progress__text">{progress}%</p>
          </div>
        )}

        <Button
          id="uv-upload"
          className="uv-submit"
          onClick={() => start()}
          disabled={busy}
          aria-busy={(busy && status !== 'done') || undefined}
        >
          {buttonText(status, retry)}
        </Button>
        {(status === 'uploading' || status === 'retrying') && (
          <button
            id="uv-cancel"
            type="button"
            className="uv-cancel"
            onClick={() => uploadControl.current?.abort()}
          >
            Cancel Upload
          </button>
        )}
        {status === 'done' && (
          <p className="visually-hidden" role="status">
            Video Uploaded Successfully!
          </p>
        )}

        <p className="uv-privacy">
          Your video is private and seen only by your care team. It must be 5 to 60 seconds long and
          at most 100 MB.
        </p>
      </section>

      {offer && file && (
        <Dialog
          title="Make Your Video Smaller?"
          onClose={() => setOffer(false)}
          description={`Your video is ${formatSize(file.size)}. Large videos can take a long time to upload. We can make it smaller on your device first; it stays clear enough for your doctor.`}
        >
          <div className="portal-modal__actions">
            <Button id="uv-compress" onClick={() => void compress()}>
              Make It Smaller
            </Button>
            <Button id="uv-original" variant="secondary" onClick={uploadOriginal}>
              Upload Original
            </Button>
          </div>
        </Dialog>
      )}

      {camera && (
        <CameraRecorder
          bitrate={recordingBitrate(device)}
          ios={device.ios}
          onClose={() => setCamera(false)}
          onRecorded={(recorded, length) => {
            setCamera(false);
            void pick(recorded, length);
          }}
        />
      )}
    </PageShell>
  );
}
