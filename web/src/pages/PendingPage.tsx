import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import './pages.css';

/**
 * Stand-in for every route whose real page is built in a later issue. It says so plainly and
 * does not imitate the page. `name` identifies the route for tests and developers.
 */
export function PendingPage({ name }: { name: string }) {
  usePageTitle();
  const { pathname } = useLocation();
  return (
    <main className="page page--narrow" data-pending-page={name}>
      <section className="card notice">
        <span className="notice__icon" aria-hidden="true">
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
            <path d="M12 7v5l3 2" />
          </svg>
        </span>
        <h1>This page is being prepared.</h1>
        <p className="notice__text">Please check back soon.</p>
        {pathname !== '/' && (
          <div className="notice__actions">
            <Link to="/" className="button button--secondary">
              Go to the start page
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}
