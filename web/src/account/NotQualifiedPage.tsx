import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { notQualifiedText } from '../pages/sorryText';
import '../pages/pages.css';

const SORRY = "We're Sorry.";

/**
 * /not-qualified: disqualification page 2 (spec 000, "Disqualification pages"). The spec's
 * refund routine for this page is empty, so Continue only goes to the start page.
 */
export function NotQualifiedPage() {
  usePageTitle("We're Sorry");
  return (
    <main className="page page--narrow">
      <section className="card notice sorry" aria-labelledby="not-qualified-title">
        <span className="notice__icon notice__icon--warning" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5" />
            <path d="M12 16.5h.01" />
          </svg>
        </span>
        <h1 id="not-qualified-title" className="sorry__title">
          {SORRY}
        </h1>
        <p className="sorry__message">{notQualifiedText.slice(SORRY.length).trim()}</p>
        <div className="notice__actions">
          <Link to="/" className="button">
            Continue
          </Link>
        </div>
      </section>
    </main>
  );
}
