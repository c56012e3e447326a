/**
 * /replacement-request, the reship wizard (spec 002 sections 2, 4, 5 and 8): four steps under a
 * progress indicator. 1 the delivered items to replace, by checkbox (GET /api/get-shipped-items);
 * 2 why, in up to 1000 characters with a counter; 3 a photo as evidence (an image under 5 MB,
 * and a photo by its bytes: a text file named .png is refused when chosen, in the medical form's
 * words), uploaded through POST /api/get-signed-url and a PUT and checked by the server, then the
 * request sent (POST /api/submit-reship-request: reason, the photo's stored name, the items as
 * name and id); a photo the server's check refuses is dropped and its reason said on the step;
 * 4 the thank-you and Go To Dashboard. A failed or empty item list goes to /sorry with its
 * message; a failed submit says so ('Error submitting request: {message}') and stays.
 *
 * Hooks for tests: main[data-page="replacement-request"], [data-step], .rs-item input,
 * #rs-reason, .rs-upload input[type=file], #rs-continue, #rs-back, #rs-submit.
 */
import { formatUsDate, maxImageBytes, reshipMessages, reshipReasonMax } from '@clinic/contracts';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import {
  formatSize,
  photoBytesProblem,
  uploadErrorText,
  UploadFailure,
} from '../medical-form/upload';
import { Button, Checkbox, FormMessage, PageShell, ProgressBar, type Step, Stepper } from '../ui';
import {
  readShippedItems,
  sendReshipRequest,
  uploadEvidence,
  type ShippedOrder,
} from './reshipApi';
import './reship.css';

const steps: readonly Step[] = [
  { key: 'items', label: 'Items' },
  { key: 'reason', label: 'Reason' },
  { key: 'evidence', label: 'Evidence' },
  { key: 'done', label: 'Done' },
];

export const reshipTexts = {
  itemsTitle: 'Replacement Request Form',
  itemsLead:
    'Choose the items that arrived missing or damaged. Replacement requests can be made within 7 days of delivery.',
  reasonTitle: 'Why You Need A Reship',
  reasonLead: 'Tell us what happened to your order.',
  evidenceTitle: 'Submit Evidence',
  evidenceLead: 'Upload a photo of the damaged items or the package as it arrived.',
  doneTitle: 'Request Received',
  dropHere: 'Drop image here or click to upload',
  maxSize: 'Maximum file size: 5 MB',
  submitFailed: (message: string) => `Error submitting request: ${message}`,
} as const;

export const sorryPath = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;

/** What is wrong with a chosen evidence file, or null (spec 002 section 5). */
export function evidenceProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return reshipMessages.selectImage;
  if (file.size > maxImageBytes) return reshipMessages.imageTooLarge;
  return null;
}

function previewUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

/** The message of a failed submit: the server's words, or the upload's failure in words. */
function failureText(failure: unknown): string {
  if (failure instanceof UploadFailure) return uploadErrorText(failure);
  return toApiError(failure).message;
}

type Load = { orders: ShippedOrder[] } | 'loading';

