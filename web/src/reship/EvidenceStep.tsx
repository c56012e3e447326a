/**
 * The reship wizard's third step: a photo of the damaged items (chosen or dropped; refused when
 * chosen if it is no image, over 5 MB or no photo by its bytes), its preview, the upload's
 * progress, and Submit.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import { formatSize } from '../uploads/upload';
import { Button, FormMessage, ProgressBar, useFileDrop } from '../ui';
import { reshipTexts } from './reshipTexts';
import type { EvidenceFile } from './useEvidenceFile';

export function EvidenceStep({
  title,
  evidence,
  submitting,
  progress,
  submitError,
  onBack,
  onSubmit,
}: {
  title: ReactNode;
  evidence: EvidenceFile;
  submitting: boolean;
  progress: number | null;
  submitError: string | null;
  onBack(): void;
  onSubmit(event: FormEvent): void;
}) {
  const { file, preview, error: fileError } = evidence;
  const inputId = useId();
  const pick = (picked: File | null | undefined) => {
    if (!submitting) void evidence.pick(picked);
  };
  const { dragging, dropProps } = useFileDrop(pick);
  return (
    <form className="rs-form" noValidate onSubmit={onSubmit}>
      {title}
      <p className="rs-lead">{reshipTexts.evidenceLead}</p>
      <div className="rs-upload">
        {file ? (
          <div className="rs-upload__file" data-testid="rs-file">
            {preview && <img src={preview} alt="" className="rs-upload__image" />}
            <div className="rs-upload__about">
              <span className="rs-upload__name">{file.name}</span>
              <span className="rs-upload__size">{formatSize(file.size)}</span>
            </div>
            <button
              type="button"
              className="rs-upload__remove"
              aria-label={`Remove ${file.name}`}
              disabled={submitting}
              onClick={evidence.remove}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6 6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        ) : (
          <label
            htmlFor={inputId}
            className={`rs-upload__zone${dragging ? ' rs-upload__zone--over' : ''}`}
            {...dropProps}
          >
            <span className="rs-upload__icon" aria-hidden="true">
              <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
                <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeWidth="2" strokeLinecap="round" />
                <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeWidth="2" />
              </svg>
            </span>
            <span className="rs-upload__text">{reshipTexts.dropHere}</span>
            <span className="rs-upload__hint">{reshipTexts.maxSize}</span>
            <input
              id={inputId}
              type="file"
              accept="image/*"
              className="visually-hidden"
              aria-describedby={fileError ? 'rs-file-error' : undefined}
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        )}
        {fileError && (
          <p id="rs-file-error" className="field__error" role="alert">
            {fileError}
          </p>
        )}
        {progress !== null && (
          <ProgressBar className="rs-upload__bar" label="Upload progress" percent={progress} />
        )}
      </div>
      <FormMessage kind="error">{submitError}</FormMessage>
      <div className="rs-actions">
        <Button id="rs-back" variant="secondary" disabled={submitting} onClick={onBack}>
          Back
        </Button>
        <Button id="rs-submit" type="submit" busy={submitting} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}
