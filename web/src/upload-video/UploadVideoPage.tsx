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
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { usStates, type IdentityVideoAsker } from '@clinic/contracts';
import { usePageTitle } from '../components/usePageTitle';
import { formatSize } from '../uploads/upload';
import { accountUserOf, useSession } from '../session/session';
import { Button, Dialog, PageShell, ProgressBar } from '../ui';
import { CameraRecorder } from './CameraRecorder';
import { ProblemBox } from './ProblemBox';
import { ChosenVideo, VideoOptions, VideoSteps } from './VideoParts';
import { detectDevice, recordingBitrate, videoConstants } from './videoRules';
import { readVideoAsker } from './videoUpload';
import { DONE_DELAY_MS, useVideoUpload, type Status } from './useVideoUpload';
import './upload-video.css';

export { DONE_DELAY_MS };

export { GALLERY_ACCEPT } from './VideoParts';

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

export function UploadVideoPage() {
  usePageTitle('Identity Video');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const [device] = useState(() => detectDevice());

  const upload = useVideoUpload(id);
  const { file, seconds, preview, status, problem, progress, retry, offer, busy, pick } = upload;
  const [camera, setCamera] = useState(false);
  /** Who asks for the video; undefined until known (the state's rule is named if the ask fails). */
  const [asker, setAsker] = useState<IdentityVideoAsker | null | undefined>(undefined);
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
          onClick={upload.start}
          disabled={busy}
          aria-busy={(busy && status !== 'done') || undefined}
        >
          {buttonText(status, retry)}
        </Button>
        {(status === 'uploading' || status === 'retrying') && (
          <button id="uv-cancel" type="button" className="uv-cancel" onClick={upload.cancel}>
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
          onClose={upload.closeOffer}
          description={`Your video is ${formatSize(file.size)}. Large videos can take a long time to upload. We can make it smaller on your device first; it stays clear enough for your doctor.`}
        >
          <div className="portal-modal__actions">
            <Button id="uv-compress" onClick={() => void upload.compress()}>
              Make It Smaller
            </Button>
            <Button id="uv-original" variant="secondary" onClick={upload.uploadOriginal}>
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
