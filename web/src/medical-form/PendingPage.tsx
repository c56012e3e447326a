import { Link, useLocation } from 'react-router-dom';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import '../components/notice-pages.css';

/**
 * Stand-in for every route whose real page is built in a later issue. It says so plainly and
 * does not imitate the page. `name` identifies the route for tests and developers.
 */
export function PendingPage({ name }: { name: string }) {
  usePageTitle();
  const { pathname } = useLocation();
  return (
    <NoticePage
      icon="clock"
      title="This page is being prepared."
      mainProps={{ 'data-pending-page': name }}
      actions={
        pathname !== '/' && (
          <Link to="/" className="button button--secondary">
            Go to the start page
          </Link>
        )
      }
    >
      <p className="notice__text">Please check back soon.</p>
    </NoticePage>
  );
}
