/**
 * The portal's "Next step", above the tabs: while a paid order waits for its medical assessment
 * (GET /api/pending-medical-forms), what to do, what it takes, and the button to its form. Nothing
 * while no order waits, or while that cannot be known.
 *
 * Hooks for end-to-end tests: section#next-step[data-order-id], a#next-step-start.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { pendingMedicalForms } from '@clinic/contracts';
import { callApi } from '../api/client';
import './nextStep.css';

export const nextStepTexts = {
  title: 'Next step: complete your medical assessment',
  lead: (product: string) =>
    `Your ${product} order is paid. Answer a few health questions so one of our licensed physicians can review your treatment.`,
  takes: 'Takes 5-10 minutes',
  review: 'Doctor review within 24 hours',
  more: (count: number) =>
    `${count} more ${count === 1 ? 'order is' : 'orders are'} waiting for an assessment after this one.`,
  start: 'Complete Medical Form',
} as const;

export const pendingMedicalFormsQuery = queryOptions({
  queryKey: ['pending-medical-forms'] as const,
  queryFn: async () => (await callApi(pendingMedicalForms)).orders,
});

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function DoctorIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M6 3v6a4 4 0 0 0 8 0V3M10 13v2a5 5 0 0 0 10 0v-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="20" cy="11" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function NextStep() {
  const { data: orders } = useQuery(pendingMedicalFormsQuery);
  const first = orders?.[0];
  if (!first) return null;
  const more = orders.length - 1;

  return (
    <section
      id="next-step"
      className="card next-step"
      aria-labelledby="next-step-title"
      data-order-id={first.orderId}
    >
      <div className="next-step__body">
        <h2 id="next-step-title" className="next-step__title">
          {nextStepTexts.title}
        </h2>
        <p className="next-step__lead">{nextStepTexts.lead(first.product_name)}</p>
        <ul className="next-step__facts">
          <li>
            <ClockIcon />
            {nextStepTexts.takes}
          </li>
          <li>
            <DoctorIcon />
            {nextStepTexts.review}
          </li>
        </ul>
        {more > 0 && <p className="next-step__more">{nextStepTexts.more(more)}</p>}
      </div>
      <Link
        id="next-step-start"
        className="button next-step__start"
        to={`/medical-form/${encodeURIComponent(String(first.orderId))}`}
      >
        {nextStepTexts.start}
      </Link>
    </section>
  );
}
