import { assessmentOutcome } from '@clinic/contracts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { callApi } from '../api/client';
import { SUPPORT_CONTACT } from '../brand';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import { mailtoHref } from '../support';
import '../components/notice-pages.css';

/** /meeting-missed shares this page's download (routes.tsx). */
export { MeetingMissedPage } from './MeetingMissedPage';

export const rejectedTexts = {
  title: "We're unable to prescribe for you right now",
  intro: 'Your clinician carefully reviewed your medical assessment. Here is what they told us:',
  refund:
    'Your payment has been refunded in full; it can take 5–10 business days to appear on your statement.',
  help: 'If you have questions about this decision, our care team is glad to help.',
} as const;

type State =
  | { kind: 'loading' }
  | { kind: 'denied'; reason: string | null }
  | { kind: 'elsewhere' }
  | { kind: 'failed'; message: string };

/**
 * /rejected/{id}: the clinician declined to prescribe. Shows their reason in their own words,
 * says the order was refunded, and offers support and the way home. Any other outcome (still
 * pending, approved, a visit needed) belongs elsewhere: to the portal.
 */
export function RejectedPage() {
  usePageTitle("We're unable to prescribe right now");
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    callApi(assessmentOutcome, { params: { id } })
      .then((answer) => {
        if (!live) return;
        setState(
          answer.outcome === 'denied'
            ? { kind: 'denied', reason: answer.reason }
            : { kind: 'elsewhere' },
        );
      })
      .catch((failure: unknown) => {
        if (live)
          setState({
            kind: 'failed',
            message: failure instanceof Error ? failure.message : String(failure),
          });
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (state.kind === 'elsewhere') return <Navigate to="/home" replace />;
  if (state.kind === 'loading') {
    return (
      <main className="page page--narrow" aria-busy="true">
        <p className="notice__text">Loading...</p>
      </main>
    );
  }
  if (state.kind === 'failed') {
    return (
      <NoticePage
        icon="warning"
        title="We could not load this page."
        actions={
          <Link to="/home" className="button">
            Back to home
          </Link>
        }
      >
        <p className="notice__text" role="alert">
          {state.message}
        </p>
      </NoticePage>
    );
  }
  return (
    <NoticePage
      icon="warning"
      title={rejectedTexts.title}
      mainProps={{ 'data-page': 'rejected' }}
      actions={
        <>
          <a href={mailtoHref(SUPPORT_CONTACT.email)} className="button button--secondary">
            Contact support
          </a>
          <Link to="/home" className="button">
            Back to home
          </Link>
        </>
      }
    >
      {state.reason && (
        <>
          <p className="notice__text">{rejectedTexts.intro}</p>
          <blockquote className="outcome__reason" data-testid="rejected-reason">
            {state.reason}
          </blockquote>
        </>
      )}
      <p className="notice__text outcome__strong">{rejectedTexts.refund}</p>
      <p className="notice__text">{rejectedTexts.help}</p>
    </NoticePage>
  );
}
