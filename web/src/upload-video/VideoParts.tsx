/**
 * The identity video page's fixed parts (UploadVideoPage holds the upload's state): what to say,
 * the two ways to give a video (Record Now, Upload From Gallery) and the chosen video.
 */
import { formatSize } from '../uploads/upload';
import { formatSeconds } from './videoRules';

/** The accept list of the gallery picker: any video, and the listed types by name. */
export const GALLERY_ACCEPT = 'video/*,.mp4,.mov,.avi,.webm';

/** What to say in the video, in three steps. */
export function VideoSteps() {
  return (
    <ol className="uv-steps">
      <li className="uv-steps__item">
        <span className="uv-steps__number" aria-hidden="true">
          1
        </span>
        <span>State your full name and date of birth.</span>
      </li>
      <li className="uv-steps__item">
        <span className="uv-steps__number" aria-hidden="true">
          2
        </span>
        <span>Briefly say why you are seeking weight loss medication.</span>
      </li>
      <li className="uv-steps__item">
        <span className="uv-steps__number" aria-hidden="true">
          3
        </span>
        <span>Keep it to 30-60 seconds at most. Informal is fine: no need to rehearse.</span>
      </li>
    </ol>
  );
}

/**
 * Record Now (a phone opens its front camera through the file input; a computer records in the
 * page) and Upload From Gallery.
 */
export function VideoOptions({
  phone,
  busy,
  onPick,
  onRecord,
}: {
  phone: boolean;
  busy: boolean;
  onPick(file: File | undefined): void;
  onRecord(): void;
}) {
  return (
    <div className="uv-options">
      {phone ? (
        <label className="uv-option" aria-disabled={busy || undefined}>
          <CameraIcon />
          <span className="uv-option__title">Record Now</span>
          <span className="uv-option__text">Opens your front camera</span>
          <input
            id="uv-capture"
            type="file"
            accept="video/*"
            capture="user"
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => {
              onPick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      ) : (
        <button
          id="uv-record"
          type="button"
          className="uv-option"
          disabled={busy}
          onClick={onRecord}
        >
          <CameraIcon />
          <span className="uv-option__title">Record Now</span>
          <span className="uv-option__text">Use your computer&apos;s camera</span>
        </button>
      )}
      <label className="uv-option" aria-disabled={busy || undefined}>
        <GalleryIcon />
        <span className="uv-option__title">Upload From Gallery</span>
        <span className="uv-option__text">MP4, MOV, WEBM or AVI, up to 100 MB</span>
        <input
          id="uv-gallery"
          type="file"
          accept={GALLERY_ACCEPT}
          className="visually-hidden"
          disabled={busy}
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}

/** The chosen video: its preview, name, size and length. */
export function ChosenVideo({
  file,
  preview,
  seconds,
}: {
  file: File;
  preview: string | null;
  seconds: number | null;
}) {
  return (
    <div className="uv-file">
      {preview && <video className="uv-file__preview" src={preview} controls playsInline muted />}
      <div className="uv-file__info">
        <span className="uv-file__name">{file.name}</span>
        <span className="uv-file__meta">
          {formatSize(file.size)}
          {seconds !== null ? ` · ${formatSeconds(seconds)}` : ''}
        </span>
      </div>
    </div>
  );
}

function CameraIcon() {
  return (
    <span className="uv-option__icon" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor">
        <rect x="2" y="6" width="14" height="12" rx="2" strokeWidth="2" />
        <path d="m16 10 6-3v10l-6-3" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

function GalleryIcon() {
  return (
    <span className="uv-option__icon" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor">
        <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeWidth="2" strokeLinecap="round" />
        <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeWidth="2" />
      </svg>
    </span>
  );
}
