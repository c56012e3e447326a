import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { notQualifiedText, sorryBackPath, sorryMessage } from './sorryText';
import './pages.css';

const SORRY = "We're Sorry.";

/**
 * /sorry: disqualification and error landing (spec 000, "Disqualification pages"). Shows the
 * decoded `message` query parameter, else the text for `reason`, else the not-qualified text.
 * A `redirect` parameter (an in-app path) is where "Go Back" returns; without it, /.
 */
export function SorryPage() {
  usePageTitle("We're Sorry");
  const [params] = useSearchParams();
  const message = sorryMessage(params);
  const hasRedirect = params.has('redirect');
  const isDefault = message === notQualifiedText;

  return (
    <main className="page page--narrow">
      <section className="card notice sorry" aria-labelledby="sorry-title">
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
        <h1 id="sorry-title" className="sorry__title">
          {SORRY}
        </h1>
        <p className="sorry__message" data-testid="sorry-message">
          {isDefault ? notQualifiedText.slice(SORRY.length).trim() : message}
        </p>
        <div className="notice__actions">
          {hasRedirect && (
            <Link to={sorryBackPath(params)} className="button button--secondary">
              Go Back
            </Link>
          )}
          <Link to="/" className="button">
            Learn More
          </Link>
        </div>
      </section>
    </main>
  );
}
