import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { QuizProgress } from '../intake';
import { useSession } from '../session/session';
import '../styles/funnel.css';
import './thanks.css';

/** Spec 000 section 2 and spec 001 section 2: the four steps after payment, verbatim. */
export const statusTimeline = [
  { time: '5-10 minutes', title: 'Medical questionnaire' },
  { time: '24 hours or less', title: 'Doctor review and prescription' },
  { time: 'Same-day', title: 'Pharmacy processing' },
  { time: '48 hours or less', title: 'Free 2-day express shipping' },
] as const;

/**
 * /status-progress: "Almost Done {first name}!", the timeline, and "Complete Medical Form", which
 * starts the verification sequence (/verify; a visitor without a session logs in first).
 */
export function StatusProgressPage() {
  usePageTitle('Almost Done');
  const session = useSession();
  const firstName =
    typeof session?.user.first_name === 'string' ? session.user.first_name.trim() : '';
  return (
    <main className="page page--narrow thanks" data-page="status-progress">
      <div className="quiz__top">
        <QuizProgress step={4} total={4} />
      </div>
      <section className="card thanks__card" aria-labelledby="status-title">
        <h1 id="status-title" className="thanks__title">
          {firstName ? `Almost Done ${firstName}!` : 'Almost Done!'}
        </h1>
        <p className="thanks__lead">
          Your payment is complete. Here is what happens next, and how long each step takes.
        </p>
        <ol className="timeline">
          {statusTimeline.map((step, index) => (
            <li key={step.time} className="timeline__step" data-current={index === 0 || undefined}>
              <span className="timeline__dot" aria-hidden="true">
                {index + 1}
              </span>
              <span className="timeline__time">{step.time}</span>
              <span className="timeline__title">{step.title}</span>
            </li>
          ))}
        </ol>
        <Link
          to={session ? '/verify' : '/login?page_ref=/verify'}
          className="button thanks__primary"
        >
          Complete Medical Form
        </Link>
        <p className="thanks__note">
          If you are not approved, you get an instant refund. Most patients need no video visit.
        </p>
      </section>
    </main>
  );
}
