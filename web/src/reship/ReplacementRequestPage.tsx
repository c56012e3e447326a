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
import { reshipMessages } from '@clinic/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { uploadErrorText, UploadFailure } from '../uploads/upload';
import { PageShell, type Step, Stepper } from '../ui';
import { EvidenceStep } from './EvidenceStep';
import {
  readShippedItems,
  sendReshipRequest,
  uploadEvidence,
  type ShippedOrder,
} from './reshipApi';
import { DoneStep, ItemsStep, ReasonStep } from './ReshipSteps';
import { reshipTexts, sorryPath } from './reshipTexts';
import { useEvidenceFile } from './useEvidenceFile';
import './reship.css';

export { reshipTexts, sorryPath } from './reshipTexts';
export { evidenceProblem } from './useEvidenceFile';

const steps: readonly Step[] = [
  { key: 'items', label: 'Items' },
  { key: 'reason', label: 'Reason' },
  { key: 'evidence', label: 'Evidence' },
  { key: 'done', label: 'Done' },
];

const titles = [
  reshipTexts.itemsTitle,
  reshipTexts.reasonTitle,
  reshipTexts.evidenceTitle,
  reshipTexts.doneTitle,
];

/** The message of a failed submit: the server's words, or the upload's failure in words. */
function failureText(failure: unknown): string {
  if (failure instanceof UploadFailure) return uploadErrorText(failure);
  return toApiError(failure).message;
}

type Load = { orders: ShippedOrder[] } | 'loading';

/** The shipped items, or /sorry with its message when there are none or they cannot load. */
function useShippedItems(): Load {
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>('loading');
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
  return load;
}

export function ReplacementRequestPage() {
  usePageTitle('Replacement Request');
  const navigate = useNavigate();
  const load = useShippedItems();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const evidence = useEvidenceFile(() => setSubmitError(null));
  const file = evidence.file;
  // The photo already stored for this file: a retried submit does not upload it again.
  const uploaded = useRef<{ file: File; name: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || typeof load !== 'object') return;
    if (!file) {
      evidence.setError(reshipMessages.uploadImage);
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
      // The server refused the photo itself: it is dropped and its reason said where a photo
      // is chosen, as one refused when chosen is; another photo is needed, not a retry.
      if (failure instanceof UploadFailure && failure.stage === 'refused')
        evidence.refuse(failure.message);
      else setSubmitError(reshipTexts.submitFailed(failureText(failure)));
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

  const title = (
    <h1 ref={heading} tabIndex={-1} className="rs-title">
      {titles[step]}
    </h1>
  );

  return (
    <PageShell narrow className="rs" data-page="replacement-request" data-step={steps[step]?.key}>
      <Stepper
        steps={steps}
        current={step === 3 ? steps.length : step}
        label="Replacement request steps"
        classPrefix="rs-steps"
      />
      <section className="rs-card card">
        {step === 0 && (
          <ItemsStep
            title={title}
            orders={load.orders}
            chosen={chosen}
            onToggle={toggle}
            onContinue={() => go(1)}
          />
        )}
        {step === 1 && (
          <ReasonStep
            title={title}
            reason={reason}
            onReason={setReason}
            onBack={() => go(0)}
            onContinue={() => go(2)}
          />
        )}
        {step === 2 && (
          <EvidenceStep
            title={title}
            evidence={evidence}
            submitting={submitting}
            progress={progress}
            submitError={submitError}
            onBack={() => go(1)}
            onSubmit={(event) => void submit(event)}
          />
        )}
        {step === 3 && <DoneStep title={title} onDashboard={() => void navigate('/home')} />}
      </section>
    </PageShell>
  );
}
