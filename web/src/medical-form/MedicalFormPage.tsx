/**
 * /medical-form/{id}?type=medical|bare|refill, the form loader (spec 002 sections 2 and 4): a
 * full-screen spinner while it loads; the order through GET /forms/orders/{id} (or the saved
 * loader state of the same order, at most 24 hours old); the address's `type` set to the form
 * shown; then the questionnaire file of that form and the questionnaire itself. An order that is
 * not found or no longer pending goes to /sorry with the order-not-found message, a failed
 * request with the fetch-failed message.
 *
 * Hooks for tests: main[data-page="medical-form-loading"] (the spinner), #mf-retry.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formsMessages, type QuestionnaireFile, type StateRules } from '@clinic/contracts';
import { toApiError } from '../api/client';
import { fetchStateRules } from '../api/stateRules';
import { usePageTitle } from '../components/usePageTitle';
import { accountUserOf, useSession } from '../session/session';
import { Button, PageShell } from '../ui';
import { readFormsOrder, readQuestionnaire } from './formsApi';
import {
  loaderStateOf,
  readLoaderState,
  saveLoaderState,
  type FormNumber,
  type LoaderState,
} from './loaderState';
import { QuestionnaireScreen } from './QuestionnaireScreen';
import './medical-form.css';

/** The address's `type` of each form. */
export const formTypes: Record<FormNumber, 'medical' | 'bare' | 'refill'> = {
  1: 'medical',
  2: 'bare',
  3: 'refill',
};

export const questionsFailedText =
  'We could not load your questions. Please check your connection and try again.';

const sorryPath = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;

function Spinner({ label }: { label: string }) {
  return (
    <PageShell className="mf-loading" data-page="medical-form-loading" aria-busy="true">
      <span className="mf-spinner mf-spinner--large" aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {label}
      </p>
    </PageShell>
  );
}

export function MedicalFormPage() {
  usePageTitle('Medical Assessment');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [loader, setLoader] = useState<LoaderState | null>(() => readLoaderState(id, Date.now()));
  const [file, setFile] = useState<QuestionnaireFile | 'failed' | null>(null);
  const [stateRules, setStateRules] = useState<StateRules | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The order, unless the saved loader state of this order is still good.
  useEffect(() => {
    if (loader?.formId === id) return;
    let live = true;
    readFormsOrder(id).then(
      (order) => {
        if (!live) return;
        if (order.order.status !== 'pending_approval') {
          void navigate(sorryPath(formsMessages.orderNotFound), { replace: true });
          return;
        }
        const state = loaderStateOf(id, order, Date.now());
        saveLoaderState(state);
        setLoader(state);
      },
      (error: unknown) => {
        if (!live) return;
        const failure = toApiError(error);
        // A rejected session is forgotten by the client: the route sends the patient to log in.
        if (failure.status === 401) return;
        const failed = failure.isNetwork || failure.status >= 500;
        void navigate(sorryPath(failed ? formsMessages.fetchFailed : formsMessages.orderNotFound), {
          replace: true,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [id, loader, navigate]);

  // The address says which form is shown (replaced, not a new history entry).
  const type = loader ? formTypes[loader.activeFrm] : null;
  useEffect(() => {
    if (type === null || params.get('type') === type) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('type', type);
        return next;
      },
      { replace: true },
    );
  }, [type, params, setParams]);

  const form = loader?.activeFrm ?? null;
  useEffect(() => {
    if (form === null) return;
    let live = true;
    setFile(null);
    // The questions and the per-state rules that show or hide some of them, read together.
    Promise.all([readQuestionnaire(form), fetchStateRules()]).then(
      ([loaded, rules]) => {
        if (!live) return;
        setStateRules(rules);
        setFile(loaded);
      },
      () => live && setFile('failed'),
    );
    return () => {
      live = false;
    };
  }, [form, attempt]);

  if (!loader || file === null || (file !== 'failed' && !stateRules))
    return <Spinner label="Loading your medical assessment" />;

  if (file === 'failed') {
    return (
      <PageShell narrow className="mf" data-page="medical-form" data-question="">
        <section className="mf-card card">
          <h1 className="mf-question__label">Medical Assessment</h1>
          <p className="mf-question__description" role="alert">
            {questionsFailedText}
          </p>
          <Button id="mf-retry" onClick={() => setAttempt((n) => n + 1)}>
            Try Again
          </Button>
        </section>
      </PageShell>
    );
  }

  const user = accountUserOf(session?.user);
  const patient = user
    ? { first_name: user.first_name, last_name: user.last_name, email: user.email }
    : { first_name: session?.user.first_name };
  return (
    <QuestionnaireScreen
      key={`${id}:${file.form}`}
      formId={id}
      loader={loader}
      file={file}
      stateRules={stateRules!}
      patient={patient}
    />
  );
}
