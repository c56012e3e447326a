/**
 * /adjust-doses/{id}, the adjust-doses form (spec 002 sections 2, 4, 5 and 7): two questions,
 * one at a time, in the medical form's look.
 *
 * 1. 'Customize Your Dosage Schedule:': the months start at the prescribed schedule from GET
 *    /api/prescription-getorder/{id}; when that fails the drug is derived anyway (from the
 *    confirmation page's items, passed with the navigation, else tirzepatide) and the starter
 *    schedule shown. Month 1 offers every strength, later months one step around the month before.
 * 2. 'Take a picture of your current prescription/medication': the image uploader; the photo is
 *    required; any failed upload says 'The upload was unsuccessful. Please try again.'.
 *
 * Go Back shows from question 2. Submit posts submit-adjust-doses-form and goes where the answer
 * says (/home); a failure shows the server's message and the patient stays.
 *
 * Hooks for tests: main[data-page="adjust-doses"][data-question="doses|photo"], .mf-back,
 * #mf-next, #rx-submit, .mf-overlay.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { drugs, prescriptionMessages, questionKeys, type Drug } from '@clinic/contracts';
import { errorMessage, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { DoseSchedule } from '../medical-form';
import { accountUserOf, useSession } from '../session/session';
import { Button, FormMessage, PageShell, ProgressBar } from '../ui';
import {
  adjustDoseContext,
  adjustmentBody,
  adjustTexts,
  scheduleOf,
  type Schedule,
} from './adjustDoses';
import { PhotoUploader } from './PhotoUploader';
import { readAdjustableOrder, sendAdjustment } from './prescriptionApi';
import '../medical-form/medical-form.css';
import './prescription.css';

export const submitFailedText = 'We could not submit your requested doses. Please try again.';

type Step = 'doses' | 'photo';

/** The drug handed over by the confirmation page's Decline, if any. */
function drugFromState(state: unknown): Drug | null {
  const drug = (state as { drug?: unknown } | null)?.drug;
  return typeof drug === 'string' && (drugs as readonly string[]).includes(drug)
    ? (drug as Drug)
    : null;
}

/**
 * The order's schedule to adjust: read from the order, or on failure derived anyway from the
 * drug the confirmation page handed over, with its defaults (spec 002 section 7).
 */
