/**
 * /prescription/{id}, the prescription confirmation page (spec 002 sections 2 and 4): the
 * prescription waiting for the patient's answer (GET /api/prescription-pending/{id}), each item
 * with its medication's image, its cleaned name and its directions (no ondansetron); Approve
 * (accept true, then /home) or Decline & Update with Doctor (accept false, then
 * /adjust-doses/{id}), both disabled and reading 'Processing...' while the answer posts. A failed
 * answer is logged and the patient stays, told so in a short line. No prescription waiting: /sorry
 * with its message.
 *
 * Hooks for tests: main[data-page="prescription"], .rx-item, #rx-approve, #rx-decline.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { prescriptionMessages } from '@clinic/contracts';
import { errorMessage, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { Button, FormMessage, PageShell } from '../ui';
import {
  answerPrescription,
  readPendingPrescription,
  type PrescriptionItem,
} from './prescriptionApi';
import { drugOfItems, imageOfItem, shownItems } from './prescriptionItems';
import '../medical-form/medical-form.css';
import './prescription.css';

export const prescriptionTexts = {
  heading: 'Confirm Prescription',
  congrats: 'Congrats! Your prescription has been approved.',
  review:
    "Please review the details below before it ships. If you'd like to change anything, click 'Decline & Update with Doctor'.",
  shipsAsWritten:
    "If we don't hear from you within 12 hours, your order will be shipped as written.",
  loadFailed: 'We could not load your prescription. Please check your connection and try again.',
  answerFailed: 'We could not send your answer. Please try again.',
} as const;

export const sorryPath = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;

function ItemImage({ name }: { name: string }) {
  const src = imageOfItem(name);
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="rx-item__image rx-item__image--missing" aria-hidden="true" />;
  return (
    <img
      className="rx-item__image"
      src={src}
      alt=""
      width={56}
      height={56}
      onError={() => setFailed(true)}
    />
  );
}

type Load = { items: PrescriptionItem[] } | 'loading' | 'failed';

export function PrescriptionPage() {
  usePageTitle('Confirm Prescription');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>('loading');
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoad('loading');
    readPendingPrescription(id).then(
      (items) => live && setLoad({ items }),
      (failure: unknown) => {
        if (!live) return;
        const { status } = toApiError(failure);
        // A rejected session is forgotten by the client: the route sends the patient to log in.
        if (status === 401) return;
        // None waits for an answer: the contract says 404; the service answers 409 (a conflict).
        if (status === 404 || status === 409 || status === 403) {
          void navigate(sorryPath(prescriptionMessages.noPrescription), { replace: true });
          return;
        }
        setLoad('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt, navigate]);

  async function answer(accept: boolean) {
    if (sending || typeof load !== 'object') return;
    setSending(accept ? 'approve' : 'decline');
    setError(null);
    try {
      const result = await answerPrescription(id, accept);
      const fallback = accept ? '/home' : `/adjust-doses/${id}`;
      // Adjust-doses starts from the drug of these items if it cannot read the order.
      const drug = drugOfItems(load.items);
      void navigate(result.redirect || fallback, accept || !drug ? undefined : { state: { drug } });
    } catch (failure) {
      // Spec 002 section 8: logged; the patient stays (and is told, briefly).
      console.error('prescription-update failed', failure);
      setSending(null);
      setError(errorMessage(failure, prescriptionTexts.answerFailed));
    }
  }

  if (load === 'loading') {
    return (
      <PageShell className="mf-loading" data-page="prescription-loading" aria-busy="true">
        <span className="mf-spinner mf-spinner--large" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          Loading your prescription
        </p>
      </PageShell>
    );
  }

  if (load === 'failed') {
    return (
      <PageShell narrow className="mf rx" data-page="prescription">
        <section className="mf-card card">
          <h1 className="mf-question__label">{prescriptionTexts.heading}</h1>
          <p className="mf-question__description" role="alert">
            {prescriptionTexts.loadFailed}
          </p>
          <Button id="rx-retry" className="mf-next" onClick={() => setAttempt((n) => n + 1)}>
            Try Again
          </Button>
        </section>
      </PageShell>
    );
  }

  const items = shownItems(load.items);
  const busy = sending !== null;
  return (
    <PageShell narrow className="mf rx" data-page="prescription">
      <section className="mf-card card" aria-labelledby="rx-heading">
        <h1 id="rx-heading" className="mf-question__label">
          {prescriptionTexts.heading}
        </h1>
        <p className="rx-congrats">{prescriptionTexts.congrats}</p>
        <p className="mf-question__description">{prescriptionTexts.review}</p>
        <p className="mf-question__description">{prescriptionTexts.shipsAsWritten}</p>

        <ul className="rx-items" aria-label="Your prescription">
          {items.map((item) => (
            <li key={item.rxId} className="rx-item">
              <ItemImage name={item.name} />
              <div className="rx-item__body">
                <h2 className="rx-item__name">{item.name}</h2>
                <p className="rx-item__directions">{item.directions}</p>
              </div>
            </li>
          ))}
        </ul>

        <FormMessage kind="error">{error}</FormMessage>

        <div className="mf-actions rx-actions">
          <Button
            id="rx-approve"
            onClick={() => void answer(true)}
            disabled={busy}
            aria-busy={sending === 'approve' || undefined}
          >
            {busy ? 'Processing...' : 'Approve'}
          </Button>
          <Button
            id="rx-decline"
            variant="secondary"
            onClick={() => void answer(false)}
            disabled={busy}
            aria-busy={sending === 'decline' || undefined}
          >
            {busy ? 'Processing...' : 'Decline & Update with Doctor'}
          </Button>
        </div>
      </section>
    </PageShell>
  );
}
