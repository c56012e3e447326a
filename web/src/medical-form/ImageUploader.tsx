/**
 * The questionnaire's image uploader (spec 002 sections 2, 4, 5 and 8): a drop zone or a click
 * to choose, a preview with the file's name and size, then Confirm Upload: a signed URL from
 * POST /api/get-signed-url, the file PUT there with progress ('Uploading... N%'), the server's
 * check of the stored bytes (POST /api/uploads/{file_name}/check), and half a second after
 * success the stored file's name is the question's answer. A chosen file that is no photo by its
 * bytes is refused at once, in the patient's words, and so is one the server's check refuses: a
 * refused file never becomes an answer. A failure says what went wrong, is logged for support
 * (POST /api/log-upload-attempt) and offers Try Again.
 *
 * Hooks for tests: .mf-upload[data-state="idle|ready|uploading|error|done"], input[type=file],
 * .mf-upload__zone, .mf-upload__preview, [role=progressbar], #mf-upload-confirm.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { uploadMessages } from '@clinic/contracts';
import { Button, FormMessage, ProgressBar, useFileDrop } from '../ui';
import { checkUploadedFile, logFailedUpload, requestSignedUrl } from '../uploads/uploadApi';
import {
  checkFailure,
  fileProblem,
  formatSize,
  photoProblem,
  prepareFailure,
  putFile,
  UploadFailure,
  uploadErrorText,
  uploadFileName,
} from '../uploads/upload';

/** Spec 002 section 9: the wait after a successful upload before moving on. */
export const UPLOAD_DONE_DELAY_MS = 500;

type UploadState = 'idle' | 'ready' | 'uploading' | 'error' | 'done';

interface Props {
  formId: string;
  /** The question's key (prescription_photo, ...): part of the stored file's name. */
  questionKey: string;
  /** What the input accepts; images only. */
  accept?: string;
  /**
   * The text shown when an upload fails, in place of the one for its cause (adjust-doses always
   * says the upload was unsuccessful, spec 002 section 8).
   */
  failureText?: string;
  onUploaded(fileName: string): void;
}

const buttonText: Record<UploadState, string> = {
  idle: 'Confirm Upload',
  ready: 'Confirm Upload',
  uploading: 'Uploading...',
  error: 'Try Again',
  done: 'Uploaded!',
};

function previewUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

/**
 * The photo's one trip: a signed URL, the PUT with progress, then the server's check of what was
 * stored; answers the stored name. Each failure is an UploadFailure of its stage.
 */
async function storePhoto(
  file: File,
  filename: string,
  formId: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  let signed;
  try {
    signed = await requestSignedUrl(filename, file.type, formId);
  } catch (cause) {
    throw prepareFailure(cause);
  }
  await putFile(signed.upload_url, file, onProgress);
  try {
    await checkUploadedFile(signed.file_name);
  } catch (cause) {
    throw checkFailure(cause);
  }
  return signed.file_name;
}

/** Drop an image here, or click to choose one (locked while uploading and once done). */
function DropZone({
  inputId,
  accept,
  locked,
  onPick,
}: {
  inputId: string;
  accept: string;
  locked: boolean;
  onPick(file: File | undefined): void;
}) {
  const { dragging, dropProps } = useFileDrop(onPick);
  return (
    <label
      htmlFor={inputId}
      className={`mf-upload__zone${dragging ? ' mf-upload__zone--over' : ''}`}
      {...dropProps}
      aria-disabled={locked || undefined}
    >
      <span className="mf-upload__icon" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeWidth="2" strokeLinecap="round" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeWidth="2" />
        </svg>
      </span>
      <span className="mf-upload__text">Drop image here or click to upload</span>
      <span className="mf-upload__hint">Maximum file size: 5 MB</span>
      <input
        id={inputId}
        type="file"
        accept={accept.startsWith('image/') ? accept : 'image/*'}
        className="visually-hidden"
        disabled={locked}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}

export function ImageUploader({
  formId,
  questionKey,
  accept = 'image/*',
  failureText,
  onUploaded,
}: Props) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest choice: a slower check of an earlier one must not overwrite it.
  const choice = useRef(0);
  const uploadedRef = useRef(onUploaded);
  uploadedRef.current = onUploaded;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function refuse(problem: string | null) {
    setFile(null);
    setPreview(null);
    setError(problem);
    setState('idle');
  }

  async function pick(chosen: File | null | undefined) {
    if (state === 'uploading' || state === 'done') return;
    const current = ++choice.current;
    setProgress(0);
    const problem = await photoProblem(chosen);
    if (current !== choice.current) return;
    if (problem || !chosen) return refuse(problem);
    setFile(chosen);
    setPreview(previewUrl(chosen));
    setError(null);
    setState('ready');
  }

  async function upload() {
    const problem = fileProblem(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setState('uploading');
    setError(null);
    setProgress(0);
    const filename = uploadFileName(formId, questionKey, Date.now(), file.name);
    try {
      const stored = await storePhoto(file, filename, formId, setProgress);
      setState('done');
      timer.current = setTimeout(() => uploadedRef.current(stored), UPLOAD_DONE_DELAY_MS);
    } catch (failure) {
      const refused = failure instanceof UploadFailure && failure.stage === 'refused';
      // A refused file is no failed upload: it is dropped and its reason said, never retried.
      const message = refused ? failure.message : (failureText ?? uploadErrorText(failure));
      if (refused) refuse(message);
      else {
        setState('error');
        setError(message);
      }
      void logFailedUpload({
        success: false,
        error: message,
        userAgent: navigator.userAgent.slice(0, 500),
        fileSize: file.size,
        filename: filename.slice(0, 300),
        imageType: questionKey,
        idOfForm: formId,
        timestamp: new Date().toISOString(),
      });
    }
  }

  const busy = state === 'uploading';
  return (
    <div className="mf-upload" data-state={state}>
      <DropZone
        inputId={inputId}
        accept={accept}
        locked={busy || state === 'done'}
        onPick={(chosen) => void pick(chosen)}
      />

      {file && (
        <div className="mf-upload__preview">
          {preview && <img src={preview} alt="" className="mf-upload__image" />}
          <div className="mf-upload__file">
            <span className="mf-upload__name">{file.name}</span>
            <span className="mf-upload__size">{formatSize(file.size)}</span>
          </div>
        </div>
      )}

      {(busy || state === 'done') && (
        <div className="mf-upload__progress">
          <ProgressBar className="mf-upload__bar" label="Upload progress" percent={progress} />
          {busy && <p className="mf-upload__percent">Uploading... {progress}%</p>}
        </div>
      )}

      <FormMessage kind="error">{error}</FormMessage>
      {state === 'error' && <p className="mf-upload__hint">{uploadMessages.tryAgainHint}</p>}

      <Button
        id="mf-upload-confirm"
        className="mf-upload__confirm"
        onClick={() => void upload()}
        disabled={busy || state === 'done'}
        aria-busy={busy || undefined}
      >
        {buttonText[state]}
      </Button>
    </div>
  );
}
