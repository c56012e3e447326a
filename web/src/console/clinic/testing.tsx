/**
 * Helpers for the clinician pages' tests: a case summary and a case view to vary, and the console
 * opened at a path the way the app mounts it, over the verify tests' fake API.
 */
import {
  consoleSectionsFor,
  type CaseSummary,
  type CaseView,
  type StaffRole,
} from '@clinic/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { setSession } from '../../session/session';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { flush, ok, type FakeApi } from '../../verify/testing/harness';
import { consoleRoute } from '../consoleRoute';

export const ME_ID = 9;

export function summary(over: Partial<CaseSummary> = {}): CaseSummary {
  return {
    orderId: 41,
    userId: 7,
    patientName: 'Pat Patient',
    state: 'TX',
    drug: 'semaglutide',
    plan: 'Monthly',
    paymentTerms: 1,
    status: 'waiting',
    adjustmentRequested: false,
    refillCheckIn: false,
    videoRequired: false,
    videoReceived: false,
    submittedAt: '2026-11-24T10:00:00.000Z',
    dueAt: '2026-11-25T10:00:00.000Z',
    claimedBy: null,
    decidedAt: null,
    sideEffect: null,
    missedDoses: null,
    ...over,
  };
}

export function caseView(over: Partial<CaseView> = {}, c: Partial<CaseSummary> = {}): CaseView {
  return {
    case: summary(c),
    patient: {
      firstName: 'Pat',
      lastName: 'Patient',
      email: 'pat@example.com',
      phone: '5125550100',
      gender: 'female',
      state: 'TX',
      healthId: null,
      encounterId: null,
      phoneCheck: 'verified',
      emailCheck: 'skipped',
    },
    assessment: {
      form: 'mdIntegration',
      questionnaireVersion: '3',
      submittedAt: '2026-11-24T10:00:00.000Z',
      heightInches: 66,
      weightPounds: 210,
      bmi: 33.9,
      answers: [
        {
          questionId: 'q1',
          key: 'goal',
          question: 'What is your goal?',
          answer: 'Lose 30 lb',
          critical: false,
          followUps: [],
        },
        {
          questionId: 'q2',
          key: 'pancreatitis',
          question: 'Have you ever had pancreatitis?',
          answer: 'Yes',
          critical: true,
          followUps: [
            { questionId: '5_1', question: 'Please explain', answer: 'In 2019, resolved' },
          ],
        },
        {
          questionId: 'q3',
          key: 'thyroid',
          question: 'Family history of thyroid cancer?',
          answer: 'Yes',
          critical: true,
          followUps: [],
        },
        {
          questionId: '14',
          key: 'full_body_image',
          question: 'Please upload a recent full-body photo of yourself',
          answer: 'photo-1.jpg',
          critical: false,
          followUps: [],
        },
      ],
      criticalCount: 2,
      specialNecessities: [],
      allergies: 'Penicillin',
      medications: null,
      conditions: 'Sleep apnea, gallbladder removed in 2021',
      doseSchedulePreference: [0.25, 0.5, 1],
      maintenancePreference: 1,
      files: [
        { fileName: 'photo-1.jpg', kind: 'image', label: 'Full-body photo' },
        { fileName: 'id-video.webm', kind: 'video', label: 'Identity video' },
      ],
    },
    adjustment: null,
    weights: [{ at: '2026-11-20T10:00:00.000Z', pounds: 212 }],
    antiNausea: false,
    care: null,
    earlierOrders: [],
    prescriptions: [],
    decisions: [],
    messages: [],
    ...over,
  };
}

export const viewAnswer = (view: CaseView) => ok({ status: 'success', view });

export function meAnswer(role: StaffRole = 'clinician') {
  return ok({
    status: 'success',
    staff: { id: ME_ID, first_name: 'Casey', last_name: 'Clinician', email: 'c@x.com', role },
    sections: consoleSectionsFor(role),
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The console at `path`, as the app mounts it; `api` must answer GET /api/console/me. */
export async function openConsole(path: string, role: StaffRole = 'clinician'): Promise<Rendered> {
  setSession(testSession({ token: 'tok', id: ME_ID, role }));
  const router = createMemoryRouter(
    [
      {
        ...consoleRoute,
        element: (
          <>
            {consoleRoute.element}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await until(view, () => view.container.querySelector('[aria-busy="true"]') === null);
  return view;
}

/** Lets the console's download, the answers and the renders finish. */
export async function until(view: Rendered, done: () => boolean): Promise<void> {
  for (let i = 0; i < 30 && !done(); i++) await flush();
  await flush();
}

export const where = (view: Rendered) =>
  view.container.querySelector('[data-testid="where"]')?.textContent ?? null;

export function buttonNamed(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

export type { FakeApi };