function useAdjustableSchedule(id: string, state: unknown) {
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const fallbackDrug = useRef<Drug>(drugFromState(state) ?? 'tirzepatide');
  useEffect(() => {
    let live = true;
    readAdjustableOrder(id).then(
      (order) => live && setSchedule(scheduleOf(order.drug, order)),
      (failure: unknown) => {
        if (!live || toApiError(failure).status === 401) return;
        // Spec 002 section 7: on failure the product is derived anyway, with its defaults.
        console.error('prescription-getorder failed', failure);
        setSchedule(scheduleOf(fallbackDrug.current, null));
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  return [schedule, setSchedule] as const;
}

/** The first question: the month-by-month doses and the maintenance dose, then Next. */
function DosesStep({
  heading,
  ctx,
  schedule,
  onChange,
  onNext,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  ctx: ReturnType<typeof adjustDoseContext>;
  schedule: Schedule;
  onChange(schedule: Schedule): void;
  onNext(): void;
}) {
  const dosesChosen = schedule.doses.every((d) => d !== '');
  return (
    <section className="mf-card card" aria-labelledby="mf-question-label">
      <h1 id="mf-question-label" className="mf-question__label" ref={heading} tabIndex={-1}>
        {adjustTexts.doseTitle}
      </h1>
      <p className="mf-question__description">{adjustTexts.doseDescription}</p>
      <DoseSchedule
        ctx={ctx}
        doses={schedule.doses}
        onDosesChange={(doses) => onChange({ ...schedule, doses })}
        maintenance={schedule.maintenance}
        onMaintenanceChange={(maintenance) => onChange({ ...schedule, maintenance })}
      />
      <Button id="mf-next" className="mf-next" disabled={!dosesChosen} onClick={onNext}>
        Next
      </Button>
    </section>
  );
}

export function AdjustDosesPage() {
  usePageTitle('Adjust Your Doses');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [schedule, setSchedule] = useAdjustableSchedule(id, location.state);
  const [step, setStep] = useState<Step>('doses');
  const [photo, setPhoto] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each question's heading takes the focus, as in the medical form.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) heading.current?.focus();
    mounted.current = true;
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }, [step]);

  if (!schedule) {
    return (
      <PageShell className="mf-loading" data-page="adjust-doses-loading" aria-busy="true">
        <span className="mf-spinner mf-spinner--large" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          Loading your prescription
        </p>
      </PageShell>
    );
  }

  const ctx = adjustDoseContext(schedule.drug);
  const dosesChosen = schedule.doses.every((d) => d !== '');
  const answered = (dosesChosen && step === 'photo' ? 1 : 0) + (photo ? 1 : 0);
  const percent = Math.round((answered / 2) * 100);

  async function submit() {
    if (submitting || !schedule) return;
    if (!photo) {
      setError(prescriptionMessages.photoRequired);
      return;
    }
    setSubmitting(true);
    setError(null);
    const user = accountUserOf(session?.user);
    try {
      const result = await sendAdjustment(
        adjustmentBody({
          formId: id,
          schedule,
          photo,
          patient: {
            first_name: user?.first_name ?? session?.user.first_name,
            last_name: user?.last_name,
            email: user?.email,
          },
        }),
      );
      void navigate(result.redirect || '/home', { replace: true });
    } catch (failure) {
      console.error('submit-adjust-doses-form failed', failure);
      setSubmitting(false);
      setError(errorMessage(failure, submitFailedText));
    }
  }

  return (
    <PageShell narrow className="mf rx" data-page="adjust-doses" data-question={step}>
      <ProgressBar
        className="mf-progress"
        label="Questions answered"
        percent={percent}
        fillClassName="mf-progress__fill"
      />

      {step === 'photo' && (
        <button
          type="button"
          className="mf-back"
          onClick={() => {
            setError(null);
            setStep('doses');
          }}
          disabled={submitting}
        >
          <span aria-hidden="true">‹</span> Go Back
        </button>
      )}

      {step === 'doses' ? (
        <DosesStep
          heading={heading}
          ctx={ctx}
          schedule={schedule}
          onChange={setSchedule}
          onNext={() => setStep('photo')}
        />
      ) : (
        <section className="mf-card card" aria-labelledby="mf-question-label">
          <h1 id="mf-question-label" className="mf-question__label" ref={heading} tabIndex={-1}>
            {adjustTexts.photoTitle}
          </h1>
          <p className="mf-question__description">{adjustTexts.photoDescription}</p>
          <PhotoUploader
            formId={id}
            questionKey={questionKeys.prescriptionPhoto}
            onUploaded={(fileName) => {
              setPhoto(fileName);
              setError(null);
            }}
          />
          {photo && (
            <FormMessage kind="success" className="rx-photo-done">
              Your picture is uploaded.
            </FormMessage>
          )}
          <FormMessage kind="error" className="mf-error">
            {error}
          </FormMessage>
          <Button
            id="rx-submit"
            className="mf-next"
            // Beside the uploader's Confirm Upload, Submit is the main action once the photo is in.
            variant={photo ? 'primary' : 'secondary'}
            onClick={() => void submit()}
            busy={submitting}
            aria-disabled={!photo || undefined}
          >
            Submit
          </Button>
        </section>
      )}

      {submitting && (
        <div className="mf-overlay" role="status" aria-live="polite">
          <span className="mf-spinner" aria-hidden="true" />
          <p className="mf-overlay__text">Please wait... Submitting form!</p>
        </div>
      )}
    </PageShell>
  );
}