export function ReplacementRequestPage() {
  usePageTitle('Replacement Request');
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>('loading');
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The photo already stored for this file: a retried submit does not upload it again.
  const uploaded = useRef<{ file: File; name: string } | null>(null);
  // The latest choice: a slower byte check of an earlier one must not overwrite it.
  const choice = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const inputId = useId();
  const reasonId = useId();

  useEffect(() => {
    let live = true;
    readShippedItems().then(
      (orders) => {
        if (!live) return;
        if (orders.length === 0)
          void navigate(sorryPath(reshipMessages.noItems), { replace: true });
        else setLoad({ orders });
      },
      (failure: unknown) => {
        // A rejected session is forgotten by the client: the route sends the patient to log in.
        if (!live || toApiError(failure).status === 401) return;
        void navigate(sorryPath(reshipMessages.itemsFailed), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // Each new step starts at its heading (read out, and the top of the page on a phone).
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    window.scrollTo?.({ top: 0 });
  }, [step]);

  function go(next: number) {
    moved.current = true;
    setStep(next);
  }

  function toggle(index: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(index);
    else next.delete(index);
    setChosen(next);
  }

  async function pick(picked: File | null | undefined) {
    if (submitting || !picked) return;
    const current = ++choice.current;
    setSubmitError(null);
    const problem = evidenceProblem(picked) ?? (await photoBytesProblem(picked));
    if (current !== choice.current) return;
    if (problem) {
      setFileError(problem);
      return;
    }
    setFileError(null);
    setFile(picked);
    setPreview(previewUrl(picked));
  }

  function removeFile() {
    setFile(null);
    setPreview(null);
    setFileError(null);
    setSubmitError(null);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer?.files?.[0]);
  }

  function continueFromReason(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(reshipMessages.enterReason);
      return;
    }
    setReasonError(null);
    go(2);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || typeof load !== 'object') return;
    if (!file) {
      setFileError(reshipMessages.uploadImage);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      let image = uploaded.current?.file === file ? uploaded.current.name : null;
      if (!image) {
        setProgress(0);
        image = await uploadEvidence(file, setProgress);
        uploaded.current = { file, name: image };
      }
      const items = load.orders
        .filter((_, index) => chosen.has(index))
        .map((order) => ({ name: order.med_name, id: order.external_order_number }));
      await sendReshipRequest({ reason: reason.trim(), image, items });
      go(3);
    } catch (failure) {
      if (failure instanceof UploadFailure && failure.stage === 'refused') {
        // The server refused the photo itself: it is dropped and its reason said where a photo
        // is chosen, as one refused when chosen is; another photo is needed, not a retry.
        setFile(null);
        setPreview(null);
        setFileError(failure.message);
      } else setSubmitError(reshipTexts.submitFailed(failureText(failure)));
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  if (load === 'loading') {
    return (
      <PageShell
        narrow
        className="rs rs--loading"
        data-page="replacement-request-loading"
        aria-busy="true"
      >
        <span className="rs-spinner" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          Loading your orders
        </p>
      </PageShell>
    );
  }

  const titles = [
    reshipTexts.itemsTitle,
    reshipTexts.reasonTitle,
    reshipTexts.evidenceTitle,
    reshipTexts.doneTitle,
  ];
  const title = (
    <h1 ref={heading} tabIndex={-1} className="rs-title">
      {titles[step]}
    </h1>
  );

  let body;
  if (step === 0) {
    const none = chosen.size === 0;
    body = (
      <form
        className="rs-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!none) go(1);
        }}
      >
        {title}
        <p className="rs-lead">{reshipTexts.itemsLead}</p>
        <fieldset className="rs-items">
          <legend className="visually-hidden">Items to replace</legend>
          {load.orders.map((order, index) => (
            <Checkbox
              key={`${order.external_order_number}-${index}`}
              labelClassName={`rs-item${chosen.has(index) ? ' rs-item--chosen' : ''}`}
              checked={chosen.has(index)}
              onCheckedChange={(on) => toggle(index, on)}
              label={
                <span className="rs-item__text">
                  <span className="rs-item__name">{order.med_name}</span>
                  <span className="rs-item__meta">
                    Order {order.external_order_number} ·{' '}
                    <span className="rs-item__keep">
                      Delivered {formatUsDate(order.delivered_at)}
                    </span>
                  </span>
                  <span className="rs-item__meta">
                    <span className="rs-item__keep">
                      Request by {formatUsDate(order.reship_until)}
                    </span>
                  </span>
                </span>
              }
            />
          ))}
        </fieldset>
        {none && (
          <p className="rs-hint" id="rs-items-hint">
            {reshipMessages.selectItem}
          </p>
        )}
        <div className="rs-actions">
          <Button
            id="rs-continue"
            type="submit"
            disabled={none}
            aria-describedby={none ? 'rs-items-hint' : undefined}
          >
            Continue
          </Button>
        </div>
      </form>
    );
  } else if (step === 1) {
    body = (
      <form className="rs-form" noValidate onSubmit={continueFromReason}>
        {title}
        <p className="rs-lead">{reshipTexts.reasonLead}</p>
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            Reason for your request
          </label>
          <textarea
            id={reasonId}
            className="field__input rs-reason"
            data-testid="rs-reason"
            rows={6}
            maxLength={reshipReasonMax}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${reasonId}-count${reasonError ? ` ${reasonId}-error` : ''}`}
            onChange={(event) => {
              setReason(event.target.value.slice(0, reshipReasonMax));
              if (reasonError && event.target.value.trim() !== '') setReasonError(null);
            }}
          />
          <p id={`${reasonId}-count`} className="rs-counter" aria-live="polite">
            {reason.length}/{reshipReasonMax}
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {reasonError}
            </p>
          )}
        </div>
        <div className="rs-actions">
          <Button id="rs-back" variant="secondary" onClick={() => go(0)}>
            Back
          </Button>
          <Button id="rs-continue" type="submit">
            Continue
          </Button>
        </div>
      </form>
    );
  } else if (step === 2) {
    body = (
      <form className="rs-form" noValidate onSubmit={(event) => void submit(event)}>
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
                onClick={removeFile}
              >
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                >
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
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
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
                  void pick(event.target.files?.[0]);
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
          <Button id="rs-back" variant="secondary" disabled={submitting} onClick={() => go(1)}>
            Back
          </Button>
          <Button id="rs-submit" type="submit" busy={submitting} busyLabel="Submitting...">
            Submit
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <div className="rs-form rs-done">
        <span className="rs-done__icon" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        {title}
        <p className="rs-done__text" data-testid="rs-thanks">
          {reshipMessages.thankYou}
        </p>
        <div className="rs-actions rs-actions--center">
          <Button id="rs-dashboard" onClick={() => void navigate('/home')}>
            Go To Dashboard
          </Button>
        </div>
      </div>
    );
  }

  return (
    <PageShell narrow className="rs" data-page="replacement-request" data-step={steps[step]?.key}>
      <Stepper
        steps={steps}
        current={step === 3 ? steps.length : step}
        label="Replacement request steps"
        classPrefix="rs-steps"
      />
      <section className="rs-card card">{body}</section>
    </PageShell>
  );
}
